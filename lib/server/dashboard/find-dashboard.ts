import "server-only";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { loadRuleInput } from "@/lib/server/rules/load-rule-input";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import { findVacations } from "@/lib/server/vacations/find-vacations";
import type { DashboardDto } from "@/lib/shared/api-types";
import { compareNames } from "@/lib/shared/collation";
import { addDays, addMonths, mondayOf } from "@/lib/shared/dates";
import { sumHours } from "@/lib/shared/hours";
import { findingsInRange, windowFor } from "@/lib/shared/rules";
import { weekStatus } from "@/lib/shared/week-status";

const UPCOMING_LIMIT = 5;

/** `date`: any day of the week to show (default: this week). */
export type DashboardOptions = { date?: string };

/**
 * The dashboard (docs/PRODUCT-RULES.md §16.3) in one request: the week's counts, the employees'
 * week status, the vacations of the next month and the week's findings of the planning rules (§24).
 * Five queries, run in parallel.
 */
export async function getDashboard({ date }: DashboardOptions = {}): Promise<DashboardDto> {
  const today = businessToday();
  const weekStart = mondayOf(date ?? today);
  const weekEnd = addDays(weekStart, 6);
  const window = windowFor({ start_date: weekStart, end_date: weekEnd });
  const [employees, locationCount, shifts, vacations, ruleInput] = await Promise.all([
    db.employee.findMany({
      where: { archivedAt: null },
      select: { id: true, firstName: true, lastName: true, isHourly: true, weeklyHours: true },
    }),
    db.location.count({ where: { archivedAt: null } }),
    findShifts({ startDate: weekStart, endDate: weekEnd }),
    // docs/PRODUCT-RULES.md §10.3: the window is today to one month ahead (labelled "next 30 days").
    findVacations({ startDate: today, endDate: addMonths(today, 1) }),
    loadRuleInput({ startDate: window.start_date, endDate: window.end_date }),
  ]);
  const findings = findingsInRange(ruleInput, { start_date: weekStart, end_date: weekEnd });
  const errors = findings.filter((finding) => finding.severity === "error").length;

  const scheduled = new Map<number, number[]>();
  for (const shift of shifts) {
    if (shift.employee_id !== null)
      scheduled.set(shift.employee_id, [...(scheduled.get(shift.employee_id) ?? []), shift.hours]);
  }
  const employeeWeeks = employees
    .sort((a, b) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName) || a.id - b.id)
    .map((employee) => {
      const base = { is_hourly: employee.isHourly, weekly_hours: employee.weeklyHours.toNumber() };
      const hours = sumHours(scheduled.get(employee.id) ?? []);
      return {
        employee_id: employee.id,
        first_name: employee.firstName,
        last_name: employee.lastName,
        ...base,
        scheduled_hours: hours,
        ...weekStatus(base, hours),
      };
    });

  const assigned = shifts.filter((shift) => shift.employee_id !== null);
  return {
    today,
    week_start: weekStart,
    week_end: weekEnd,
    employees: { total: employees.length, hourly: employees.filter((employee) => employee.isHourly).length },
    locations: { total: locationCount },
    shifts: {
      total: shifts.length,
      assigned_hours: sumHours(assigned.map((shift) => shift.hours)),
      unassigned: shifts.length - assigned.length,
    },
    vacations: { total: vacations.length, upcoming: vacations.slice(0, UPCOMING_LIMIT) },
    findings: { errors, warnings: findings.length - errors },
    employee_weeks: employeeWeeks,
  };
}
