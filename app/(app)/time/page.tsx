import type { Metadata } from "next";
import { TimeScreen } from "@/components/time/TimeScreen";

export const metadata: Metadata = { title: "Zeiterfassung · Schichtwerk" };

export default function TimePage() {
  return <TimeScreen />;
}
