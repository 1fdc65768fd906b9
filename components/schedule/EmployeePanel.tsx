import { WeekBalance } from "@/components/ui/WeekBalance";
import { classNames } from "@/lib/shared/class-names";
import { formatHours } from "@/lib/shared/hours";
import { weekdayRuns, type EmployeeAvailability } from "./week-model";

/**
 * Who still has hours this week (docs/PRODUCT-RULES.md §16.4): remaining hours, overbooked in red and with a "+",
 * and "Ferien Mo–Mi" for the days someone is on vacation.
 */
export function EmployeePanel({ entries, weekStart }: { entries: EmployeeAvailability[]; weekStart: string }) {
  return (
    <section aria-labelledby="available-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="available-heading" className="mb-2 text-sm font-semibold text-slate-900">
        Verfügbare Mitarbeiter
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Noch keine Mitarbeitenden erfasst.</p>
      ) : (
        <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {entries.map((entry) => (
            // Rows off screen are laid out only when scrolled to:
            // a staff of hundreds would otherwise cost the first render.
            <li
              key={entry.employee.id}
              className={classNames(
                "flex min-h-8 items-center justify-between gap-3 border-b border-slate-100 py-1",
                "[contain-intrinsic-size:auto_2.0625rem] [content-visibility:auto]",
              )}
            >
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate">
                  {entry.employee.first_name} {entry.employee.last_name}
                </span>
                {entry.vacationDays.length > 0 && (
                  <span className="shrink-0 rounded bg-sky-100 px-1.5 text-xs font-medium text-sky-900">
                    Ferien {weekdayRuns(entry.vacationDays, weekStart)}
                  </span>
                )}
              </span>
              <span className="shrink-0 tabular-nums">
                {entry.remaining === null && `${formatHours(entry.scheduled)} h · `}
                <WeekBalance remaining={entry.remaining} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
