import "server-only";
import { config } from "@/lib/server/config";
import { timeOfDayIn } from "@/lib/shared/dates";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";

/**
 * The terminal's confirmation (docs/PRODUCT-RULES.md §32.4), in the business's time zone: "Guten Morgen, Lea —
 * eingestempelt 06:58". Clocking in greets by the time of day (Morgen 04:00–10:59, Tag 11:00–17:59, Abend
 * otherwise); a break and the end of the day have words of their own.
 */
export function confirmationText(firstName: string, action: ClockAction, at: Date): string {
  const time = timeOfDayIn(config.timeZone, at);
  const hour = Number(time.slice(0, 2));
  switch (action) {
    case "in": {
      const greeting = hour >= 4 && hour < 11 ? "Guten Morgen" : hour >= 11 && hour < 18 ? "Guten Tag" : "Guten Abend";
      return `${greeting}, ${firstName} — eingestempelt ${time}`;
    }
    case "break_start":
      return `Gute Pause, ${firstName} — Pause ab ${time}`;
    case "break_end":
      return `Willkommen zurück, ${firstName} — Pause beendet ${time}`;
    case "out":
      return `Schönen Feierabend, ${firstName} — ausgestempelt ${time}`;
  }
}
