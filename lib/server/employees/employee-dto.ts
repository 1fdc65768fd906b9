import "server-only";
import type { Employee } from "@/generated/prisma/client";

/** Employee JSON of PRODUCT.md §4. `used` comes from the current year's vacations. */
export type EmployeeDto = {
  id: number;
  first_name: string;
  last_name: string;
  weekly_hours: number;
  vacation_days_total: number;
  vacation_days_used: number;
  vacation_days_remaining: number;
  is_hourly: boolean;
  created_at: string;
};

export function toEmployeeDto(employee: Employee, vacationDaysUsed: number): EmployeeDto {
  const total = employee.vacationDaysTotal.toNumber();
  return {
    id: employee.id,
    first_name: employee.firstName,
    last_name: employee.lastName,
    weekly_hours: employee.weeklyHours.toNumber(),
    vacation_days_total: total,
    vacation_days_used: vacationDaysUsed,
    vacation_days_remaining: total - vacationDaysUsed,
    is_hourly: employee.isHourly,
    created_at: employee.createdAt.toISOString(),
  };
}
