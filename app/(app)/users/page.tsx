import type { Metadata } from "next";
import { UsersScreen } from "@/components/users/UsersScreen";

export const metadata: Metadata = { title: "Benutzer · Schichtwerk" };

export default function UsersPage() {
  return <UsersScreen />;
}
