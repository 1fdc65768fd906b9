import { IntentLink } from "@/components/ui/IntentLink";
import type { DashboardDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatHours } from "@/lib/shared/hours";

/**
 * Unassigned shifts, the week's findings of the planning rules and overbooked employees; the green note when
 * the week is fully planned without a finding.
 */
export function DashboardAlerts({ dashboard, next = false }: { dashboard: DashboardDto; next?: boolean }) {
  // The week shown may be the next one (docs/PRODUCT-RULES.md §31.6): the texts and links name it.
  const thisWeek = next ? "nächste Woche" : "diese Woche";
  const ofWeek = next ? "der nächsten Woche" : "dieser Woche";
  const planner = `/schedule?week=${dashboard.week_start}`;
  const overbooked = dashboard.employee_weeks.filter((week) => week.status === "overbooked");
  const unassigned = dashboard.shifts.unassigned;
  const { errors, warnings } = dashboard.findings;
  const findings = errors + warnings;
  if (unassigned === 0 && overbooked.length === 0 && findings === 0) {
    if (dashboard.shifts.total === 0) return null;
    return (
      <p className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
        ✓ Alles verplant: Alle Schichten {ofWeek} sind besetzt und niemand ist überbucht.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {unassigned > 0 && (
        <div
          className={classNames(
            "flex flex-wrap items-center justify-between gap-3",
            "rounded-xl border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950",
          )}
        >
          <p>
            <strong>{unassigned === 1 ? "1 offene Schicht" : `${unassigned} offene Schichten`}</strong> {thisWeek} ohne
            Mitarbeiter.
          </p>
          <IntentLink href={planner} className="font-medium text-amber-950 underline underline-offset-2">
            Zur Wochenplanung
          </IntentLink>
        </div>
      )}
      {findings > 0 && (
        <div
          className={classNames(
            "flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4 text-sm",
            errors > 0 ? "border-red-300 bg-red-50 text-red-900" : "border-amber-400 bg-amber-50 text-amber-950",
          )}
        >
          <p>
            <strong>{findings === 1 ? "1 Hinweis" : `${findings} Hinweise`}</strong> zur Planung {ofWeek}
            {errors > 0 && ` (davon ${errors === 1 ? "1 Konflikt" : `${errors} Konflikte`})`}.
          </p>
          <IntentLink href={planner} className="font-medium underline underline-offset-2">
            Hinweise ansehen
          </IntentLink>
        </div>
      )}
      {overbooked.length > 0 && (
        <div className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">
            {overbooked.length === 1
              ? "1 Mitarbeiter ist überbucht"
              : `${overbooked.length} Mitarbeiter sind überbucht`}
          </p>
          <ul className="mt-2 space-y-1">
            {overbooked.map((week) => {
              const overtime = formatHours(-(week.remaining_hours ?? 0));
              return (
                <li key={week.employee_id}>
                  {week.first_name} {week.last_name}: <strong>+{overtime} h</strong> über{" "}
                  {formatHours(week.target_hours ?? week.weekly_hours)} h
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
