import type { Metadata } from "next";
import { ProfileScreen } from "@/components/profile/ProfileScreen";

export const metadata: Metadata = { title: "Einstellungen & 2FA · Schichtwerk" };

export default function ProfilePage() {
  return <ProfileScreen />;
}
