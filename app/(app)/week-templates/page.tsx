import type { Metadata } from "next";
import { WeekTemplatesScreen } from "@/components/week-templates/WeekTemplatesScreen";

export const metadata: Metadata = { title: "Wochenvorlagen · Schichtwerk" };

export default function WeekTemplatesPage() {
  return <WeekTemplatesScreen />;
}
