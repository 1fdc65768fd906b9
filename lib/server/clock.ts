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
