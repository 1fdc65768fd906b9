// @ts-check
// P16: stamping. Fifty employees stamp "in" in the same second (a shift change at a large location): 50 parallel
// `POST /api/me/clock`, each a linked user of their own; latencies, errors and the entries written. Then the
// throughput of stamping (in and out by turns, 10 employees at once) against `GET /api/auth/me` measured the same
// way. Prints; asserts nothing.
import { pathToFileURL } from "node:url";
import bcrypt from "bcryptjs";
import { apiLogin } from "./lib/api.mjs";
import { median, percentile } from "./lib/server.mjs";

const PASSWORD = "stempel-bench-passwort";

/**
 * Fifty employees at a location of their own, each with a linked user signed in. Written with SQL (one password
 * hash for all: the bench measures stamping, not fifty bcrypt runs); the logins go through the API.
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 * @param {number} count
 */
export async function seedClockStaff(client, baseUrl, count = 50) {
  const hash = await bcrypt.hash(PASSWORD, 12);
  const tag = Date.now().toString(36);
  const {
    rows: [{ id: locationId }],
  } = await client.query(`INSERT INTO locations (name, color, updated_at) VALUES ($1, '#0EA5E9', now()) RETURNING id`, [
    `Stempel-Filiale ${tag}`,
  ]);
  const { rows: employees } = await client.query(
    `INSERT INTO employees (first_name, last_name, weekly_hours, vacation_days_total, updated_at)
     SELECT 'Stempel', 'Person ' || g, 40, 25, now() FROM generate_series(1, $1::int) g RETURNING id`,
    [count],
  );
  const employeeIds = employees.map((row) => /** @type {number} */ (row.id));
  await client.query(
    `INSERT INTO users (username, password_hash, role, employee_id, updated_at)
     SELECT 'stempel-' || $2 || '-' || e.id, $1, 'user', e.id, now() FROM unnest($3::int[]) AS e(id)`,
    [hash, tag, employeeIds],
  );
  /** @type {string[]} */
  const tokens = [];
  // Ten logins at a time: bcrypt runs in the server's password worker.
  for (let i = 0; i < employeeIds.length; i += 10) {
    const batch = employeeIds.slice(i, i + 10);
    const sessions = await Promise.all(
      batch.map((id) => apiLogin(baseUrl, { username: `stempel-${tag}-${id}`, password: PASSWORD })),
    );
    tokens.push(...sessions.map((session) => session.accessToken));
  }
  return { locationId, employeeIds, locationIds: [locationId], tokens };
}

/**
 * One stamp; its status and duration.
 * @param {string} baseUrl
 * @param {string} token
 * @param {"in" | "out"} action
 * @param {number} locationId
 */
