/**
 * `node --import tsx bench/auto-fill-quality.ts [--json] [--sizes cafe,large] [--seeds 1-20]`: P11's quality half
 * (docs/PERFORMANCE.md "P11: automatic filling"). On 20 generated café weeks and 20 large ones
 * (bench/lib/auto-fill-weeks.ts) it runs the optimiser (`proposeFill`, HiGHS, time limit 10 s as the server's
 * default) and the greedy filler a competitor would ship (below), checks every plan with the planning rules
 * themselves (lib/shared/rules) and prints, per size, fill rate, overtime, the spread of weekend shifts and the solve
 * times. Exits 1 when a plan is not legal. `--json` prints one JSON object instead (bench/run.mjs reads it).
 * `--week <size> <seed>` prints that week's FillProblem as JSON (bench/auto-fill-latency.mjs seeds it over SQL).
 * Runs in-process on one core: the time is HiGHS's, without the server's worker and database.
 */
import { findingsInRange, windowFor, type RuleInput, type RuleShift } from "@/lib/shared/rules";
import { absencesOf, prepareShift, type PreparedShift } from "@/lib/shared/rules/evaluate";
import { mondayOfDay } from "@/lib/shared/rules/time";
import { EmployeeLoad } from "@/lib/server/auto-fill/employee-load";
import { NEVER_PROPOSED, type FillProblem } from "@/lib/server/auto-fill/problem";
import { proposeFill, type Highs } from "@/lib/server/auto-fill/propose";
import { SEEDS, generateWeek, type Size } from "./lib/auto-fill-weeks";

const TIME_LIMIT_SECONDS = 10;

type Plan = { shift_id: number; employee_id: number }[];

function loadsOf(problem: FillProblem): EmployeeLoad[] {
  return problem.employees.map((employee) => {
    const existing = problem.existing
      .filter((shift) => shift.employee_id === employee.id)
      .map((shift) => prepareShift(shift, problem.settings.timeZone))
      .filter((at): at is PreparedShift => at !== null);
    const absences = absencesOf(employee.id, problem.vacations, problem.unavailability);
    return new EmployeeLoad(employee, problem.settings, absences, existing);
  });
}

/**
 * The baseline: each open shift in time order to the employee with the most free contract hours in that week among
 * those it still fits (EmployeeLoad.blockOf, every rule the optimiser obeys); hourly staff count as 0 free hours,
 * ties go to the lower id.
 */
export function greedyFill(problem: FillProblem): Plan {
  const loads = loadsOf(problem);
  const shifts = problem.open
    .map((shift) => ({ shift, at: prepareShift(shift, problem.settings.timeZone) }))
    .filter((entry): entry is { shift: (typeof problem.open)[number]; at: PreparedShift } => entry.at !== null)
    .sort((a, b) => a.at.start - b.at.start || a.shift.id - b.shift.id);
  const plan: Plan = [];
  for (const { shift, at } of shifts) {
    let best: EmployeeLoad | null = null;
    let bestFree = -Infinity;
    for (const load of loads) {
      if (load.blockOf(at)) continue;
      const { employee } = load;
      const free = employee.is_hourly ? 0 : employee.weekly_hours - load.hoursInWeek(at.day);
      if (free > bestFree || (free === bestFree && best !== null && employee.id < best.employee.id))
        [best, bestFree] = [load, free];
    }
    if (!best) continue;
    best.add(at);
    plan.push({ shift_id: shift.id, employee_id: best.employee.id });
  }
  return plan;
}

function ruleInput(problem: FillProblem, plan: Plan): RuleInput {
  const openById = new Map(problem.open.map((shift) => [shift.id, shift]));
  const assigned: RuleShift[] = plan.map(({ shift_id, employee_id }) => {
    const { applicant_ids: _a, past: _p, updated_at: _u, ...shift } = openById.get(shift_id)!;
    return { ...shift, employee_id };
  });
  return {
    settings: problem.settings,
    employees: problem.employees.map((employee) => ({ ...employee, archived: false })),
    shifts: [...problem.existing, ...assigned],
    vacations: problem.vacations,
    unavailability: problem.unavailability,
  };
}

