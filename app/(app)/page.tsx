import type { Metadata } from "next";
import { HomeScreen } from "@/components/dashboard/HomeScreen";

export const metadata: Metadata = { title: "Dashboard · Schichtwerk" };

export default function DashboardPage() {
  return <HomeScreen />;
}
