import { createContext } from "react";
import type { ScheduleWeekDto } from "@/lib/shared/api-types";

/** What a chip says of a running offer of its shift (docs/PRODUCT-RULES.md §35.7): the words, and whether it waits. */
export type SwapMark = { text: string; waiting: boolean };

/**
 * The chip marks of the week's running offers: "Abgabe offen" / "Tausch offen" while nobody has accepted, "Abgabe:
 * wartet" / "Tausch: wartet" once accepted, waiting for a planner (a swap's two shifts each have their mark).
 */
export function swapMarks(marks: ScheduleWeekDto["swaps"]["marks"] | undefined): Map<number, SwapMark> {
  return new Map(
    (marks ?? []).map(({ shift_id, kind, status }) => {
      const waiting = status === "accepted";
      return [
        shift_id,
        { text: `${kind === "swap" ? "Tausch" : "Abgabe"}${waiting ? ": wartet" : " offen"}`, waiting },
      ];
    }),
  );
}

/** The shown week's chip marks of running offers; null for those who do not plan (docs/PRODUCT-RULES.md §35.7). */
export const SwapMarksContext = createContext<ReadonlyMap<number, SwapMark> | null>(null);
