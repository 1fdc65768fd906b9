import "server-only";
import { config } from "@/lib/server/config";
import { todayIn } from "@/lib/shared/dates";

/** Today in the business's time zone (APP_TIMEZONE), as yyyy-MM-dd. */
export function businessToday(): string {
  return todayIn(config.timeZone);
}

export function businessYear(): number {
  return Number(businessToday().slice(0, 4));
}

/** The hour (0–23) of now in the business's time zone (APP_TIMEZONE). */
export function businessHour(now: Date = new Date()): number {
  const hour = new Intl.DateTimeFormat("en-GB", {
    timeZone: config.timeZone,
    hour: "2-digit",
    hourCycle: "h23",
  }).format(now);
  return Number(hour);
}
