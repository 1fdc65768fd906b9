import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import type { ColleagueDto, EmployeeDto, EmployeeWeek, FindingDto } from "@/lib/shared/api-types";
import type { ScheduleAudience } from "@/lib/server/rules/find-findings";
import { can } from "@/lib/shared/roles";
import { toSecondPerson } from "@/lib/shared/rules/messages";

/**
 * Who reads an answer, for what it may show of other people (docs/PRODUCT-RULES.md §31.2, the per-route table):
 * - `planner`: managers and admins (`shifts:write`): everything.
 * - `reader`: role `user` without a linked employee (the seed's view-only screen): the seed's read access.
 * - `colleague`: role `user` with a linked employee: of colleagues only names and shifts; of themselves
 *   everything, with the findings about themselves in the second person ("Du bist am … nicht verfügbar").
 * Every route handler that answers data of several people asks `viewerOf` and passes its answer through one of
 * the projections below; the decision lives here and nowhere else.
 */
export type Viewer = { kind: "planner" } | { kind: "reader" } | { kind: "colleague"; employeeId: number; name: string };

export function viewerOf(user: AuthUser): Viewer {
  if (can(user.role, "shifts:write")) return { kind: "planner" };
  if (user.role === "user" && user.employee)
    return {
      kind: "colleague",
      employeeId: user.employee.id,
      name: `${user.employee.firstName} ${user.employee.lastName}`,
    };
  return { kind: "reader" };
}

/**
 * Which cached schedule answer (week, warnings) the viewer's answer is cut from: a colleague's from the planners'
 * one, because it holds their own unavailability findings and entries, which the readers' one leaves out; the
 * projection below then keeps only what is theirs.
 */
export function cachedAudienceOf(viewer: Viewer): ScheduleAudience {
  return viewer.kind === "reader" ? "staff" : "planner";
}

/** True when the viewer may see this employee's private data (hours, balances, findings, unavailability). */
export function seesPrivateDataOf(viewer: Viewer, employeeId: number): boolean {
  return viewer.kind !== "colleague" || viewer.employeeId === employeeId;
}

/** For routes about one employee's private data (availability, balance): a colleague's is 403. */
export function assertSeesPrivateDataOf(viewer: Viewer, employeeId: number): void {
  if (!seesPrivateDataOf(viewer, employeeId)) throw new ApiError("forbidden");
}

/** A colleague as a linked user sees them: who they are, nothing else. */
export function colleagueOf(employee: EmployeeDto): ColleagueDto {
  return { id: employee.id, first_name: employee.first_name, last_name: employee.last_name };
}

/**
 * GET /api/employees and /api/employees/{id}: own row in full, colleagues by name; the payroll's data (the
 * personnel number, docs/PRODUCT-RULES.md §34.2) only for those who keep it, the admins (`master-data:write`).
 */
export function projectEmployee(viewer: Viewer, employee: EmployeeDto, user: AuthUser): EmployeeDto | ColleagueDto {
  if (!seesPrivateDataOf(viewer, employee.id)) return colleagueOf(employee);
  if (can(user.role, "master-data:write")) return employee;
  const { personnel_number: _payroll, ...rest } = employee;
  return rest;
}

export function projectEmployees(
  viewer: Viewer,
  employees: EmployeeDto[],
  user: AuthUser,
): (EmployeeDto | ColleagueDto)[] {
  return employees.map((employee) => projectEmployee(viewer, employee, user));
}

/** A cached answer: JSON text, or its UTF-8 bytes. */
type JsonText = string | Uint8Array<ArrayBuffer>;

const parse = (text: JsonText): unknown => JSON.parse(typeof text === "string" ? text : new TextDecoder().decode(text));

/**
 * Findings as the viewer may read them: a colleague only their own, spoken to them; planners and readers as
 * given (the caller has already left out what readers may not see, `visibleFindings`).
 */
export function projectFindings(viewer: Viewer, findings: FindingDto[]): FindingDto[] {
  if (viewer.kind !== "colleague") return findings;
  return spokenTo(
    viewer.name,
    findings.filter((finding) => finding.employee_id === viewer.employeeId),
  );
}

/** Findings about one person, spoken to them ("Du bist am … nicht verfügbar"): what staff read about themselves. */
export function spokenTo<F extends FindingDto>(name: string, findings: F[]): F[] {
  return findings.map((finding) => ({ ...finding, message: toSecondPerson(finding.message, name) }));
}

/** The same on the cached JSON text of GET /api/schedule/warnings. */
export function projectFindingsJson(viewer: Viewer, text: JsonText): JsonText {
  if (viewer.kind !== "colleague") return text;
  return JSON.stringify(projectFindings(viewer, parse(text) as FindingDto[]));
}

type Owned = { employee_id: number | null };
type WeekText = {
  warnings: FindingDto[];
  unavailability: Owned[];
  wishes?: Owned[];
  applications: Owned[];
  vacations: (Owned & { notes: string | null })[];
  targets?: Owned[];
  absences?: (Owned & { type: string | null })[];
};

/**
 * GET /api/schedule/week for a colleague, cut from the planners' answer: shifts and holidays as they are; findings,
 * unavailability and targets (a person's hours, §31.1) only their own, no applications; colleagues' approved
 * vacations keep who and when, without the note written for the planners; colleagues' absences who and when, not
 * why (§32.2).
 */
export function projectScheduleWeekJson(viewer: Viewer, text: JsonText): JsonText {
  if (viewer.kind !== "colleague") return text;
  const week = parse(text) as WeekText;
  const own = (row: Owned) => row.employee_id === viewer.employeeId;
  return JSON.stringify({
    ...week,
    warnings: projectFindings(viewer, week.warnings),
    unavailability: week.unavailability.filter(own),
    // Wishes like unavailability: one's own only (docs/PRODUCT-RULES.md §35.8).
    wishes: (week.wishes ?? []).filter(own),
    // Applications stay the planners' (docs/PRODUCT-RULES.md §26.5); one's own are on "Meine Schichten".
    applications: [],
    // Offers are the planners' to decide (docs/PRODUCT-RULES.md §35.7); one's own are on the Schichtbörse.
    swaps: { running: 0, marks: [] },
    vacations: week.vacations.map((vacation) => (own(vacation) ? vacation : { ...vacation, notes: null })),
    targets: (week.targets ?? []).filter(own),
    // That a colleague is away, never why: the type is health data (docs/PRODUCT-RULES.md §32.2).
    absences: (week.absences ?? []).map((absence) => (own(absence) ? absence : { ...absence, type: null })),
  });
}

/**
 * The dashboard's hours table (`employee_weeks`) for a colleague: only their own row; the rest of the dashboard is
 * counts and dates (its findings' counts go through `projectFindings`).
 */
export function projectEmployeeWeeks(viewer: Viewer, weeks: EmployeeWeek[]): EmployeeWeek[] {
  return viewer.kind === "colleague" ? weeks.filter((week) => week.employee_id === viewer.employeeId) : weeks;
}
