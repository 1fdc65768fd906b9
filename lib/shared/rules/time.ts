/**
 * Real instants of shifts in the business's time zone (docs/PRODUCT-RULES.md §24.2).
 *
 * A shift is stored as a calendar date and two wall-clock times. Distances in
 * time (overlap, rest, the CH working day, unavailability) need the instants
 * those wall times denote, which differ from the naive reading on the two DST
 * nights a year. Local times that do not exist (29.03.2026 02:30 in
 * Europe/Zurich) move forward by the gap (03:30 summer time), like Temporal's
 * "compatible"; local times that occur twice (25.10.2026 02:30) take the
 * earlier one (summer time). `TZDate` of @date-fns/tz agrees on the first but
 * takes the later instant for the second, and costs ~15 µs per date (a week of
 * 300 shifts would spend 9 ms on it), so the instants are built here from the
 * package's `tzOffset`, read at most twice per zone and day (a test holds the
 * two together on ordinary days).
 */
import { tzOffset } from "@date-fns/tz";
import { dayNumber } from "../dates";
import type { RuleShift } from "./types";

// Kept in lib/shared/dates.ts, which has no time-zone code, so that what counts days (targets) can use it without
// pulling @date-fns/tz into a page's first load; re-exported here for the rules' many users.
export { dayNumber };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Offsets stay within −12 h … +14 h: the instants of one wall-clock day lie in this span around it. */
const EAST_MOST = 14 * HOUR_MS;
const WEST_MOST = 12 * HOUR_MS;

/**
 * Minutes since midnight of "HH:MM" or "HH:MM:SS", or null: the same as parseTime (lib/shared/hours.ts, a test
 * holds them together) without a regular expression, as it runs twice for every shift of every check.
 */
export function clockMinutes(time: string): number | null {
  if (time.length !== 5 && (time.length !== 8 || time.charCodeAt(5) !== 58)) return null;
  if (time.charCodeAt(2) !== 58) return null;
  const h1 = time.charCodeAt(0) - 48;
  const h2 = time.charCodeAt(1) - 48;
  const m1 = time.charCodeAt(3) - 48;
  const m2 = time.charCodeAt(4) - 48;
  if (!(h1 >= 0 && h1 <= 2 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9)) return null;
  if (time.length === 8) {
    const s1 = time.charCodeAt(6) - 48;
    const s2 = time.charCodeAt(7) - 48;
    if (!(s1 >= 0 && s1 <= 5 && s2 >= 0 && s2 <= 9)) return null;
  }
  const hours = h1 * 10 + h2;
  return hours > 23 ? null : hours * 60 + m1 * 10 + m2;
}

