// @ts-check
// Schedule PDF for one month with 50 and with 500 employees, with rows per
// location and per employee (docs/PRODUCT-RULES.md §27.6): render time
// (median of several runs) and GET /api/health latency meanwhile (budget P4:
// ≤ 0.5 s / ≤ 1.5 s, health p99 ≤ 50 ms). Prints; asserts nothing.
import { performance } from "node:perf_hooks";
import { apiLogin } from "./lib/api.mjs";
import { archive, connect, seedStaff } from "./lib/seed.mjs";
import { BENCH_ADMIN, median, percentile } from "./lib/server.mjs";

// One month's schedule of a small and of a large company, each in a month of its own.
const SMALL = { tag: "S", employees: 50, locations: 5, start: "2030-03-01", end: "2030-03-31" };
const LARGE = { tag: "L", employees: 500, locations: 50, start: "2030-04-01", end: "2030-04-30" };

/**
 * @param {string} baseUrl
 * @param {string} accessToken
 * @param {{ start: string, end: string }} range
 * @param {"locations" | "employees"} rows
 * @param {number} runs
 */
async function measure(baseUrl, accessToken, range, rows, runs) {
  const url = `${baseUrl}/api/reports/schedule/pdf?start_date=${range.start}&end_date=${range.end}&rows=${rows}`;
  const headers = { Authorization: `Bearer ${accessToken}` };
  const fetchPdf = async () => {
    const res = await fetch(url, { headers });
    const bytes = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`PDF ${res.status}`);
    return bytes.byteLength;
  };
  await fetchPdf(); // warm-up: worker started, fonts loaded
  /** @type {number[]} */
  const times = [];
  /** @type {number[]} */
  const health = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    let done = false;
    const started = performance.now();
    const pdf = fetchPdf().then((bytes) => {
      times.push(performance.now() - started);
      size = bytes;
      done = true;
    });
    while (!done) {
      const t = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - t);
    }
    await pdf;
  }
  health.sort((a, b) => a - b);
  return {
    medianMs: median(times),
    healthP50: percentile(health, 50),
    healthP99: percentile(health, 99),
    healthSamples: health.length,
    sizeKb: size / 1024,
  };
}

/**
 * @param {string} baseUrl
 * @param {string} databaseUrl
 * @param {{ runs?: number }} [options] runs: PDFs per company
 */
export async function benchSchedulePdf(baseUrl, databaseUrl, { runs = 5 } = {}) {
  const client = await connect(databaseUrl);
  const { accessToken } = await apiLogin(baseUrl, BENCH_ADMIN);
  /** @param {typeof SMALL} company */
  const measureCompany = async (company) => {
    const staff = await seedStaff(client, company);
    const locations = await measure(baseUrl, accessToken, company, "locations", runs);
    const employees = await measure(baseUrl, accessToken, company, "employees", runs);
    // Out of the lists again, like every phase's staff: the browser phases
    // measure the small company they seed, not 500 leftover employees.
    await archive(client, staff);
    return { locations, employees };
  };
  try {
    const small = await measureCompany(SMALL);
    const large = await measureCompany(LARGE);
    return {
      locations: { small: small.locations, large: large.locations },
      employees: { small: small.employees, large: large.employees },
    };
  } finally {
    await client.end();
  }
}
