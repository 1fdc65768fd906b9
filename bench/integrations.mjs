// @ts-check
// P21 (integrations, docs/PRODUCT-RULES.md §36–§37). The token half: P1's week (GET /api/shifts, 10 connections)
// with an integration's access token against the same with a login's JWT, rounds alternating so drift hits both
// alike; the ratio is taken per round and its median reported. The webhook half: a week template of 1,000 rows
// applied in one request makes 1,000 `shift.created` events, which the job queue delivers to a real receiver on this
// machine (tests/support/webhook-receiver.mjs, every signature checked), with GET /api/health asked one call after
// the other meanwhile. The server must run with WEBHOOK_ALLOW_PRIVATE=1 (the receiver is on 127.0.0.1). Prints;
// asserts nothing.
import { authorization, load, P1_WEEK } from "./api-throughput.mjs";
import { median, percentile } from "./lib/server.mjs";
import { startReceiver } from "../tests/support/webhook-receiver.mjs";

/** The week the template is applied to: no other benchmark plans in it. */
export const P21_WEEK = "2033-05-02";
const DELIVERIES = 1000;

/**
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 */
export async function benchWebhookDeliveries(client, baseUrl) {
  const headers = { ...(await authorization(baseUrl)), "Content-Type": "application/json" };
  /** @type {string | undefined} */
  let secret;
  const receiver = await startReceiver(() => secret);
  try {
    const hook = await fetch(`${baseUrl}/api/webhooks`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench", url: receiver.url, events: ["shift.created"] }),
    });
    const created = await hook.json();
    if (hook.status !== 201) throw new Error(`POST /api/webhooks ${hook.status}: ${JSON.stringify(created)}`);
    secret = created.secret;
    // 1,000 template rows over seven days at one location: one apply, one transaction, 1,000 events.
    const {
      rows: [{ template, location }],
    } = await client.query(
      `WITH l AS (INSERT INTO locations (name, color, updated_at) VALUES ('P21 Filiale', '#3B82F6', now())
                  RETURNING id),
            t AS (INSERT INTO week_templates (name, updated_at) VALUES ('P21 Vorlage', now()) RETURNING id)
       SELECT t.id AS template, l.id AS location FROM t, l`,
    );
    await client.query(
      `INSERT INTO week_template_shifts (template_id, day_of_week, location_id, start_time, end_time)
       SELECT $1, g % 7, $2, time '06:00' + (g % 10) * interval '30 minutes', time '22:00'
       FROM generate_series(1, $3) g`,
      [template, location, DELIVERIES],
    );

    /** @type {number[]} */
    const health = [];
    let done = false;
    const sampler = (async () => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(`${baseUrl}/api/health`);
        await res.arrayBuffer();
        health.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const applied = await fetch(`${baseUrl}/api/week-templates/${template}/apply`, {
      method: "POST",
      headers,
      body: JSON.stringify({ start_date: P21_WEEK }),
    });
    if (applied.status !== 201) throw new Error(`apply ${applied.status}: ${await applied.text()}`);
    const committed = performance.now();
    const distinct = () => new Set(receiver.received.map((arrival) => arrival.headers["x-schichtwerk-delivery"])).size;
    const deadline = Date.now() + 120_000;
    while (distinct() < DELIVERIES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    done = true;
    await sampler;
    const last = Math.max(...receiver.received.map((arrival) => arrival.at));
    const sorted = [...health].sort((x, y) => x - y);
    return {
      deliveries: distinct(),
      arrivals: receiver.received.length,
      unsigned: receiver.received.filter((arrival) => !arrival.valid).length,
      applyMs: committed - started,
      seconds: (last - committed) / 1000,
      perSecond: distinct() / ((last - committed) / 1000),
      healthP99: percentile(sorted, 99),
      healthCalls: sorted.length,
    };
  } finally {
    await receiver.close();
  }
}

/** @param {Awaited<ReturnType<typeof benchWebhookDeliveries>>} result */
export function deliveryRow(result) {
  const lost = DELIVERIES - result.deliveries;
  return {
    id: "P21",
    what:
      `${DELIVERIES} webhook deliveries (\`shift.created\` of a week template of ${DELIVERIES} rows applied in one ` +
      "request) to a receiver on this machine that checks every signature; `GET /api/health` asked one call after " +
      `the other meanwhile (${result.healthCalls})`,
    figure:
      `${result.deliveries} delivered in ${result.seconds.toFixed(2)} s after the apply's answer ` +
      `(${(result.applyMs / 1000).toFixed(2)} s): ${result.perSecond.toFixed(0)} per s; ${lost} lost, ` +
      `${result.arrivals - result.deliveries} repeated, ${result.unsigned} unsigned; health p99 ` +
      `${result.healthP99.toFixed(1)} ms`,
    budget: "≥ 100 per s, 0 lost; p99 ≤ 50 ms",
    pass: result.perSecond >= 100 && lost === 0 && result.unsigned === 0 && result.healthP99 <= 50,
  };
}

/**
 * A `schedule:read` token created through the API, as an admin would in "Integrationen".
 * @param {string} baseUrl
 * @returns {Promise<string>}
 */
async function createToken(baseUrl) {
  const res = await fetch(`${baseUrl}/api/access-tokens`, {
    method: "POST",
    headers: { ...(await authorization(baseUrl)), "Content-Type": "application/json" },
    body: JSON.stringify({ name: `Bench ${Date.now()}`, scopes: ["schedule:read"] }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`POST /api/access-tokens ${res.status}: ${JSON.stringify(body)}`);
  return body.token;
}

/**
 * @param {string} baseUrl
 * @param {{ rounds?: number, duration?: number }} [options] duration: seconds per caller and round
 */
export async function benchTokenThroughput(baseUrl, { rounds = 3, duration = 5 } = {}) {
  const jwt = await authorization(baseUrl);
  const token = { Authorization: `Bearer ${await createToken(baseUrl)}` };
  const url = `${baseUrl}/api/shifts?start_date=${P1_WEEK.start}&end_date=${P1_WEEK.end}`;
  const count = (await (await fetch(url, { headers: token })).json()).length;
  await load(url, jwt, 2); // warm-up
  await load(url, token, 2);
  /** @type {import("./api-throughput.mjs").Load[]} */
  const withToken = [];
  /** @type {import("./api-throughput.mjs").Load[]} */
  const withJwt = [];
  for (let round = 0; round < rounds; round++) {
    withToken.push(await load(url, token, duration));
    withJwt.push(await load(url, jwt, duration));
  }
  return {
    shiftCount: count,
    tokenRps: median(withToken.map((r) => r.rps)),
    tokenP50: median(withToken.map((r) => r.p50)),
    jwtRps: median(withJwt.map((r) => r.rps)),
    ratio: median(withToken.map((r, i) => r.rps / withJwt[i].rps)),
  };
}

/** @param {Awaited<ReturnType<typeof benchTokenThroughput>>} result */
export function tokenRow(result) {
  return {
    id: "P21",
    what:
      `\`GET /api/shifts\` one week (${result.shiftCount} shifts), 10 connections, with an integration's access ` +
      "token (`schedule:read`) vs with a login's JWT (P1)",
    figure:
      `${result.tokenRps.toFixed(0)} vs ${result.jwtRps.toFixed(0)} req/s: ${result.ratio.toFixed(2)} × ` +
      `(p50 ${result.tokenP50} ms)`,
    budget: "≥ 0.90 ×",
    pass: result.ratio >= 0.9,
  };
}

// Alone: `node bench/integrations.mjs` starts the bench server on a data directory of its own (BENCH_PORT 3451,
// BENCH_PG_PORT 55751, .data-bench-p21, WEBHOOK_ALLOW_PRIVATE=1) with the build there is, seeds P1's week, measures
// and prints.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await import("node:path");
  const pg = (await import("pg")).default;
  const { ROOT } = await import("../scripts/lib/database.mjs");
  const { startBenchServer } = await import("./lib/server.mjs");
  const { seedStaff } = await import("./lib/seed.mjs");
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT || 3451),
    pgPort: Number(process.env.BENCH_PG_PORT || 55751),
    dataDir: path.join(ROOT, ".data-bench-p21"),
    extraEnv: { WEBHOOK_ALLOW_PRIVATE: "1" },
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await seedStaff(client, { tag: "W", employees: 60, locations: 5, start: P1_WEEK.start, end: P1_WEEK.end });
    for (const row of [
      tokenRow(await benchTokenThroughput(server.baseUrl)),
      deliveryRow(await benchWebhookDeliveries(client, server.baseUrl)),
    ])
      console.log(`${row.id}: ${row.what}: ${row.figure} (budget ${row.budget}) ${row.pass ? "PASS" : "MISS"}`);
  } finally {
    await client.end();
    await server.stop();
  }
}
