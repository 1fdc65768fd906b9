// @ts-check
// P19: POST /api/schedule/publish of a week with about 300 changed shifts of 50 employees, each with a user account,
// so every publication writes 50 inbox messages (docs/PRODUCT-RULES.md §33.3). Between two publications every shift
// of the week is moved by a minute, so each one publishes the whole week again. Then the mail half (§33.5): the 50
// accounts ask for e-mail, one more publication, and the time until all 50 mails reached the benchmark's SMTP server
// (tests/support/mail-sink.mjs, which the server was started with), with GET /api/health asked all along. Prints;
// asserts nothing.
import { authorization } from "./api-throughput.mjs";
import { archive, seedStaff } from "./lib/seed.mjs";
import { percentile } from "./lib/server.mjs";

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The published week: away from the other benchmarks' weeks. */
export const P19_WEEK = { start: "2031-03-03", end: "2031-03-09" };

/** @typedef {import("../tests/support/mail-sink.mjs").MailSink} MailSink */

/**
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 * @param {{ employees?: number, rounds?: number, mailSink?: MailSink }} [options]
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
  /** @type {{ seconds: number, delivered: number, healthP99: number, healthCalls: number } | null} */
  let mail = null;
  const moveWeek = () =>
    client.query(
      `UPDATE shifts SET start_time = start_time + interval '1 minute', end_time = end_time + interval '1 minute',
                         updated_at = now()
       WHERE location_id = ANY($1) AND shift_date BETWEEN $2 AND $3`,
      [staff.locationIds, P19_WEEK.start, P19_WEEK.end],
    );
  try {
    for (let round = 0; round <= rounds; round++) {
      await moveWeek();
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/schedule/publish`, { method: "POST", headers, body });
      const answer = await res.json();
      if (res.status !== 200) throw new Error(`publish ${res.status}: ${JSON.stringify(answer)}`);
      // The first round is the warm-up (and the switch's own first publication of the whole draft came before).
      if (round > 0) times.push(performance.now() - started);
      ({ notified, changes } = answer);
    }
    if (options.mailSink) mail = await mailRound(options.mailSink);
  } finally {
    await client.query("DELETE FROM users WHERE employee_id = ANY($1)", [staff.employeeIds]);
    await archive(client, staff);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), max: times[times.length - 1], shifts: rows[0].shifts, changes, notified, mail };

  /**
   * Every account asks for e-mail; one publication; the seconds until each address got its mail (at most 60 s
   * waited), while GET /api/health is asked one call after the other.
   * @param {MailSink} sink
   */
  async function mailRound(sink) {
    const { rows: accounts } = await client.query(
      `UPDATE users SET email = username || '@bench.example', email_notifications = true
       WHERE employee_id = ANY($1) RETURNING email`,
      [staff.employeeIds],
    );
    const addresses = accounts.map((row) => row.email);
    await moveWeek();
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/schedule/publish`, { method: "POST", headers, body });
    if (res.status !== 200) throw new Error(`publish ${res.status}: ${await res.text()}`);
    const delivered = () => addresses.filter((address) => (sink.arrivals.get(address) ?? []).length > 0).length;
    const health = [];
    while (delivered() < addresses.length && performance.now() - started < 60_000) {
      const asked = performance.now();
      const answer = await fetch(`${baseUrl}/api/health`);
      await answer.arrayBuffer();
      health.push(performance.now() - asked);
      await sleep(5);
    }
    const last = Math.max(...addresses.map((address) => (sink.arrivals.get(address) ?? [Infinity])[0]));
    health.sort((a, b) => a - b);
    return {
      seconds: (last - started) / 1000,
      delivered: delivered(),
      healthP99: percentile(health, 99),
      healthCalls: health.length,
    };
  }
}

// Alone: `node bench/publish.mjs` starts the bench server on a data directory of its own (BENCH_PORT 3448,
// BENCH_PG_PORT 55748, .data-bench-p19) with the build there is, measures and prints.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await import("node:path");
  const pg = (await import("pg")).default;
  const { ROOT } = await import("../scripts/lib/database.mjs");
  const { startBenchServer } = await import("./lib/server.mjs");
  const { startMailSink } = await import("../tests/support/mail-sink.mjs");
  const mailSink = await startMailSink();
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT || 3448),
    pgPort: Number(process.env.BENCH_PG_PORT || 55748),
    dataDir: path.join(ROOT, ".data-bench-p19"),
    extraEnv: { SMTP_URL: mailSink.url, MAIL_FROM: "Schichtwerk Bench <bench@bench.example>" },
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const result = await benchPublish(client, server.baseUrl, { mailSink });
    console.log(
      `P19: publishing a week of ${result.shifts} shifts (${result.changes} changed, ${result.notified} messages): ` +
        `p50 ${result.p50.toFixed(1)} ms, max ${result.max.toFixed(1)} ms (budget ≤ 500 ms)`,
    );
    const mail = result.mail;
    if (mail)
      console.log(
        `P19 mail: ${mail.delivered} of ${result.notified} mails at the SMTP server after ` +
          `${mail.seconds.toFixed(2)} s (budget ≤ 10 s); GET /api/health p99 ${mail.healthP99.toFixed(1)} ms ` +
          `over ${mail.healthCalls} calls meanwhile (budget ≤ 50 ms)`,
      );
  } finally {
    await client.end();
    await server.stop();
    await mailSink.stop();
  }
}
