/**
 * The integer program of the automatic filling (docs/PRODUCT-RULES.md §28.2, the formulation explained in
 * docs/ARCHITECTURE.md §15). One binary x[s,e] per open shift s and employee e who may take it beside what e
 * works already (EmployeeLoad.blockOf); pairs that could never be legal get no variable at all.
 *
 * Constraints (all "≤"):
 * - each shift at most once: Σ_e x[s,e] ≤ 1;
 * - shifts one person cannot hold together (overlap, rest time, CH's 14 h day — pairConflict): one row per clique
 *   of the conflict graph, not per pair. The graph is the same for everyone (the rules depend on the shifts only),
 *   so its edges are covered once by cliques (a shift starting at 08:00 and the six others running then, plus the
 *   late ones of the day before that leave too little rest, are one row) and each clique is cut down to each
 *   person's candidates. A pair per row would be the same set of plans with a far weaker LP relaxation: with k
 *   shifts at one time it allows x = ½ on each, a clique row allows 1 in total;
 * - the week's maximum and DE's 10 h a day: Σ hours·x ≤ what is left after the assigned shifts, only where the
 *   candidates could exceed it;
 * - at most 6 working days in any 7: a day variable w[e,d] ≥ x[s,e] for the days of such windows.
 *
 * Objectives, lexicographic as §28.2 orders the goals (propose.ts solves them one after the other):
 * 1. as many filled shifts as possible (Σ x);
 * 2. then, with at least that many filled, the least penalty in "points" (`colCost`, weights as listed):
 * - OVERTIME per hour a fixed employee goes above the week's contract hours, HOURLY per hour given to hourly staff:
 *   a fixed employee with free hours costs nothing, hourly staff a little, overtime four times as much;
 * - FAIRNESS: the square of each person's evening, weekend and holiday shifts in the range (linearised by tangents),
 *   so the k-th such shift of one person costs 2k − 1 and they spread;
 * - APPLICANT: a small cost for giving a shift with applicants to someone who did not apply.
 * `fillWeight` folds both into one objective where one solve must see both (the LP relaxation that narrows a large
 * model): one more filled shift is worth more than all penalties together can differ between two plans.
 * 3. then, with at least that many filled and no more penalty, the wishes (docs/PRODUCT-RULES.md §35.8, `wishCost`):
 *    WISH.against per shift given against a wish (a late shift to who prefers early, any shift on a wished day off),
 *    −WISH.fits per shift that fits one (an early shift to who prefers early). Not part of `colCost`: the goals
 *    above see exactly what they saw before wishes existed.
 */
import { clockMinutes, dayNumber, mondayOfDay } from "@/lib/shared/rules/time";
import {
  DE_DAILY_MAX_HOURS,
  MAX_CONSECUTIVE_DAYS,
  absencesOf,
  addUnavailability,
  prepareShift,
  type PreparedShift,
} from "@/lib/shared/rules/evaluate";
import { wishFit, type WishFacts } from "@/lib/shared/wishes";
import { CONFLICT_REACH_DAYS, EmployeeLoad, pairConflict, type Block } from "./employee-load";
import { weekCapacity, type FillEmployee, type FillProblem, type OpenShift } from "./problem";

/** Weights of the objective (points); see the comment above and docs/ARCHITECTURE.md §15. */
export const WEIGHTS = { overtimePerHour: 8, hourlyPerHour: 2, fairness: 1, notApplicant: 0.5 } as const;

/**
 * The wishes' tier (docs/PRODUCT-RULES.md §35.8): going against a wish weighs twice what granting one gains, so a
 * plan never buys one granted wish with one broken.
 */
export const WISH = { against: 2, fits: 1 } as const;

/** Evening: work after 20:00 (or past midnight). */
const EVENING_FROM_MINUTES = 20 * 60;

/** Beyond this many evening/weekend/holiday shifts in a range the fairness cost grows linearly (fewer rows). */
const FAIRNESS_PIECES = 20;

export type Candidate = { shift: number; employee: number; col: number };

/** One open shift as the model sees it. */
export type ModelShift = {
  open: OpenShift;
  at: PreparedShift | null;
  /** Evening, weekend or holiday. */
  unpopular: boolean;
  candidates: Candidate[];
  /** Why each employee who is not a candidate is not (explain.ts); keyed by employee index. */
  blocks: Map<number, Block>;
};

export type SparseRow = { indices: number[]; values: number[]; upper: number };

