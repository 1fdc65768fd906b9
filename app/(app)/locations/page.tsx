import type { Metadata } from "next";
import { LocationsScreen } from "@/components/locations/LocationsScreen";

export const metadata: Metadata = { title: "Standorte · Schichtwerk" };

export default function LocationsPage() {
  return <LocationsScreen />;
}
