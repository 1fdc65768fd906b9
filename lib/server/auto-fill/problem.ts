/**
 * What the automatic filling reads and answers (docs/PRODUCT-RULES.md §28.2), as plain data: the model is built
 * and solved in a worker thread, which receives this by structured clone. No "server-only" here or in the other
 * model files: the worker, the tests and the bench (tsx) load them outside React's server context.
 */
import type { FindingCode, RuleSettings, RuleShift, RuleUnavailability, RuleVacation } from "@/lib/shared/rules";
import { isoOfDay, mondayOfDay } from "@/lib/shared/rules/time";
import type { WishKind } from "@/lib/shared/wishes";

/**
 * The findings a proposal never adds to anyone's plan (docs/PRODUCT-RULES.md §28.2): the refusing rules, the labour
 * law's limits, and a 7th working day in a row. Apply checks them again (write-fill.ts).
 */
export const NEVER_PROPOSED: ReadonlySet<FindingCode> = new Set<FindingCode>([
  "overlap",
  "vacation",
  "unavailable",
  "rest_time",
  "daily_max",
  "weekly_max",
  "consecutive_days",
]);

/** An active employee who may be proposed. */
export type FillEmployee = {
  id: number;
  /** "First Last", as reasons name the person. */
  name: string;
  weekly_hours: number;
  is_hourly: boolean;
  /** Einsatzorte (§28.1); empty = every location. */
  location_ids: number[];
  /**
   * The target of each week touching the range by its Monday (readTargets, docs/PRODUCT-RULES.md §31.1): holidays
   * and vacation days lower a week's capacity. Absent (tests, hourly staff): the contract's weekly hours.
   */
  week_targets?: Record<string, number> | null;
};

/**
 * The hours a fixed employee can work in the week of `day` (a day number) before going over the target: the
 * week's target, the same one the dashboard, the planner's panel and the report show (docs/PRODUCT-RULES.md §31.1).
 */
export function weekCapacity(employee: FillEmployee, day: number): number {
  return employee.week_targets?.[isoOfDay(mondayOfDay(day))] ?? employee.weekly_hours;
}

/** An open shift of the range. */
export type OpenShift = RuleShift & {
  employee_id: null;
  /** Employees who applied for it (§26.5). */
  applicant_ids: number[];
  /** Dated before today: nobody can work it any more; listed as unfilled. */
  past: boolean;
  /** The shift's last change (ISO 8601): apply refuses the assignment if it changed since. */
  updated_at: string;
};

export type FillProblem = {
  settings: RuleSettings;
  range: { start_date: string; end_date: string };
  /** The open shifts to fill, in date and start order. */
  open: OpenShift[];
  employees: FillEmployee[];
  /** The employees' assigned shifts of windowFor(range): rest time, weeks and runs of days count them. */
  existing: RuleShift[];
  /** Approved vacations touching the window. */
  vacations: RuleVacation[];
  /** Unavailability, one entry per day, from the day before the window on (as readRuleFacts). */
  unavailability: RuleUnavailability[];
  /** Public holidays of the range per location: holiday shifts are spread fairly. */
  holidays: { location_id: number; date: string }[];
  /**
   * The employees' wishes (docs/PRODUCT-RULES.md §35.8): the standing ones and the days off in the range. Weighed
   * after every other goal (build-model.ts, propose.ts); absent = none.
   */
  wishes?: FillWish[];
};

export type FillWish = { employee_id: number; kind: WishKind; date: string | null };

export type FillOptions = {
  /** Seconds HiGHS may search; the best plan found by then is answered. */
  timeLimitSeconds: number;
};

export type ProposedAssignment = { shift_id: number; employee_id: number; reasons: string[] };
export type UnfilledShift = { shift_id: number; reason: string };

export type FillStats = {
  open: number;
  filled: number;
  /** Hours above fixed employees' contract hours that the proposal adds (hourly staff have none). */
  overtime_hours: number;
  solve_ms: number;
  /** HiGHS proved that no better plan exists (by the objective of §28.2). */
  optimal: boolean;
  /** HiGHS's relative gap between the plan and the best bound it proved; 0 when optimal. */
  gap: number;
};

/** An hourly employee the proposal gives no shift, and why (docs/PRODUCT-RULES.md §31.1). */
export type LeftOutEmployee = { employee_id: number; name: string; reason: string };

export type FillResult = {
  assignments: ProposedAssignment[];
  unfilled: UnfilledShift[];
  left_out: LeftOutEmployee[];
  stats: FillStats;
};
