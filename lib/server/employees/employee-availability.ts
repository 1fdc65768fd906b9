import "server-only";
import { db } from "@/lib/server/db/client";
import { addDays, eachDate, mondayOf } from "@/lib/shared/dates";
import { sumHours } from "@/lib/shared/hours";
import { weekStatus } from "@/lib/shared/week-status";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import type { Availability } from "@/lib/shared/api-types";
import { getEmployee } from "./find-employees";

export type { Availability };

/** The Monday-Sunday week containing `date` for one employee (PRODUCT.md §4). */
export async function employeeAvailability(id: number, date: string): Promise<Availability> {
  const employee = await getEmployee(id);
  const weekStart = mondayOf(date);
  const weekEnd = addDays(weekStart, 6);
  const [shifts, vacations] = await Promise.all([
    findShifts({ startDate: weekStart, endDate: weekEnd, employeeId: id }),
    db.vacation.findMany({
      where: {
        employeeId: id,
        startDate: { lte: new Date(`${weekEnd}T00:00:00Z`) },
        endDate: { gte: new Date(`${weekStart}T00:00:00Z`) },
      },
      select: { startDate: true, endDate: true },
    }),
  ]);
  const scheduled = sumHours(shifts.map((shift) => shift.hours));
  const vacationDates = eachDate(weekStart, weekEnd).filter((day) =>
    vacations.some((v) => v.startDate.toISOString().slice(0, 10) <= day && day <= v.endDate.toISOString().slice(0, 10)),
  );
  return {
    employee_id: id,
    week_start: weekStart,
    week_end: weekEnd,
    weekly_hours: employee.weekly_hours,
    is_hourly: employee.is_hourly,
    scheduled_hours: scheduled,
    ...weekStatus(employee, scheduled),
    vacation_dates: vacationDates,
    shifts,
  };
}