export type FillModel = {
  shifts: ModelShift[];
  employees: FillEmployee[];
  /** Per employee: the assigned shifts and absences, for the start plan and the reasons (fresh copies each). */
  loadOf: (employee: number) => EmployeeLoad;
  candidates: Candidate[];
  numCols: number;
  colCost: number[];
  colUpper: number[];
  integer: boolean[];
  rows: SparseRow[];
  /** One filled shift in points, more than the penalties of any two plans can differ (see the file comment). */
  fillWeight: number;
  /** Columns of the day variables w[e,d], per employee and day. */
  dayCols: Map<number, Map<number, number>>;
  /** Overtime columns: per employee and Monday, with the contract hours left after the assigned shifts. */
  overtimeCols: { employee: number; monday: number; col: number; free: number }[];
  /** Fairness columns: per employee, with the evening/weekend/holiday shifts assigned already in the range. */
  fairnessCols: { employee: number; countCol: number; col: number; assigned: number; pieces: [number, number][] }[];
  /** The wishes of each employee (by index), for the reasons. */
  wishesOf: WishFacts[][];
  /** The third goal's cost per column (only x columns have one); null when no candidate meets a wish. */
  wishCost: Float64Array | null;
};

/** Evening (work after 20:00 or past midnight), a Saturday or Sunday, or a public holiday at the shift's location. */
export function isUnpopular(at: PreparedShift, holidays: Set<string>): boolean {
  const weekday = (((at.day + 3) % 7) + 7) % 7; // 0 = Monday
  if (weekday >= 5 || holidays.has(`${at.shift.location_id}:${at.shift.shift_date}`)) return true;
  const end = clockMinutes(at.shift.end_time)!;
  return end > EVENING_FROM_MINUTES || end <= at.startMinutes;
}

/** Covers every edge of the conflict graph by cliques, greedily, in start order (see the file comment). */
export function cliqueCover(adjacent: Set<number>[]): number[][] {
  const uncovered = adjacent.map((set) => new Set(set));
  const cliques: number[][] = [];
  for (let u = 0; u < adjacent.length; u++) {
    while (uncovered[u].size > 0) {
      const v = uncovered[u].values().next().value as number;
      const clique = [u, v];
      // Grow by common neighbours, those with edges still to cover first: fewer, larger rows.
      const common = [...adjacent[u]].filter((w) => w !== v && adjacent[v].has(w));
      common.sort((a, b) => Number(uncovered[u].has(b)) - Number(uncovered[u].has(a)) || a - b);
      for (const w of common) if (clique.every((member) => adjacent[member].has(w))) clique.push(w);
      for (const a of clique) for (const b of clique) if (a !== b) uncovered[a].delete(b);
      cliques.push(clique);
    }
  }
  return cliques;
}

