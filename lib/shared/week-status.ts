import { freeHours } from "./target-hours";
import type { EmployeeWeek } from "./api-types";

/**
 * An employee's state in a range (docs/PRODUCT-RULES.md §10.2, §31.1): remaining = the range's target (targetHours,
 * lib/shared/target-hours.ts: holidays and vacation days reduce it) − scheduled hours; overbooked below zero, full at
 * zero, free above. Hourly employees have no target (null): always free, no remaining hours.
 */
export function weekStatus(
  target: number | null,
  scheduledHours: number,
): Pick<EmployeeWeek, "remaining_hours" | "status"> {
  const remaining = freeHours(target, scheduledHours);
  if (remaining === null) return { remaining_hours: null, status: "free" };
  return { remaining_hours: remaining, status: remaining > 0 ? "free" : remaining === 0 ? "full" : "overbooked" };
}
