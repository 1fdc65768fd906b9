// @ts-check
// Lighthouse (performance category only) on /login, / and /schedule with the
// desktop and the default mobile preset (issue budget P5: score ≥ 95 desktop,
// ≥ 90 mobile). Debian's chromium, driven by lighthouse's own puppeteer-core.
// Each audit also runs "CSP is effective against XSS attacks" (csp-xss): its
// findings with their severity are printed; a High one fails the row
// (docs/PRODUCT-RULES.md §29.2).
//
// / and /schedule sit behind the client-side login: before each audit the
// session is stored in localStorage as the app keeps it, and Lighthouse runs
// with `disableStorageReset` so it keeps it. That flag also keeps the HTTP
// cache, so the cache is emptied here before every audit: each audit is a
// first load. Every figure is the median of the runs (3; 5 when the three
// scores spread by more than 6 points); "load" is the machine's 1-minute
// load average after them, to tell a disturbed figure. The audited page is checked afterwards (final URL and heading):
// a redirect to /login fails the bench instead of scoring the login page.
//
// Standalone: `node bench/lighthouse.mjs` starts its own production server
// (BENCH_PORT 3420, BENCH_PG_PORT 55720, data in .data-lighthouse), seeds a
// week, prints a table and stops. LIGHTHOUSE_RUNS sets the runs per page and
// preset (default 3, the median is reported).
import os from "node:os";
import { pathToFileURL } from "node:url";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { apiLogin } from "./lib/api.mjs";
import { clearHttpCache, launchChromium, storeSession } from "./lib/browser.mjs";
import { median } from "./lib/server.mjs";

/** @typedef {import("./lib/api.mjs").Credentials} Credentials */
/** @typedef {"desktop" | "mobile"} Preset */
/**
 * A page to audit: `heading` is its h1, `ready` a selector that must match once it shows its data.
 * @typedef {{ path: string, heading: string, signedIn: boolean, ready?: string }} AuditedPage
 */
/**
 * A finding of Lighthouse's csp-xss audit: severity "High", "Medium" or "Syntax", what it says, the directive.
 * @typedef {{ severity: string, description: string, directive: string }} CspFinding
 */
/**
 * The figures of one audit.
 * @typedef {{ score: number, lcpMs: number, tbtMs: number, cls: number, fcpMs: number, jsKbGzip: number }} Sample
 */
/**
 * One page and preset: the median of every figure, the budget, each run's score and the load average after them;
 * the csp-xss audit's verdict (it passes when no finding is High) and findings, from the last run (the header does
 * not change between runs).
 * @typedef {{ path: string, preset: Preset } & Sample & { budget: number, pass: boolean, runs: number[],
 *   loadAverage: number, cspXss: { pass: boolean, findings: CspFinding[] } }} LighthouseRow
 */

/** @type {AuditedPage[]} */
export const LIGHTHOUSE_PAGES = [
  { path: "/login", heading: "Schichtwerk", signedIn: false },
  { path: "/", heading: "Dashboard", signedIn: true },
  { path: "/schedule", heading: "Wochenplanung", signedIn: true, ready: "[data-testid=shift]" },
];
/** @type {Record<Preset, number>} */
export const LIGHTHOUSE_BUDGET = { desktop: 95, mobile: 90 };
/** @type {Preset[]} */
const PRESETS = ["desktop", "mobile"];
const SPREAD_FOR_MORE_RUNS = 6;

