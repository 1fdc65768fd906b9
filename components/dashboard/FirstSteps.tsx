import { IntentLink } from "@/components/ui/IntentLink";

const STEPS = [
  { href: "/locations", label: "Standorte anlegen", text: "Filialen oder Betriebe, in denen gearbeitet wird." },
  { href: "/employees", label: "Mitarbeiter erfassen", text: "Mit Wochenstunden und Ferientagen." },
  { href: "/schedule", label: "Woche planen", text: "Schichten pro Standort und Tag verteilen." },
];

/** A fresh install points the way: Standorte → Mitarbeiter → Wochenplanung (docs/PRODUCT-RULES.md §19). */
export function FirstSteps({ hasLocations, hasEmployees }: { hasLocations: boolean; hasEmployees: boolean }) {
  const done = [hasLocations, hasEmployees, false];
  return (
    <section aria-labelledby="first-steps-heading" className="rounded-xl border border-blue-200 bg-blue-50 p-5">
      <h2 id="first-steps-heading" className="font-semibold text-blue-950">
        Erste Schritte
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.href}>
            <IntentLink
              href={step.href}
              className="block h-full rounded-lg border border-blue-200 bg-white p-4 hover:border-accent"
            >
              <span className="block text-sm font-semibold text-slate-900">
                {index + 1}. {step.label} {done[index] && <span className="text-emerald-700">✓</span>}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{step.text}</span>
            </IntentLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
