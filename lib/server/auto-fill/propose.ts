/**
 * A proposal for the open shifts of a range (docs/PRODUCT-RULES.md §28.2): builds the integer program
 * (build-model.ts), gives HiGHS a legal start plan, solves within the time limit and explains the result.
 * Synchronous and CPU-bound: the server runs it in a worker thread (run-fill.ts).
 */
import type loadHighs from "highs";
import { mondayOfDay } from "@/lib/shared/rules/time";
import { WEIGHTS, buildFillModel, type Candidate, type FillModel } from "./build-model";
import type { EmployeeLoad } from "./employee-load";
import { assignmentReasons, leftOutReason, unfilledReason, type ReasonState } from "./explain";
import { weekCapacity, type FillOptions, type FillProblem, type FillResult, type ProposedAssignment } from "./problem";

export type Highs = Awaited<ReturnType<typeof loadHighs>>;

/**
 * When HiGHS may stop the second solve (the penalties): no plan with as many filled shifts can be better by more
 * than 5 % of the penalty or two hours of overtime's points. Overtime is a packing of shifts into contract hours,
 * whose LP bound is weak; proving the last few points took the whole time limit on café-sized weeks for
 * differences nobody would notice. The number of filled shifts is solved exactly (the first solve).
 */
const PENALTY_REL_GAP = 0.05;
const PENALTY_ABS_GAP = 2 * WEIGHTS.overtimePerHour;
/**
 * The penalty searches end at this share of the time limit (3 s of the default 10), counted from the start of the
 * solve; the fill count may use all of it. On the bench's large weeks they found nothing more between 3 and 4.5 s,
 * and café weeks end well within it (docs/PERFORMANCE.md "P11").
 */
const PENALTY_SHARE = 0.3;
/**
 * The wishes' search (the third goal) ends at this share of the time limit (4 s of the default 10), counted from the
 * start like the penalty searches', which end at 3 s.
 */
const WISH_SHARE = 0.4;
/** The fill count is an integer: a bound within 1 of the plan proves it. */
const FILL_ABS_GAP = 0.99;

/**
 * What taking the shift costs in the objective's points at the person's current state (the start plan and the
 * completion pass choose by it): overtime or hourly hours, the fairness step, the applicant cost.
 */
function marginalCost(model: FillModel, state: ReasonState, candidate: Candidate): number {
  const entry = model.shifts[candidate.shift];
  const at = entry.at!;
  const employee = model.employees[candidate.employee];
  let cost = 0;
  if (employee.is_hourly) cost += WEIGHTS.hourlyPerHour * at.netHours;
  else {
    const free = weekCapacity(employee, at.day) - state.load.hoursInWeek(at.day);
    cost += WEIGHTS.overtimePerHour * Math.max(0, at.netHours - Math.max(free, 0));
  }
  if (entry.unpopular) cost += WEIGHTS.fairness * (2 * state.unpopular + 1);
  if (entry.open.applicant_ids.length > 0 && !entry.open.applicant_ids.includes(employee.id))
    cost += WEIGHTS.notApplicant;
  return cost;
}

function freshStates(model: FillModel): ReasonState[] {
  return model.employees.map((_, index) => {
    const load = model.loadOf(index);
    const column = model.fairnessCols.find((entry) => entry.employee === index);
    return { load, unpopular: column?.assigned ?? 0 };
  });
}

/**
 * Adds shifts greedily to `chosen` (shift index → candidate): the shifts with the fewest candidates first, each to
 * the candidate who still fits and costs least. As the start plan it gives HiGHS a good first incumbent; after the
 * solve it fills what a time-limited search left open though someone still fits.
 */
function greedyFill(model: FillModel, states: ReasonState[], chosen: Map<number, Candidate>): void {
  const order = model.shifts
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry, index }) => entry.candidates.length > 0 && !chosen.has(index))
    .sort((a, b) => a.entry.candidates.length - b.entry.candidates.length || a.entry.at!.start - b.entry.at!.start);
  for (const { entry, index } of order) {
    let best: Candidate | null = null;
    let bestCost = Infinity;
    let bestWish = Infinity;
    for (const candidate of entry.candidates) {
      const state = states[candidate.employee];
      if (state.load.blockOf(entry.at!, { checkSingle: false })) continue;
      const cost = marginalCost(model, state, candidate);
      // Wishes only break ties (the third goal, docs/PRODUCT-RULES.md §35.8).
      const wish = model.wishCost?.[candidate.col] ?? 0;
      if (cost < bestCost - 1e-9 || (cost <= bestCost + 1e-9 && wish < bestWish))
        [best, bestCost, bestWish] = [candidate, cost, wish];
    }
    if (!best) continue;
    chosen.set(index, best);
    states[best.employee].load.add(entry.at!);
    if (entry.unpopular) states[best.employee].unpopular++;
  }
}