export function buildFillModel(problem: FillProblem): FillModel {
  const { settings } = problem;
  const zone = settings.timeZone;
  const labourLaw = settings.labourRules !== "none";
  const employees = problem.employees;
  const indexOf = new Map(employees.map((employee, index) => [employee.id, index]));

  const existingOf = employees.map((): PreparedShift[] => []);
  for (const shift of problem.existing) {
    const index = shift.employee_id === null ? undefined : indexOf.get(shift.employee_id);
    const at = index === undefined ? null : prepareShift(shift, zone);
    if (at) existingOf[index!].push(at);
  }
  const absences = employees.map((employee) => absencesOf(employee.id, problem.vacations, []));
  for (const entry of problem.unavailability) {
    const index = indexOf.get(entry.employee_id);
    if (index !== undefined) addUnavailability(absences[index], entry);
  }
  const loadOf = (employee: number) =>
    new EmployeeLoad(employees[employee], settings, absences[employee], existingOf[employee]);
  const loads = employees.map((_, index) => loadOf(index));

  const holidays = new Set(problem.holidays.map((holiday) => `${holiday.location_id}:${holiday.date}`));
  const candidates: Candidate[] = [];
  const shifts: ModelShift[] = problem.open.map((open) => {
    const at = open.past ? null : prepareShift(open, zone);
    return { open, at, unpopular: at !== null && isUnpopular(at, holidays), candidates: [], blocks: new Map() };
  });
  shifts.forEach((entry, shiftIndex) => {
    if (!entry.at) return;
    loads.forEach((load, employee) => {
      const block = load.blockOf(entry.at!);
      if (block) entry.blocks.set(employee, block);
      else {
        const candidate = { shift: shiftIndex, employee, col: candidates.length };
        candidates.push(candidate);
        entry.candidates.push(candidate);
      }
    });
  });

  const colCost: number[] = [];
  const colUpper: number[] = [];
  const integer: boolean[] = [];
  const rows: SparseRow[] = [];
  const addCol = (cost: number, upper: number, isInteger: boolean) => {
    colCost.push(cost);
    colUpper.push(upper);
    integer.push(isInteger);
    return colCost.length - 1;
  };

  // x[s,e] with their penalties (hourly hours, the applicant cost).
  const fillable = shifts.filter((entry) => entry.candidates.length > 0);
  for (const candidate of candidates) {
    const entry = shifts[candidate.shift];
    const employee = employees[candidate.employee];
    let cost = employee.is_hourly ? WEIGHTS.hourlyPerHour * entry.at!.netHours : 0;
    if (entry.open.applicant_ids.length > 0 && !entry.open.applicant_ids.includes(employee.id))
      cost += WEIGHTS.notApplicant;
    addCol(cost, 1, true);
  }

  // The wishes' costs (the third goal): only where a candidate meets a wish.
  const wishesOf = employees.map((): WishFacts[] => []);
  for (const wish of problem.wishes ?? []) {
    const index = indexOf.get(wish.employee_id);
    if (index !== undefined) wishesOf[index].push(wish);
  }
  let wishCost: Float64Array | null = null;
  for (const candidate of candidates) {
    const shift = shifts[candidate.shift].open;
    let cost = 0;
    for (const wish of wishesOf[candidate.employee]) {
      const fit = wishFit(wish, { date: shift.shift_date, start: shift.start_time });
      cost += fit === "against" ? WISH.against : fit === "fits" ? -WISH.fits : 0;
    }
    if (cost !== 0) (wishCost ??= new Float64Array(candidates.length))[candidate.col] = cost;
  }

  // Each shift at most once.
  for (const entry of fillable)
    if (entry.candidates.length > 1)
      rows.push({ indices: entry.candidates.map((c) => c.col), values: entry.candidates.map(() => 1), upper: 1 });

  // The conflict graph of the fillable shifts, its clique cover, cut down per employee.
  const order = fillable.slice().sort((a, b) => a.at!.start - b.at!.start);
  const adjacent = order.map(() => new Set<number>());
  for (let i = 0; i < order.length; i++)
    for (let j = i + 1; j < order.length && order[j].at!.day <= order[i].at!.day + CONFLICT_REACH_DAYS + 1; j++)
      if (pairConflict(order[i].at!, order[j].at!, settings)) {
        adjacent[i].add(j);
        adjacent[j].add(i);
      }
  const colOf = new Map<string, number>();
  for (const candidate of candidates) colOf.set(`${candidate.shift}:${candidate.employee}`, candidate.col);
  const shiftIndexOf = new Map(shifts.map((entry, index) => [entry, index]));
  const seen = new Set<string>();
  for (const clique of cliqueCover(adjacent)) {
    const members = clique.map((node) => shiftIndexOf.get(order[node])!);
    for (let employee = 0; employee < employees.length; employee++) {
      const cols = members.flatMap((shift) => colOf.get(`${shift}:${employee}`) ?? []);
      if (cols.length < 2) continue;
      cols.sort((a, b) => a - b);
      const key = cols.join(",");
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({ indices: cols, values: cols.map(() => 1), upper: 1 });
    }
  }

  // Per employee: candidates by week and by day.
  const byEmployee = employees.map((): Candidate[] => []);
  for (const candidate of candidates) byEmployee[candidate.employee].push(candidate);
  const hoursOf = (candidate: Candidate) => shifts[candidate.shift].at!.netHours;
  const dayOf = (candidate: Candidate) => shifts[candidate.shift].at!.day;
  const groupBy = (list: Candidate[], key: (candidate: Candidate) => number) => {
    const groups = new Map<number, Candidate[]>();
    for (const candidate of list) {
      const k = key(candidate);
      const group = groups.get(k);
      if (group) group.push(candidate);
      else groups.set(k, [candidate]);
    }
    return groups;
  };
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  // Hours sums are compared as the rules compare them (rounded to hundredths): a little room against float dust.
  const SLACK = 0.004;

  const dayCols = new Map<number, Map<number, number>>();
  const overtimeCols: FillModel["overtimeCols"] = [];
  const fairnessCols: FillModel["fairnessCols"] = [];
  let fairnessRange = 0;
  const rangeFirst = dayNumber(problem.range.start_date);
  const rangeLast = dayNumber(problem.range.end_date);

  byEmployee.forEach((list, employee) => {
    if (list.length === 0) return;
    const load = loads[employee];
    const person = employees[employee];
    const weeks = groupBy(list, (candidate) => mondayOfDay(dayOf(candidate)));

    for (const [monday, group] of weeks) {
      const hours = sum(group.map(hoursOf));
      const worked = load.hoursInWeek(monday);
      if (labourLaw && worked + hours > settings.weeklyMaxHours + SLACK)
        rows.push({
          indices: group.map((c) => c.col),
          values: group.map(hoursOf),
          upper: settings.weeklyMaxHours - worked + SLACK,
        });
      const capacity = weekCapacity(person, monday);
      if (!person.is_hourly && worked + hours > capacity) {
        const free = capacity - worked;
        const col = addCol(WEIGHTS.overtimePerHour, Infinity, false);
        overtimeCols.push({ employee, monday, col, free });
        // Σ hours·x − o ≤ free: o is at least the hours above the contract (o ≥ 0 by its bound).
        rows.push({ indices: [...group.map((c) => c.col), col], values: [...group.map(hoursOf), -1], upper: free });
      }
    }

    if (settings.labourRules === "DE")
      for (const [day, group] of groupBy(list, dayOf)) {
        const hours = sum(group.map(hoursOf));
        const worked = sum(existingOf[employee].filter((at) => at.day === day).map((at) => at.netHours));
        if (worked + hours > DE_DAILY_MAX_HOURS + SLACK)
          rows.push({
            indices: group.map((c) => c.col),
            values: group.map(hoursOf),
            upper: DE_DAILY_MAX_HOURS - worked + SLACK,
          });
      }

    if (labourLaw) {
      // Windows of 7 days that could all be worked: at most 6 of them (day variables for the candidate days).
      const candidateDays = groupBy(list, dayOf);
      const possible = (day: number) => load.worksOn(day) || candidateDays.has(day);
      const days = [...candidateDays.keys()].filter((day) => !load.worksOn(day));
      const windowRows: { days: number[]; fixed: number }[] = [];
      const windowStarts = new Set<number>();
      for (const day of days)
        for (let first = day - MAX_CONSECUTIVE_DAYS; first <= day; first++) windowStarts.add(first);
      for (const first of [...windowStarts].sort((a, b) => a - b)) {
        const window = Array.from({ length: MAX_CONSECUTIVE_DAYS + 1 }, (_, k) => first + k);
        if (!window.every(possible)) continue;
        const open = window.filter((day) => !load.worksOn(day));
        windowRows.push({ days: open, fixed: window.length - open.length });
      }
      if (windowRows.length > 0) {
        const cols = new Map<number, number>();
        for (const row of windowRows)
          for (const day of row.days)
            if (!cols.has(day)) {
              const col = addCol(0, 1, true);
              cols.set(day, col);
              // x[s,e] ≤ w[e,d] for each of the day's candidates.
              for (const candidate of candidateDays.get(day)!)
                rows.push({ indices: [candidate.col, col], values: [1, -1], upper: 0 });
            }
        for (const row of windowRows)
          rows.push({
            indices: row.days.map((day) => cols.get(day)!),
            values: row.days.map(() => 1),
            upper: MAX_CONSECUTIVE_DAYS - row.fixed,
          });
        dayCols.set(employee, cols);
      }
    }

    const unpopular = list.filter((candidate) => shifts[candidate.shift].unpopular);
    if (unpopular.length > 0) {
      const assigned = existingOf[employee].filter(
        (at) => at.day >= rangeFirst && at.day <= rangeLast && isUnpopular(at, holidays),
      ).length;
      const most = Math.min(assigned + unpopular.length, assigned + FAIRNESS_PIECES);
      // u = the range's new evening/weekend/holiday shifts of the person (one row), f ≥ each tangent of
      // (assigned + u)² at the integers: (2k − 1)·(assigned + u) − k(k − 1), equal to the square there.
      const countCol = addCol(0, Infinity, false);
      rows.push({
        indices: [...unpopular.map((c) => c.col), countCol],
        values: [...unpopular.map(() => 1), -1],
        upper: 0,
      });
      const col = addCol(WEIGHTS.fairness, Infinity, false);
      const pieces: [number, number][] = [];
      for (let k = Math.max(1, assigned); k <= most; k++) {
        const slope = 2 * k - 1;
        pieces.push([slope, k * (k - 1)]);
        rows.push({ indices: [countCol, col], values: [slope, -1], upper: k * (k - 1) - slope * assigned });
      }
      fairnessCols.push({ employee, countCol, col, assigned, pieces });
      fairnessRange += WEIGHTS.fairness * (most * most - assigned * assigned);
    }
  });

  // fillWeight: more than all penalties can differ between two plans: each filled shift adds at most its hours as
  // overtime or as hourly work and one applicant cost, and the fairness term lies between its values at no and at
  // all candidates assigned.
  let lowerRange = fairnessRange;
  for (const entry of fillable) {
    const hours = entry.at!.netHours;
    lowerRange += WEIGHTS.hourlyPerHour * hours + WEIGHTS.notApplicant + WEIGHTS.overtimePerHour * hours;
  }
  const fillWeight = Math.ceil(lowerRange) + 1;

  return {
    shifts,
    employees,
    loadOf,
    candidates,
    numCols: colCost.length,
    colCost,
    colUpper,
    integer,
    rows,
    fillWeight,
    dayCols,
    overtimeCols,
    fairnessCols,
    wishesOf,
    // Sized to every column once they are all added: the other columns cost nothing here.
    wishCost: wishCost && Float64Array.from({ length: colCost.length }, (_, col) => wishCost![col] ?? 0),
  };
}
