import type { Metadata } from "next";
import { ScheduleScreen } from "@/components/schedule/ScheduleScreen";

export const metadata: Metadata = { title: "Wochenplanung · Schichtwerk" };

export default function SchedulePage() {
  return <ScheduleScreen />;
}
