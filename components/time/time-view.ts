/**
 * The manager's timesheet screen's pure helpers (docs/PRODUCT-RULES.md §32.6): hours as h:mm, the difference with
 * its sign, wall-clock times of the business read from and turned into instants, and a revision's snapshot in words.
 */
import { addDays, isoWeekday } from "@/lib/shared/dates";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { parseDecimalInput } from "@/lib/shared/decimal-input";
import { clockMinutes, dayNumber, instantOf } from "@/lib/shared/rules/time";
import { ENTRY_STATUS_LABELS, hoursMinutes } from "@/lib/shared/time-entry-text";

/** 450 → "7:30"; a negative count keeps its minus ("−0:15"). */
export function formatMinutes(minutes: number): string {
  return hoursMinutes(minutes);
}

/** The difference worked − planned: "+0:30", "−1:15", "±0:00". */
export function formatDifference(minutes: number): string {
  const text = hoursMinutes(minutes, { signed: true });
  return text === "0:00" ? "±0:00" : text;
}

/**
 * A balance of hours as typed (the opening balance, docs/PRODUCT-RULES.md §34.6) in minutes: h:mm as the account
 * table shows it ("12:30", "+12:30", "−3:15", the typographic minus of `formatDifference` too), or hours with a
 * decimal comma as the booking dialog takes them ("12,5", "-0,75"). Null when empty, NaN for anything else
 * ("12:75", "1:2", "abc"), so the form says what is wrong instead of reading another number.
 */
export function parseSignedHours(text: string): number | null {
  const trimmed = text.trim().replace(/^[−–]/, "-");
  if (trimmed === "") return null;
  const clock = /^([+-]?)(\d{1,6}):([0-5]\d)$/.exec(trimmed);
  if (clock) {
    const minutes = Number(clock[2]) * 60 + Number(clock[3]);
    return clock[1] === "-" ? -minutes : minutes;
  }
  const hours = parseDecimalInput(trimmed);
  return hours === null || Number.isNaN(hours) ? Number.NaN : Math.round(hours * 60);
}

/** "Mo 02.11.2026". */
export function formatDay(isoDate: string): string {
  return `${WEEKDAYS_SHORT[isoWeekday(isoDate) - 1]} ${formatDate(isoDate)}`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("de-CH", { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time "HH:mm" of an instant in the business's zone. */
export function clockTimeIn(timeZone: string, instant: string): string {
  const parts = formatIn(clockFormats, timeZone, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}`;
}

/** The calendar date yyyy-MM-dd of an instant in the business's zone. */
export function dateIn(timeZone: string, instant: string): string {
  const parts = formatIn(dateFormats, timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    new Date(instant),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The ISO instant (UTC) of a wall-clock time on a business day: what the API takes (§32.1). */
export function instantAt(timeZone: string, isoDate: string, time: string): string {
  const minutes = clockMinutes(time);
  if (minutes === null) throw new Error(`Keine Uhrzeit: ${time}`);
  return new Date(instantOf(timeZone, dayNumber(isoDate), minutes)).toISOString();
}

export type EntryForm = {
  employee_id: string;
  location_id: string;
  date: string;
  start: string;
  end: string;
  breaks: { start: string; end: string }[];
  note: string;
  reason: string;
};

/**
 * The form's wall-clock times as the API's instants: the entry starts on its date; an end at or before the start is
 * on the next day (a night), and so is a break that begins before the entry's start time (after midnight).
 * Incomplete times stay as they are, so the API's schema names the field.
 */
export function entryInstants(timeZone: string, form: Pick<EntryForm, "date" | "start" | "end" | "breaks">) {
  const start = clockMinutes(form.start);
  const at = (time: string, nextDay: boolean) =>
    clockMinutes(time) === null || !/^\d{4}-\d{2}-\d{2}$/.test(form.date)
      ? time
      : instantAt(timeZone, nextDay ? addDays(form.date, 1) : form.date, time);
  const after = (time: string) => start !== null && (clockMinutes(time) ?? 0) < start;
  const endMinutes = clockMinutes(form.end);
  return {
    start_at: at(form.start, false),
    end_at: at(form.end, start !== null && endMinutes !== null && endMinutes <= start),
    breaks: form.breaks
      .filter((pause) => pause.start || pause.end)
      .map((pause) => ({
        start_at: at(pause.start, after(pause.start)),
        end_at: at(pause.end, after(pause.end)),
      })),
  };
}

type EntryLike = {
  location_id: number;
  start_at: string;
  end_at: string | null;
  breaks: { start_at: string; end_at: string | null }[];
};

/** An entry read into the form (a running one ends now, rounded to the minute, for the manager to set). */
export function formOfEntry(
  timeZone: string,
  employeeId: number,
  entry: EntryLike & { note?: string | null },
  now: Date = new Date(),
): EntryForm {
  return {
    employee_id: String(employeeId),
    location_id: String(entry.location_id),
    date: dateIn(timeZone, entry.start_at),
    start: clockTimeIn(timeZone, entry.start_at),
    end: entry.end_at ? clockTimeIn(timeZone, entry.end_at) : clockTimeIn(timeZone, now.toISOString()),
    breaks: entry.breaks.map((pause) => ({
      start: clockTimeIn(timeZone, pause.start_at),
      end: pause.end_at ? clockTimeIn(timeZone, pause.end_at) : "",
    })),
    note: entry.note ?? "",
    reason: "",
  };
}

/** "08:00–16:30" or "08:00–läuft". */
export function entrySpan(timeZone: string, entry: { start_at: string; end_at: string | null }): string {
  return `${clockTimeIn(timeZone, entry.start_at)}–${entry.end_at ? clockTimeIn(timeZone, entry.end_at) : "läuft"}`;
}

export const SOURCE_LABELS = { app: "App", terminal: "Stempeluhr", manager: "Nachgetragen" } as const;

/** A revision's before/after in words: "02.11.2026 08:00–16:00 · Pause 0:30 · Zürich · offen". */
export function describeSnapshot(timeZone: string, snapshot: Record<string, unknown> | null): string {
  if (!snapshot) return "—";
  const start = typeof snapshot.start_at === "string" ? snapshot.start_at : null;
  const end = typeof snapshot.end_at === "string" ? snapshot.end_at : null;
  const parts: string[] = [];
  if (start)
    parts.push(`${formatDate(dateIn(timeZone, start))} ${entrySpan(timeZone, { start_at: start, end_at: end })}`);
  if (typeof snapshot.break_minutes === "number" && snapshot.break_minutes > 0)
    parts.push(`Pause ${formatMinutes(snapshot.break_minutes)}`);
  if (typeof snapshot.location_name === "string") parts.push(snapshot.location_name);
  if (typeof snapshot.status === "string" && snapshot.status in ENTRY_STATUS_LABELS)
    parts.push(ENTRY_STATUS_LABELS[snapshot.status as keyof typeof ENTRY_STATUS_LABELS]);
  return parts.join(" · ");
}

/** "2026-11" of a date; the months a range touches, in order. */
export function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  for (let month = start.slice(0, 7); month <= end.slice(0, 7);) {
    months.push(month);
    const [year, number] = month.split("-").map(Number);
    month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  }
  return months;
}

/** An instant as de-CH date and time in the zone: "03.12.2026 14:05". */
export function formatInstant(timeZone: string, instant: string): string {
  return `${formatDate(dateIn(timeZone, instant))} ${clockTimeIn(timeZone, instant)}`;
}
