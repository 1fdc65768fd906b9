// @ts-check
// P19 (its first half): POST /api/schedule/publish of a week with about 300 changed shifts of 50 employees, each
// with a user account, so every publication writes 50 inbox messages (docs/PRODUCT-RULES.md §33.3). Between two
// publications every shift of the week is moved by a minute, so each one publishes the whole week again. The mail
// half of P19 (all 50 mails at the test SMTP server within 10 s) comes with the queue. Prints; asserts nothing.
import { authorization } from "./api-throughput.mjs";
import { archive, seedStaff } from "./lib/seed.mjs";
import { percentile } from "./lib/server.mjs";

/** The published week: away from the other benchmarks' weeks. */
export const P19_WEEK = { start: "2031-03-03", end: "2031-03-09" };

/**
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 * @param {{ employees?: number, rounds?: number }} [options]
 */
export async function benchPublish(client, baseUrl, options = {}) {
  const employees = options.employees ?? 50;
  const rounds = options.rounds ?? 15;
  const staff = await seedStaff(client, { tag: "P", employees, locations: 2, ...P19_WEEK });
  // The seed plans Monday to Friday; a Saturday shift each makes the budget's 300.
  await client.query(
    `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, updated_at)
     SELECT id, ($2::int[])[1 + n % 2], $1::date + 5, time '09:00', time '15:00', now()
     FROM unnest($3::int[]) WITH ORDINALITY AS e(id, n)`,
    [P19_WEEK.start, staff.locationIds, staff.employeeIds],
  );
  // One account per person (a password nobody uses): the publication tells each of them.
  await client.query(
    `INSERT INTO users (username, password_hash, role, employee_id, updated_at)
     SELECT 'p19-' || id, 'x', 'user', id, now() FROM unnest($1::int[]) id`,
    [staff.employeeIds],
  );
  const { rows } = await client.query(
    "SELECT count(*)::int AS shifts FROM shifts WHERE location_id = ANY($1) AND shift_date BETWEEN $2 AND $3",
    [staff.locationIds, P19_WEEK.start, P19_WEEK.end],
  );
  const headers = { ...(await authorization(baseUrl)), "Content-Type": "application/json" };
  const settings = await fetch(`${baseUrl}/api/settings`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ publishing: true }),
  });
  if (settings.status !== 200) throw new Error(`settings ${settings.status}: ${await settings.text()}`);
  const body = JSON.stringify({
    start_date: P19_WEEK.start,
    end_date: P19_WEEK.end,
    location_ids: staff.locationIds,
  });
  const times = [];
  let notified = 0;
  let changes = 0;
  try {
    for (let round = 0; round <= rounds; round++) {
      await client.query(
        `UPDATE shifts SET start_time = start_time + interval '1 minute', end_time = end_time + interval '1 minute',
                           updated_at = now()
         WHERE location_id = ANY($1) AND shift_date BETWEEN $2 AND $3`,
        [staff.locationIds, P19_WEEK.start, P19_WEEK.end],
      );
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/schedule/publish`, { method: "POST", headers, body });
      const answer = await res.json();
      if (res.status !== 200) throw new Error(`publish ${res.status}: ${JSON.stringify(answer)}`);
      // The first round is the warm-up (and the switch's own first publication of the whole draft came before).
      if (round > 0) times.push(performance.now() - started);
      ({ notified, changes } = answer);
    }
  } finally {
    await fetch(`${baseUrl}/api/settings`, { method: "PUT", headers, body: JSON.stringify({ publishing: false }) });
    await client.query("DELETE FROM users WHERE employee_id = ANY($1)", [staff.employeeIds]);
    await archive(client, staff);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), max: times[times.length - 1], shifts: rows[0].shifts, changes, notified };
}

// Alone: `node bench/publish.mjs` starts the bench server on a data directory of its own (BENCH_PORT 3448,
// BENCH_PG_PORT 55748, .data-bench-p19) with the build there is, measures and prints.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await import("node:path");
  const pg = (await import("pg")).default;
  const { ROOT } = await import("../scripts/lib/database.mjs");
  const { startBenchServer } = await import("./lib/server.mjs");
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT || 3448),
    pgPort: Number(process.env.BENCH_PG_PORT || 55748),
    dataDir: path.join(ROOT, ".data-bench-p19"),
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const result = await benchPublish(client, server.baseUrl);
    console.log(
      `P19: publishing a week of ${result.shifts} shifts (${result.changes} changed, ${result.notified} messages): ` +
        `p50 ${result.p50.toFixed(1)} ms, max ${result.max.toFixed(1)} ms (budget ≤ 500 ms)`,
    );
  } finally {
    await client.end();
    await server.stop();
  }
}
