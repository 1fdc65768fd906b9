// @ts-check
// P1/P2: GET /api/shifts for one week (~300 shifts) under 10 connections
// (autocannon), against a trivial authenticated route of the same build
// (GET /api/auth/me: token check and the user re-read, like every route).
// Prints; asserts nothing.
import autocannon from "autocannon";
import { apiLogin } from "./lib/api.mjs";
import { BENCH_ADMIN, median, percentile } from "./lib/server.mjs";

// In 2031, away from the months the PDF benchmark fills (2030).
export const P1_WEEK = { start: "2031-03-03", end: "2031-03-09" };

/**
 * The request headers of the bench admin, signed in afresh.
 * @param {string} baseUrl
 */
export async function authorization(baseUrl) {
  const { accessToken } = await apiLogin(baseUrl, BENCH_ADMIN);
  return { Authorization: `Bearer ${accessToken}` };
}

/** @typedef {{ rps: number, p50: number, p99: number }} Load requests per second, latencies in ms */

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} duration seconds
 * @returns {Promise<Load>}
 */
export function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0)
        return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
  });
}

/**
 * Rounds alternate between the two routes so drift on a shared machine hits
 * both alike; the ratio is taken per round and its median reported.
 * @param {string} baseUrl
 * @param {{ rounds?: number, duration?: number }} [options] duration: seconds per route and round
 */
export async function benchShiftsThroughput(baseUrl, { rounds = 3, duration = 5 } = {}) {
  const headers = await authorization(baseUrl);
  const shiftsUrl = `${baseUrl}/api/shifts?start_date=${P1_WEEK.start}&end_date=${P1_WEEK.end}`;
  const meUrl = `${baseUrl}/api/auth/me`;
  const count = (await (await fetch(shiftsUrl, { headers })).json()).length;
  await load(shiftsUrl, headers, 2); // warm-up
  await load(meUrl, headers, 2);
  /** @type {Load[]} */
  const shifts = [];
  /** @type {Load[]} */
  const trivial = [];
  for (let round = 0; round < rounds; round++) {
    shifts.push(await load(shiftsUrl, headers, duration));
    trivial.push(await load(meUrl, headers, duration));
  }
  return {
    shiftCount: count,
    shiftsRps: median(shifts.map((r) => r.rps)),
    shiftsP50: median(shifts.map((r) => r.p50)),
    shiftsP99: median(shifts.map((r) => r.p99)),
    trivialRps: median(trivial.map((r) => r.rps)),
    ratio: median(shifts.map((r, i) => r.rps / trivial[i].rps)),
  };
}

/**
 * The week of P1 as GET /api/shifts answers it (for checking the EXPLAIN'd query).
 * @param {string} baseUrl
 * @returns {Promise<unknown>}
 */
export async function fetchP1Week(baseUrl) {
  const headers = await authorization(baseUrl);
  return (await fetch(`${baseUrl}/api/shifts?start_date=${P1_WEEK.start}&end_date=${P1_WEEK.end}`, { headers })).json();
}

/**
 * p50/p99 of one request at a time (no queueing), for comparing database
 * sizes (P2). The server keeps a week's answer until its data changes
 * (lib/server/shifts/schedule-version-cache.ts); `invalidate` runs before each
 * request, outside the timing, so every request reads the database.
 * @param {string} baseUrl
 * @param {{ requests?: number, invalidate?: () => Promise<unknown> }} [options]
 */
export async function benchShiftsLatency(baseUrl, { requests = 300, invalidate = async () => {} } = {}) {
  const headers = await authorization(baseUrl);
  const url = `${baseUrl}/api/shifts?start_date=${P1_WEEK.start}&end_date=${P1_WEEK.end}`;
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times = [];
  for (let i = 0; i < requests; i++) {
    await invalidate();
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`shifts ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}
