/**
 * The planning rules' entry points (docs/PRODUCT-RULES.md §24): pure functions of plain data, so the browser
 * previews exactly what the server decides.
 */
import {
  type EmployeeAbsences,
  type PreparedShift,
  type RawFinding,
  absencesOf,
  addUnavailability,
  compareShifts,
  evaluateEmployee,
  prepareShift,
} from "./evaluate";
import { dayNumber, mondayOfDay } from "./time";
import {
  FINDING_CODES,
  type Finding,
  type FindingCode,
  type RuleEmployee,
  type RuleInput,
  type RuleShift,
} from "./types";

const CODE_ORDER = Object.fromEntries(FINDING_CODES.map((code, index) => [code, index])) as Record<FindingCode, number>;

/** Within one shift: the order of FINDING_CODES, then the other shift, then the text (a stable answer). */
function compareWithinShift(a: Finding, b: Finding): number {
  return (
    CODE_ORDER[a.code] - CODE_ORDER[b.code] ||
    (a.related_shift_id ?? -1) - (b.related_shift_id ?? -1) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

/** Employees whose shifts get findings: active ones; archived or unknown people are history (§24.1). */
function activeEmployees(employees: RuleEmployee[]): Map<number, RuleEmployee> {
  const byId = new Map<number, RuleEmployee>();
  for (const employee of employees) if (!employee.archived) byId.set(employee.id, employee);
  return byId;
}

/**
 * Every finding for the shifts dated in the range, sorted by date, start time, shift id and code. `input.shifts`
 * should hold windowFor(range) (shifts outside the range only inform); open shifts have no findings.
 */
export function findingsInRange(input: RuleInput, range: { start_date: string; end_date: string }): Finding[] {
  const employees = activeEmployees(input.employees);
  const byEmployee = new Map<number, PreparedShift[]>();
  for (const shift of input.shifts) {
    if (shift.employee_id === null || !employees.has(shift.employee_id)) continue;
    const prepared = prepareShift(shift, input.settings.timeZone);
    if (!prepared) continue;
    const list = byEmployee.get(shift.employee_id);
    if (list) list.push(prepared);
    else byEmployee.set(shift.employee_id, [prepared]);
  }

  const absences = new Map<number, EmployeeAbsences>();
  const absencesFor = (id: number) => {
    let entry = absences.get(id);
    if (!entry) absences.set(id, (entry = { vacations: [], unavailability: new Map() }));
    return entry;
  };
  for (const vacation of input.vacations)
    if (byEmployee.has(vacation.employee_id))
      absencesFor(vacation.employee_id).vacations.push({
        first: dayNumber(vacation.start_date),
        last: dayNumber(vacation.end_date),
        absent: vacation.absent,
      });
  for (const entry of input.unavailability)
    if (byEmployee.has(entry.employee_id)) addUnavailability(absencesFor(entry.employee_id), entry);

  const first = dayNumber(range.start_date);
  const last = dayNumber(range.end_date);
  const raw: RawFinding[] = [];
  for (const [employeeId, shifts] of byEmployee) {
    // Employees without a shift in the range have nothing to report.
    if (!shifts.some((at) => at.day >= first && at.day <= last)) continue;
    shifts.sort(compareShifts);
    const employee = employees.get(employeeId)!;
    const employeeAbsences = absences.get(employeeId) ?? { vacations: [], unavailability: new Map() };
    for (const item of evaluateEmployee(input.settings, employee, shifts, employeeAbsences))
      if (item.at.day >= first && item.at.day <= last) raw.push(item);
  }
  raw.sort((a, b) => compareShifts(a.at, b.at) || compareWithinShift(a.finding, b.finding));
  return raw.map((item) => item.finding);
}

/**
 * The findings a new (id 0) or edited shift would have against `input.shifts` (the current data, windowFor its
 * date): its own, plus the sums it takes part in, handed to it (shift_id = its id) so the dialog shows them —
 * the day's daily_max, the week's weekly_max and overbooked, the run's consecutive_days (its own day's, or the
 * run's 7th day after it) — and the rest_time of the next working day when this shift is the one it rests from.
 */
export function findingsForShift(input: RuleInput, shift: RuleShift): Finding[] {
  if (shift.employee_id === null) return [];
  const employee = activeEmployees(input.employees).get(shift.employee_id);
  if (!employee) return [];
  const target = prepareShift(shift, input.settings.timeZone);
  if (!target) return [];

  const shifts: PreparedShift[] = [target];
  for (const other of input.shifts) {
    // The edited shift replaces its saved version; a new one (id 0) is added to the saved ones.
    if (other.employee_id !== shift.employee_id || (shift.id !== 0 && other.id === shift.id)) continue;
    const prepared = prepareShift(other, input.settings.timeZone);
    if (prepared) shifts.push(prepared);
  }
  shifts.sort(compareShifts);

  const absences = absencesOf(employee.id, input.vacations, input.unavailability);
  const week = mondayOfDay(target.day);
  const own: Finding[] = [];
  let runFinding: RawFinding | undefined;
  for (const item of evaluateEmployee(input.settings, employee, shifts, absences)) {
    const { finding, scope } = item;
    if (item.at === target) {
      if (finding.code !== "consecutive_days") own.push(finding);
    } else if (finding.code === "rest_time" && item.related === target) {
      own.push({ ...finding, shift_id: shift.id, related_shift_id: finding.shift_id });
    } else if (
      (scope?.kind === "day" && scope.day === target.day) ||
      (scope?.kind === "week" && scope.monday === week)
    ) {
      own.push({ ...finding, shift_id: shift.id });
    }
    // consecutive_days: the first finding of this shift's run on or after its day (findings come in day order).
    if (!runFinding && scope?.kind === "run" && scope.firstDay <= target.day && target.day <= scope.day)
      runFinding = item;
  }
  if (runFinding) own.push({ ...runFinding.finding, shift_id: shift.id });
  return own.sort(compareWithinShift);
}

/** The refusal for a write: the first error (overlap before vacation, as FINDING_CODES orders them). */
export function blockingFinding(findings: Finding[]): Finding | undefined {
  let blocking: Finding | undefined;
  for (const finding of findings)
    if (finding.severity === "error" && (!blocking || CODE_ORDER[finding.code] < CODE_ORDER[blocking.code]))
      blocking = finding;
  return blocking;
}

/**
 * Why a copy lost its employee, from the refusal of the write: on vacation, absent (an absence besides vacation,
 * named only as such, docs/PRODUCT-RULES.md §32.2), or busy at that time.
 */
export function openedReason(refusal: Finding, input: RuleInput, shift: RuleShift): "vacation" | "absent" | "overlap" {
  if (refusal.code !== "vacation") return "overlap";
  const away = input.vacations.find(
    (vacation) =>
      vacation.employee_id === shift.employee_id &&
      vacation.start_date <= shift.shift_date &&
      shift.shift_date <= vacation.end_date,
  );
  return away?.absent ? "absent" : "vacation";
}
