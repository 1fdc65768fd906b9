import type { Metadata } from "next";
import { TerminalPairing } from "@/components/terminal/TerminalPairing";

export const metadata: Metadata = { title: "Stempeluhr einrichten · Schichtwerk", referrer: "no-referrer" };

export default function TerminalPairPage() {
  return <TerminalPairing />;
}