const hardKeys = (input: RuleInput, range: FillProblem["range"]) =>
  new Set(
    findingsInRange(input, windowFor(range))
      .filter((finding) => NEVER_PROPOSED.has(finding.code))
      .map((finding) => `${finding.code}|${finding.employee_id}|${finding.shift_id}|${finding.related_shift_id ?? ""}`),
  );

/** What the rules find in the plan that the week without it did not have, and broken Einsatzorte or doubles. */
function violations(problem: FillProblem, plan: Plan): string[] {
  const problems: string[] = [];
  const openById = new Map(problem.open.map((shift) => [shift.id, shift]));
  const employeeById = new Map(problem.employees.map((employee) => [employee.id, employee]));
  const seen = new Set<number>();
  for (const { shift_id, employee_id } of plan) {
    const shift = openById.get(shift_id);
    const employee = employeeById.get(employee_id);
    if (!shift || !employee) problems.push(`unknown shift ${shift_id} or employee ${employee_id}`);
    else if (employee.location_ids.length > 0 && !employee.location_ids.includes(shift.location_id))
      problems.push(`location|${employee_id}|${shift_id}`);
    if (seen.has(shift_id)) problems.push(`twice|${shift_id}`);
    seen.add(shift_id);
  }
  const before = hardKeys(ruleInput(problem, []), problem.range);
  for (const key of hardKeys(ruleInput(problem, plan), problem.range)) if (!before.has(key)) problems.push(key);
  return problems;
}

type Figures = { filled: number; overtime: number; weekendSpread: number };

/**
 * Overtime: hours above contract hours the plan adds, per fixed employee and week of the range (as the proposal's
 * stats count it). Weekend spread: max − min of Saturday and Sunday shifts in the range (assigned and planned) per
 * person, over the people not on vacation that weekend.
 */
function figuresOf(problem: FillProblem, plan: Plan): Figures {
  const zone = problem.settings.timeZone;
  const before = loadsOf(problem);
  const after = loadsOf(problem);
  const indexOf = new Map(problem.employees.map((employee, index) => [employee.id, index]));
  const openById = new Map(problem.open.map((shift) => [shift.id, shift]));
  const planned = plan.map(({ shift_id, employee_id }) => ({ ...openById.get(shift_id)!, employee_id }));
  for (const shift of planned) after[indexOf.get(shift.employee_id)!].add(prepareShift(shift, zone)!);
  const mondays = new Set(problem.open.map((shift) => mondayOfDay(prepareShift(shift, zone)!.day)));
  let overtime = 0;
  problem.employees.forEach((employee, index) => {
    if (employee.is_hourly) return;
    for (const monday of mondays) {
      const over = (load: EmployeeLoad) => Math.max(0, load.hoursInWeek(monday) - employee.weekly_hours);
      overtime += over(after[index]) - over(before[index]);
    }
  });

  const { start_date, end_date } = problem.range;
  const weekend = (date: string) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return date >= start_date && date <= end_date && (weekday === 0 || weekday === 6);
  };
  const weekendDates = problem.open.map((shift) => shift.shift_date).filter(weekend);
  const away = (id: number) =>
    problem.vacations.some(
      (v) => v.employee_id === id && weekendDates.every((date) => v.start_date <= date && date <= v.end_date),
    );
  const counts = new Map(problem.employees.filter((e) => !away(e.id)).map((e) => [e.id, 0]));
  for (const shift of [...problem.existing, ...planned])
    if (shift.employee_id !== null && counts.has(shift.employee_id) && weekend(shift.shift_date))
      counts.set(shift.employee_id, counts.get(shift.employee_id)! + 1);
  const values = [...counts.values()];
  return {
    filled: plan.length,
    overtime: Math.round(overtime * 100) / 100,
    weekendSpread: values.length > 0 ? Math.max(...values) - Math.min(...values) : 0,
  };
}

