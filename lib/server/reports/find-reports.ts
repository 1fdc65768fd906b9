import "server-only";
import { readCreditAbsences } from "@/lib/server/absences/read-credit-absences";
import { config } from "@/lib/server/config";
import { db } from "@/lib/server/db/client";
import { fromDateColumn, fromTimeColumn, toDateColumn } from "@/lib/server/db/columns";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import { holidayDatesIn } from "@/lib/server/holidays/holiday-calendar";
import { holidaysForLocations } from "@/lib/server/holidays/find-holidays";
import { getCompanyHolidayRegion, getSettings } from "@/lib/server/settings/find-settings";
import { findVacations } from "@/lib/server/vacations/find-vacations";
import type { HoursReportQuery, SchedulePdfQuery } from "@/lib/shared/schemas/report";
import { buildHoursReport, type HoursReport } from "./build-hours-report";
import type { ScheduleData } from "./build-schedule-report";

/**
 * GET /reports/hours: active employees, plus archived ones who worked in the
 * range (docs/PRODUCT-RULES.md §12.1). With employee_id, only that employee.
 */
export async function getHoursReport(query: HoursReportQuery): Promise<HoursReport> {
  const range = { gte: toDateColumn(query.start_date), lte: toDateColumn(query.end_date) };
  const onlyOne = query.employee_id !== undefined ? { employeeId: query.employee_id } : {};
  const [employees, shifts, vacationDays, companyRegion, absences] = await Promise.all([
    db.employee.findMany({
      where: {
        ...(query.employee_id !== undefined && { id: query.employee_id }),
        OR: [{ archivedAt: null }, { shifts: { some: { shiftDate: range } } }],
      },
    }),
    db.shift.findMany({
      where: { shiftDate: range, employeeId: { not: null }, ...onlyOne },
      select: { employeeId: true, shiftDate: true, startTime: true, endTime: true, breakMinutes: true },
    }),
    db.vacationDay.findMany({
      // Approved vacations only: a request is no absence yet (docs/PRODUCT-RULES.md §26.3).
      where: { day: range, vacation: { ...onlyOne, status: "approved" } },
      select: { day: true, vacation: { select: { employeeId: true } } },
    }),
    getCompanyHolidayRegion(db),
    // What absences credit (docs/PRODUCT-RULES.md §32.2).
    readCreditAbsences(db, {
      from: query.start_date,
      to: query.end_date,
      ...(query.employee_id !== undefined && { employeeIds: [query.employee_id] }),
    }),
  ]);
  if (query.employee_id !== undefined && employees.length === 0) throw employeeNotFound();

  return buildHoursReport({
    startDate: query.start_date,
    endDate: query.end_date,
    employees: employees.map((e) => ({
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      weeklyHours: e.weeklyHours.toNumber(),
      isHourly: e.isHourly,
    })),
    shifts: shifts.map((s) => ({
      employeeId: s.employeeId!,
      date: fromDateColumn(s.shiftDate),
      start: fromTimeColumn(s.startTime),
      end: fromTimeColumn(s.endTime),
      breakMinutes: s.breakMinutes,
    })),
    vacationDays: vacationDays.map((v) => ({ employeeId: v.vacation.employeeId, day: fromDateColumn(v.day) })),
    holidays: [...holidayDatesIn(companyRegion, query.start_date, query.end_date)],
    absences,
    timeZone: config.timeZone,
  });
}

/**
 * What the schedule PDF prints, as the database gives it: the locations
 * (the active ones, plus archived ones that have shifts in the range) and
 * the range's shifts grouped per location and day, as one JSON text built
 * by PostgreSQL; the company's name, the approved vacations overlapping the
 * range (docs/PRODUCT-RULES.md §27.6) and, for rows of employees, the
 * employees with shifts in the range. The PDF worker turns it into the
 * report (build-schedule-report.ts): a month of 500 employees is 11,000
 * shifts, and parsing them and building the weeks on the event loop, then
 * copying the result to the worker, held up every other request (bench P4).
 */
export async function getScheduleData({
  start_date: startDate,
  end_date: endDate,
  rows,
}: SchedulePdfQuery): Promise<ScheduleData> {
  const range = { gte: toDateColumn(startDate), lte: toDateColumn(endDate) };
  const [[{ cells }], locations, settings, vacations, employees] = await Promise.all([
    db.$queryRaw<[{ cells: string }]>`
      SELECT coalesce(json_agg(json_build_array(c.location_id, c.shift_date, c.shifts)), '[]')::text AS cells
      FROM (
        SELECT s.location_id, to_char(s.shift_date, 'YYYY-MM-DD') AS shift_date,
               json_agg(json_build_array(
                 CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.last_name END,
                 to_char(s.start_time, 'HH24:MI'),
                 to_char(s.end_time, 'HH24:MI'),
                 CASE WHEN s.is_custom THEN s.custom_name END,
                 s.break_minutes,
                 s.employee_id
               ) ORDER BY s.start_time, s.id) AS shifts
        FROM shifts s
        LEFT JOIN employees e ON e.id = s.employee_id
        WHERE s.shift_date >= ${startDate}::date AND s.shift_date <= ${endDate}::date
        GROUP BY s.location_id, s.shift_date
      ) c`,
    db.location.findMany({
      where: { OR: [{ archivedAt: null }, { shifts: { some: { shiftDate: range } } }] },
      select: { id: true, name: true, color: true, holidayRegion: true },
    }),
    getSettings(db),
    // Approved vacations only: a request is no absence yet (docs/PRODUCT-RULES.md §26.3).
    findVacations({ startDate, endDate, status: "approved" }),
    rows === "employees"
      ? db.employee.findMany({
          where: { shifts: { some: { shiftDate: range } } },
          select: { id: true, firstName: true, lastName: true },
        })
      : [],
  ]);
  // The PDF's locations include archived ones with shifts in the range: each follows its region, too.
  const holidays = holidaysForLocations({ startDate, endDate, companyRegion: settings.holiday_region, locations });
  return {
    startDate,
    endDate,
    rows,
    companyName: settings.company_name,
    locations: locations.map(({ id, name, color }) => ({ id, name, color })),
    employees,
    vacations: vacations.map((vacation) => ({
      id: vacation.employee_id,
      firstName: vacation.first_name,
      lastName: vacation.last_name,
      startDate: vacation.start_date,
      endDate: vacation.end_date,
    })),
    cells,
    holidays,
    timeZone: config.timeZone,
  };
}
