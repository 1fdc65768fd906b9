#!/usr/bin/env node
// @ts-check
// P11 over HTTP: `POST /api/schedule/auto-fill` for one café-size and one large-size week (the generator of
// bench/lib/auto-fill-weeks.ts, seed 1 of each, inserted over SQL), 7 proposals each. The first proposal of the
// process also compiles HiGHS in the server's worker thread: each size's first is reported on its own (the café's
// includes the compile), the median is of the other 6.
// During one large proposal GET /api/health is asked every 20 ms → p99. The server solves one proposal at a time
// (lib/server/auto-fill/run-fill.ts), so the proposals run one after another. Budgets: median ≤ 1 s (café), ≤ 5 s
// (large), health p99 ≤ 50 ms.
// Standalone: `node bench/auto-fill-latency.mjs` (uses the build there is: `node scripts/build.mjs` first after a
// change) on BENCH_PORT 3440 / BENCH_PG_PORT 55740 and .data-bench-p11, and prints the server's RSS after the
// proposals and after the HiGHS worker's idle minute (P7); bench/run.mjs calls benchAutoFillLatency.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ROOT } from "../scripts/lib/database.mjs";
import { apiLogin } from "./lib/api.mjs";
import { archive, connect } from "./lib/seed.mjs";
import { pidOnPort, rssMb } from "./lib/process.mjs";
import { BENCH_ADMIN, median, percentile, startBenchServer } from "./lib/server.mjs";

/**
 * @typedef {{ id: number, employee_id: number | null, location_id: number, location_name: string, shift_date: string,
 *   start_time: string, end_time: string, break_minutes: number, applicant_ids?: number[] }} WeekShift
 * @typedef {{ range: { start_date: string, end_date: string },
 *   employees: { id: number, name: string, weekly_hours: number, is_hourly: boolean, location_ids: number[] }[],
 *   open: WeekShift[], existing: WeekShift[],
 *   vacations: { employee_id: number, start_date: string, end_date: string }[],
 *   unavailability: { employee_id: number, date: string, start_time: string | null, end_time: string | null }[] }}
 *   Week the generator's FillProblem, as far as the database holds it
 */

/**
 * The generator's week, from the TypeScript bench (tsx).
 * @param {"cafe" | "large"} size
 * @param {number} seed
 * @returns {Week}
 */
export function generatedWeek(size, seed) {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "bench", "auto-fill-quality.ts"), "--week", size, String(seed)],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out);
}