async function stamp(baseUrl, token, action, locationId) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/me/clock`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(action === "in" ? { action, location_id: locationId } : { action }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/**
 * Requests per second of `request` run in a loop by `workers` at once for `seconds`.
 * @param {(worker: number, turn: number) => Promise<{ status: number }>} request
 * @param {number} workers
 * @param {number} seconds
 */
async function loopRate(request, workers, seconds) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let turn = 0; performance.now() < until; turn++) {
        const { status } = await request(worker, turn);
        if (status === 200) done++;
        else failed++;
      }
    }),
  );
  return { rps: done / seconds, failed };
}

/** Rounds of the throughput loop; the rotation's people are ROUNDS groups of fifty. */
const ROUNDS = 3;

/** The people of the throughput loop (`rotation` of `benchClockBurst`). */
export function seedRotation(/** @type {import("pg").Client} */ client, /** @type {string} */ baseUrl) {
  return seedClockStaff(client, baseUrl, ROUNDS * 50);
}

/**
 * @param {string} baseUrl
 * @param {import("pg").Client} client
 * @param {Awaited<ReturnType<typeof seedClockStaff>>} staff the burst's fifty
 * @param {Awaited<ReturnType<typeof seedClockStaff>>} rotation the throughput loop's people (`seedRotation`)
 * @param {{ rounds?: number, workers?: number, seconds?: number }} [options]
 */
export async function benchClockBurst(
  baseUrl,
  client,
  staff,
  rotation,
  { rounds = 5, workers = 10, seconds = 5 } = {},
) {
  const { tokens, locationId, employeeIds } = staff;
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  /** @type {number[]} */
  const running = [];
  for (let round = 0; round < rounds; round++) {
    // All fifty at once, as a shift change at the door would send them.
    const answers = await Promise.all(tokens.map((token) => stamp(baseUrl, token, "in", locationId)));
    latencies.push(...answers.map((answer) => answer.ms));
    errors += answers.filter((answer) => answer.status !== 200).length;
    const {
      rows: [{ count }],
    } = await client.query(
      "SELECT count(*)::int AS count FROM time_entries WHERE employee_id = ANY($1) AND end_at IS NULL",
      [employeeIds],
    );
    running.push(count);
    // Out again, one after the other (not measured), for the next round.
    for (const token of tokens) await stamp(baseUrl, token, "out", locationId);
  }
  latencies.sort((a, b) => a - b);

  // The floor on this machine: the same fifty people asking `GET /api/auth/me` (one statement) at once, as many
  // rounds. A burst is queued by the server's one event loop whatever the route; the stamps' p99 is read against it.
  /** @type {number[]} */
  const meBurst = [];
  for (let round = 0; round < rounds; round++) {
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const started = performance.now();
        const res = await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        return performance.now() - started;
      }),
    );
    meBurst.push(...answers);
  }
  meBurst.sort((a, b) => a - b);

  // Throughput: `workers` at once, each stamping in and out by turns for people of its own (a pair of stamps each in
  // turn), against /auth/me asked by the same workers as the same people, rounds alternating. Each round has fifty
  // people of its own (`rotation`): the answer of a stamp carries the person's entries of the day, and a few
  // thousand stamps by the same ten people would give each a day of a hundred entries, where a real one has a
  // handful (entries are never deleted, docs/PRODUCT-RULES.md §32.2).
  /** @type {number[]} */
  const clockRates = [];
  /** @type {number[]} */
  const meRates = [];
  let clockFailures = 0;
  const group = rotation.tokens.length / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    const people = rotation.tokens.slice(round * group, (round + 1) * group);
    const tokenOf = (/** @type {number} */ worker, /** @type {number} */ turn) =>
      people[worker + workers * (Math.floor(turn / 2) % Math.floor(group / workers))];
    const clock = await loopRate(
      (worker, turn) => stamp(baseUrl, tokenOf(worker, turn), turn % 2 === 0 ? "in" : "out", rotation.locationId),
      workers,
      seconds,
    );
    clockFailures += clock.failed;
    clockRates.push(clock.rps);
    const trivial = await loopRate(
      async (worker, turn) => {
        const res = await fetch(`${baseUrl}/api/auth/me`, {
          headers: { Authorization: `Bearer ${tokenOf(worker, turn)}` },
        });
        await res.arrayBuffer();
        return { status: res.status };
      },
      workers,
      seconds,
    );
    meRates.push(trivial.rps);
  }
  return {
    stamps: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    meBurstP99: percentile(meBurst, 99),
    errors,
    running: median(running),
    people: tokens.length,
    clockRps: median(clockRates),
    meRps: median(meRates),
    ratio: median(clockRates.map((rate, i) => rate / meRates[i])),
    clockFailures,
  };
}

// On its own (`node bench/clock-burst.mjs`, after a build): P16 on a fresh server, as `npm run bench` measures it.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { default: pg } = await import("pg");
  const { startBenchServer } = await import("./lib/server.mjs");
  const server = await startBenchServer({ port: 3430, pgPort: 55730, dataDir: ".data-bench-clock" });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const staff = await seedClockStaff(client, server.baseUrl);
    const result = await benchClockBurst(server.baseUrl, client, staff, await seedRotation(client, server.baseUrl));
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await client.end();
    await server.stop();
  }
}
