import type { Metadata } from "next";
import { EmployeesScreen } from "@/components/employees/EmployeesScreen";

export const metadata: Metadata = { title: "Mitarbeiter · Schichtwerk" };

export default function EmployeesPage() {
  return <EmployeesScreen />;
}
