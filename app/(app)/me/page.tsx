import type { Metadata } from "next";
import { MeScreen } from "@/components/me/MeScreen";

export const metadata: Metadata = { title: "Meine Schichten · Schichtwerk" };

export default function MyShiftsPage() {
  return <MeScreen />;
}
