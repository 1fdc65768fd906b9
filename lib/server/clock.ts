import "server-only";
import { config } from "@/lib/server/config";
import { timeOfDayIn, todayIn } from "@/lib/shared/dates";

/** Today in the business's time zone (APP_TIMEZONE), as yyyy-MM-dd. */
export function businessToday(): string {
  return todayIn(config.timeZone);
}

export function businessYear(): number {
  return Number(businessToday().slice(0, 4));
}

/** The hour (0–23) of now in the business's time zone (APP_TIMEZONE). */
export function businessHour(now: Date = new Date()): number {
  return Number(timeOfDayIn(config.timeZone, now).slice(0, 2));
}

/** The date (yyyy-MM-dd) and time of day (HH:mm) now in the business's time zone, read from one instant. */
export function businessNow(): { date: string; time: string } {
  const now = new Date();
  return { date: todayIn(config.timeZone, now), time: timeOfDayIn(config.timeZone, now) };
}

/** Whether a shift has begun, by the business's clock: dated before today, or today at or after its start. */
export function shiftHasStarted(shift: { shift_date: string; start_time: string }, now = businessNow()): boolean {
  return shift.shift_date < now.date || (shift.shift_date === now.date && shift.start_time <= now.time);
}
