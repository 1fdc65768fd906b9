import "server-only";
import { TZDate } from "@date-fns/tz";
import ical from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { addDays } from "@/lib/shared/dates";
import { formatHours } from "@/lib/shared/hours";

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

/** An absence besides vacation (docs/PRODUCT-RULES.md §32.2); its type never reaches the feed. */
export type FeedAbsence = FeedVacation & { hours: number | null };

export type CalendarInput = {
  name: string;
  /** The company's name from the settings, or null: it goes into each shift's title (§26.2). */
  companyName: string | null;
  /** IANA zone of the business (APP_TIMEZONE): the shifts' wall-clock times are in it. */
  timeZone: string;
  shifts: FeedShift[];
  vacations: FeedVacation[];
  /** Absences besides vacation: all-day events "abwesend", never the type (health data; a feed is often shared). */
  absences?: FeedAbsence[];
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

/** How often calendar apps should fetch the feed again (docs/PRODUCT-RULES.md §26.2): an hour, in seconds. */
export const FEED_REFRESH_SECONDS = 60 * 60;

/**
 * "Schicht Altstadt (Café Sonne, 30 Min. Pause)": "Schicht" and the location, or a custom shift's own name; in
 * parentheses the company (when the settings name one) and the break (when there is one).
 */
export function shiftSummary(shift: FeedShift, companyName: string | null): string {
  const title = shift.customName ?? `Schicht ${shift.locationName}`;
  const extras = [companyName, shift.breakMinutes > 0 ? `${shift.breakMinutes} Min. Pause` : null].filter(Boolean);
  return extras.length > 0 ? `${title} (${extras.join(", ")})` : title;
}

/**
 * The RFC 5545 text of an employee's feed (docs/PRODUCT-RULES.md §26.2): one VEVENT per shift with DTSTART and
 * DTEND in the business's zone, approved vacations as all-day events. Every value comes from the rows (DTSTAMP is
 * updated_at, no "now"), so the same data gives the same bytes and the ETag stays until something changes.
 */
export function buildCalendar({
  name,
  companyName,
  timeZone,
  shifts,
  vacations,
  absences = [],
}: CalendarInput): string {
  // No calendar-wide zone name: ical-generator would then write DTSTAMP and LAST-MODIFIED as local times,
  // which RFC 5545 wants in UTC. The generator still adds the VTIMEZONE of every zone an event uses.
  const calendar = ical({
    name,
    prodId: { company: "Schichtwerk", product: "Schichtplan", language: "DE" },
    timezone: { name: null, generator: vtimezone },
    // REFRESH-INTERVAL;VALUE=DURATION:PT1H (RFC 7986) and X-PUBLISHED-TTL:PT1H (Outlook, Google): a changed
    // plan reaches the phone within the hour. ical-generator writes both after the VTIMEZONE; the parsers we
    // checked (ical.js, as the feed's tests do) read them as the calendar's properties there.
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const shift of shifts) {
    const endDate = shift.end <= shift.start ? addDays(shift.date, 1) : shift.date;
    calendar.createEvent({
      id: `shift-${shift.id}@schichtwerk`,
      timezone: timeZone,
      start: wallClock(shift.date, shift.start, timeZone),
      end: wallClock(endDate, shift.end, timeZone),
      summary: shiftSummary(shift, companyName),
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
  for (const absence of absences) {
    calendar.createEvent({
      id: `absence-${absence.id}@schichtwerk`,
      allDay: true,
      start: new Date(`${absence.start}T00:00:00Z`),
      end: new Date(`${addDays(absence.end, 1)}T00:00:00Z`),
      summary: absence.hours === null ? "abwesend" : `abwesend (${formatHours(absence.hours)} h)`,
      stamp: absence.updatedAt,
      created: absence.createdAt,
      lastModified: absence.updatedAt,
      sequence: sequenceOf(absence.updatedAt),
    });
  }
  return calendar.toString();
}
