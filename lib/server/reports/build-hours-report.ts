import "server-only";
import { compareNames } from "@/lib/shared/collation";
import { sumHours } from "@/lib/shared/hours";
import type { HoursReport, HoursReportRow } from "@/lib/shared/report-types";
import { datedShiftHours } from "@/lib/shared/rules/time";
import { absenceCredits, targetHours, type CreditAbsence } from "@/lib/shared/target-hours";

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
/** A day a vacation charged (a vacation_days row): a Monday-Friday day that was no public holiday then. */
export type ReportVacationDay = { employeeId: number; day: string };

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The hours report from plain data (no database): scheduled hours of the
 * shifts dated in the range (an overnight shift counts on its start date,
 * with its full real length, §32.5); vacation days = the days vacations charged inside
 * the range; target = weekly hours / 5 × (Monday-Friday days − public holidays
 * of the company's region on them − vacation days; a vacation day that is a
 * holiday now counts once; docs/PRODUCT-RULES.md §12.1, §22); hourly employees
 * have no target and no difference.
 */
export function buildHoursReport(input: {
  startDate: string;
  endDate: string;
  employees: ReportEmployee[];
  shifts: ReportShift[];
  vacationDays: ReportVacationDay[];
  /** Public holidays of the company's region in the range (none without a region). */
  holidays?: string[];
  /** Absences besides vacation touching the range (docs/PRODUCT-RULES.md §32.2); none when left out. */
  absences?: CreditAbsence[];
  /** The business's time zone: a dated shift's hours are its real length there (docs/PRODUCT-RULES.md §32.5). */
  timeZone: string;
}): HoursReport {
  const { startDate, endDate } = input;
  const holidays = input.holidays ?? [];
  const credits = absenceCredits(input.absences ?? [], startDate, endDate);
  const vacationDaysOf = new Map<number, string[]>();
  for (const { employeeId, day } of input.vacationDays) {
    if (day >= startDate && day <= endDate)
      vacationDaysOf.set(employeeId, [...(vacationDaysOf.get(employeeId) ?? []), day]);
  }
  const rows = [...input.employees]
    .sort((a, b) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName) || a.id - b.id)
    .map((employee): HoursReportRow => {
      const shifts = input.shifts.filter(
        (shift) => shift.employeeId === employee.id && shift.date >= startDate && shift.date <= endDate,
      );
      const scheduled = sumHours(
        shifts.map((shift) =>
          datedShiftHours(
            {
              shift_date: shift.date,
              start_time: shift.start,
              end_time: shift.end,
              break_minutes: shift.breakMinutes ?? 0,
            },
            input.timeZone,
          ),
        ),
      );
      const vacationDays = vacationDaysOf.get(employee.id) ?? [];
      // The one target of every screen (docs/PRODUCT-RULES.md §31.1), with what absences credit (§32.2).
      const contract = { is_hourly: employee.isHourly, weekly_hours: employee.weeklyHours };
      const target = targetHours(contract, {
        startDate,
        endDate,
        holidays,
        creditedDays: [...vacationDays, ...(credits.days.get(employee.id) ?? [])],
        creditedHours: credits.hours.get(employee.id) ?? [],
      });
      // The hours absences credited: the target without them less the target with them (a day both vacation and
      // absence is credited once, by the vacation).
      const withoutAbsences = targetHours(contract, { startDate, endDate, holidays, creditedDays: vacationDays });
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
        vacation_days: vacationDays.length,
        absence_hours: target === null || withoutAbsences === null ? null : round2(withoutAbsences - target),
      };
    });
  const salaried = rows.filter((row) => !row.is_hourly);
  const hourly = rows.filter((row) => row.is_hourly);
  const salariedScheduled = sumHours(salaried.map((row) => row.scheduled_hours));
  const salariedTarget = sumHours(salaried.map((row) => row.target_hours ?? 0));
  return {
    start_date: startDate,
    end_date: endDate,
    employees: rows,
    totals: {
      scheduled_hours: sumHours(rows.map((row) => row.scheduled_hours)),
      target_hours: salariedTarget,
      shift_count: rows.reduce((count, row) => count + row.shift_count, 0),
      // Target and difference are compared among those with contract hours only; the hourly staff's hours are a
      // line of their own (docs/PRODUCT-RULES.md §12.1, §29.5).
      salaried: {
        employees: salaried.length,
        ...groupSums(salaried),
        target_hours: salariedTarget,
        difference: round2(salariedScheduled - salariedTarget),
      },
      hourly: { employees: hourly.length, ...groupSums(hourly) },
    },
  };
}

function groupSums(rows: HoursReportRow[]) {
  return {
    scheduled_hours: sumHours(rows.map((row) => row.scheduled_hours)),
    shift_count: rows.reduce((count, row) => count + row.shift_count, 0),
    vacation_days: sumHours(rows.map((row) => row.vacation_days)),
  };
}
