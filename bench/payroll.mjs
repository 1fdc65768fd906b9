// @ts-check
// P20: the payroll's reads on three years of recorded time (docs/PRODUCT-RULES.md §34.3, §34.4): GET /api/time-accounts
// of a year for 500 employees, each account carried from its first recorded day three years back, and the month's
// DATEV LODAS file and CSV (GET /api/exports/payroll) for the same 500; GET /api/health asked one call after the
// other while each request runs. Seeds with SQL (generate_series) like bench/timesheet.mjs: shifts Monday to Friday
// and a Sunday shift for every fifth person, entries with a 30-minute break, some over night (surcharges), every
// month approved, personnel numbers 1..500, wage types and DATEV numbers in the payroll settings, labour rules DE
// (restored afterwards), the locations in Bavaria (holiday surcharges). The size is `employees`
// (BENCH_P20_EMPLOYEES or `--employees` alone). Prints; asserts nothing.
import { authorization } from "./api-throughput.mjs";
import { archive, seedStaff } from "./lib/seed.mjs";
import { median, percentile } from "./lib/server.mjs";
import { seedEntries } from "./timesheet.mjs";

/**
 * Three years of recorded time, in years no other benchmark records time in (P17 records from 2023-10 on, the
 * clock benchmarks today): the exported month has only P20's entries, all approved, so the export is not refused for
 * someone else's open month when P20 runs after the others (bench/run.mjs).
 */
export const P20_RANGE = { start: "2020-01-01", end: "2022-12-31" };
/** The year of the accounts (the last seeded one: twelve months, each carried from January 2020). */
export const P20_YEAR = 2022;
/** The exported month: Monday 3 October is a public holiday (Tag der Deutschen Einheit). */
export const P20_MONTH = "2022-10";
/** One location per 50 employees, as P17 spreads them. */
const PER_LOCATION = 50;

/** The payroll settings seeded (company_settings.payroll): a wage type for every category, DATEV's numbers. */
const PAYROLL = {
  wage_types: {
    worked: "1000",
    night: "1100",
    night_core: "1110",
    sunday: "1200",
    holiday: "1300",
    holiday_special: "1310",
    payout: "1400",
  },
  datev_consultant_number: "1234567",
  datev_client_number: "12345",
};

/**
 * Shifts, entries and approved months of `staff` over P20_RANGE, and what the export needs besides. Answers a
 * function that puts the company's settings back.
 * @param {import("pg").Client} client
 * @param {import("./lib/seed.mjs").Staff} staff
 * @param {string} zone the server's business time zone
 */
