import type { TimeEntryStatus } from "./schemas/time-entry";

/**
 * The words and figures of time recording, the same on the staff's and the manager's screens and in the
 * Arbeitszeitnachweis (docs/PRODUCT-RULES.md §32.6, §32.7).
 */

/** An entry's status in words: "offen" until its month is approved. */
export const ENTRY_STATUS_LABELS = {
  running: "läuft",
  recorded: "offen",
  approved: "genehmigt",
  void: "storniert",
} as const satisfies Record<TimeEntryStatus, string>;

/**
 * Minutes as h:mm: 450 → "7:30". A negative count keeps its minus ("−0:15"; `minus: "-"` in files a spreadsheet
 * reads); `signed` puts "+" before a positive one (a difference). Rounded to whole minutes.
 */
export function hoursMinutes(minutes: number, { signed = false, minus = "−" } = {}): string {
  const whole = Math.abs(Math.round(minutes));
  const sign = whole === 0 ? "" : minutes < 0 ? minus : signed ? "+" : "";
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