/** The full column vector of a plan: x, the day variables, overtime and fairness at their least values. */
function columnsOf(model: FillModel, chosen: Map<number, Candidate>): Float64Array {
  const values = new Float64Array(model.numCols);
  const hours = new Map<string, number>();
  const unpopular = new Map<number, number>();
  for (const [shift, candidate] of chosen) {
    values[candidate.col] = 1;
    const entry = model.shifts[shift];
    const day = entry.at!.day;
    const dayCol = model.dayCols.get(candidate.employee)?.get(day);
    if (dayCol !== undefined) values[dayCol] = 1;
    const key = `${candidate.employee}:${mondayOfDay(day)}`;
    hours.set(key, (hours.get(key) ?? 0) + entry.at!.netHours);
    if (entry.unpopular) unpopular.set(candidate.employee, (unpopular.get(candidate.employee) ?? 0) + 1);
  }
  for (const { employee, monday, col, free } of model.overtimeCols)
    values[col] = Math.max(0, (hours.get(`${employee}:${monday}`) ?? 0) - free);
  for (const { employee, countCol, col, assigned, pieces } of model.fairnessCols) {
    const added = unpopular.get(employee) ?? 0;
    values[countCol] = added;
    values[col] = Math.max(0, ...pieces.map(([slope, intercept]) => slope * (assigned + added) - intercept));
  }
  return values;
}

type Solved = { chosen: Map<number, Candidate>; optimal: boolean; gap: number };

/**
 * Up to this many candidate pairs HiGHS also searches the whole model (after the narrowed one). Beyond it the root of
 * the branch-and-bound (its cutting-plane rounds) alone outlasts the time limit on a small server (50 people × 300
 * shifts: 8,000 pairs, no branching after 15 s).
 */
const WHOLE_MODEL_PAIRS = 2500;

/** What the LP relaxation must give a pair for the narrowed search to keep it. */
const IN_SUPPORT = 1e-6;

type Run = {
  integer: boolean;
  seconds: number;
  /** Objective per column; the model's penalties when left out. */
  cost?: Float64Array | number[];
  /** Narrowed upper bounds (0 = left out). */
  upper?: number[];
  /** At least this many filled shifts (Σ x ≥ fills). */
  fills?: number;
  /** At most this penalty (Σ colCost · col ≤ penaltyAtMost): the wishes' search keeps the goals above. */
  penaltyAtMost?: number;
  start?: Float64Array;
  relGap?: number;
  absGap?: number;
};

type RunResult = { optimal: boolean; values: Float64Array | null; objective: number; bound: number; gap: number };

/** The model in HiGHS's sparse form, solved as often as the phases need (a fresh HiGHS model each time). */
class SolverModel {
  private readonly starts = [0];
  private readonly indices: number[] = [];
  private readonly values: number[] = [];

  constructor(
    private readonly highs: Highs,
    private readonly model: FillModel,
  ) {
    for (const row of model.rows) {
      for (let k = 0; k < row.indices.length; k++) {
        this.indices.push(row.indices[k]);
        this.values.push(row.values[k]);
      }
      this.starts.push(this.indices.length);
    }
  }