const isoDate = (/** @type {Date} */ date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** Monday of the current week (local time, as the planner in a browser on this machine sees it). */
function currentMonday(now = new Date()) {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

/**
 * A week to plan through the API: 3 locations, 15 employees, 60 shifts in the
 * current week (each person four days at one location, two open shifts).
 * Returns a cleanup that takes it out again (shifts deleted, the rest archived).
 * @param {string} baseUrl
 * @param {Credentials} credentials
 */
export async function seedPlannerWeek(baseUrl, credentials) {
  const { accessToken } = await apiLogin(baseUrl, credentials);
  /**
   * One API call; the answer's JSON, null for an empty one.
   * @param {string} method
   * @param {string} path below /api
   * @param {object} [body]
   * @returns {Promise<{ id: number } | null>} of a created location, employee or shift, only the id is read
   */
  const call = async (method, path, body) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  /**
   * Creates a location, employee or shift.
   * @param {string} path below /api
   * @param {object} body
   */
  const create = async (path, body) => {
    const created = await call("POST", path, body);
    if (!created) throw new Error(`POST ${path}: empty answer`);
    return created;
  };
  const colors = ["#3B82F6", "#F59E0B", "#10B981"];
  /** @type {{ id: number }[]} */
  const locations = [];
  for (const [i, name] of ["LH Café Bahnhof", "LH Bäckerei Altstadt", "LH Filiale Seefeld"].entries()) {
    locations.push(
      await create("/locations", { name, color: colors[i], address: `Bahnhofstrasse ${i + 1}, 8001 Zürich` }),
    );
  }
  const names = [
    ["Anna", "Müller"],
    ["Luca", "Meier"],
    ["Ayşe", "Şahin"],
    ["Łukasz", "Nowak"],
    ["Mia", "Ağaoğlu"],
    ["Noah", "Keller"],
    ["Lea", "Schmid"],
    ["Elias", "Huber"],
    ["Sofia", "Brunner"],
    ["Jan", "Zürcher"],
    ["Chiara", "Rossi"],
    ["Dario", "Gashi"],
    ["Nina", "Baumann"],
    ["Timo", "Frei"],
    ["Selin", "Yılmaz"],
  ];
  /** @type {{ id: number }[]} */
  const employees = [];
  for (const [i, [first, last]] of names.entries()) {
    employees.push(
      await create("/employees", {
        first_name: first,
        last_name: `${last} LH`,
        weekly_hours: i % 5 === 4 ? 24 : 40,
        is_hourly: i >= 13,
      }),
    );
  }
  const monday = currentMonday();
  const patterns = [
    ["06:00", "14:00"],
    ["09:00", "17:00"],
    ["14:00", "22:00"],
  ];
  /** @type {{ id: number }[]} */
  const shifts = [];
  for (const [i, employee] of employees.entries()) {
    for (let day = 0; day < 4; day++) {
      const date = new Date(monday);
      date.setDate(date.getDate() + ((i + day * 2) % 7));
      const [start_time, end_time] = patterns[(i + day) % 3];
      const open = (i === 3 && day === 1) || (i === 9 && day === 2);
      shifts.push(
        await create("/shifts", {
          employee_id: open ? null : employee.id,
          location_id: locations[i % 3].id,
          shift_date: isoDate(date),
          start_time,
          end_time,
        }),
      );
    }
  }
  return {
    shifts: shifts.length,
    weekStart: isoDate(monday),
    async cleanup() {
      for (const shift of shifts) await call("DELETE", `/shifts/${shift.id}`);
      for (const employee of employees) await call("DELETE", `/employees/${employee.id}`);
      for (const location of locations) await call("DELETE", `/locations/${location.id}`);
    },
  };
}

/**
 * Sum of the transfer sizes (as sent: compressed) of the scripts in a Lighthouse result.
 * @param {import("lighthouse").Result} lhr
 */
function scriptTransferKb(lhr) {
  const details = lhr.audits["network-requests"]?.details;
  const items = details?.type === "table" ? details.items : [];
  return (
    items
      .filter((item) => item.resourceType === "Script")
      .reduce((sum, item) => sum + (typeof item.transferSize === "number" ? item.transferSize : 0), 0) / 1024
  );
}

/**
 * The findings of the csp-xss audit (its table rows; a row about one policy lists its findings as sub-items).
 * @param {import("lighthouse").Result} lhr
 * @returns {CspFinding[]}
 */
export function cspXssFindings(lhr) {
  const details = lhr.audits["csp-xss"]?.details;
  if (!details) throw new Error("Lighthouse ran no csp-xss audit");
  const text = (/** @type {unknown} */ value) =>
    typeof value === "string"
      ? value
      : value && typeof value === "object" && "value" in value
        ? String(value.value)
        : "";
  /** @type {CspFinding[]} */
  const findings = [];
  for (const item of details.type === "table" ? details.items : []) {
    const subItems = item.subItems?.items ?? [];
    for (const finding of subItems.length > 0 ? subItems : [item]) {
      findings.push({
        severity: text(item.severity),
        description: text(finding.description),
        directive: text(finding.directive),
      });
    }
  }
  return findings;
}

/**
 * @param {import("puppeteer-core").Page} page
 * @param {string} baseUrl
 * @param {Credentials} credentials
 * @param {AuditedPage} target
 * @param {Preset} preset
 * @returns {Promise<Sample & { lhr: import("lighthouse").Result }>}
 */
async function auditOnce(page, baseUrl, credentials, target, preset) {
  await storeSession(page, baseUrl, target.signedIn ? await apiLogin(baseUrl, credentials) : null);
  await clearHttpCache(page);
  const url = `${baseUrl}${target.path}`;
  const result = await lighthouse(
    url,
    {
      onlyCategories: ["performance"],
      onlyAudits: ["csp-xss"],
      disableStorageReset: true,
      logLevel: "error",
      output: "json",
    },
    preset === "desktop" ? desktopConfig : undefined,
    page,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // The page must really be the one asked for, not the login it may redirect to.
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  const heading = await page.evaluate(() => document.querySelector("h1")?.textContent?.trim() ?? null);
  const landed = new URL(page.url()).pathname;
  if (finalPath !== target.path || landed !== target.path || heading !== target.heading) {
    throw new Error(
      `Lighthouse audited the wrong page for ${target.path} (${preset}): ` +
        `final URL ${lhr.finalDisplayedUrl}, now at ${landed}, heading ${JSON.stringify(heading)}`,
    );
  }
  if (target.ready && !(await page.$(target.ready))) {
    throw new Error(`${target.path} (${preset}) showed no ${target.ready}: the planner has no shifts to show`);
  }
  const score = lhr.categories.performance.score;
  if (score === null) throw new Error(`no performance score for ${url} (${preset})`);
  const numeric = (/** @type {string} */ audit) => {
    const value = lhr.audits[audit]?.numericValue;
    if (value === undefined) throw new Error(`no ${audit} for ${url} (${preset})`);
    return value;
  };
  return {
    score: Math.round(score * 100),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcpMs: numeric("first-contentful-paint"),
    jsKbGzip: scriptTransferKb(lhr),
    lhr,
  };
}

/**
 * Audits /login, / and /schedule with both presets, `runs` times each, and
 * returns one row per page and preset with the median of every figure.
 * `credentials` must be an account that may plan (admin or manager). Seeds a
 * week of shifts first (unless `seed: false`) and removes it afterwards.
 * @param {string} baseUrl
 * @param {Credentials} credentials
 * @param {{ runs?: number, presets?: Preset[], seed?: boolean,
 *   onRun?: (run: { path: string, preset: Preset, run: number } & Sample) => void }} [options]
 * @returns {Promise<LighthouseRow[]>}
 */
export async function benchLighthouse(
  baseUrl,
  credentials,
  { runs = Number(process.env.LIGHTHOUSE_RUNS || 3), presets = PRESETS, seed: seedWeek = true, onRun } = {},
) {
  const seed = seedWeek ? await seedPlannerWeek(baseUrl, credentials) : null;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    /** @type {LighthouseRow[]} */
    const rows = [];
    for (const target of LIGHTHOUSE_PAGES) {
      for (const preset of presets) {
        /** @type {Sample[]} */
        const samples = [];
        /** @type {import("lighthouse").Result | undefined} */
        let lastLhr;
        const audit = async () => {
          const sample = await auditOnce(page, baseUrl, credentials, target, preset);
          samples.push(sample);
          lastLhr = sample.lhr;
          onRun?.({ path: target.path, preset, run: samples.length, ...sample });
        };
        for (let i = 0; i < runs; i++) await audit();
        // A shared machine disturbs single runs: when the scores spread widely,
        // two more runs make it the median of five.
        const scores = samples.map((s) => s.score);
        if (runs >= 3 && Math.max(...scores) - Math.min(...scores) > SPREAD_FOR_MORE_RUNS)
          for (let i = 0; i < 2; i++) await audit();
        const med = (/** @type {keyof Sample} */ key) => median(samples.map((s) => s[key]));
        rows.push({
          path: target.path,
          preset,
          score: med("score"),
          lcpMs: med("lcpMs"),
          tbtMs: med("tbtMs"),
          cls: med("cls"),
          fcpMs: med("fcpMs"),
          jsKbGzip: med("jsKbGzip"),
          budget: LIGHTHOUSE_BUDGET[preset],
          pass: med("score") >= LIGHTHOUSE_BUDGET[preset],
          runs: samples.map((s) => s.score),
          loadAverage: os.loadavg()[0],
          cspXss: cspXssOf(lastLhr),
        });
      }
    }
    return rows;
  } finally {
    await browser.close();
    await seed?.cleanup();
  }
}

/**
 * The csp-xss verdict of a run: it passes when no finding is High.
 * @param {import("lighthouse").Result | undefined} lhr
 */
function cspXssOf(lhr) {
  if (!lhr) throw new Error("no Lighthouse result");
  const findings = cspXssFindings(lhr);
  return { pass: findings.every((finding) => finding.severity !== "High"), findings };
}

/**
 * The csp-xss findings of each page (desktop runs; the header is the same for both presets), one line each.
 * @param {LighthouseRow[]} rows
 */
export function formatCspXss(rows) {
  const lines = ["CSP is effective against XSS attacks (csp-xss): findings by severity"];
  for (const r of rows.filter((row) => row.preset === rows[0]?.preset)) {
    const findings = r.cspXss.findings.map((f) => `${f.severity}: ${f.description} [${f.directive}]`);
    lines.push(`${r.path.padEnd(11)} ${r.cspXss.pass ? "PASS" : "MISS"}  ${findings.join("; ") || "none"}`);
  }
  return lines.join("\n");
}

/** @param {LighthouseRow[]} rows */
export function formatLighthouseTable(rows) {
  const lines = [
    "page        preset   score (budget)      LCP       TBT     CLS    FCP      JS (transfer)  load  runs",
  ];
  for (const r of rows) {
    const score = `${String(r.score).padStart(3)} (≥ ${r.budget}) ${r.pass ? "PASS" : "MISS"}`;
    const lcp = `${r.lcpMs.toFixed(0).padStart(6)} ms`;
    const tbt = `${r.tbtMs.toFixed(0).padStart(5)} ms`;
    const fcp = `${r.fcpMs.toFixed(0).padStart(5)} ms`;
    const jsKb = `${r.jsKbGzip.toFixed(1).padStart(6)} kB`;
    const load = r.loadAverage.toFixed(1).padStart(4);
    lines.push(
      `${r.path.padEnd(11)} ${r.preset.padEnd(8)} ${score}` +
        `  ${lcp} ${tbt}  ${r.cls.toFixed(3)} ${fcp}  ${jsKb}  ${load}  ${r.runs.join(" ")}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { BENCH_ADMIN, startBrowserBenchServer } = await import("./lib/server.mjs");
  const server = await startBrowserBenchServer();
  try {
    const rows = await benchLighthouse(server.baseUrl, BENCH_ADMIN, {
      onRun: (r) =>
        console.log(
          `  ${r.path} ${r.preset} run ${r.run}: ${r.score} (LCP ${r.lcpMs.toFixed(0)} ms, ` +
            `TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, JS ${r.jsKbGzip.toFixed(1)} kB)`,
        ),
    });
    console.log(`\nLighthouse performance (median of the runs listed)\n${formatLighthouseTable(rows)}`);
    console.log(`\n${formatCspXss(rows)}`);
  } finally {
    await server.stop();
  }
}
