import type { EmployeeDto, LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { sumHours } from "@/lib/shared/hours";
import { weekStatus } from "@/lib/shared/week-status";

export type EmployeeAvailability = {
  employee: EmployeeDto;
  scheduled: number;
  remaining: number | null;
  status: "free" | "full" | "overbooked";
};

/** Each employee's scheduled and remaining hours in the displayed week (docs/PRODUCT-RULES.md §10.2). */
export function availability(employees: EmployeeDto[], shifts: ShiftDto[]): EmployeeAvailability[] {
  const hours = new Map<number, number[]>();
  for (const shift of shifts)
    if (shift.employee_id !== null)
      hours.set(shift.employee_id, [...(hours.get(shift.employee_id) ?? []), shift.hours]);
  return employees.map((employee) => {
    const scheduled = sumHours(hours.get(employee.id) ?? []);
    const { remaining_hours, status } = weekStatus(employee, scheduled);
    return { employee, scheduled, remaining: remaining_hours, status };
  });
}

/** Shifts by "locationId|date", each cell sorted by start time (the API sorts by date and start). */
export function cells(shifts: ShiftDto[]): Map<string, ShiftDto[]> {
  const byCell = new Map<string, ShiftDto[]>();
  for (const shift of shifts) {
    const key = `${shift.location_id}|${shift.shift_date}`;
    byCell.set(key, [...(byCell.get(key) ?? []), shift]);
  }
  return byCell;
}

/**
 * The grid's rows: active locations, plus archived ones that still have
 * shifts this week (their past must stay visible).
 */
export function rows(locations: LocationDto[], shifts: ShiftDto[]): LocationDto[] {
  const known = new Set(locations.map((location) => location.id));
  const extra = new Map<number, LocationDto>();
  for (const shift of shifts) {
    if (!known.has(shift.location_id))
      extra.set(shift.location_id, {
        id: shift.location_id,
        name: shift.location_name,
        color: shift.location_color,
        address: null,
        holiday_region: null,
      });
  }
  return [...locations, ...extra.values()];
}