  run(options: Run): RunResult {
    const { highs, model } = this;
    const infinity = highs.infinity;
    const starts = this.starts.slice();
    const indices = this.indices.slice();
    const values = this.values.slice();
    const rowUpper = model.rows.map((row) => row.upper);
    if (options.fills !== undefined) {
      // −Σ x ≤ −fills
      for (const candidate of model.candidates) {
        indices.push(candidate.col);
        values.push(-1);
      }
      starts.push(indices.length);
      rowUpper.push(-options.fills);
    }
    if (options.penaltyAtMost !== undefined) {
      model.colCost.forEach((cost, col) => {
        if (cost === 0) return;
        indices.push(col);
        values.push(cost);
      });
      starts.push(indices.length);
      rowUpper.push(options.penaltyAtMost);
    }
    const numRows = rowUpper.length;
    const solver = highs.createModel({
      numCols: model.numCols,
      numRows,
      colCost: options.cost ?? model.colCost,
      colLower: new Float64Array(model.numCols),
      colUpper: (options.upper ?? model.colUpper).map((upper) => (upper === Infinity ? infinity : upper)),
      rowLower: rowUpper.map(() => -infinity),
      rowUpper,
      matrix: { format: "csr", numRows, numCols: model.numCols, starts, indices, values },
      integrality: options.integer ? Int32Array.from(model.integer, (isInteger) => (isInteger ? 1 : 0)) : undefined,
    });
    try {
      solver.options.set({
        output_flag: false,
        time_limit: Math.max(0.05, options.seconds),
        mip_rel_gap: options.relGap ?? 0,
        mip_abs_gap: options.absGap ?? 0,
      });
      if (options.start) solver.setSolution({ colValue: options.start });
      solver.run();
      const status = solver.getModelStatus();
      const feasible = Number(solver.info.get("primal_solution_status")) === 2;
      const objective = feasible ? solver.getObjectiveValue() : Infinity;
      return {
        optimal: status === highs.constants.modelStatus.optimal,
        values: feasible ? solver.getSolution().colValue : null,
        objective,
        bound: options.integer ? Number(solver.info.get("mip_dual_bound")) : objective,
        gap: options.integer ? Math.max(0, Number(solver.info.get("mip_gap")) || 0) : 0,
      };
    } finally {
      solver.dispose();
    }
  }
}

function chosenOf(model: FillModel, values: Float64Array): Map<number, Candidate> {
  const chosen = new Map<number, Candidate>();
  for (const candidate of model.candidates) if (values[candidate.col] > 0.5) chosen.set(candidate.shift, candidate);
  return chosen;
}

type Relaxation = {
  values: Float64Array;
  /** Σ x of the relaxation: no plan fills more shifts. */
  fillBound: number;
  /** Its penalty: no plan with fillBound shifts has less (meaningful when fillBound is whole). */
  penaltyBound: number;
};

/** The LP relaxation with both goals folded by `fillWeight` (build-model.ts): bounds, and a guide for rounding. */
function relax(model: FillModel, solver: SolverModel, seconds: number): Relaxation | null {
  const cost = Float64Array.from(model.colCost);
  for (const candidate of model.candidates) cost[candidate.col] -= model.fillWeight;
  const relaxed = solver.run({ integer: false, seconds, cost });
  if (!relaxed.values) return null;
  const values = relaxed.values;
  let fillBound = 0;
  for (const candidate of model.candidates) fillBound += values[candidate.col];
  const penaltyBound = values.reduce((total, value, col) => total + value * model.colCost[col], 0);
  return { values, fillBound, penaltyBound };
}

/**
 * A plan from the relaxation: pairs in the order of their LP values, each taken while it still fits, then the
 * greedy completion. On most weeks the relaxation is whole or nearly so, and this plan is already optimal — HiGHS
 * then stops after its first LP instead of searching cutting planes for a plan it does not know yet.
 */
function roundedPlan(model: FillModel, values: Float64Array): Map<number, Candidate> {
  const states = freshStates(model);
  const chosen = new Map<number, Candidate>();
  const order = model.candidates
    .filter((candidate) => values[candidate.col] > IN_SUPPORT)
    .sort((a, b) => values[b.col] - values[a.col] || a.col - b.col);
  for (const candidate of order) {
    const entry = model.shifts[candidate.shift];
    const state = states[candidate.employee];
    if (chosen.has(candidate.shift) || state.load.blockOf(entry.at!, { checkSingle: false })) continue;
    chosen.set(candidate.shift, candidate);
    state.load.add(entry.at!);
    if (entry.unpopular) state.unpopular++;
  }
  greedyFill(model, states, chosen);
  return chosen;
}

function penaltyOf(model: FillModel, values: Float64Array): number {
  return values.reduce((total, value, col) => total + value * model.colCost[col], 0);
}

