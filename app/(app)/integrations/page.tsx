import type { Metadata } from "next";
import { IntegrationsScreen } from "@/components/integrations/IntegrationsScreen";

export const metadata: Metadata = { title: "Integrationen · Schichtwerk" };

export default function IntegrationsPage() {
  return <IntegrationsScreen />;
}