async function seedPayroll(client, staff, zone) {
  const { employeeIds, locationIds } = staff;
  // A Sunday shift (10–18 h) each week for every fifth person: Sunday surcharges (seedStaff plans Monday to Friday).
  await client.query(
    `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, updated_at)
     SELECT e.id, ($3::int[])[1 + e.n % array_length($3::int[], 1)], d.day::date, time '10:00', time '18:00', now()
     FROM unnest($4::int[]) WITH ORDINALITY AS e(id, n)
     CROSS JOIN generate_series($1::date, $2::date, interval '1 day') d(day)
     WHERE e.n % 5 = 1 AND extract(isodow FROM d.day) = 7`,
    [P20_RANGE.start, P20_RANGE.end, locationIds, employeeIds],
  );
  await seedEntries(client, { employeeIds, ...P20_RANGE, zone });
  // Every month approved, the way the app approves one (lib/server/time/approval.ts): its month row first, then its
  // entries recorded → approved (migration 20261203000400: an entry is approved only in an approved month, and no
  // entry is added to one).
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO timesheet_months (employee_id, month, approved_at, approved_by_name, updated_at)
     SELECT e.id, m::date, now(), 'Bench', now()
     FROM unnest($1::int[]) e(id)
     CROSS JOIN generate_series($2::date, $3::date, interval '1 month') m`,
    [employeeIds, P20_RANGE.start, P20_RANGE.end],
  );
  await client.query(
    `UPDATE time_entries SET status = 'approved', updated_at = now()
     WHERE employee_id = ANY($1) AND date BETWEEN $2::date AND $3::date AND status = 'recorded'`,
    [employeeIds, P20_RANGE.start, P20_RANGE.end],
  );
  // And, as the approval does (keepMonthFigures, lib/server/time-accounts/keep-month-figures.ts), each month keeps
  // its figures: the worked minutes (end − start − breaks per entry, rounded down to whole minutes), the target and
  // the credits (below: weekly hours / 5 per Monday–Friday day, no credits; the figures' exact value costs nothing).
  await client.query(
    `UPDATE timesheet_months m SET worked_minutes = COALESCE(w.minutes, 0)
     FROM (
       SELECT t.employee_id, date_trunc('month', t.date)::date AS month,
              SUM(FLOOR(GREATEST(0, EXTRACT(EPOCH FROM (t.end_at - t.start_at)) * 1000 - COALESCE((
                SELECT SUM(GREATEST(0, EXTRACT(EPOCH FROM (LEAST(COALESCE(b.end_at, t.end_at), t.end_at) - b.start_at))
                                       * 1000))
                FROM time_breaks b WHERE b.entry_id = t.id), 0)) / 60000))::int AS minutes
       FROM time_entries t
       WHERE t.employee_id = ANY($1) AND t.date BETWEEN $2::date AND $3::date AND t.status <> 'void'
       GROUP BY 1, 2) w
     WHERE m.employee_id = w.employee_id AND m.month = w.month`,
    [employeeIds, P20_RANGE.start, P20_RANGE.end],
  );
  await client.query(
    `UPDATE timesheet_months SET worked_minutes = 0
     WHERE employee_id = ANY($1) AND approved_at IS NOT NULL AND worked_minutes IS NULL`,
    [employeeIds],
  );
  await client.query(
    `UPDATE timesheet_months m SET credit_minutes = 0, target_minutes = (e.weekly_hours * 12)::int * (
       SELECT count(*) FROM generate_series(m.month, (m.month + interval '1 month - 1 day')::date, interval '1 day') d
       WHERE extract(isodow FROM d) < 6)
     FROM employees e
     WHERE e.id = m.employee_id AND e.id = ANY($1) AND NOT e.is_hourly AND m.approved_at IS NOT NULL`,
    [employeeIds],
  );
  await client.query("COMMIT");
  await client.query(
    `UPDATE employees SET personnel_number = e.n::text
     FROM unnest($1::int[]) WITH ORDINALITY AS e(id, n) WHERE employees.id = e.id`,
    [employeeIds],
  );
  // Holidays of the place of work (§34.1): the company's region and its targets stay as they are.
  await client.query("UPDATE locations SET holiday_region = 'DE-BY' WHERE id = ANY($1)", [locationIds]);
  const {
    rows: [before],
  } = await client.query("SELECT labour_rules, payroll FROM company_settings WHERE id = 1");
  if (!before) throw new Error("P20: no company_settings row");
  await client.query("UPDATE company_settings SET labour_rules = 'DE', payroll = $1 WHERE id = 1", [
    JSON.stringify(PAYROLL),
  ]);
  // As P17: a database that grew over years has been vacuumed (the approval rewrote every entry once).
  await client.query("VACUUM (ANALYZE) shifts, time_entries, time_breaks, timesheet_months, employees");
  await client.query("CHECKPOINT");
  return () =>
    client.query("UPDATE company_settings SET labour_rules = $1, payroll = $2 WHERE id = 1", [
      before.labour_rules,
      JSON.stringify(before.payroll),
    ]);
}

/**
 * `runs` requests of `url` one after the other, after one warm-up, with GET /api/health asked one call after the
 * other while each runs (as bench/pdf-vs-health.mjs does).
 * @param {string} baseUrl
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} runs
 */
async function measure(baseUrl, url, headers, runs) {
  const ask = async () => {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`P20: ${url} answered ${res.status}: ${body}`);
    return body;
  };
  let body = await ask(); // warm-up
  /** @type {number[]} */
  const times = [];
  /** @type {number[]} */
  const health = [];
  for (let i = 0; i < runs; i++) {
    let done = false;
    /** @type {unknown} */
    let failure = null;
    const started = performance.now();
    const request = ask()
      .then(
        (text) => {
          times.push(performance.now() - started);
          body = text;
        },
        (error) => (failure = error),
      )
      .finally(() => (done = true));
    while (!done) {
      const asked = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - asked);
    }
    await request;
    if (failure) throw failure;
  }
  times.sort((a, b) => a - b);
  return { p50: median(times), max: times[times.length - 1], health, body };
}

/**
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 * @param {{ employees?: number, runs?: number }} [options]
 */
export async function benchPayroll(client, baseUrl, options = {}) {
  const employees = options.employees ?? (Number(process.env.BENCH_P20_EMPLOYEES) || 500);
  const runs = options.runs ?? 5;
  const zone = process.env.APP_TIMEZONE || "Europe/Zurich";
  console.log(`  P20: seeding three years of shifts, entries and approved months for ${employees} employees ...`);
  const seedStarted = performance.now();
  const staff = await seedStaff(client, {
    tag: "Z",
    employees,
    locations: Math.max(1, Math.round(employees / PER_LOCATION)),
    ...P20_RANGE,
  });
  const restoreSettings = await seedPayroll(client, staff, zone);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  try {
    const {
      rows: [counts],
    } = await client.query(
      `SELECT count(*)::int AS entries, count(*) FILTER (WHERE status = 'approved')::int AS approved
       FROM time_entries WHERE employee_id = ANY($1)`,
      [staff.employeeIds],
    );
    const headers = await authorization(baseUrl);
    const accounts = await measure(baseUrl, `${baseUrl}/api/time-accounts?year=${P20_YEAR}`, headers, runs);
    const answer = JSON.parse(accounts.body);
    /** @type {{ months: unknown[] }[]} */
    const listed = answer.accounts;
    const withMonths = listed.filter((account) => account.months.length > 0);
    const exportUrl = (/** @type {string} */ format) =>
      `${baseUrl}/api/exports/payroll?month=${P20_MONTH}&format=${format}`;
    const lodas = await measure(baseUrl, exportUrl("datev-lodas"), headers, runs);
    const csv = await measure(baseUrl, exportUrl("csv"), headers, runs);
    const health = [...accounts.health, ...lodas.health, ...csv.health].sort((a, b) => a - b);
    // Per kind of request: p99 and the longest wait. Health is asked one call after the other, so a stall of the
    // event loop is one slow answer among hundreds, which a p99 can hide: the longest shows it.
    const waits = (/** @type {number[]} */ times) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
    };
    const lines = (/** @type {string} */ text) => text.split("\r\n").filter((line) => line !== "");
    return {
      employees,
      runs,
      seedSeconds,
      entries: counts.entries,
      approvedEntries: counts.approved,
      accounts: {
        p50: accounts.p50,
        max: accounts.max,
        listed: listed.length,
        withMonths: withMonths.length,
        months: withMonths.reduce((sum, account) => sum + account.months.length, 0),
        kb: Buffer.byteLength(accounts.body) / 1024,
      },
      lodas: {
        p50: lodas.p50,
        max: lodas.max,
        lines: lines(lodas.body).length,
        movements: lines(lodas.body).filter((line) => line.startsWith("10;")).length,
        people: new Set(
          lines(lodas.body)
            .map((line) => /^10;(\d+);/.exec(line)?.[1])
            .filter(Boolean),
        ).size,
      },
      csv: { p50: csv.p50, max: csv.max, rows: lines(csv.body).length - 1 },
      health: {
        p50: percentile(health, 50),
        p99: percentile(health, 99),
        max: health[health.length - 1],
        samples: health.length,
        accounts: waits(accounts.health),
        lodas: waits(lodas.health),
        csv: waits(csv.health),
      },
    };
  } finally {
    await restoreSettings();
    await archive(client, staff);
  }
}

/**
 * The figures as bench/run.mjs and the standalone run print them.
 * @param {Awaited<ReturnType<typeof benchPayroll>>} p20
 */
export function payrollLines(p20) {
  const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
  const { accounts, lodas, csv, health } = p20;
  return {
    accounts:
      `p50 ${ms(accounts.p50)}, max ${ms(accounts.max)} (${accounts.withMonths} accounts × ` +
      `${(accounts.months / Math.max(1, accounts.withMonths)).toFixed(0)} months, ${accounts.listed} listed, ` +
      `${accounts.kb.toFixed(0)} kB)`,
    exports:
      `LODAS p50 ${ms(lodas.p50)}, max ${ms(lodas.max)} (${lodas.movements} movement lines, ${lodas.people} ` +
      `personnel numbers); CSV p50 ${ms(csv.p50)}, max ${ms(csv.max)} (${csv.rows} rows)`,
    health:
      `p99 ${ms(health.p99)}, max ${ms(health.max)} (p50 ${ms(health.p50)}, ${health.samples} requests); ` +
      `p99 / max while the accounts ran ${ms(health.accounts.p99)} / ${ms(health.accounts.max)}, ` +
      `LODAS ${ms(health.lodas.p99)} / ${ms(health.lodas.max)}, CSV ${ms(health.csv.p99)} / ${ms(health.csv.max)}`,
  };
}

// Alone: `node bench/payroll.mjs [--employees 500]` starts the bench server on a data directory of its own
// (BENCH_PORT 3449, BENCH_PG_PORT 55749, .data-bench-p20) with the build there is, measures and prints.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await import("node:path");
  const pg = (await import("pg")).default;
  const { ROOT } = await import("../scripts/lib/database.mjs");
  const { startBenchServer } = await import("./lib/server.mjs");
  const at = process.argv.indexOf("--employees");
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT || 3449),
    pgPort: Number(process.env.BENCH_PG_PORT || 55749),
    dataDir: path.join(ROOT, ".data-bench-p20"),
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const result = await benchPayroll(client, server.baseUrl, {
      employees: at === -1 ? undefined : Number(process.argv[at + 1]),
    });
    const text = payrollLines(result);
    console.log(
      `P20: seeded in ${result.seedSeconds.toFixed(0)} s: ${result.entries.toLocaleString("en")} entries ` +
        `(${result.approvedEntries.toLocaleString("en")} approved) of ${result.employees} employees, ` +
        `${P20_RANGE.start} – ${P20_RANGE.end}; ${result.runs} runs each after a warm-up`,
    );
    console.log(`P20: GET /api/time-accounts?year=${P20_YEAR}: ${text.accounts} (budget ≤ 1000 ms)`);
    console.log(`P20: GET /api/exports/payroll?month=${P20_MONTH}: ${text.exports} (budget ≤ 1000 ms each)`);
    console.log(`P20: GET /api/health meanwhile: ${text.health} (budget p99 ≤ 50 ms)`);
  } finally {
    await client.end();
    await server.stop();
  }
}
