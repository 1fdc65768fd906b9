/**
 * Legal minimum breaks (docs/PRODUCT-RULES.md §23, §24.4). The law counts working time without the break, so
 * the requirement depends on the net work: a longer break can lower what is required of it.
 */
import { shiftMinutes } from "@/lib/shared/hours";
import type { LabourRules } from "./types";

/** [net work above (minutes), break required (minutes)], largest first. */
const BREAK_STEPS: Record<LabourRules, readonly (readonly [number, number])[]> = {
  // ArG Art. 15: a quarter hour above 5½ h, half an hour above 7 h, an hour above 9 h.
  CH: [
    [9 * 60, 60],
    [7 * 60, 30],
    [5.5 * 60, 15],
  ],
  // ArbZG §4: 30 minutes above 6 h, 45 above 9 h.
  DE: [
    [9 * 60, 45],
    [6 * 60, 30],
  ],
  none: [],
};

/** Breaks are whole multiples of this (the database's check, §23). */
export const BREAK_STEP_MINUTES = 5;

/** The break the law requires for this much net work (shift length minus break). */
export function requiredBreak(netMinutes: number, labourRules: LabourRules): number {
  for (const [above, minutes] of BREAK_STEPS[labourRules]) if (netMinutes > above) return minutes;
  return 0;
}

/**
 * The break the shift dialog suggests: the smallest that leaves the shift without a `break` finding, the least b
 * with b ≥ requiredBreak(duration − b), among 0 and the multiples of 5 from the law's shortest break on (15 min in
 * CH, 30 in DE: a 5-minute pause is no break a café owner would plan). Every longer break is fine too (the
 * requirement never grows as the break grows). Because the law counts work without the break, the answer can be
 * below the law's next step: in CH 9 h 45 needs 45 (9 h of work, which needs 30), not 60.
 */
export function minimumBreak(durationMinutes: number, labourRules: LabourRules): number {
  if (requiredBreak(durationMinutes, labourRules) === 0) return 0;
  const shortest = Math.min(...BREAK_STEPS[labourRules].map(([, minutes]) => minutes));
  for (let minutes = shortest; minutes < durationMinutes; minutes += BREAK_STEP_MINUTES)
    if (minutes >= requiredBreak(durationMinutes - minutes, labourRules)) return minutes;
  return 0;
}

/**
 * The break proposed for a shift from `start` to `end` (the shift dialog and the presets, docs/PRODUCT-RULES.md
 * §27.1, §31.4): the legal minimum of its length, 0 while the times are incomplete.
 */
export function suggestedBreak(start: string, end: string, labourRules: LabourRules): number {
  return minimumBreak(shiftMinutes(start, end) ?? 0, labourRules);
}

/** "Gesetzliche Mindestpause: 30 Min." (or "keine"); nothing when the company follows no labour law (§22). */
export function breakHint(minimum: number, labourRules: LabourRules): string | undefined {
  if (labourRules === "none") return undefined;
  return `Gesetzliche Mindestpause: ${minimum > 0 ? `${minimum} Min.` : "keine"}`;
}
