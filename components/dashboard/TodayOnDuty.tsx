import { absenceTypeLabel } from "@/components/absences/absence-text";
import { clockTime } from "@/components/me/stamp-text";
import { today as todayInBrowser } from "@/lib/client/today";
import type { DashboardDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatDayMonth } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";

type OnDuty = DashboardDto["on_duty_today"][number];

/** "07:58", or "27.11. 22:00" for an instant of another day than `today`. */
function stampTime(isoInstant: string, today: string): string {
  const day = todayInBrowser(new Date(isoInstant));
  return day === today ? clockTime(isoInstant) : `${formatDayMonth(day)} ${clockTime(isoInstant)}`;
}

/** The stamp state in words, with a sign: the colour is never alone (docs/PRODUCT-RULES.md §19, §32.8). */
export function stampText(
  row: Pick<OnDuty, "stamp" | "stamp_at">,
  today: string,
): { sign: string; text: string; tone: string } {
  if (row.stamp === "in" && row.stamp_at)
    return { sign: "●", text: `eingestempelt seit ${stampTime(row.stamp_at, today)}`, tone: "text-emerald-800" };
  if (row.stamp === "out" && row.stamp_at)
    return { sign: "✓", text: `ausgestempelt ${stampTime(row.stamp_at, today)}`, tone: "text-slate-700" };
  return { sign: "○", text: "noch nicht eingestempelt", tone: "text-amber-900" };
}

/**
 * "Heute im Dienst" for planners (docs/PRODUCT-RULES.md §32.8): today's assigned shifts by start with name, time,
 * location and whether the person is stamped in now, and who is away today ("abwesend", with the type: planners
 * may read it).
 */
export function TodayOnDuty({ dashboard }: { dashboard: DashboardDto }) {
  const onDuty = dashboard.on_duty_today;
  const today = todayInBrowser();
  const absent = dashboard.absences.absent_today;
  return (
    <section aria-labelledby="on-duty-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="on-duty-heading" className="mb-3 font-semibold">
        Heute im Dienst
      </h2>
      {onDuty.length === 0 ? (
        <p className="text-sm text-slate-600">Heute ist niemand eingeplant.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="on-duty-list">
          {onDuty.map((row) => {
            const stamp = stampText(row, today);
            return (
              <li key={row.shift_id} className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">
                    {row.first_name} {row.last_name}
                  </span>
                  <span className="block tabular-nums text-slate-600">
                    {row.shift_date !== today && "gestern "}
                    {row.start_time}–{row.end_time} · {row.location_name}
                  </span>
                </span>
                <span className={classNames("font-medium tabular-nums", stamp.tone)}>
                  <span aria-hidden="true">{stamp.sign} </span>
                  {stamp.text}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {absent.length > 0 && (
        <>
          <h3 className="mb-1 mt-4 text-sm font-semibold text-slate-800">Heute abwesend</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="absent-today">
            {absent.map((entry) => (
              <li key={entry.absence_id} className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2">
                <span className="font-medium text-slate-900">
                  {entry.first_name} {entry.last_name}
                </span>
                <span className="text-slate-700">
                  {absenceTypeLabel(entry.type)}
                  {entry.hours !== null ? ` · ${formatHours(entry.hours)} h` : " · ganzer Tag"}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
