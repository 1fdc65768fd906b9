import "server-only";
import { spokenTo } from "@/lib/server/privacy/viewer";
import { findOpenShifts } from "@/lib/server/applications/find-applications";
import { findAbsences } from "@/lib/server/absences/find-absences";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import { findHolidays } from "@/lib/server/holidays/find-holidays";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import { findUnavailability } from "@/lib/server/unavailability/find-unavailability";
import { findWishes } from "@/lib/server/wishes/find-wishes";
import { findEmployeeVacations, vacationBalance } from "@/lib/server/vacations/find-vacations";
import type { MySchedule, MyWeek } from "@/lib/shared/api-types";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { readTargets } from "@/lib/server/hours/read-targets";
import { sumHours } from "@/lib/shared/hours";
import { findingsInRange, windowFor } from "@/lib/shared/rules";
import { MY_SCHEDULE_WEEKS } from "@/lib/shared/schemas/my-schedule";

export type MyScheduleOptions = { employeeId: number };

/** Own unavailability is listed this far ahead: entries are made for the coming weeks, rarely beyond a year. */
const UNAVAILABILITY_DAYS_AHEAD = 400;
/** Own absences are listed from this far back: a sick leave of last month, its certificate still due. */
const ABSENCE_DAYS_BACK = 30;

/**
 * "Meine Schichten" in one answer (docs/PRODUCT-RULES.md §26.6): the linked employee's shifts of this week and the
 * next seven, each week with its hours and the rules' findings (computed for this employee only, so nothing of a
 * colleague appears), the holidays of those weeks, the employee's vacations and balance, own unavailability, the
 * open shifts to apply for and the calendar link's state. Everything is read for this one employee; the route
 * decides who that is.
 */
export async function findMySchedule({ employeeId }: MyScheduleOptions): Promise<MySchedule> {
  const today = businessToday();
  const start = mondayOf(today);
  const end = addDays(start, MY_SCHEDULE_WEEKS * 7 - 1);
  const range = { start_date: start, end_date: end };
  const window = windowFor(range);

  const employee = await db.employee.findFirst({
    where: { id: employeeId, archivedAt: null },
    select: { id: true, firstName: true, lastName: true, weeklyHours: true, isHourly: true, calendarFeed: true },
  });
  if (!employee) throw employeeNotFound();

  const [shifts, ruleInput, holidays, vacations, balance, unavailability, openShifts, targets, absences, wishes] =
    await Promise.all([
      findShifts(db, { startDate: start, endDate: end, employeeId, staff: true }),
      readRuleFacts(db, {
        startDate: window.start_date,
        endDate: window.end_date,
        employees: { ids: [employeeId] },
        staff: true,
      }),
      findHolidays({ startDate: start, endDate: end }),
      findEmployeeVacations({ employeeId }),
      vacationBalance({ employeeId }),
      findUnavailability({ employeeId, startDate: today, endDate: addDays(today, UNAVAILABILITY_DAYS_AHEAD) }),
      findOpenShifts({ employeeId }),
      readTargets(db, { startDate: start, endDate: end, employeeIds: [employeeId] }),
      // Own absences, with their type: the employee's own data (docs/PRODUCT-RULES.md §32.2).
      findAbsences({ employeeId, startDate: addDays(today, -ABSENCE_DAYS_BACK), endDate: end }),
      // Own wishes (docs/PRODUCT-RULES.md §35.8): the standing ones and the days off still ahead.
      findWishes({ employeeId, startDate: today, endDate: addDays(today, UNAVAILABILITY_DAYS_AHEAD) }),
    ]);
  const contract = { id: employee.id, is_hourly: employee.isHourly, weekly_hours: Number(employee.weeklyHours) };
  // About themselves, so spoken to them (docs/PRODUCT-RULES.md §31.2).
  const findings = spokenTo(
    `${employee.firstName} ${employee.lastName}`,
    findingsInRange(ruleInput, range).filter((finding) => finding.employee_id === employeeId),
  );

  const weeks: MyWeek[] = [];
  for (let week = 0; week < MY_SCHEDULE_WEEKS; week++) {
    const weekStart = addDays(start, week * 7);
    const weekEnd = addDays(weekStart, 6);
    const inWeek = shifts.filter((shift) => shift.shift_date >= weekStart && shift.shift_date <= weekEnd);
    const ids = new Set(inWeek.map((shift) => shift.id));
    weeks.push({
      week_start: weekStart,
      week_end: weekEnd,
      scheduled_hours: sumHours(inWeek.map((shift) => shift.hours)),
      // The one target (§31.1): a holiday or vacation week shows the reduced target, as planner and report do.
      target_hours: targets.of(contract, { startDate: weekStart, endDate: weekEnd }),
      shifts: inWeek,
      findings: findings.filter((finding) => ids.has(finding.shift_id)),
    });
  }

  const thisYear = `${today.slice(0, 4)}-01-01`;
  return {
    employee: {
      id: employee.id,
      first_name: employee.firstName,
      last_name: employee.lastName,
      weekly_hours: Number(employee.weeklyHours),
      is_hourly: employee.isHourly,
    },
    weeks,
    holidays,
    vacations: vacations.filter((vacation) => vacation.end_date >= thisYear),
    balance,
    unavailability,
    open_shifts: openShifts,
    calendar_link: employee.calendarFeed ? { created_at: employee.calendarFeed.createdAt.toISOString() } : null,
    absences,
    wishes,
  };
}
