import { hoursMinutes } from "@/lib/shared/time-entry-text";

/**
 * The texts of stamping on Meine Schichten (docs/PRODUCT-RULES.md §32.1). Instants are shown in the browser's time
 * zone, which is the business's where the staff work (§13), read from the Date's local fields (no Intl start-up).
 */

/** "06:58" */
export function clockTime(isoInstant: string): string {
  const at = new Date(isoInstant);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

/** Worked minutes as "2:05 h". */
export function durationLabel(minutes: number): string {
  // Whole minutes gone by: a running entry of 2:05:50 shows 2:05, not 2:06.
  return `${hoursMinutes(Math.max(0, Math.floor(minutes)))} h`;
}
