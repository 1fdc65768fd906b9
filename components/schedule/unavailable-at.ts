import type { UnavailabilityDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { parseTime } from "@/lib/shared/hours";
import { findingsForShift } from "@/lib/shared/rules/findings";
import { coversDay } from "@/lib/shared/unavailability";
import type { RuleInput, RuleUnavailability } from "@/lib/shared/rules/types";

/**
 * The time zone the planner's browser runs in: the people planning sit where the business is
 * (docs/PRODUCT-RULES.md §13).
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Whether a shift on `date` from `start` to `end` falls into the employee's unavailability, for the shift dialog's
 * picker. The answer is the `unavailable` rule's own (docs/PRODUCT-RULES.md §24.4), from the rules module the server
 * decides with (lib/shared/rules), so it agrees with the server's finding on the DST nights too: the entries of the
 * day before, the day and the day after, one per day as the server hands them to the rules, against the shift alone.
 * Its only other rules with labour rules "none" (overlap, vacation, overbooked) have no data here to fire on.
 */
export function unavailableAt(
  entries: UnavailabilityDto[],
  employeeId: number,
  shift: { date: string; start: string; end: string },
  timeZone: string,
): boolean {
  const own = entries.filter((entry) => entry.employee_id === employeeId);
  if (own.length === 0) return false;
  const days: RuleUnavailability[] = [];
  for (const offset of [-1, 0, 1]) {
    const date = addDays(shift.date, offset);
    for (const entry of own)
      if (coversDay(entry, date))
        days.push({ employee_id: employeeId, date, start_time: entry.start_time, end_time: entry.end_time });
  }
  if (days.length === 0) return false;
  // Times still being typed ("08:3") make no shift the rules can place; a whole day on its date holds regardless.
  if (parseTime(shift.start) === null || parseTime(shift.end) === null)
    return days.some((day) => day.date === shift.date && day.start_time === null);
  const input: RuleInput = {
    settings: { labourRules: "none", weeklyMaxHours: 0, minRestHours: 0, timeZone },
    // Hourly: no contract, so no "overbooked" from a weekly figure this input does not carry.
    employees: [{ id: employeeId, name: "", weekly_hours: 0, is_hourly: true, archived: false }],
    shifts: [],
    vacations: [],
    unavailability: days,
  };
  const findings = findingsForShift(input, {
    id: 0,
    employee_id: employeeId,
    location_id: 0,
    location_name: "",
    shift_date: shift.date,
    start_time: shift.start,
    end_time: shift.end,
    break_minutes: 0,
  });
  return findings.some((finding) => finding.code === "unavailable");
}
