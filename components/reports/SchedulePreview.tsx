import { IntentLink } from "@/components/ui/IntentLink";
import { ShiftChip } from "@/components/ui/ShiftChip";
import { EmptyState } from "@/components/ui/States";
import { today } from "@/lib/client/today";
import type { ShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { eachDate, isoWeekday, mondayOf } from "@/lib/shared/dates";
import { formatDayMonth, isoWeekNumber, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours, sumHours } from "@/lib/shared/hours";
import type { DateRange } from "@/lib/shared/periods";

type Day = { date: string; shifts: ShiftDto[] };
type Week = { monday: string; days: Day[] };

const total = (shifts: ShiftDto[]) => sumHours(shifts.map((shift) => shift.hours));
const countLabel = (count: number) => (count === 1 ? "1 Schicht" : `${count} Schichten`);

/** The period's dates grouped into Monday–Sunday weeks (cut to the period at a month's edges). */
function weeksOf(range: DateRange, shifts: ShiftDto[]): Week[] {
  const weeks: Week[] = [];
  for (const date of eachDate(range.start, range.end)) {
    const monday = mondayOf(date);
    if (weeks.at(-1)?.monday !== monday) weeks.push({ monday, days: [] });
    weeks.at(-1)!.days.push({ date, shifts: shifts.filter((shift) => shift.shift_date === date) });
  }
  return weeks;
}

/** The work schedule as the PDF will print it: per day the shifts with their hours, totals per day, week and period. */
export function SchedulePreview({
  range,
  shifts,
  showWeeks,
}: {
  range: DateRange;
  shifts: ShiftDto[];
  showWeeks: boolean;
}) {
  if (shifts.length === 0) {
    return (
      <EmptyState
        title="Keine Schichten in diesem Zeitraum"
        action={
          <IntentLink href="/schedule" className="font-medium text-blue-800 underline">
            Zur Wochenplanung
          </IntentLink>
        }
      >
        Schichten, die du in der Wochenplanung anlegst, erscheinen hier und im PDF.
      </EmptyState>
    );
  }
  const open = shifts.filter((shift) => shift.employee_id === null);
  const now = today();
  return (
    <div className="space-y-4">
      <div
        className={classNames(
          "flex flex-wrap items-baseline justify-between gap-2",
          "rounded-xl border border-slate-200 bg-white px-4 py-3",
        )}
      >
        <h2 className="font-semibold">Total Zeitraum</h2>
        <p className="tabular-nums">
          <span className="font-semibold">{formatHours(total(shifts))} h</span> · {countLabel(shifts.length)}
          {open.length > 0 && <span className="text-amber-900"> · davon {open.length} offen</span>}
        </p>
      </div>
      {weeksOf(range, shifts).map((week) => {
        const weekShifts = week.days.flatMap((day) => day.shifts);
        // In a month, a week without shifts is one line rather than seven empty days.
        const collapsed = showWeeks && weekShifts.length === 0;
        return (
          <section key={week.monday} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            {showWeeks && (
              <div
                className={classNames(
                  "flex flex-wrap items-baseline justify-between gap-2 bg-slate-50 px-4 py-2",
                  !collapsed && "border-b border-slate-200",
                )}
              >
                <h3 className="font-semibold">
                  KW {isoWeekNumber(week.monday)} · {formatDayMonth(week.days[0].date)}–
                  {formatDayMonth(week.days.at(-1)!.date)}
                </h3>
                <p className="text-sm text-slate-700 tabular-nums">
                  {collapsed
                    ? "Keine Schichten"
                    : `${countLabel(weekShifts.length)} · ${formatHours(total(weekShifts))} h`}
                </p>
              </div>
            )}
            {!collapsed && (
              <ol className="divide-y divide-slate-100">
                {week.days.map((day) => (
                  <DayRow key={day.date} day={day} isToday={day.date === now} headingLevel={showWeeks ? 4 : 3} />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}

function DayRow({ day, isToday, headingLevel }: { day: Day; isToday: boolean; headingLevel: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    // An empty day keeps heading and note on one line, so a phone does not scroll past blank days.
    <li
      className={classNames(
        "grid gap-3 px-4 py-3 sm:grid-cols-[9rem_1fr]",
        day.shifts.length === 0 && "grid-cols-[9rem_1fr]",
        isToday && "bg-blue-50/60",
      )}
    >
      <div>
        <Heading className="font-semibold text-slate-900">
          {WEEKDAYS_SHORT[isoWeekday(day.date) - 1]} {formatDayMonth(day.date)}
          {isToday && (
            <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800">Heute</span>
          )}
        </Heading>
        {day.shifts.length > 0 && (
          <p className="text-sm text-slate-600 tabular-nums">
            {countLabel(day.shifts.length)} ·{" "}
            <span className="font-medium text-slate-800">{formatHours(total(day.shifts))} h</span>
          </p>
        )}
      </div>
      {day.shifts.length > 0 ? (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {day.shifts.map((shift) => (
            <li key={shift.id}>
              <ShiftChip shift={shift} variant="card" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="self-center text-sm text-slate-500">Keine Schichten</p>
      )}
    </li>
  );
}
