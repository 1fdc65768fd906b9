import type { Metadata } from "next";
import { HistoryScreen } from "@/components/history/HistoryScreen";

export const metadata: Metadata = { title: "Verlauf · Schichtwerk" };

export default function HistoryPage() {
  return <HistoryScreen />;
}
