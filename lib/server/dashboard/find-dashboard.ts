import "server-only";
import { businessHour, businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { holidaysForLocations } from "@/lib/server/holidays/find-holidays";
import { readTargets } from "@/lib/server/hours/read-targets";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import { projectEmployeeWeeks, projectFindings, type Viewer } from "@/lib/server/privacy/viewer";
import { visibleFindings, type ScheduleAudience } from "@/lib/server/rules/find-findings";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import { countPendingSwaps } from "@/lib/server/swaps/find-swaps";
import { countPendingVacationRequests, findVacations } from "@/lib/server/vacations/find-vacations";
import { countWaitingApplications } from "./count-waiting-applications";
import { findOnDutyToday } from "./find-on-duty";
import { findAbsenceNews, NO_ABSENCE_NEWS } from "@/lib/server/absences/find-absences";
import { findClockedIn, NOBODY_CLOCKED_IN } from "@/lib/server/time/timesheet-now";
import type { DashboardDto } from "@/lib/shared/api-types";
import type { DashboardWeek } from "@/lib/shared/schemas/dashboard";
import { compareNames } from "@/lib/shared/collation";
import { addDays, addMonths, isoWeekday, mondayOf } from "@/lib/shared/dates";
import { sumHours } from "@/lib/shared/hours";
import { findingsInRange, windowFor } from "@/lib/shared/rules";
import { weekStatus } from "@/lib/shared/week-status";

const UPCOMING_LIMIT = 5;
/** The dashboard's holidays: today and the 27 days after it (docs/PRODUCT-RULES.md §22.6). */
const HOLIDAY_DAYS = 28;

/**
 * `date`: any day of the week to show (default: this week). `audience`: planners (managers and admins, who also
 * decide vacation requests) get the count of waiting requests and every finding; staff get 0, no finding that
 * tells of a colleague's unavailability and no vacation notes (docs/PRODUCT-RULES.md §26.3, §26.4).
 */
export type DashboardOptions = { date?: string; week?: DashboardWeek; audience?: ScheduleAudience; viewer?: Viewer };

/** From Sunday 16:00 (the business's time zone) the owner plans the coming week (docs/PRODUCT-RULES.md §31.6). */
const SUNDAY_EVENING_HOUR = 16;

/**
 * The dashboard (docs/PRODUCT-RULES.md §16.3) in one request: the week's counts, the employees'
 * week status, the vacations of the next month, the holiday region and the next four weeks'
 * holidays (§22.6), and the week's findings of the planning rules (§24). The queries run in parallel.
 */
export async function getDashboard({
  date,
  week = "this",
  audience = "staff",
  viewer = { kind: "reader" },
}: DashboardOptions = {}): Promise<DashboardDto> {
  const planner = audience === "planner";
  const today = businessToday();
  const weekStart = addDays(mondayOf(date ?? today), week === "next" ? 7 : 0);
  const weekEnd = addDays(weekStart, 6);
  const window = windowFor({ start_date: weekStart, end_date: weekEnd });
  const [
    employees,
    locations,
    shifts,
    vacations,
    holidayRegion,
    ruleInput,
    pendingRequests,
    aheadShift,
    targets,
    waiting,
    pendingSwaps,
    absenceNews,
    clockedIn,
    onDuty,
  ] = await Promise.all([
    db.employee.findMany({
      where: { archivedAt: null },
      select: { id: true, firstName: true, lastName: true, isHourly: true, weeklyHours: true },
    }),
    db.location.findMany({
      where: { archivedAt: null },
      // "Schichtarten anlegen" of "Erste Schritte" is done once an active location has one (PRODUCT-RULES §31.5).
      select: { id: true, holidayRegion: true, _count: { select: { presets: true } } },
    }),
    // Staff see the plan as published (docs/PRODUCT-RULES.md §33.3).
    findShifts(db, { startDate: weekStart, endDate: weekEnd, staff: !planner }),
    // docs/PRODUCT-RULES.md §10.3: the window is today to one month ahead (labelled "next 30 days").
    // Approved only: "im Urlaub" means away, not asked for (§26.3).
    findVacations({ startDate: today, endDate: addMonths(today, 1), status: "approved" }),
    getCompanyHolidayRegion(db),
    readRuleFacts(db, {
      startDate: window.start_date,
      endDate: window.end_date,
      employees: "assigned",
      staff: !planner,
    }),
    planner ? countPendingVacationRequests() : 0,
    // "Woche planen" of "Erste Schritte" is done once a shift exists from this week on (docs/PRODUCT-RULES.md §29.5).
    db.shift.findFirst({ where: { shiftDate: { gte: toDateColumn(mondayOf(today)) } }, select: { id: true } }),
    readTargets(db, { startDate: weekStart, endDate: weekEnd }),
    planner ? countWaitingApplications(db, { from: today }) : { count: 0, week_start: null },
    // Accepted swaps and give-aways waiting for approval (docs/PRODUCT-RULES.md §35.7): planners decide them.
    planner ? countPendingSwaps(db) : 0,
    // Sick reports and missing certificates are health data: planners only (docs/PRODUCT-RULES.md §32.2).
    planner ? findAbsenceNews() : NO_ABSENCE_NEWS,
    // "Jetzt eingestempelt" and forgotten stamps: for the managers (docs/PRODUCT-RULES.md §32.3).
    planner ? findClockedIn(db) : NOBODY_CLOCKED_IN,
    // "Heute im Dienst": who works today and whether they are stamped in (docs/PRODUCT-RULES.md §32.8).
    planner ? findOnDutyToday(db, today) : [],
  ]);
  const holidays = holidaysForLocations({
    startDate: today,
    endDate: addDays(today, HOLIDAY_DAYS - 1),
    companyRegion: holidayRegion,
    locations,
  });
  // A linked user counts only their own findings and sees only their own hours (docs/PRODUCT-RULES.md §31.2).
  const findings = projectFindings(
    viewer,
    visibleFindings(findingsInRange(ruleInput, { start_date: weekStart, end_date: weekEnd }), audience),
  );
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
      // The week's target, as on every screen (docs/PRODUCT-RULES.md §31.1).
      const target = targets.of({ id: employee.id, ...base });
      return {
        employee_id: employee.id,
        first_name: employee.firstName,
        last_name: employee.lastName,
        ...base,
        target_hours: target,
        scheduled_hours: hours,
        ...weekStatus(target, hours),
      };
    });

  const assigned = shifts.filter((shift) => shift.employee_id !== null);
  return {
    today,
    week_start: weekStart,
    week_end: weekEnd,
    employees: { total: employees.length, hourly: employees.filter((employee) => employee.isHourly).length },
    locations: {
      total: locations.length,
      with_presets: locations.filter((location) => location._count.presets > 0).length,
    },
    shifts: {
      total: shifts.length,
      assigned_hours: sumHours(assigned.map((shift) => shift.hours)),
      unassigned: shifts.length - assigned.length,
      planned_ahead: aheadShift !== null,
    },
    vacations: {
      total: vacations.length,
      // A note was written for the planners (docs/PRODUCT-RULES.md §26.3): colleagues see the dates only.
      upcoming: vacations
        .slice(0, UPCOMING_LIMIT)
        .map((vacation) => (planner ? vacation : { ...vacation, notes: null })),
    },
    pending_vacation_requests: pendingRequests,
    findings: { errors, warnings: findings.length - errors },
    employee_weeks: projectEmployeeWeeks(viewer, employeeWeeks),
    holiday_region: holidayRegion,
    holidays,
    open_shift_applications: waiting,
    pending_swaps: pendingSwaps,
    next_week_suggested: isoWeekday(today) === 7 && businessHour() >= SUNDAY_EVENING_HOUR,
    absences: absenceNews,
    clocked_in: clockedIn.clocked_in,
    forgotten_clock_outs: clockedIn.forgotten_clock_outs,
    on_duty_today: onDuty,
  };
}
