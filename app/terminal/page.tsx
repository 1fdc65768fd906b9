import type { Metadata } from "next";
import { TerminalScreen } from "@/components/terminal/TerminalScreen";

export const metadata: Metadata = { title: "Stempeluhr · Schichtwerk" };

// Outside the app's sign-in and sidebar: a paired tablet's own screen (docs/PRODUCT-RULES.md §32.4).
export default function TerminalPage() {
  return <TerminalScreen />;
}
