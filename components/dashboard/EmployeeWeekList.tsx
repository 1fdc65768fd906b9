import { WeekBalance } from "@/components/ui/WeekBalance";
import type { EmployeeWeek } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatHours } from "@/lib/shared/hours";

/**
 * Each employee's week: scheduled / the week's target and what is left (hourly: scheduled hours only). The target
 * is the server's, less holidays and vacation days (docs/PRODUCT-RULES.md §31.1).
 */
export function EmployeeWeekList({ weeks }: { weeks: EmployeeWeek[] }) {
  return (
    <section aria-labelledby="employee-week-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="employee-week-heading" className="mb-3 font-semibold">
        Mitarbeiter diese Woche
      </h2>
      {weeks.length === 0 ? (
        <p className="text-sm text-slate-600">Noch keine Mitarbeitenden erfasst.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {weeks.map((week) => (
            // Rows off screen are laid out only when scrolled to:
            // a staff of hundreds would otherwise cost the first render.
            <li
              key={week.employee_id}
              className={classNames(
                "flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2",
                "[contain-intrinsic-size:auto_2.75rem] [content-visibility:auto]",
              )}
            >
              <span className="font-medium text-slate-900">
                {week.first_name} {week.last_name}
              </span>
              <span className="flex gap-4 tabular-nums">
                <span>
                  {week.target_hours === null
                    ? `${formatHours(week.scheduled_hours)} h`
                    : `${formatHours(week.scheduled_hours)} / ${formatHours(week.target_hours)} h`}
                </span>
                <WeekBalance remaining={week.remaining_hours} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
