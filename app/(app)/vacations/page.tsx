import type { Metadata } from "next";
import { VacationsScreen } from "@/components/vacations/VacationsScreen";

export const metadata: Metadata = { title: "Ferien · Schichtwerk" };

export default function VacationsPage() {
  return <VacationsScreen />;
}
