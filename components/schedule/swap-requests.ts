/**
 * The texts of the planner's "Tauschanfragen" list (docs/PRODUCT-RULES.md §35.7), pure so they are tested alone.
 * Loaded with the list, not with the planner.
 */
import type { SwapDto } from "@/lib/shared/api-types";
import { isoWeekday, mondayOf } from "@/lib/shared/dates";
import { formatDate, isoWeekNumber, WEEKDAYS_SHORT } from "@/lib/shared/format";

type SwapShift = SwapDto["shift"];

/** "Sa 12.12.2026, 06:30–14:30, Bahnhof" (and the shift's own name, "· Inventur"). */
export function swapShiftText(shift: SwapShift): string {
  const day = `${WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} ${formatDate(shift.shift_date)}`;
  const name = shift.custom_name ? ` · ${shift.custom_name}` : "";
  return `${day}, ${shift.start_time}–${shift.end_time}, ${shift.location_name}${name}`;
}

/** Who gives and who takes: the one who accepted, a swap's colleague asked, or nobody yet (null). */
export function swapParties(swap: SwapDto): { from: string; to: string | null } {
  return { from: swap.offered_by.name, to: swap.accepted_by?.name ?? swap.target?.name ?? null };
}

/** "Wartet auf Freigabe" once a colleague accepted, else "Noch nicht angenommen". */
export function swapStatusText(swap: SwapDto): string {
  return swap.status === "accepted" ? "Wartet auf Freigabe" : "Noch nicht angenommen";
}

/** The Monday of the offered shift's week: where "Zur Woche" leads. */
export const swapWeek = (swap: SwapDto): string => mondayOf(swap.shift.shift_date);

/** A shift of the offer is in the week shown (a swap's two shifts may lie in two weeks). */
export function inWeek(swap: SwapDto, weekStart: string): boolean {
  return [swap.shift, swap.target_shift].some((shift) => shift !== null && mondayOf(shift.shift_date) === weekStart);
}

/** "Zur Woche (KW 50)". */
export const weekButtonText = (swap: SwapDto): string => `Zur Woche (KW ${isoWeekNumber(swapWeek(swap))})`;

/** The rules refuse the approval now (an overlap, a vacation or absence day): "Freigeben" would answer 409. */
export const approvalRefused = (swap: SwapDto): boolean => swap.findings.some((f) => f.severity === "error");

/** The toasts after a decision: "Abgabe freigegeben!" / "Tausch abgelehnt". */
export function decisionText(swap: SwapDto, decision: "approve" | "reject"): string {
  const what = swap.kind === "swap" ? "Tausch" : "Abgabe";
  return decision === "approve" ? `${what} freigegeben!` : `${what} abgelehnt`;
}