/** The pairs the relaxation uses plus those of the start plan; the others get the upper bound 0. */
function narrowedUpper(model: FillModel, relaxation: Relaxation, start: Map<number, Candidate>): number[] {
  const kept = new Set([...start.values()].map((candidate) => candidate.col));
  const upper = model.colUpper.slice();
  for (const candidate of model.candidates)
    if (relaxation.values[candidate.col] <= IN_SUPPORT && !kept.has(candidate.col)) upper[candidate.col] = 0;
  return upper;
}

type Searched = Solved & { plan: Float64Array };

/**
 * The two goals one after the other (lexicographic, docs/ARCHITECTURE.md §15): the most filled shifts, then the
 * least penalty among plans with that many, each solve starting from the best plan known. `upper` narrows the pairs;
 * the relaxation's bounds hold for every plan, HiGHS's only for the pairs it saw. `gap` is the relative gap of the
 * first goal while it is not proven, else the second's.
 */
function searchLexicographic(
  solver: SolverModel,
  model: FillModel,
  relaxation: Relaxation,
  from: Float64Array,
  upper: number[] | undefined,
  seconds: { fill: () => number; penalty: () => number },
): Searched {
  const fillable = model.shifts.filter((entry) => entry.candidates.length > 0).length;
  const fillBound = Math.min(fillable, Math.floor(relaxation.fillBound + 1e-6));
  let plan = from;
  let fills = chosenOf(model, plan).size;
  let fillsProven = fills >= fillBound;
  let fillGap = 0;
  if (!fillsProven) {
    // −1 per filled shift and nothing else: with the penalties as a tie-break HiGHS found the last filled shifts of
    // large weeks only after most of the time limit; the penalty search below improves the plan it hands on.
    const fillCost = new Float64Array(model.numCols);
    for (const candidate of model.candidates) fillCost[candidate.col] = -1;
    const filling = solver.run({
      integer: true,
      seconds: seconds.fill(),
      cost: fillCost,
      upper,
      start: plan,
      absGap: FILL_ABS_GAP,
    });
    if (filling.values && chosenOf(model, filling.values).size > fills) {
      plan = filling.values;
      fills = chosenOf(model, plan).size;
    }
    // objective = −fills: no plan fills more than −bound.
    const proved = Math.floor(-filling.bound + 1e-6);
    const bound = upper || !Number.isFinite(proved) ? fillBound : Math.min(fillBound, proved);
    fillsProven = fills >= bound;
    fillGap = fillsProven ? 0 : (bound - fills) / Math.max(bound, 1);
  }
  if (!fillsProven) return { plan, chosen: chosenOf(model, plan), optimal: false, gap: fillGap };

  // The relaxation's penalty bounds every plan with as many shifts when its fill count is whole.
  const wholeBound = Math.abs(relaxation.fillBound - fills) < 1e-6;
  const closeEnough = (penalty: number) =>
    wholeBound &&
    (penalty - relaxation.penaltyBound <= PENALTY_ABS_GAP ||
      penalty - relaxation.penaltyBound <= PENALTY_REL_GAP * Math.max(penalty, 1));
  const gapOf = (penalty: number) => Math.max(0, penalty - relaxation.penaltyBound) / Math.max(penalty, 1);
  if (closeEnough(penaltyOf(model, plan)))
    return { plan, chosen: chosenOf(model, plan), optimal: true, gap: gapOf(penaltyOf(model, plan)) };

  const penalty = solver.run({
    integer: true,
    seconds: seconds.penalty(),
    upper,
    fills,
    start: plan,
    relGap: PENALTY_REL_GAP,
    absGap: PENALTY_ABS_GAP,
  });
  const values = penalty.values && penaltyOf(model, penalty.values) <= penaltyOf(model, plan) ? penalty.values : plan;
  const planPenalty = penaltyOf(model, values);
  if (!upper) return { plan: values, chosen: chosenOf(model, values), optimal: penalty.optimal, gap: penalty.gap };
  return {
    plan: values,
    chosen: chosenOf(model, values),
    optimal: closeEnough(planPenalty),
    gap: wholeBound ? gapOf(planPenalty) : penalty.gap,
  };
}

