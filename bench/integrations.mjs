// @ts-check
// P21 (integrations, docs/PRODUCT-RULES.md §36–§37). The token half: P1's week (GET /api/shifts, 10 connections)
// with an integration's access token against the same with a login's JWT, rounds alternating so drift hits both
// alike; the ratio is taken per round and its median reported. Prints; asserts nothing.
import { authorization, load, P1_WEEK } from "./api-throughput.mjs";
import { median } from "./lib/server.mjs";

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
// BENCH_PG_PORT 55751, .data-bench-p21) with the build there is, seeds P1's week, measures and prints.
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
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await seedStaff(client, { tag: "W", employees: 60, locations: 5, start: P1_WEEK.start, end: P1_WEEK.end });
    const row = tokenRow(await benchTokenThroughput(server.baseUrl));
    console.log(`${row.id}: ${row.what}: ${row.figure} (budget ${row.budget}) ${row.pass ? "PASS" : "MISS"}`);
  } finally {
    await client.end();
    await server.stop();
  }
}
