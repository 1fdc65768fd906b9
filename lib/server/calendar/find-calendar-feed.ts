import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/server/api/errors";
import { hashOpaqueToken } from "@/lib/server/auth/opaque-token";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { fromDateColumn, fromTimeColumn, toDateColumn } from "@/lib/server/db/columns";
import { db } from "@/lib/server/db/client";
import { getSettings } from "@/lib/server/settings/find-settings";
import { addDays } from "@/lib/shared/dates";
import { buildCalendar } from "./build-calendar";
import { recordFeedMiss } from "./calendar-feed-throttle";

/** The feed's window around today (docs/PRODUCT-RULES.md §26.2). */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

export type CalendarFeedLookup = { token: string; ip: string };
export type CalendarFeed = { ics: string; etag: string };

/**
 * The calendar of the employee whose link `token` is: 404 for an unknown or replaced link or an archived employee.
 * An unknown link counts against the caller's IP (./calendar-feed-throttle.ts), a valid one never does.
 */
export async function calendarFeed({ token, ip }: CalendarFeedLookup): Promise<CalendarFeed> {
  const feed = await db.calendarFeed.findUnique({
    where: { tokenHash: hashOpaqueToken(token) },
    select: { employee: { select: { id: true, archivedAt: true } } },
  });
  if (!feed) {
    await recordFeedMiss(ip);
    throw new ApiError("not_found");
  }
  if (feed.employee.archivedAt) throw new ApiError("not_found");

  const today = businessToday();
  const from = toDateColumn(addDays(today, -FEED_DAYS_BACK));
  const to = toDateColumn(addDays(today, FEED_DAYS_AHEAD));
  const employeeId = feed.employee.id;
  const [shifts, vacations, settings] = await Promise.all([
    db.shift.findMany({
      where: { employeeId, shiftDate: { gte: from, lte: to } },
      include: { location: { select: { name: true, address: true } } },
      orderBy: [{ shiftDate: "asc" }, { startTime: "asc" }, { id: "asc" }],
    }),
    db.vacation.findMany({
      where: { employeeId, status: "approved", startDate: { lte: to }, endDate: { gte: from } },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
    }),
    getSettings(),
  ]);

  const ics = buildCalendar({
    name: settings.company_name ? `Meine Schichten · ${settings.company_name}` : "Meine Schichten",
    timeZone: config.timeZone,
    shifts: shifts.map((shift) => ({
      id: shift.id,
      date: fromDateColumn(shift.shiftDate),
      start: fromTimeColumn(shift.startTime),
      end: fromTimeColumn(shift.endTime),
      breakMinutes: shift.breakMinutes,
      customName: shift.isCustom && shift.customName ? shift.customName : null,
      locationName: shift.location.name,
      locationAddress: shift.location.address?.trim() || null,
      createdAt: shift.createdAt,
      updatedAt: shift.updatedAt,
    })),
    vacations: vacations.map((vacation) => ({
      id: vacation.id,
      start: fromDateColumn(vacation.startDate),
      end: fromDateColumn(vacation.endDate),
      createdAt: vacation.createdAt,
      updatedAt: vacation.updatedAt,
    })),
  });
  const etag = `"${createHash("sha256").update(ics).digest("base64url").slice(0, 27)}"`;
  return { ics, etag };
}
