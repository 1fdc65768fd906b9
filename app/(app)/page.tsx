import type { Metadata } from "next";
import { DashboardScreen } from "@/components/dashboard/DashboardScreen";

export const metadata: Metadata = { title: "Dashboard · Schichtwerk" };

export default function DashboardPage() {
  return <DashboardScreen />;
}
