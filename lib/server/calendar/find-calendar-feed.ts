import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/server/api/errors";
import { hashOpaqueToken } from "@/lib/server/auth/opaque-token";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { db } from "@/lib/server/db/client";
import { getSettings } from "@/lib/server/settings/find-settings";
import { createVersionCache } from "@/lib/server/shifts/schedule-version-cache";
import { addDays } from "@/lib/shared/dates";
import { buildCalendar } from "./build-calendar";
import { recordFeedMiss } from "./calendar-feed-throttle";

/** The feed's window around today (docs/PRODUCT-RULES.md §26.2). */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

export type CalendarFeedLookup = { token: string; ip: string };
export type CalendarFeed = { ics: string; etag: string };

/**
 * Built feeds, per employee and day (the window moves with today), kept under the schedule data version they were
 * built from: a calendar app's poll costs one query until something in the feed changes (docs/PRODUCT-RULES.md
 * §26.2; the version moves with shifts, vacations, locations' names and addresses and the company name).
 */
const feeds = createVersionCache<CalendarFeed>({
  maxEntries: 500,
  maxEntryBytes: 500_000,
  sizeOf: (feed) => feed.ics.length,
});

type FeedShiftRow = {
  id: number;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  is_custom: boolean;
  custom_name: string | null;
  created_at: Date;
  updated_at: Date;
  location_name: string;
  location_address: string | null;
};

type FeedOwner = { employee_id: number; archived: boolean; version: string | null };

/**
 * The calendar of the employee whose link `token` is: 404 for an unknown or replaced link or an archived employee.
 * An unknown link counts against the caller's IP (./calendar-feed-throttle.ts), a valid one never does. The link,
 * its employee and the data version are read in one statement.
 */
export async function calendarFeed({ token, ip }: CalendarFeedLookup): Promise<CalendarFeed> {
  const [owner] = await db.$queryRaw<FeedOwner[]>`
    SELECT f.employee_id, e.archived_at IS NOT NULL AS archived,
           (SELECT v.version::text FROM data_versions v WHERE v.name = 'schedule') AS version
    FROM calendar_feeds f JOIN employees e ON e.id = f.employee_id
    WHERE f.token_hash = ${hashOpaqueToken(token)}`;
  if (!owner) {
    await recordFeedMiss(ip);
    throw new ApiError("not_found");
  }
  if (owner.archived) throw new ApiError("not_found");
  const today = businessToday();
  return feeds(`${owner.employee_id}:${today}`, owner.version, () => buildFeed(owner.employee_id, today));
}

async function buildFeed(employeeId: number, today: string): Promise<CalendarFeed> {
  const from = toDateColumn(addDays(today, -FEED_DAYS_BACK));
  const to = toDateColumn(addDays(today, FEED_DAYS_AHEAD));
  const [shifts, vacations, absences, settings] = await Promise.all([
    // The plan as staff see it: as last published while publishing is on (docs/PRODUCT-RULES.md §33.3).
    db.$queryRaw<FeedShiftRow[]>`
      SELECT s.id, s.shift_date::text AS shift_date, left(s.start_time::text, 5) AS start_time,
             left(s.end_time::text, 5) AS end_time, s.break_minutes, s.is_custom, s.custom_name,
             s.created_at, s.updated_at, l.name AS location_name, l.address AS location_address
      FROM staff_shifts s JOIN locations l ON l.id = s.location_id
      WHERE s.employee_id = ${employeeId}
        AND s.shift_date BETWEEN ${addDays(today, -FEED_DAYS_BACK)}::date AND ${addDays(today, FEED_DAYS_AHEAD)}::date
      ORDER BY s.shift_date, s.start_time, s.id`,
    db.vacation.findMany({
      where: { employeeId, status: "approved", startDate: { lte: to }, endDate: { gte: from } },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
    }),
    db.absence.findMany({
      where: { employeeId, startDate: { lte: to }, endDate: { gte: from } },
      select: { id: true, startDate: true, endDate: true, hours: true, createdAt: true, updatedAt: true },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
    }),
    getSettings(db),
  ]);

  const ics = buildCalendar({
    name: settings.company_name ? `Meine Schichten · ${settings.company_name}` : "Meine Schichten",
    companyName: settings.company_name || null,
    timeZone: config.timeZone,
    shifts: shifts.map((shift) => ({
      id: shift.id,
      date: shift.shift_date,
      start: shift.start_time,
      end: shift.end_time,
      breakMinutes: shift.break_minutes,
      customName: shift.is_custom && shift.custom_name ? shift.custom_name : null,
      locationName: shift.location_name,
      locationAddress: shift.location_address?.trim() || null,
      createdAt: shift.created_at,
      updatedAt: shift.updated_at,
    })),
    vacations: vacations.map((vacation) => ({
      id: vacation.id,
      start: fromDateColumn(vacation.startDate),
      end: fromDateColumn(vacation.endDate),
      createdAt: vacation.createdAt,
      updatedAt: vacation.updatedAt,
    })),
    // "abwesend" only, never the type (docs/PRODUCT-RULES.md §32.2): the type is not even read into the feed.
    absences: absences.map((absence) => ({
      id: absence.id,
      start: fromDateColumn(absence.startDate),
      end: fromDateColumn(absence.endDate),
      hours: absence.hours?.toNumber() ?? null,
      createdAt: absence.createdAt,
      updatedAt: absence.updatedAt,
    })),
  });
  const etag = `"${createHash("sha256").update(ics).digest("base64url").slice(0, 27)}"`;
  return { ics, etag };
}
