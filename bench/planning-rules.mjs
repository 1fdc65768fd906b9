// @ts-check
// P9/P10: the planning rules (docs/PRODUCT-RULES.md §24, §25). GET /api/schedule/warnings for the week of P1
// against GET /api/auth/me (like P1), its uncached latency for comparing database sizes (like P2), and the
// latency of POST /api/shifts/check. Prints; asserts nothing.
import { authorization, load, P1_WEEK } from "./api-throughput.mjs";
import { median, percentile } from "./lib/server.mjs";

const warningsPath = `/api/schedule/warnings?start_date=${P1_WEEK.start}&end_date=${P1_WEEK.end}`;

/**
 * Vacations as a café has them: every twelfth employee away three days of the P1 week (their shifts on those days
 * opened, as recording the vacation does), every seventh a week in another month.
 * @param {import("pg").Client} client
 * @param {number[]} employeeIds
 */
export async function seedVacations(client, employeeIds) {
  const away = employeeIds.filter((_, i) => i % 12 === 0);
  const later = employeeIds.filter((_, i) => i % 7 === 0);
  await client.query(
    `INSERT INTO vacations (employee_id, start_date, end_date, days_count, updated_at)
     SELECT id, date '2031-03-04', date '2031-03-06', 3, now() FROM unnest($1::int[]) id
     UNION ALL
     SELECT id, date '2031-05-12', date '2031-05-16', 5, now() FROM unnest($2::int[]) id`,
    [away, later],
  );
  await client.query(
    `UPDATE shifts SET employee_id = NULL
     WHERE employee_id = ANY($1) AND shift_date BETWEEN date '2031-03-04' AND date '2031-03-06'`,
    [away],
  );
}

/**
 * Rounds alternate between the two routes, as in P1; the ratio is taken per round and its median reported.
 * @param {string} baseUrl
 * @param {{ rounds?: number, duration?: number }} [options]
 */
export async function benchWarningsThroughput(baseUrl, { rounds = 3, duration = 5 } = {}) {
  const headers = await authorization(baseUrl);
  const warningsUrl = `${baseUrl}${warningsPath}`;
  const meUrl = `${baseUrl}/api/auth/me`;
  const findings = (await (await fetch(warningsUrl, { headers })).json()).length;
  await load(warningsUrl, headers, 2); // warm-up
  await load(meUrl, headers, 2);
  /** @type {import("./api-throughput.mjs").Load[]} */
  const warnings = [];
  /** @type {import("./api-throughput.mjs").Load[]} */
  const trivial = [];
  for (let round = 0; round < rounds; round++) {
    warnings.push(await load(warningsUrl, headers, duration));
    trivial.push(await load(meUrl, headers, duration));
  }
  return {
    findings,
    warningsRps: median(warnings.map((r) => r.rps)),
    trivialRps: median(trivial.map((r) => r.rps)),
    warningsP50: median(warnings.map((r) => r.p50)),
    ratio: median(warnings.map((r, i) => r.rps / trivial[i].rps)),
  };
}

/**
 * p50/p99 in ms of one request at a time; `before` runs ahead of each, outside the timing.
 * @param {() => Promise<Response>} send
 * @param {{ requests?: number, before?: () => Promise<unknown> }} [options]
 */
async function latency(send, { requests = 300, before = async () => {} } = {}) {
  for (let i = 0; i < 20; i++) await (await send()).arrayBuffer(); // warm-up
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < requests; i++) {
    await before();
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${res.url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * GET /api/schedule/warnings uncached: `invalidate` moves the data version before each request, so every request
 * loads the week's window from PostgreSQL and runs the rules.
 * @param {string} baseUrl
 * @param {() => Promise<unknown>} invalidate
 */
export async function benchWarningsLatency(baseUrl, invalidate) {
  const headers = await authorization(baseUrl);
  return latency(() => fetch(`${baseUrl}${warningsPath}`, { headers }), { before: invalidate });
}

/**
 * POST /api/shifts/check for a Saturday shift of an employee of the P1 week (the dialog's live check).
 * @param {string} baseUrl
 * @param {{ employeeId: number, locationId: number }} shift
 */
export async function benchCheckLatency(baseUrl, { employeeId, locationId }) {
  const headers = { ...(await authorization(baseUrl)), "Content-Type": "application/json" };
  const body = JSON.stringify({
    employee_id: employeeId,
    location_id: locationId,
    shift_date: "2031-03-08",
    start_time: "10:00",
    end_time: "18:30",
    break_minutes: 30,
  });
  return latency(() => fetch(`${baseUrl}/api/shifts/check`, { method: "POST", headers, body }));
}
