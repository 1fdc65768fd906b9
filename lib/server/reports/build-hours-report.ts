import "server-only";
import { compareNames } from "@/lib/shared/collation";
import { workingDays } from "@/lib/shared/dates";
import { shiftHours, sumHours } from "@/lib/shared/hours";
import type { HoursReport, HoursReportRow } from "@/lib/shared/report-types";

export type { HoursReport } from "@/lib/shared/report-types";

export type ReportEmployee = {
  id: number;
  firstName: string;
  lastName: string;
  weeklyHours: number;
  isHourly: boolean;
};
/** `breakMinutes` 0 when left out. */
export type ReportShift = { employeeId: number; date: string; start: string; end: string; breakMinutes?: number };
export type ReportVacation = { employeeId: number; start: string; end: string };

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The hours report from plain data (no database): scheduled hours of the
 * shifts dated in the range (an overnight shift counts on its start date,
 * with its full length); vacation days = Monday-Friday vacation days inside
 * the range; target = weekly hours / 5 × (Monday-Friday days − vacation days);
 * hourly employees have no target and no difference.
 */
export function buildHoursReport(input: {
  startDate: string;
  endDate: string;
  employees: ReportEmployee[];
  shifts: ReportShift[];
  vacations: ReportVacation[];
}): HoursReport {
  const { startDate, endDate } = input;
  const workdays = workingDays(startDate, endDate);
  const rows = [...input.employees]
    .sort((a, b) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName) || a.id - b.id)
    .map((employee): HoursReportRow => {
      const shifts = input.shifts.filter(
        (shift) => shift.employeeId === employee.id && shift.date >= startDate && shift.date <= endDate,
      );
      const scheduled = sumHours(shifts.map((shift) => shiftHours(shift.start, shift.end, shift.breakMinutes) ?? 0));
      const vacationDays = input.vacations
        .filter((vacation) => vacation.employeeId === employee.id)
        .reduce((days, vacation) => {
          const from = vacation.start > startDate ? vacation.start : startDate;
          const to = vacation.end < endDate ? vacation.end : endDate;
          return days + workingDays(from, to);
        }, 0);
      const target = employee.isHourly
        ? null
        : round2((employee.weeklyHours / 5) * Math.max(0, workdays - vacationDays));
      return {
        employee_id: employee.id,
        first_name: employee.firstName,
        last_name: employee.lastName,
        is_hourly: employee.isHourly,
        weekly_hours: employee.weeklyHours,
        target_hours: target,
        scheduled_hours: scheduled,
        difference: target === null ? null : round2(scheduled - target),
        shift_count: shifts.length,
        vacation_days: vacationDays,
      };
    });
  return {
    start_date: startDate,
    end_date: endDate,
    employees: rows,
    totals: {
      scheduled_hours: sumHours(rows.map((row) => row.scheduled_hours)),
      target_hours: sumHours(rows.map((row) => row.target_hours ?? 0)),
      shift_count: rows.reduce((count, row) => count + row.shift_count, 0),
    },
  };
}
