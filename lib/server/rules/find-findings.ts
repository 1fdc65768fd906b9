import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db, type Db, type Tx } from "@/lib/server/db/client";
import { lockEmployees } from "@/lib/server/db/locks";
import { assertActiveEmployee, employeeNotFoundField } from "@/lib/server/employees/find-employees";
import { assertActiveLocations } from "@/lib/server/locations/find-locations";
import { blockingFinding, findingsForShift, findingsInRange, windowFor, type Finding } from "@/lib/shared/rules";
import { can } from "@/lib/shared/roles";
import type { ShiftCheckInput, ShiftInput } from "@/lib/shared/schemas/shift";
import { readRuleFacts } from "./read-rule-facts";

type Range = { start_date: string; end_date: string };

/**
 * Who reads a schedule answer: planners (shifts:write) see everything; staff see neither other people's
 * unavailability nor their applications (docs/PRODUCT-RULES.md §26), so the findings that would reveal them are
 * left out. Cached answers are kept per audience.
 */
export type ScheduleAudience = "planner" | "staff";

export function audienceOf(user: AuthUser): ScheduleAudience {
  return can(user.role, "shifts:write") ? "planner" : "staff";
}

/** Findings a staff member may not see: they tell when a colleague said they cannot work. */
const PLANNER_ONLY_FINDINGS: ReadonlySet<Finding["code"]> = new Set(["unavailable"]);

/** The findings the audience may see (every answer that serves findings to staff goes through this). */
export function visibleFindings(findings: Finding[], audience: ScheduleAudience): Finding[] {
  return audience === "planner" ? findings : findings.filter((finding) => !PLANNER_ONLY_FINDINGS.has(finding.code));
}

/**
 * The findings of the shifts dated in the range, as the JSON text GET /api/schedule/warnings answers: of the draft
 * for planners, of the plan as published for everyone else (`staffPlan`, docs/PRODUCT-RULES.md §33.3).
 */
export async function warningsJson(
  range: Range,
  audience: ScheduleAudience,
  { staffPlan }: { staffPlan: boolean },
): Promise<string> {
  const window = windowFor(range);
  const input = await readRuleFacts(db, {
    startDate: window.start_date,
    endDate: window.end_date,
    employees: "assigned",
    staff: staffPlan,
  });
  return JSON.stringify(visibleFindings(findingsInRange(input, range), audience));
}

type CandidateOptions = { id: number; input: ShiftInput; locationName: string };

/** The findings a shift would have, read in the caller's transaction (or outside one). */
async function findingsOfCandidate(db: Db, { id, input, locationName }: CandidateOptions) {
  if (input.employee_id === null) return [];
  const window = windowFor({ start_date: input.shift_date, end_date: input.shift_date });
  const ruleInput = await readRuleFacts(db, {
    startDate: window.start_date,
    endDate: window.end_date,
    employees: { ids: [input.employee_id] },
  });
  return findingsForShift(ruleInput, {
    id,
    employee_id: input.employee_id,
    location_id: input.location_id,
    location_name: locationName,
    shift_date: input.shift_date,
    start_time: input.start_time,
    end_time: input.end_time,
    break_minutes: input.break_minutes,
  });
}

async function locationName(db: Db, locationId: number): Promise<string> {
  const location = await db.location.findUniqueOrThrow({ where: { id: locationId }, select: { name: true } });
  return location.name;
}

/** POST /api/shifts/check: the findings of a shift as it would be saved; writes nothing. */
export async function checkShift(input: ShiftCheckInput): Promise<Finding[]> {
  const { id = 0, ...shift } = input;
  if (shift.employee_id !== null) await assertActiveEmployee(db, { id: shift.employee_id });
  await assertActiveLocations(db, { ids: [shift.location_id] });
  return findingsOfCandidate(db, { id, input: shift, locationName: await locationName(db, shift.location_id) });
}

const REFUSALS = { overlap: "shift_overlap", vacation: "employee_on_vacation" } as const;

/**
 * Before a shift is saved with an employee (docs/PRODUCT-RULES.md §25): locks the employee's row, so
 * parallel writes for one person queue here and each sees the shifts and vacations committed before it (20
 * parallel overlapping assignments: exactly one succeeds; a vacation being recorded waits too), refuses an
 * overlap or a vacation day with 409, and answers the warnings the shift will have.
 */
export async function assertAssignable(tx: Tx, options: { id: number; input: ShiftInput }): Promise<Finding[]> {
  const { input } = options;
  if (input.employee_id === null) return [];
  // Under the lock the employee must still be active: archiving (which opens their shifts) may have committed
  // while this write waited.
  const locked = await lockEmployees(tx, [input.employee_id], { activeOnly: true });
  if (locked.size === 0) throw employeeNotFoundField();
  const findings = await findingsOfCandidate(tx, {
    ...options,
    locationName: await locationName(tx, input.location_id),
  });
  const refusal = blockingFinding(findings);
  if (refusal) {
    const code = refusal.code === "vacation" ? REFUSALS.vacation : REFUSALS.overlap;
    throw new ApiError(code, refusal.message);
  }
  return findings;
}
