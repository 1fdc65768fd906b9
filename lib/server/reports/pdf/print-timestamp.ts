import "server-only";
import { config } from "@/lib/server/config";

/** "22.11.2026, 19:30" in the business's time zone, for the PDFs' print line. */
export function printTimestamp(now = new Date()): string {
  return new Intl.DateTimeFormat("de-CH", {
    timeZone: config.timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(now);
}
