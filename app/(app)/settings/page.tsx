import type { Metadata } from "next";
import { SettingsScreen } from "@/components/settings/SettingsScreen";

export const metadata: Metadata = { title: "Betrieb · Schichtwerk" };

export default function SettingsPage() {
  return <SettingsScreen />;
}
