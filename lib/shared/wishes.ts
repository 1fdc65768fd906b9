/**
 * Wishes ("Wünsche", docs/PRODUCT-RULES.md §35.8): soft preferences of a person. Never a finding that refuses; the
 * automatic filling weighs them below every other goal. One module for their words and for which shift fits one.
 */
import { isoWeekday } from "./dates";
import { formatDate, formatDayMonth, WEEKDAYS_SHORT } from "./format";

export const WISH_KINDS = ["prefer_early", "prefer_late", "day_off"] as const;
export type WishKind = (typeof WISH_KINDS)[number];

/** A shift starting before this time is a "Frühschicht", at or after it a "Spätschicht". */
export const EARLY_BEFORE = "12:00";

export type WishFacts = { kind: WishKind; date: string | null };

/** "lieber Frühschicht", "lieber Spätschicht", "Wunschfrei Sa 12.12.2026" (`short`: "Wunschfrei Sa 12.12."). */
export function wishLabel(wish: WishFacts, options: { short?: boolean } = {}): string {
  if (wish.kind === "prefer_early") return "lieber Frühschicht";
  if (wish.kind === "prefer_late") return "lieber Spätschicht";
  const date = wish.date ?? "";
  const day = WEEKDAYS_SHORT[isoWeekday(date) - 1];
  return `Wunschfrei ${day} ${options.short ? formatDayMonth(date) : formatDate(date)}`;
}

/**
 * How a shift on `date` starting at `start` (HH:MM) meets a wish: "fits" (an early shift for who prefers early, a
 * late one for who prefers late), "against" (the other kind, or any shift on a day off wished), or "neutral".
 */
export function wishFit(wish: WishFacts, shift: { date: string; start: string }): "fits" | "against" | "neutral" {
  if (wish.kind === "day_off") return wish.date === shift.date ? "against" : "neutral";
  const early = shift.start < EARLY_BEFORE;
  return early === (wish.kind === "prefer_early") ? "fits" : "against";
}
