import { IntentLink } from "@/components/ui/IntentLink";
import { classNames } from "@/lib/shared/class-names";

const REGION_STEP = {
  href: "/settings",
  label: "Feiertage: Kanton wählen",
  text: "Damit Ferientage und Sollstunden die Feiertage kennen.",
};

const STEPS = [
  { href: "/locations", label: "Standorte anlegen", text: "Filialen oder Betriebe, in denen gearbeitet wird." },
  {
    href: "/locations",
    label: "Schichtarten anlegen",
    text: "Früh, Spät …: Zeiten, die der Schichtdialog mit einem Klick einsetzt.",
  },
  { href: "/employees", label: "Mitarbeiter erfassen", text: "Mit Wochenstunden und Ferientagen." },
  { href: "/schedule", label: "Woche planen", text: "Schichten pro Standort und Tag verteilen." },
];

type Props = {
  hasLocations: boolean;
  /** An active location has a shift preset (docs/PRODUCT-RULES.md §31.5). */
  hasPresets: boolean;
  hasEmployees: boolean;
  /** A shift exists from this week on (docs/PRODUCT-RULES.md §29.5). */
  hasPlanned: boolean;
  /** Admins are asked for the holiday region while none is chosen (docs/PRODUCT-RULES.md §22.6); null: not asked. */
  hasRegion: boolean | null;
};

/** Whether the dashboard shows the steps at all: while one of them is still to do. */
export const firstStepsOpen = ({ hasLocations, hasPresets, hasEmployees, hasPlanned, hasRegion }: Props) =>
  !hasLocations || !hasPresets || !hasEmployees || !hasPlanned || hasRegion === false;

/**
 * A fresh install points the way: (Feiertage →) Standorte → Schichtarten → Mitarbeiter → Wochenplanung
 * (docs/PRODUCT-RULES.md §19, §22.6, §31.5). Each card is one link; a step done says "Erledigt" with a check mark,
 * not by its colour alone (§29.5).
 */
export function FirstSteps({ hasLocations, hasPresets, hasEmployees, hasPlanned, hasRegion }: Props) {
  const steps = [
    ...(hasRegion === null ? [] : [{ ...REGION_STEP, done: hasRegion }]),
    ...STEPS.map((step, index) => ({ ...step, done: [hasLocations, hasPresets, hasEmployees, hasPlanned][index] })),
  ];
  return (
    <section aria-labelledby="first-steps-heading" className="rounded-xl border border-blue-200 bg-blue-50 p-5">
      <h2 id="first-steps-heading" className="font-semibold text-blue-950">
        Erste Schritte
      </h2>
      <ol
        className={classNames(
          "mt-3 grid gap-3",
          steps.length === 5 ? "sm:grid-cols-2 xl:grid-cols-5" : "sm:grid-cols-2 xl:grid-cols-4",
        )}
      >
        {steps.map((step, index) => (
          <li key={step.label}>
            <IntentLink
              href={step.href}
              className={classNames(
                "group flex h-full items-start gap-3 rounded-lg border bg-white p-4 shadow-sm transition",
                "hover:border-accent hover:shadow-md focus:border-accent",
                step.done ? "border-emerald-200" : "border-blue-200",
              )}
            >
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-slate-900">
                  {index + 1}. {step.label}
                </span>
                <span className="mt-1 block text-sm text-slate-600">{step.text}</span>
                {step.done && (
                  <span className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
                    <span aria-hidden="true">✓</span> Erledigt
                  </span>
                )}
              </span>
              <span
                aria-hidden="true"
                className="text-lg leading-5 text-accent-dark transition-transform group-hover:translate-x-0.5"
              >
                →
              </span>
            </IntentLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
