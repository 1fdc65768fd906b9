import { sumHours } from "./hours";
import type { EmployeeWeek } from "./api-types";

/**
 * An employee's state in a week (docs/PRODUCT-RULES.md §10.2): remaining = weekly hours −
 * scheduled hours; overbooked below zero, full at zero, free above.
 * Hourly employees have no weekly target: always free, no remaining hours.
 */
export function weekStatus(
  employee: { is_hourly: boolean; weekly_hours: number },
  scheduledHours: number,
): Pick<EmployeeWeek, "remaining_hours" | "status"> {
  if (employee.is_hourly) return { remaining_hours: null, status: "free" };
  const remaining = sumHours([employee.weekly_hours, -scheduledHours]);
  return { remaining_hours: remaining, status: remaining > 0 ? "free" : remaining === 0 ? "full" : "overbooked" };
}
