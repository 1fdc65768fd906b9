import type { Metadata } from "next";
import { ReportsScreen } from "@/components/reports/ReportsScreen";

export const metadata: Metadata = { title: "Berichte · Schichtwerk" };

export default function ReportsPage() {
  return <ReportsScreen />;
}