/** Monday to Friday days of a vacation, as the app charges them (no holidays: the bench company has no region). */
function weekdaysBetween(/** @type {string} */ start, /** @type {string} */ end) {
  let count = 0;
  for (
    let day = new Date(`${start}T00:00:00Z`);
    day <= new Date(`${end}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  )
    if (day.getUTCDay() % 6 !== 0) count++;
  return count;
}

/**
 * Inserts a generated week: its locations, employees with Einsatzorte, assigned and open shifts, applications,
 * approved vacations and unavailability. Returns the ids created (for `archive`).
 * @param {import("pg").Client} client
 * @param {Week} week
 * @param {string} tag marks the names
 */
export async function seedWeek(client, week, tag) {
  await client.query("BEGIN");
  /** @type {Map<number, number>} */
  const locationOf = new Map();
  const names = new Map([...week.open, ...week.existing].map((s) => [s.location_id, s.location_name]));
  for (const [id, name] of [...names].sort((a, b) => a[0] - b[0])) {
    const { rows } = await client.query("INSERT INTO locations (name, updated_at) VALUES ($1, now()) RETURNING id", [
      `${tag} ${name}`,
    ]);
    locationOf.set(id, rows[0].id);
  }
  /** @type {Map<number, number>} */
  const employeeOf = new Map();
  for (const employee of week.employees) {
    const [first, ...last] = employee.name.split(" ");
    const { rows } = await client.query(
      `INSERT INTO employees (first_name, last_name, weekly_hours, is_hourly, updated_at)
       VALUES ($1, $2, $3, $4, now()) RETURNING id`,
      [first, `${last.join(" ")} ${tag}${employee.id}`, employee.weekly_hours, employee.is_hourly],
    );
    employeeOf.set(employee.id, rows[0].id);
    for (const location of employee.location_ids)
      await client.query("INSERT INTO employee_locations (employee_id, location_id) VALUES ($1, $2)", [
        rows[0].id,
        locationOf.get(location),
      ]);
  }
  const shifts = [...week.existing, ...week.open];
  const { rows: inserted } = await client.query(
    `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, break_minutes, updated_at)
     SELECT * , now() FROM unnest($1::int[], $2::int[], $3::date[], $4::time[], $5::time[], $6::int[])
     RETURNING id`,
    [
      shifts.map((s) => (s.employee_id === null ? null : employeeOf.get(s.employee_id))),
      shifts.map((s) => locationOf.get(s.location_id)),
      shifts.map((s) => s.shift_date),
      shifts.map((s) => s.start_time),
      shifts.map((s) => s.end_time),
      shifts.map((s) => s.break_minutes),
    ],
  );
  for (const [index, shift] of shifts.entries())
    for (const applicant of shift.applicant_ids ?? [])
      await client.query("INSERT INTO shift_applications (shift_id, employee_id) VALUES ($1, $2)", [
        inserted[index].id,
        employeeOf.get(applicant),
      ]);
  for (const vacation of week.vacations)
    await client.query(
      `INSERT INTO vacations (employee_id, start_date, end_date, days_count, status, updated_at)
       VALUES ($1, $2, $3, $4, 'approved', now())`,
      [
        employeeOf.get(vacation.employee_id),
        vacation.start_date,
        vacation.end_date,
        weekdaysBetween(vacation.start_date, vacation.end_date),
      ],
    );
  for (const entry of week.unavailability)
    await client.query(
      `INSERT INTO unavailabilities (employee_id, start_date, end_date, start_time, end_time)
       VALUES ($1, $2, $2, $3, $4)`,
      [employeeOf.get(entry.employee_id), entry.date, entry.start_time, entry.end_time],
    );
  await client.query("COMMIT");
  return { locationIds: [...locationOf.values()], employeeIds: [...employeeOf.values()] };
}

/**
 * One proposal; with `pollHealth`, GET /api/health every 20 ms while it runs.
 * @param {string} baseUrl
 * @param {Record<string, string>} headers
 * @param {Week["range"]} range
 * @param {number[] | null} health latencies are pushed here when given
 */
async function propose(baseUrl, headers, range, health) {
  let done = false;
  const started = performance.now();
  const request = fetch(`${baseUrl}/api/schedule/auto-fill`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(range),
  }).then(async (res) => {
    const body = await res.json();
    const ms = performance.now() - started;
    done = true;
    if (res.status !== 200) throw new Error(`auto-fill ${res.status}: ${JSON.stringify(body)}`);
    return {
      ms,
      stats: /** @type {{ open: number, filled: number, solve_ms: number, optimal: boolean }} */ (body.stats),
    };
  });
  while (health && !done) {
    const t = performance.now();
    await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 20 - (performance.now() - t))));
  }
  return request;
}

/**
 * @param {string} baseUrl
 * @param {string} databaseUrl
 * @param {{ runs?: number, seed?: number }} [options] runs per size (the first of the process is reported apart)
 */
export async function benchAutoFillLatency(baseUrl, databaseUrl, { runs = 7, seed = 1 } = {}) {
  const client = await connect(databaseUrl);
  const { accessToken } = await apiLogin(baseUrl, BENCH_ADMIN);
  const headers = { Authorization: `Bearer ${accessToken}` };
  try {
    /** @param {"cafe" | "large"} size */
    const measureSize = async (size) => {
      const week = generatedWeek(size, seed);
      const staff = await seedWeek(client, week, size === "cafe" ? "P11c" : "P11g");
      /** @type {number[]} */
      const times = [];
      /** @type {number[]} */
      const health = [];
      let last;
      let firstMs = 0;
      for (let i = 0; i < runs; i++) {
        // The health poll rides on the second large proposal: the first of a size may still warm caches.
        const run = await propose(baseUrl, headers, week.range, size === "large" && i === 1 ? health : null);
        last = run.stats;
        if (i === 0) firstMs = run.ms;
        else times.push(run.ms);
      }
      // Out of the lists: the next size's proposal must see only its own staff. Its shifts go: the generator's
      // weeks start in the week bench/run.mjs measures P1, P2 and P9 in (2031-03-03), and the 1 M side of P2 and
      // P9 must read that week as the 10 k side did (docs/PERFORMANCE.md "P2 and P9: what else grew").
      await archive(client, staff);
      await client.query("DELETE FROM shifts WHERE location_id = ANY($1)", [staff.locationIds]);
      health.sort((a, b) => a - b);
      return {
        firstMs,
        open: week.open.length,
        employees: week.employees.length,
        medianMs: median(times),
        runs: times.length,
        last: /** @type {NonNullable<typeof last>} */ (last),
        healthP50: health.length ? percentile(health, 50) : NaN,
        healthP99: health.length ? percentile(health, 99) : NaN,
        healthSamples: health.length,
      };
    };
    const cafe = await measureSize("cafe");
    const large = await measureSize("large");
    return { cafe, large };
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT || 3440),
    pgPort: Number(process.env.BENCH_PG_PORT || 55740),
    dataDir: path.join(ROOT, ".data-bench-p11"),
  });
  try {
    const result = await benchAutoFillLatency(server.baseUrl, server.databaseUrl);
    const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`;
    for (const [size, r] of /** @type {const} */ ([
      ["café", result.cafe],
      ["large", result.large],
    ]))
      console.log(
        `${size} (${r.employees} employees, ${r.open} open shifts): first ${ms(r.firstMs)}, ` +
          `median of the next ${r.runs} ${ms(r.medianMs)}; last proposal filled ${r.last.filled}/${r.last.open}, ` +
          `solve_ms ${r.last.solve_ms}, optimal ${r.last.optimal}`,
      );
    console.log(
      `GET /api/health during a large proposal: p50 ${result.large.healthP50.toFixed(1)} ms, ` +
        `p99 ${result.large.healthP99.toFixed(1)} ms (${result.large.healthSamples} samples)`,
    );
    // P7's share of the HiGHS worker: the server's RSS right after the proposals and once the worker has ended
    // after its idle minute (FILL_WORKER_IDLE_MS in lib/server/auto-fill/run-fill.ts).
    const pid = pidOnPort(new URL(server.baseUrl).port);
    const after = rssMb(pid);
    await new Promise((resolve) => setTimeout(resolve, 65_000));
    console.log(`Server RSS after the proposals ${after.toFixed(0)} MB; 65 s later ${rssMb(pid).toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}