/** Inverse of dayNumber. */
export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Day number of the Monday of the Monday–Sunday week (1970-01-01, day 0, was a Thursday). */
export function mondayOfDay(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** UTC offset in minutes at an instant; an unknown zone counts as UTC rather than poisoning every sum with NaN. */
function offsetAt(timeZone: string, instant: number): number {
  const offset = tzOffset(timeZone, new Date(instant));
  return Number.isFinite(offset) ? offset : 0;
}

// Per zone, per day: the offset when it holds for the whole day, null on a day with a transition.
// Bounded: a long-running server sees a few thousand days at most; clearing is cheaper than an LRU.
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAY_OFFSETS_LIMIT = 20_000;

function steadyOffset(timeZone: string, day: number): number | null {
  let zone = dayOffsets.get(timeZone);
  if (!zone) dayOffsets.set(timeZone, (zone = new Map()));
  const known = zone.get(day);
  if (known !== undefined) return known;
  // Equal offsets before and after every instant the day's wall times can denote: no transition between them
  // (no real zone has two transitions within two days).
  const before = offsetAt(timeZone, day * DAY_MS - EAST_MOST);
  const after = offsetAt(timeZone, (day + 1) * DAY_MS + WEST_MOST);
  const offset = before === after ? before : null;
  if (zone.size >= DAY_OFFSETS_LIMIT) zone.clear();
  zone.set(day, offset);
  return offset;
}

/** The instant of a wall-clock time on a day around a transition: gap → forward, repeated → earlier. */
function resolveTransition(timeZone: string, wall: number): number {
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  let earliest: number | null = null;
  for (const offset of [before, after]) {
    const instant = wall - offset * MINUTE_MS;
    if (offsetAt(timeZone, instant) === offset && (earliest === null || instant < earliest)) earliest = instant;
  }
  // None fits in the gap: read with the offset before it, which lands as far after the gap as the time was in it.
  return earliest ?? wall - before * MINUTE_MS;
}

/** Epoch ms of `minutes` after midnight on `day` (wall clock) in the zone. */
export function instantOf(timeZone: string, day: number, minutes: number): number {
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  const offset = steadyOffset(timeZone, day);
  return offset === null ? resolveTransition(timeZone, wall) : wall - offset * MINUTE_MS;
}

/**
 * The real interval of a span of wall-clock minutes on a day: the end is on the next day when it is at or
 * before the start (a shift ending at 00:00 ends at the next midnight). A span lying wholly in a DST gap would
 * end before it starts; it is empty instead.
 */
export function intervalOf(
  timeZone: string,
  day: number,
  startMinutes: number,
  endMinutes: number,
): { start: number; end: number } {
  const start = instantOf(timeZone, day, startMinutes);
  const end = instantOf(timeZone, endMinutes <= startMinutes ? day + 1 : day, endMinutes);
  return { start, end: Math.max(start, end) };
}

/**
 * The real start and end (epoch ms) of a shift in the business's time zone. Throws on a time that is not
 * "HH:MM" (the schemas refuse those long before).
 */
export function shiftInterval(
  shift: Pick<RuleShift, "shift_date" | "start_time" | "end_time">,
  timeZone: string,
): { start: number; end: number } {
  const from = clockMinutes(shift.start_time);
  const to = clockMinutes(shift.end_time);
  if (from === null || to === null) throw new RangeError(`Keine Uhrzeit: ${shift.start_time}–${shift.end_time}`);
  return intervalOf(timeZone, dayNumber(shift.shift_date), from, to);
}

/**
 * A dated shift's length in minutes: the real time between its start and end in the zone, so a night shift over
 * a DST change is an hour shorter (March) or longer (October) than on the clock — as a recorded entry of the same
 * night would be (docs/PRODUCT-RULES.md §32.5). 0 for a start equal to its end (no shift).
 */
export function shiftSpanMinutes(
  shift: Pick<RuleShift, "shift_date" | "start_time" | "end_time">,
  timeZone: string,
): number {
  if (clockMinutes(shift.start_time) === clockMinutes(shift.end_time)) return 0;
  const { start, end } = shiftInterval(shift, timeZone);
  return Math.round((end - start) / MINUTE_MS);
}

/** A dated shift's hours: its real length less the break (docs/PRODUCT-RULES.md §32.5). */
export function datedShiftHours(
  shift: Pick<RuleShift, "shift_date" | "start_time" | "end_time" | "break_minutes">,
  timeZone: string,
): number {
  const span = shiftSpanMinutes(shift, timeZone);
  return span === 0 ? 0 : (span - shift.break_minutes) / 60;
}

/**
 * Whether a wall-clock time ("HH:MM") exists on a day in the zone: false for the hour the clocks skip when they go
 * forward (29.03.2026 02:00–02:59 in Europe/Zurich), true for the hour they repeat in October.
 */
export function wallTimeExists(timeZone: string, isoDate: string, time: string): boolean {
  const minutes = clockMinutes(time);
  if (minutes === null) return false;
  const day = dayNumber(isoDate);
  const instant = instantOf(timeZone, day, minutes);
  return instant + offsetAt(timeZone, instant) * MINUTE_MS === day * DAY_MS + minutes * MINUTE_MS;
}

/**
 * Whether shifts dated on this day last as long as their clock times say: no DST change from its start to the end
 * of the next day (a shift runs into the next day at most). Lets a caller that meets the same times often keep the
 * clock's length and compute datedShiftHours only on the few days around a change.
 */
export function clockHoursHold(timeZone: string, isoDate: string): boolean {
  const day = dayNumber(isoDate);
  return steadyOffset(timeZone, day) !== null && steadyOffset(timeZone, day + 1) === steadyOffset(timeZone, day);
}
