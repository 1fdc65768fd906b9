"use client";
import type { ReactNode } from "react";
import { FINDING_LABEL, FindingIcon } from "@/components/ui/FindingIcon";
import { LocationLabel } from "@/components/ui/LocationLabel";
import { absenceTypeLabel } from "@/components/absences/absence-text";
import type {
  AbsenceDto,
  FindingDto,
  HolidayDto,
  MyWeek,
  ShiftDto,
  UnavailabilityDto,
  VacationDto,
} from "@/lib/shared/api-types";
import { eachDate, isoWeekday } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import { coversDay } from "@/lib/shared/unavailability";

/** Weeks shown open; the later ones start folded so the phone screen reaches the other sections quickly. */
const OPEN_WEEKS = 2;

type Props = {
  weeks: MyWeek[];
  holidays: HolidayDto[];
  /** Own vacations: approved and requested days are marked in the weeks. */
  vacations: VacationDto[];
  /** Own unavailability: marked on its days. */
  unavailability: UnavailabilityDto[];
  /** Own absences besides vacation: "abwesend · Krank" on their days (docs/PRODUCT-RULES.md §32.8). */
  absences?: AbsenceDto[];
  today: string;
  /** Under each shift: what the person can do with it ("Abgeben oder tauschen", docs/PRODUCT-RULES.md §35.1). */
  shiftAction?: (shift: ShiftDto) => ReactNode;
};

/** The employee's own weeks on "Meine Schichten" (docs/PRODUCT-RULES.md §26.6): shifts, hours, the rules' notes. */
export function MyWeeks({ weeks, holidays, vacations, unavailability, absences = [], today, shiftAction }: Props) {
  const away = awayDays(vacations, unavailability, absences, {
    start: weeks[0]?.week_start ?? "",
    end: weeks.at(-1)?.week_end ?? "",
  });
  return (
    <ol className="space-y-3">
      {weeks.map((week, index) => (
        <li key={week.week_start}>
          <details open={index < OPEN_WEEKS} className="group rounded-xl border border-slate-200 bg-white">
            <summary
              className={
                "flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-2 " +
                "hover:bg-slate-50 [&::-webkit-details-marker]:hidden"
              }
            >
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{weekTitle(week, index)}</span>
                <span className="block text-sm text-slate-600">
                  {formatDayMonth(week.week_start)}–{formatDate(week.week_end)} · {shiftCount(week.shifts.length)}
                </span>
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <WeekHours hours={week.scheduled_hours} target={week.target_hours} />
                <svg
                  width="16"
                  height="16"
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  className="shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                >
                  <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </span>
            </summary>
            <WeekDays week={week} holidays={holidays} away={away} today={today} shiftAction={shiftAction} />
          </details>
        </li>
      ))}
    </ol>
  );
}

type WeekDaysProps = {
  week: MyWeek;
  holidays: HolidayDto[];
  away: Map<string, Away[]>;
  today: string;
  shiftAction?: (shift: ShiftDto) => ReactNode;
};

