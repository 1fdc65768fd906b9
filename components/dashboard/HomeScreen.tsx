"use client";
import Link from "next/link";
import { PageHeader } from "@/components/ui/PageHeader";
import { useAuth } from "@/lib/client/auth-store";

const QUICK_LINKS = [
  { href: "/schedule", label: "Wochenplanung", text: "Schichten der Woche planen" },
  { href: "/employees", label: "Mitarbeiter", text: "Wochenstunden und Ferienguthaben" },
  { href: "/vacations", label: "Ferien", text: "Ferien eintragen" },
  { href: "/locations", label: "Standorte", text: "Filialen und ihre Farben" },
];

/** Start page with the quick-access buttons; the week's figures join it with the dashboard. */
export function HomeScreen() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Dashboard" description={user ? `Willkommen, ${user.username}.` : undefined} />
      <nav aria-label="Schnellzugriff" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {QUICK_LINKS.map((link) => (
          <Link key={link.href} href={link.href} className="rounded-xl border border-slate-200 bg-white p-5 hover:border-accent hover:shadow-sm">
            <span className="block font-semibold text-slate-900">{link.label}</span>
            <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
          </Link>
        ))}
      </nav>
    </>
  );
}
