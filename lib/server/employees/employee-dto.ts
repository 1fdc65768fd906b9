import "server-only";
import type { EmployeeDto } from "@/lib/shared/api-types";

export type { EmployeeDto };

type EmployeeLike = {
  id: number;
  firstName: string;
  lastName: string;
  weeklyHours: number | { toNumber(): number };
  vacationDaysTotal: number | { toNumber(): number };
  isHourly: boolean;
  /** Einsatzorte (docs/PRODUCT-RULES.md §28.1), ascending; empty = every location. */
  locationIds: number[];
  createdAt: Date;
  personnelNumber: string | null;
};

const num = (value: number | { toNumber(): number }) => (typeof value === "number" ? value : value.toNumber());

/** This year's vacation days: approved (`used`) and requested (`pending`), counted from the vacations. */
export type VacationDaysOfYear = { used: number; pending: number };

export function toEmployeeDto(employee: EmployeeLike, { used, pending }: VacationDaysOfYear): EmployeeDto {
  const total = num(employee.vacationDaysTotal);
  return {
    id: employee.id,
    first_name: employee.firstName,
    last_name: employee.lastName,
    weekly_hours: num(employee.weeklyHours),
    vacation_days_total: total,
    vacation_days_used: used,
    vacation_days_pending: pending,
    vacation_days_remaining: total - used,
    is_hourly: employee.isHourly,
    location_ids: employee.locationIds,
    created_at: employee.createdAt.toISOString(),
    personnel_number: employee.personnelNumber,
  };
}
