// @ts-check
// P17: GET /api/timesheets for a month of one location's 50 employees (planned vs. worked, docs/PRODUCT-RULES.md
// §32.3), first on a database holding only that month's shifts and entries, then after three years of shifts and
// entries of 500 employees were added before it. Its cost must not grow with the history: the timesheet reads
// the range (and the rules' window around it) by the (employee_id, date) and (location_id, date) indexes.
// Seeds with SQL (generate_series); the size is `employees` and `years` (BENCH_P17_EMPLOYEES, BENCH_P17_YEARS, or
// `--employees` and `--years` alone). Prints; asserts nothing.
import { authorization } from "./api-throughput.mjs";
import { archive, seedStaff } from "./lib/seed.mjs";
import { percentile } from "./lib/server.mjs";

/** The measured month: past, so every flag of a past month is computed; away from the other benchmarks' weeks. */
export const P17_MONTH = { start: "2026-10-01", end: "2026-10-31" };
/** One location's people: the seed spreads the employees evenly over employees / 50 locations. */
const PER_LOCATION = 50;

/**
 * Entries of the seeded shifts of `employeeIds` dated from `start` to `end`: most shifts stamped a few minutes off
 * the plan, one in 29 not at all, each entry with a 30-minute break (status `recorded`; P20 approves them after).
 * @param {import("pg").Client} client
 * @param {{ employeeIds: number[], start: string, end: string, zone: string }} options
 */
export async function seedEntries(client, { employeeIds, start, end, zone }) {
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO time_entries (employee_id, location_id, shift_id, date, start_at, end_at, source, status, updated_at)
     SELECT s.employee_id, s.location_id, s.id, s.shift_date, x.start_at,
            x.start_at + interval '8 hours' + ((s.id % 7) - 3) * interval '5 minutes',
            (CASE WHEN s.id % 3 = 0 THEN 'terminal' ELSE 'app' END)::"TimeEntrySource", 'recorded', now()
     FROM shifts s
     CROSS JOIN LATERAL (
       SELECT ((s.shift_date + s.start_time) AT TIME ZONE $4) + ((s.id % 11) - 5) * interval '2 minutes' AS start_at
     ) x
     WHERE s.employee_id = ANY($1) AND s.shift_date BETWEEN $2::date AND $3::date AND s.id % 29 <> 0`,
    [employeeIds, start, end, zone],
  );
  await client.query(
    `INSERT INTO time_breaks (entry_id, start_at, end_at)
     SELECT id, start_at + interval '4 hours', start_at + interval '4 hours 30 minutes'
     FROM time_entries WHERE employee_id = ANY($1) AND date BETWEEN $2::date AND $3::date`,
    [employeeIds, start, end],
  );
  await client.query("COMMIT");
}

/**
 * Shifts of existing employees from `start` to `end`, Monday to Friday, as seedStaff plans them (one location each).
 * @param {import("pg").Client} client
 * @param {{ employeeIds: number[], locationIds: number[], start: string, end: string }} options
 */
async function seedHistoryShifts(client, { employeeIds, locationIds, start, end }) {
  await client.query(
    `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, updated_at)
     SELECT e.id, ($3::int[])[1 + e.n % array_length($3::int[], 1)], d.day,
            CASE WHEN e.n % 17 = 0 THEN time '22:00' ELSE time '06:00' + ((e.n % 4) * interval '2 hours') END,
            CASE WHEN e.n % 17 = 0 THEN time '06:00' ELSE time '14:00' + ((e.n % 4) * interval '2 hours') END,
            now()
     FROM unnest($4::int[]) WITH ORDINALITY AS e(id, n)
     CROSS JOIN LATERAL (
       SELECT day::date FROM generate_series($1::date, $2::date, interval '1 day') day
       WHERE extract(isodow FROM day) < 6
     ) d`,
    [start, end, locationIds, employeeIds],
  );
}

/**
 * p50 and p99 of `requests` sequential GET /api/timesheets of the month at one location (after 30 warm-ups).
 * @param {string} baseUrl
 * @param {number} locationId
 * @param {number} requests
 */
async function measure(baseUrl, locationId, requests) {
  const headers = await authorization(baseUrl);
  const url =
    `${baseUrl}/api/timesheets?start_date=${P17_MONTH.start}&end_date=${P17_MONTH.end}` + `&location_id=${locationId}`;
  let employees = 0;
  // A freshly started server (alone) or one just after a bulk load reads slower at first: 30 requests to warm up.
  for (let i = 0; i < 30; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`timesheets ${res.status}: ${await res.text()}`);
    employees = (await res.json()).employees.length;
  }
  const times = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`timesheets ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), employees };
}