function WeekDays({ week, holidays, away, today, shiftAction }: WeekDaysProps) {
  const inWeek = (day: string) => day >= week.week_start && day <= week.week_end;
  const holidaysOfWeek = holidays.filter((holiday) => inWeek(holiday.date));
  const awayOfWeek = [...away.keys()].filter(inWeek);
  if (week.shifts.length === 0 && holidaysOfWeek.length === 0 && awayOfWeek.length === 0)
    return (
      <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">Keine Schichten in dieser Woche.</p>
    );
  const days = [
    ...new Set([...week.shifts.map((shift) => shift.shift_date), ...holidaysOfWeek.map((h) => h.date), ...awayOfWeek]),
  ];
  days.sort();
  return (
    <ul className="divide-y divide-slate-100 border-t border-slate-100">
      {days.map((day) => (
        <li key={day} className="flex gap-3 px-4 py-3" aria-current={day === today ? "date" : undefined}>
          <div className="w-12 shrink-0 text-center">
            <span className={`block text-sm font-semibold ${day === today ? "text-accent-dark" : "text-slate-900"}`}>
              {WEEKDAYS_SHORT[isoWeekday(day) - 1]}
            </span>
            <span className="block text-xs tabular-nums text-slate-600">{formatDayMonth(day)}</span>
            {day === today && <span className="block text-[11px] font-semibold text-accent-dark">Heute</span>}
          </div>
          <div className="min-w-0 flex-1 space-y-2">
            {away.get(day)?.map((entry) => (
              <p
                key={entry.text}
                className={`text-sm font-medium ${entry.kind === "vacation" ? "text-emerald-800" : "text-amber-900"}`}
              >
                {entry.text}
              </p>
            ))}
            {holidaysOfWeek
              .filter((holiday) => holiday.date === day)
              .map((holiday) => (
                <p key={holiday.name} className="text-sm font-medium text-violet-800">
                  Feiertag: {holiday.name}
                </p>
              ))}
            {week.shifts
              .filter((shift) => shift.shift_date === day)
              .map((shift) => (
                <MyShift
                  key={shift.id}
                  shift={shift}
                  findings={week.findings.filter((f) => f.shift_id === shift.id)}
                  action={shiftAction?.(shift)}
                />
              ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

function MyShift({ shift, findings, action }: { shift: ShiftDto; findings: FindingDto[]; action?: ReactNode }) {
  return (
    <div>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-base font-semibold tabular-nums text-slate-900">
          {shift.start_time}–{shift.end_time}
        </span>
        <span className="text-sm tabular-nums text-slate-600">
          {formatHours(shift.hours)} h{shift.break_minutes > 0 && ` · ${shift.break_minutes} Min. Pause`}
        </span>
      </p>
      <p className="text-sm text-slate-700">
        <LocationLabel name={shift.location_name} color={shift.location_color} dotSize="size-2.5" className="gap-1.5" />
      </p>
      {shift.is_custom && shift.custom_name && <p className="text-sm italic text-slate-600">{shift.custom_name}</p>}
      {findings.length > 0 && (
        <ul className="mt-1 space-y-1">
          {findings.map((finding) => (
            <li key={`${finding.code}-${finding.related_shift_id ?? 0}`} className="flex gap-1.5 text-sm">
              <FindingIcon severity={finding.severity} />
              <span className={finding.severity === "error" ? "text-red-800" : "text-amber-900"}>
                <span className="sr-only">{FINDING_LABEL[finding.severity]}: </span>
                {finding.message}
              </span>
            </li>
          ))}
        </ul>
      )}
      {action}
    </div>
  );
}

/**
 * "24.0 / 40.0 h" against the week's target (the server's, less holidays and vacation days: docs/PRODUCT-RULES.md
 * §31.1), with the hours over it in red and spelled out (colour never alone). Hourly staff have no target.
 */
function WeekHours({ hours, target }: { hours: number; target: number | null }) {
  if (target === null)
    return <span className="whitespace-nowrap text-sm tabular-nums text-slate-700">{formatHours(hours)} h</span>;
  const over = hours - target;
  return (
    <span className="whitespace-nowrap text-right text-sm tabular-nums">
      <span className={over > 0 ? "font-semibold text-red-700" : "text-slate-800"}>
        {formatHours(hours)} / {formatHours(target)} h
      </span>
      {over > 0 && <span className="block text-xs text-red-700">+{formatHours(over)} h über Soll</span>}
    </span>
  );
}

type Away = { kind: "vacation" | "unavailable"; text: string };

/**
 * What keeps the employee away, by day: approved and requested vacations ("Ferien", "Ferien (beantragt)"; rejected
 * ones are not marked), their absences ("abwesend · Krank") and their own "Nicht verfügbar" entries, with the
 * window when there is one.
 */
function awayDays(
  vacations: VacationDto[],
  unavailability: UnavailabilityDto[],
  absences: AbsenceDto[],
  shown: { start: string; end: string },
): Map<string, Away[]> {
  const days = new Map<string, Away[]>();
  const add = (day: string, entry: Away) => days.set(day, [...(days.get(day) ?? []), entry]);
  // Only the shown weeks' days: a long entry never makes the loop long (docs/PRODUCT-RULES.md §30.1).
  const daysOf = (start: string, end: string) =>
    shown.start ? eachDate(start > shown.start ? start : shown.start, end < shown.end ? end : shown.end) : [];
  for (const vacation of vacations) {
    if (vacation.status === "rejected") continue;
    const text = vacation.status === "approved" ? "Ferien" : "Ferien (beantragt)";
    for (const day of daysOf(vacation.start_date, vacation.end_date)) add(day, { kind: "vacation", text });
  }
  // The person's own absence, with its type: their own data (docs/PRODUCT-RULES.md §32.2).
  for (const absence of absences) {
    const hours = absence.hours !== null ? ` ${formatHours(absence.hours)} h` : "";
    const text = `abwesend · ${absenceTypeLabel(absence.type)}${hours}`;
    for (const day of daysOf(absence.start_date, absence.end_date)) add(day, { kind: "vacation", text });
  }
  for (const entry of unavailability) {
    const window = entry.start_time ? ` ${entry.start_time}–${entry.end_time}` : "";
    // An open end (a weekly entry, docs/PRODUCT-RULES.md §35.8) ends with the shown weeks.
    for (const day of daysOf(entry.start_date, entry.end_date ?? shown.end))
      if (coversDay(entry, day)) add(day, { kind: "unavailable", text: `Nicht verfügbar${window}` });
  }
  return days;
}

function weekTitle(week: MyWeek, index: number): string {
  const number = `KW ${isoWeekNumber(week.week_start)}`;
  if (index === 0) return `Diese Woche · ${number}`;
  if (index === 1) return `Nächste Woche · ${number}`;
  return number;
}

const shiftCount = (count: number) => (count === 1 ? "1 Schicht" : `${count} Schichten`);