/**
 * From the LP relaxation (bounds, and a rounded start plan) to the best plan in the time limit. The search runs
 * first over the pairs the relaxation uses plus those of the start plan — a few hundred, in the manner of HiGHS's own
 * RENS heuristic but before its costly root (cutting-plane rounds that alone outlast the limit on large weeks) —
 * and then, for models up to WHOLE_MODEL_PAIRS, over all pairs from that plan, which HiGHS then often proves at
 * once: its first LP meets the plan within the tolerance.
 */
function solve(highs: Highs, model: FillModel, greedy: Map<number, Candidate>, options: FillOptions): Solved {
  const began = performance.now();
  const left = () => options.timeLimitSeconds - (performance.now() - began) / 1000;
  // The penalty searches end at PENALTY_SHARE of the limit (the fill count may use all of it).
  const penaltyLeft = () =>
    Math.min(left(), PENALTY_SHARE * options.timeLimitSeconds - (performance.now() - began) / 1000);
  const seconds = { fill: left, penalty: penaltyLeft };
  const solver = new SolverModel(highs, model);
  const relaxation = relax(model, solver, left());
  if (!relaxation) return { chosen: greedy, optimal: false, gap: 1 };

  const rounded = roundedPlan(model, relaxation.values);
  const better = (a: Map<number, Candidate>, b: Map<number, Candidate>) =>
    a.size > b.size ||
    (a.size === b.size && penaltyOf(model, columnsOf(model, a)) < penaltyOf(model, columnsOf(model, b)));
  const start = better(rounded, greedy) ? rounded : greedy;
  const upper = narrowedUpper(model, relaxation, start);
  const narrowed = searchLexicographic(solver, model, relaxation, columnsOf(model, start), upper, seconds);
  const searched =
    narrowed.optimal || model.candidates.length > WHOLE_MODEL_PAIRS || penaltyLeft() <= 0
      ? narrowed
      : searchLexicographic(solver, model, relaxation, narrowed.plan, undefined, seconds);
  const wishLeft = () => Math.min(left(), WISH_SHARE * options.timeLimitSeconds - (performance.now() - began) / 1000);
  const wished = preferWishes(solver, model, searched.plan, {
    seconds: wishLeft(),
    upper: model.candidates.length > WHOLE_MODEL_PAIRS ? upper : undefined,
  });
  return wished ? { chosen: chosenOf(model, wished), optimal: searched.optimal, gap: searched.gap } : searched;
}

/**
 * The third goal (docs/PRODUCT-RULES.md §35.8, docs/ARCHITECTURE.md §15): among plans with at least as many filled
 * shifts and no more penalty than `plan`, the one that meets the wishes best. Its own solve, after the others, so
 * a wish never costs a filled shift, an hour of overtime or a step of fairness. Null when there is nothing to gain
 * or no time left; `optimal` and `gap` stay those of the goals above.
 */
function preferWishes(
  solver: SolverModel,
  model: FillModel,
  plan: Float64Array,
  options: { seconds: number; upper: number[] | undefined },
): Float64Array | null {
  const cost = model.wishCost;
  if (!cost || options.seconds <= 0) return null;
  const wishOf = (values: Float64Array) => values.reduce((total, value, col) => total + value * cost[col], 0);
  const fills = chosenOf(model, plan).size;
  const penalty = penaltyOf(model, plan);
  const run = solver.run({
    integer: true,
    seconds: options.seconds,
    cost,
    upper: options.upper,
    fills,
    penaltyAtMost: penalty + 1e-6,
    start: plan,
  });
  const values = run.values;
  if (!values || chosenOf(model, values).size < fills || penaltyOf(model, values) > penalty + 1e-6) return null;
  return wishOf(values) < wishOf(plan) - 1e-9 ? values : null;
}

