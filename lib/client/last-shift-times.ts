/**
 * The shift dialog's memory (docs/PRODUCT-RULES.md §27.1): the times and break of the last shift saved at a
 * location, kept per browser under `shift-times:<location id>`, so a new shift there starts from them. Every
 * access is guarded: storage can be unavailable (private mode, quota), and what is read may be anything.
 */
import { normalizeTime } from "@/lib/shared/hours";

export type ShiftTimes = { start_time: string; end_time: string; break_minutes: number };

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

const key = (locationId: number) => `shift-times:${locationId}`;

/** Reading `window.localStorage` itself throws where storage is blocked: only ever called inside a `try`. */
const browserStorage = (): Storage | null => (typeof window === "undefined" ? null : window.localStorage);

/** The last times used at the location in this browser, or null (never saved there, or unreadable). */
export function readLastShiftTimes(locationId: number, given?: Storage | null): ShiftTimes | null {
  try {
    const storage = given === undefined ? browserStorage() : given;
    const stored = JSON.parse(storage?.getItem(key(locationId)) ?? "null") as Partial<ShiftTimes> | null;
    const start = typeof stored?.start_time === "string" ? normalizeTime(stored.start_time) : null;
    const end = typeof stored?.end_time === "string" ? normalizeTime(stored.end_time) : null;
    const breakMinutes = stored?.break_minutes;
    if (!start || !end || start === end) return null;
    if (typeof breakMinutes !== "number" || !Number.isInteger(breakMinutes) || breakMinutes < 0) return null;
    return { start_time: start, end_time: end, break_minutes: breakMinutes };
  } catch {
    return null;
  }
}

/** Called after every successful save of a shift (new or edited) at the location. */
export function rememberShiftTimes(locationId: number, times: ShiftTimes, given?: Storage | null): void {
  try {
    const storage = given === undefined ? browserStorage() : given;
    const { start_time, end_time, break_minutes } = times;
    storage?.setItem(key(locationId), JSON.stringify({ start_time, end_time, break_minutes }));
  } catch {
    // Storage unavailable: the next shift starts from the default times.
  }
}
