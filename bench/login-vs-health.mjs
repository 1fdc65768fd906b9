// @ts-check
// Does bcrypt (cost 12) stall other requests? Measures GET /api/health latency
// alone and while ten logins run in parallel (docs/PRODUCT-RULES.md §4.4, budget P3:
// p99 may rise by at most 20 ms). Prints figures; asserts nothing.
import { performance } from "node:perf_hooks";
import { BENCH_ADMIN, median, percentile } from "./lib/server.mjs";

/**
 * Latencies of GET /api/health, one request after the other, until `untilPromise` settles; ascending.
 * @param {string} baseUrl
 * @param {Promise<unknown>} untilPromise
 */
async function healthLatencies(baseUrl, untilPromise) {
  /** @type {number[]} */
  const samples = [];
  let done = false;
  // Settled either way: a refused login ends the sampling too (and fails the phase below) instead of leaving this
  // loop asking forever.
  untilPromise.finally(() => (done = true)).catch(() => {});
  while (!done) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {string} baseUrl
 * @param {{ rounds?: number }} [options]
 */
export async function benchLoginVsHealth(baseUrl, { rounds = 5 } = {}) {
  const login = () =>
    fetch(`${baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(BENCH_ADMIN),
    }).then((r) => {
      if (r.status !== 200) throw new Error(`login ${r.status}`);
      return r.arrayBuffer();
    });
  await login(); // warm up: worker thread started, code paths compiled

  /** @type {number[][]} */
  const idle = [];
  /** @type {number[][]} */
  const busy = [];
  /** @type {number[]} */
  const loginMs = [];
  for (let round = 0; round < rounds; round++) {
    idle.push(await healthLatencies(baseUrl, sleep(1500)));
    const started = performance.now();
    const logins = Promise.all(Array.from({ length: 10 }, login)).then(() => loginMs.push(performance.now() - started));
    busy.push(await healthLatencies(baseUrl, logins));
    await logins; // a refused login ends the phase with its status
  }
  /**
   * The median over the rounds of each round's `q`th percentile.
   * @param {number[][]} runs
   * @param {number} q
   */
  const p = (runs, q) => median(runs.map((samples) => percentile(samples, q)));
  return {
    idleP50: p(idle, 50),
    idleP99: p(idle, 99),
    busyP50: p(busy, 50),
    busyP99: p(busy, 99),
    tenLoginsMs: median(loginMs),
    samplesDuringLogins: median(busy.map((s) => s.length)),
  };
}