export function proposeFill(problem: FillProblem, highs: Highs, options: FillOptions): FillResult {
  const started = performance.now();
  const model = buildFillModel(problem);

  const startStates = freshStates(model);
  const start = new Map<number, Candidate>();
  greedyFill(model, startStates, start);
  let solved: Solved = { chosen: start, optimal: true, gap: 0 };
  if (model.candidates.length > 0) solved = solve(highs, model, start, options);

  // Accept the solver's plan only as legal as the rules see it, shift by shift in time order; then let the
  // completion pass fill what a stopped search left open though someone still fits.
  const states = freshStates(model);
  const chosen = new Map<number, Candidate>();
  const inOrder = [...solved.chosen].sort(([a], [b]) => model.shifts[a].at!.start - model.shifts[b].at!.start);
  for (const [shift, candidate] of inOrder) {
    const at = model.shifts[shift].at!;
    if (states[candidate.employee].load.blockOf(at, { checkSingle: false })) continue;
    chosen.set(shift, candidate);
    states[candidate.employee].load.add(at);
    if (model.shifts[shift].unpopular) states[candidate.employee].unpopular++;
  }
  const beforeCompletion = chosen.size;
  greedyFill(model, states, chosen);
  const completed = chosen.size > beforeCompletion || chosen.size < solved.chosen.size;
  // A plan with fewer shifts than the start plan cannot come from HiGHS (the start plan is its first incumbent),
  // but the answer never does worse than it.
  const final = chosen.size >= start.size ? chosen : start;

  return explain(model, final, {
    solve_ms: Math.round(performance.now() - started),
    optimal: solved.optimal && !completed && final === chosen,
    gap: solved.gap,
  });
}

function explain(
  model: FillModel,
  chosen: Map<number, Candidate>,
  figures: { solve_ms: number; optimal: boolean; gap: number },
): FillResult {
  const states = freshStates(model);
  const base = freshStates(model).map((state) => state.load);
  const shiftsInOrder = [...chosen.keys()].sort((a, b) => model.shifts[a].at!.start - model.shifts[b].at!.start);
  const unpopularTotal =
    states.reduce((total, state) => total + state.unpopular, 0) +
    shiftsInOrder.filter((shift) => model.shifts[shift].unpopular).length;
  const averageUnpopular = model.employees.length > 0 ? unpopularTotal / model.employees.length : 0;

  const assignments: ProposedAssignment[] = [];
  for (const shift of shiftsInOrder) {
    const entry = model.shifts[shift];
    const candidate = chosen.get(shift)!;
    const state = states[candidate.employee];
    const employee = model.employees[candidate.employee];
    const reasons = assignmentReasons(state, entry.at!, {
      applied: entry.open.applicant_ids.includes(employee.id),
      unpopular: entry.unpopular,
      averageUnpopular,
      wishes: model.wishesOf[candidate.employee],
    });
    assignments.push({ shift_id: entry.open.id, employee_id: employee.id, reasons });
    state.load.add(entry.at!);
    if (entry.unpopular) state.unpopular++;
  }
  assignments.sort((a, b) => a.shift_id - b.shift_id);

  const loads = states.map((state) => state.load);
  const unfilled = model.shifts.flatMap((entry, index) =>
    chosen.has(index) ? [] : [{ shift_id: entry.open.id, reason: unfilledReason(model, entry.at, loads) }],
  );

  // Hourly staff without a shift get a reason like everyone else (docs/PRODUCT-RULES.md §31.1).
  const proposedTo = new Set(assignments.map((assignment) => assignment.employee_id));
  const leftOut = model.employees.flatMap((employee, index) =>
    employee.is_hourly && !proposedTo.has(employee.id) && model.shifts.length > 0
      ? [{ employee_id: employee.id, name: employee.name, reason: leftOutReason(model, loads[index]) }]
      : [],
  );

  return {
    assignments,
    unfilled,
    left_out: leftOut,
    stats: {
      open: model.shifts.length,
      filled: assignments.length,
      overtime_hours: addedOvertime(model, base, loads),
      solve_ms: figures.solve_ms,
      optimal: figures.optimal,
      gap: Math.round(figures.gap * 1e6) / 1e6,
    },
  };
}

/** Hours above contract hours the proposal adds, summed over fixed employees and weeks. */
function addedOvertime(model: FillModel, before: EmployeeLoad[], after: EmployeeLoad[]): number {
  let total = 0;
  const mondays = new Set(model.shifts.flatMap((entry) => (entry.at ? [mondayOfDay(entry.at.day)] : [])));
  model.employees.forEach((employee, index) => {
    if (employee.is_hourly) return;
    for (const monday of mondays) {
      const over = (load: EmployeeLoad) => Math.max(0, load.hoursInWeek(monday) - weekCapacity(employee, monday));
      total += over(after[index]) - over(before[index]);
    }
  });
  return Math.round(total * 100) / 100;
}
