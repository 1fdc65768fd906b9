import "server-only";
import { db } from "@/lib/server/db/client";
import { findAbsences } from "@/lib/server/absences/find-absences";
import { findWeekApplications } from "@/lib/server/applications/find-applications";
import { findHolidays } from "@/lib/server/holidays/find-holidays";
import { findWeekPublication } from "@/lib/server/publishing/find-publications";
import { readTargets } from "@/lib/server/hours/read-targets";
import { warningsJson, type ScheduleAudience } from "@/lib/server/rules/find-findings";
import { getSettings } from "@/lib/server/settings/find-settings";
import { shiftsJson } from "@/lib/server/shifts/find-shifts";
import { findUnavailability } from "@/lib/server/unavailability/find-unavailability";
import { findVacations } from "@/lib/server/vacations/find-vacations";
import { findWishes } from "@/lib/server/wishes/find-wishes";

type Range = { start_date: string; end_date: string };

/**
 * The planner's week in one answer (docs/PRODUCT-RULES.md §25): its shifts, their findings, the vacations and
 * public holidays of the range, the labour rules the shift dialog suggests breaks by, and, for planners only, the
 * range's unavailability (§26.4) and the applications for its open shifts (§26.5): staff never see when a
 * colleague cannot work or who offered to take a shift. One request instead of five keeps the planner's first
 * load at three calls; the answer is cached per schedule data version and audience, and the version moves with
 * everything in it. Built as text: the shifts and findings are JSON text already.
 */
export async function scheduleWeekJson(
  range: Range,
  audience: ScheduleAudience,
  { staffPlan }: { staffPlan: boolean },
): Promise<string> {
  const [
    shifts,
    warnings,
    vacations,
    unavailability,
    holidays,
    settings,
    applications,
    targets,
    absences,
    unpublished,
    wishes,
  ] = await Promise.all([
    // Staff see the plan as published (docs/PRODUCT-RULES.md §33.3), planners the draft they edit.
    shiftsJson(db, { startDate: range.start_date, endDate: range.end_date, staff: staffPlan }),
    warningsJson(range, audience, { staffPlan }),
    findVacations({ startDate: range.start_date, endDate: range.end_date }),
    audience === "planner" ? findUnavailability({ startDate: range.start_date, endDate: range.end_date }) : [],
    findHolidays({ startDate: range.start_date, endDate: range.end_date }),
    getSettings(db),
    // Who offered to take an open shift is the planners' business (docs/PRODUCT-RULES.md §26.5).
    audience === "planner" ? findWeekApplications(range) : [],
    rangeTargets(range),
    findAbsences({ startDate: range.start_date, endDate: range.end_date }),
    // What is not yet published is the planners' business; staff see the published plan itself.
    staffPlan ? null : findWeekPublication(range),
    // Wishes are, like unavailability, the planners' and the person's own (docs/PRODUCT-RULES.md §35.8).
    audience === "planner" ? findWishes({ startDate: range.start_date, endDate: range.end_date }) : [],
  ]);
  // Staff see colleagues' vacations, not the notes written for the planners (docs/PRODUCT-RULES.md §26.3).
  const approved = vacations
    .filter((vacation) => vacation.status === "approved")
    .map((vacation) => (audience === "planner" ? vacation : { ...vacation, notes: null }));
  const rest = {
    vacations: approved,
    unavailability,
    wishes,
    holidays,
    labour_rules: settings.labour_rules,
    targets,
    applications,
    publication: unpublished ?? { publishing: settings.publishing, unpublished: 0, changed_shift_ids: [] },
    // That someone is away, for everyone; why, for the planners only: the type is health data (§32.2).
    absences: absences.map((absence) => ({
      id: absence.id,
      employee_id: absence.employee_id,
      start_date: absence.start_date,
      end_date: absence.end_date,
      hours: absence.hours,
      type: audience === "planner" ? absence.type : null,
    })),
  };
  // The two texts go in as they are; the rest is small.
  return `{"shifts":${shifts},"warnings":${warnings},${JSON.stringify(rest).slice(1)}`;
}

/**
 * The active employees' targets of the range (docs/PRODUCT-RULES.md §31.1), so the planner's panel shows the same
 * free hours as the dashboard and the report without knowing holidays in the browser.
 */
async function rangeTargets(range: Range): Promise<{ employee_id: number; target_hours: number | null }[]> {
  const [employees, targets] = await Promise.all([
    db.employee.findMany({
      where: { archivedAt: null },
      select: { id: true, weeklyHours: true, isHourly: true },
      orderBy: { id: "asc" },
    }),
    readTargets(db, { startDate: range.start_date, endDate: range.end_date }),
  ]);
  return employees.map((employee) => ({
    employee_id: employee.id,
    target_hours: targets.of({
      id: employee.id,
      is_hourly: employee.isHourly,
      weekly_hours: employee.weeklyHours.toNumber(),
    }),
  }));
}
