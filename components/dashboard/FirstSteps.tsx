import { IntentLink } from "@/components/ui/IntentLink";
import { classNames } from "@/lib/shared/class-names";

const REGION_STEP = {
  href: "/settings",
  label: "Feiertage: Kanton wählen",
  text: "Damit Ferientage und Sollstunden die Feiertage kennen.",
};

const STEPS = [
  { href: "/locations", label: "Standorte anlegen", text: "Filialen oder Betriebe, in denen gearbeitet wird." },
  { href: "/employees", label: "Mitarbeiter erfassen", text: "Mit Wochenstunden und Ferientagen." },
  { href: "/schedule", label: "Woche planen", text: "Schichten pro Standort und Tag verteilen." },
];

type Props = {
  hasLocations: boolean;
  hasEmployees: boolean;
  /** Admins are asked for the holiday region while none is chosen (docs/PRODUCT-RULES.md §22.6); null: not asked. */
  hasRegion: boolean | null;
};

/**
 * A fresh install points the way: (Feiertage →) Standorte → Mitarbeiter → Wochenplanung
 * (docs/PRODUCT-RULES.md §19, §22.6).
 */
export function FirstSteps({ hasLocations, hasEmployees, hasRegion }: Props) {
  const steps = [
    ...(hasRegion === null ? [] : [{ ...REGION_STEP, done: hasRegion }]),
    ...STEPS.map((step, index) => ({ ...step, done: [hasLocations, hasEmployees, false][index] })),
  ];
  return (
    <section aria-labelledby="first-steps-heading" className="rounded-xl border border-blue-200 bg-blue-50 p-5">
      <h2 id="first-steps-heading" className="font-semibold text-blue-950">
        Erste Schritte
      </h2>
      <ol
        className={classNames(
          "mt-3 grid gap-3",
          steps.length === 4 ? "sm:grid-cols-2 xl:grid-cols-4" : "sm:grid-cols-3",
        )}
      >
        {steps.map((step, index) => (
          <li key={step.href}>
            <IntentLink
              href={step.href}
              className="block h-full rounded-lg border border-blue-200 bg-white p-4 hover:border-accent"
            >
              <span className="block text-sm font-semibold text-slate-900">
                {index + 1}. {step.label} {step.done && <span className="text-emerald-700">✓</span>}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{step.text}</span>
            </IntentLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
