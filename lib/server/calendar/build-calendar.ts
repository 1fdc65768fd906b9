import "server-only";
import { TZDate } from "@date-fns/tz";
import ical from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { addDays } from "@/lib/shared/dates";

export type FeedShift = {
  id: number;
  /** yyyy-MM-dd */
  date: string;
  /** HH:MM; an end at or before the start is on the next day (docs/PRODUCT-RULES.md §7.3). */
  start: string;
  end: string;
  breakMinutes: number;
  customName: string | null;
  locationName: string;
  locationAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type FeedVacation = { id: number; start: string; end: string; createdAt: Date; updatedAt: Date };

export type CalendarInput = {
  name: string;
  /** IANA zone of the business (APP_TIMEZONE): the shifts' wall-clock times are in it. */
  timeZone: string;
  shifts: FeedShift[];
  vacations: FeedVacation[];
};

// SEQUENCE must grow with every change of an event; without a revision column the seconds of updated_at
// since 2026 do, and stay within the 32-bit integers some calendar apps parse it into until 2094.
const SEQUENCE_EPOCH = Date.UTC(2026, 0, 1);
const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH) / 1000));

/** The zone's VTIMEZONE from timezones-ical-library's data (no files read at run time). */
function vtimezone(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  const text = Array.isArray(block) ? block[0] : null;
  return text?.startsWith("BEGIN:VTIMEZONE") ? text : null;
}

/** A wall-clock time in the zone, for ical-generator (it writes TZDate's local fields with TZID). */
function wallClock(date: string, time: string, timeZone: string): TZDate {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  return new TZDate(year, month - 1, day, hours, minutes, timeZone);
}

/**
 * The RFC 5545 text of an employee's feed (docs/PRODUCT-RULES.md §26.2): one VEVENT per shift with DTSTART and
 * DTEND in the business's zone, approved vacations as all-day events. Every value comes from the rows (DTSTAMP is
 * updated_at, no "now"), so the same data gives the same bytes and the ETag stays until something changes.
 */
export function buildCalendar({ name, timeZone, shifts, vacations }: CalendarInput): string {
  // No calendar-wide zone name: ical-generator would then write DTSTAMP and LAST-MODIFIED as local times,
  // which RFC 5545 wants in UTC. The generator still adds the VTIMEZONE of every zone an event uses.
  const calendar = ical({
    name,
    prodId: { company: "Schichtwerk", product: "Schichtplan", language: "DE" },
    timezone: { name: null, generator: vtimezone },
    // No `ttl`: ical-generator would write REFRESH-INTERVAL after the VTIMEZONE, where RFC 5545 allows no
    // calendar property; calendar apps poll at their own pace anyway.
  });
  for (const shift of shifts) {
    const endDate = shift.end <= shift.start ? addDays(shift.date, 1) : shift.date;
    const title = shift.customName ?? shift.locationName;
    calendar.createEvent({
      id: `shift-${shift.id}@schichtwerk`,
      timezone: timeZone,
      start: wallClock(shift.date, shift.start, timeZone),
      end: wallClock(endDate, shift.end, timeZone),
      summary: shift.breakMinutes > 0 ? `${title} (${shift.breakMinutes} Min. Pause)` : title,
      location: shift.locationAddress ?? shift.locationName,
      stamp: shift.updatedAt,
      created: shift.createdAt,
      lastModified: shift.updatedAt,
      sequence: sequenceOf(shift.updatedAt),
    });
  }
  for (const vacation of vacations) {
    calendar.createEvent({
      id: `vacation-${vacation.id}@schichtwerk`,
      allDay: true,
      // Dates at UTC midnight: ical-generator writes an all-day event's UTC date. DTEND is exclusive.
      start: new Date(`${vacation.start}T00:00:00Z`),
      end: new Date(`${addDays(vacation.end, 1)}T00:00:00Z`),
      summary: "Ferien",
      stamp: vacation.updatedAt,
      created: vacation.createdAt,
      lastModified: vacation.updatedAt,
      sequence: sequenceOf(vacation.updatedAt),
    });
  }
  return calendar.toString();
}