export type Instance = {
  size: Size;
  seed: number;
  open: number;
  highs: Figures & { ms: number; optimal: boolean; gap: number; legal: boolean };
  greedy: Figures & { ms: number; legal: boolean };
};

export type SizeSummary = {
  instances: number;
  open: number;
  fillRate: { highs: { mean: number; min: number }; greedy: { mean: number; min: number } };
  overtimeMean: { highs: number; greedy: number };
  weekendSpreadMean: { highs: number; greedy: number };
  highsMs: { median: number; max: number };
  greedyMsMedian: number;
  optimal: number;
  /** Instances where HiGHS fills fewer shifts than greedy (must be 0). */
  fewerFilled: { seed: number; highs: number; greedy: number }[];
  /** Instances with equal fills where HiGHS has more overtime (should be 0). */
  moreOvertime: { seed: number; highs: number; greedy: number }[];
  legal: boolean;
};

export function runInstance(highs: Highs, size: Size, seed: number): Instance {
  const { problem } = generateWeek(size, seed);
  let started = performance.now();
  const result = proposeFill(problem, highs, { timeLimitSeconds: TIME_LIMIT_SECONDS });
  const highsMs = performance.now() - started;
  const highsPlan = result.assignments.map(({ shift_id, employee_id }) => ({ shift_id, employee_id }));
  started = performance.now();
  const greedyPlan = greedyFill(problem);
  const greedyMs = performance.now() - started;
  const highsBad = violations(problem, highsPlan);
  const greedyBad = violations(problem, greedyPlan);
  for (const [who, bad] of [
    ["HiGHS", highsBad],
    ["greedy", greedyBad],
  ] as const)
    if (bad.length > 0) console.error(`ILLEGAL ${who} plan, ${size} seed ${seed}: ${bad.slice(0, 10).join(", ")}`);
  return {
    size,
    seed,
    open: problem.open.length,
    highs: {
      ...figuresOf(problem, highsPlan),
      ms: highsMs,
      optimal: result.stats.optimal,
      gap: result.stats.gap,
      legal: highsBad.length === 0,
    },
    greedy: { ...figuresOf(problem, greedyPlan), ms: greedyMs, legal: greedyBad.length === 0 },
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function summarise(instances: Instance[]): SizeSummary {
  const rate = (filled: number, open: number) => (open === 0 ? 1 : filled / open);
  const rates = (who: "highs" | "greedy") => instances.map((i) => rate(i[who].filled, i.open));
  return {
    instances: instances.length,
    open: instances[0]?.open ?? 0,
    fillRate: {
      highs: { mean: mean(rates("highs")), min: Math.min(...rates("highs")) },
      greedy: { mean: mean(rates("greedy")), min: Math.min(...rates("greedy")) },
    },
    overtimeMean: {
      highs: mean(instances.map((i) => i.highs.overtime)),
      greedy: mean(instances.map((i) => i.greedy.overtime)),
    },
    weekendSpreadMean: {
      highs: mean(instances.map((i) => i.highs.weekendSpread)),
      greedy: mean(instances.map((i) => i.greedy.weekendSpread)),
    },
    highsMs: { median: median(instances.map((i) => i.highs.ms)), max: Math.max(...instances.map((i) => i.highs.ms)) },
    greedyMsMedian: median(instances.map((i) => i.greedy.ms)),
    optimal: instances.filter((i) => i.highs.optimal).length,
    fewerFilled: instances
      .filter((i) => i.highs.filled < i.greedy.filled)
      .map((i) => ({ seed: i.seed, highs: i.highs.filled, greedy: i.greedy.filled })),
    moreOvertime: instances
      .filter((i) => i.highs.filled === i.greedy.filled && i.highs.overtime > i.greedy.overtime + 1e-9)
      .map((i) => ({ seed: i.seed, highs: i.highs.overtime, greedy: i.greedy.overtime })),
    legal: instances.every((i) => i.highs.legal && i.greedy.legal),
  };
}

function printSize(size: Size, instances: Instance[], summary: SizeSummary): void {
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(`\n${size}: ${summary.instances} weeks, ${summary.open} open shifts each`);
  console.log(
    "seed | filled HiGHS/greedy | overtime h HiGHS/greedy | weekend spread HiGHS/greedy | HiGHS ms | optimal",
  );
  for (const i of instances)
    console.log(
      `${String(i.seed).padStart(4)} | ${i.highs.filled}/${i.greedy.filled} | ${i.highs.overtime.toFixed(2)}/` +
        `${i.greedy.overtime.toFixed(2)} | ${i.highs.weekendSpread}/${i.greedy.weekendSpread} | ` +
        `${i.highs.ms.toFixed(0)} | ${i.highs.optimal ? "yes" : `no (gap ${i.highs.gap})`}`,
    );
  console.log("figure | HiGHS | greedy");
  console.log(
    `fill rate mean (min) | ${pct(summary.fillRate.highs.mean)} (${pct(summary.fillRate.highs.min)}) | ` +
      `${pct(summary.fillRate.greedy.mean)} (${pct(summary.fillRate.greedy.min)})`,
  );
  console.log(
    `overtime h, mean | ${summary.overtimeMean.highs.toFixed(2)} | ${summary.overtimeMean.greedy.toFixed(2)}`,
  );
  console.log(
    `weekend spread (max − min per person), mean | ${summary.weekendSpreadMean.highs.toFixed(2)} | ` +
      `${summary.weekendSpreadMean.greedy.toFixed(2)}`,
  );
  console.log(
    `solve ms median (max) | ${summary.highsMs.median.toFixed(0)} (${summary.highsMs.max.toFixed(0)}) | ` +
      `${summary.greedyMsMedian.toFixed(1)}`,
  );
  console.log(`HiGHS proved optimal | ${summary.optimal} of ${summary.instances}`);
  const seeds = (list: { seed: number }[]) => (list.length ? ` (seeds ${list.map((i) => i.seed).join(", ")})` : "");
  console.log(`HiGHS fills fewer than greedy (must be 0) | ${summary.fewerFilled.length}${seeds(summary.fewerFilled)}`);
  console.log(
    `equal fills, HiGHS more overtime (should be 0) | ${summary.moreOvertime.length}${seeds(summary.moreOvertime)}`,
  );
  console.log(`legal: ${summary.legal ? "yes" : "NO"}`);
}

function rangeOf(text: string): number[] {
  const [from, to] = text.split("-").map(Number);
  return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
}

async function main() {
  const argv = process.argv.slice(2);
  const at = argv.indexOf("--week");
  if (at !== -1) {
    console.log(JSON.stringify(generateWeek(argv[at + 1] as Size, Number(argv[at + 2])).problem));
    return;
  }
  const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const sizes = (option("--sizes")?.split(",") ?? ["cafe", "large"]) as Size[];
  const seeds = option("--seeds") ? rangeOf(option("--seeds")!) : SEEDS;
  const json = argv.includes("--json");
  const highs: Highs = await (await import("highs")).default();

  const result: Partial<Record<Size, SizeSummary & { weeks: Instance[] }>> = {};
  for (const size of sizes) {
    const instances: Instance[] = [];
    for (const seed of seeds) {
      instances.push(runInstance(highs, size, seed));
      if (!json) process.stderr.write(".");
    }
    const summary = summarise(instances);
    result[size] = { ...summary, weeks: instances };
    if (!json) printSize(size, instances, summary);
  }
  if (json) console.log(JSON.stringify(result));
  if (Object.values(result).some((summary) => !summary.legal)) {
    console.error("A plan breaks the planning rules: see ILLEGAL above.");
    process.exit(1);
  }
}

await main();