/**
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 * @param {{ employees?: number, years?: number, requests?: number }} [options]
 */
export async function benchTimesheet(client, baseUrl, options = {}) {
  const employees = options.employees ?? (Number(process.env.BENCH_P17_EMPLOYEES) || 500);
  const years = options.years ?? (Number(process.env.BENCH_P17_YEARS) || 3);
  const requests = options.requests ?? 100;
  const zone = process.env.APP_TIMEZONE || "Europe/Zurich";
  const staff = await seedStaff(client, {
    tag: "T",
    employees,
    locations: Math.max(1, Math.round(employees / PER_LOCATION)),
    start: P17_MONTH.start,
    end: P17_MONTH.end,
  });
  await seedEntries(client, { employeeIds: staff.employeeIds, ...P17_MONTH, zone });
  // VACUUM as well as ANALYZE: a database that grew over years has been vacuumed, and autovacuum would otherwise
  // start on the fresh rows in the middle of the measuring (the full run's ratio was 1.23, alone 1.13–1.16 after it).
  await client.query("VACUUM (ANALYZE) shifts, time_entries, time_breaks");
  const entriesIn = async () =>
    (
      await client.query("SELECT count(*)::int AS count FROM time_entries WHERE employee_id = ANY($1)", [
        staff.employeeIds,
      ])
    ).rows[0].count;
  const smallEntries = await entriesIn();
  const [locationId] = staff.locationIds;
  const small = await measure(baseUrl, locationId, requests);

  console.log(`  P17: seeding ${years} years of shifts and entries for ${employees} employees ...`);
  const historyStart = `${Number(P17_MONTH.start.slice(0, 4)) - years}${P17_MONTH.start.slice(4)}`;
  const before = new Date(`${P17_MONTH.start}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() - 1);
  const historyEnd = before.toISOString().slice(0, 10);
  await seedHistoryShifts(client, { ...staff, start: historyStart, end: historyEnd });
  await seedEntries(client, { employeeIds: staff.employeeIds, start: historyStart, end: historyEnd, zone });
  await client.query("VACUUM (ANALYZE) shifts, time_entries, time_breaks");
  await client.query("CHECKPOINT");
  const largeEntries = await entriesIn();
  const large = await measure(baseUrl, locationId, requests);
  await archive(client, staff);
  return { small, large, ratio: large.p50 / small.p50, smallEntries, largeEntries, employees, years };
}

// Alone: `node bench/timesheet.mjs [--employees 500] [--years 3]` starts the bench server on a data directory of its
// own (BENCH_PORT 3447, BENCH_PG_PORT 55747, .data-bench-p17) with the build there is, measures and prints.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await import("node:path");
  const pg = (await import("pg")).default;
  const { ROOT } = await import("../scripts/lib/database.mjs");
  const { startBenchServer } = await import("./lib/server.mjs");
  const argument = (/** @type {string} */ name) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : Number(process.argv[at + 1]);
  };
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT || 3447),
    pgPort: Number(process.env.BENCH_PG_PORT || 55747),
    dataDir: path.join(ROOT, ".data-bench-p17"),
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const result = await benchTimesheet(client, server.baseUrl, {
      employees: argument("--employees"),
      years: argument("--years"),
    });
    console.log(
      `P17: ${result.small.employees} employees' month: p50 ${result.small.p50.toFixed(1)} ms ` +
        `(p99 ${result.small.p99.toFixed(1)}) on ${result.smallEntries.toLocaleString("en")} entries; ` +
        `p50 ${result.large.p50.toFixed(1)} ms (p99 ${result.large.p99.toFixed(1)}) on ` +
        `${result.largeEntries.toLocaleString("en")} entries (${result.years} years of ${result.employees} ` +
        `employees); ratio ${result.ratio.toFixed(2)} (budget p50 ≤ 150 ms, ratio ≤ 1.2)`,
    );
  } finally {
    await client.end();
    await server.stop();
  }
}
