// @ts-check
// Gzipped JavaScript per route (issue budget P5: ≤ 230 kB), measured, not
// read from build manifests.
//
// What it counts: every script (same origin, resource type "script") the
// browser requests during a first load of the route with an empty HTTP
// cache, signed in as `credentials` for the routes behind the login: the
// page's own chunks, the shared framework and app-shell chunks, chunks loaded
// on demand during that load, code the page loads by itself after start-up
// (the toasts, ~2-4 s later: the bench waits until no script was asked for in
// 3 s) and anything link prefetching pulls in meanwhile (links prefetch on
// hover only). Each script is then fetched once more from the server with
// `Accept-Encoding: gzip` and its compressed body counted in bytes (the
// server's own gzip, as it sends it; HTTP headers are not counted). Chunks
// loaded only later (a dialog opened, another page visited) are not counted.
//
// Standalone: `node bench/bundle-size.mjs` starts its own production server
// (BENCH_PORT 3420, BENCH_PG_PORT 55720, data in .data-lighthouse), prints a
// table and stops.
import http from "node:http";
import { pathToFileURL } from "node:url";
import { apiLogin } from "./lib/api.mjs";
import { clearHttpCache, launchChromium, storeSession } from "./lib/browser.mjs";

/**
 * @typedef {{ path: string, heading: string, signedIn: boolean, budget?: number }} AppRoute `heading`: how its h1
 * begins; `budget`: kB gzipped, when the route has one of its own (else JS_BUDGET_KB)
 */
/**
 * One route's figures.
 * @typedef {{ path: string, jsKbGzip: number, scripts: number, budget: number, pass: boolean }} JsSize
 */

export const JS_BUDGET_KB = 230;
/** P18: the terminal's first load. */
export const TERMINAL_BUDGET_KB = 150;
const QUIET_MS = 3000;
const QUIET_MIN_MS = 5000;
const QUIET_MAX_MS = 15_000;

/** @type {AppRoute[]} the app's pages, with the heading each shows once it is there */
export const APP_ROUTES = [
  { path: "/login", heading: "Schichtwerk", signedIn: false },
  { path: "/", heading: "Dashboard", signedIn: true },
  { path: "/schedule", heading: "Wochenplanung", signedIn: true },
  { path: "/employees", heading: "Mitarbeiter", signedIn: true },
  { path: "/locations", heading: "Standorte", signedIn: true },
  { path: "/week-templates", heading: "Wochenvorlagen", signedIn: true },
  { path: "/vacations", heading: "Ferien", signedIn: true },
  { path: "/reports", heading: "Berichte", signedIn: true },
  { path: "/users", heading: "Benutzer", signedIn: true },
  { path: "/settings", heading: "Betrieb", signedIn: true },
  { path: "/integrations", heading: "Integrationen", signedIn: true },
  { path: "/profile", heading: "Einstellungen", signedIn: true },
  // The Stempeluhr's tablet (P18): its own, smaller budget. Opened unpaired (the same scripts as paired: the PIN pad
  // is part of the page, nothing is loaded on pairing).
  { path: "/terminal", heading: "Keine Stempeluhr eingerichtet", signedIn: false, budget: TERMINAL_BUDGET_KB },
];

/**
 * Bytes of the body the server sends for `url` when the client accepts gzip, and whether it was gzipped.
 * @param {string} url
 * @returns {Promise<{ bytes: number, gzip: boolean }>}
 */
function gzippedSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`${url}: ${res.statusCode}`));
          return;
        }
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, gzip: res.headers["content-encoding"] === "gzip" }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The same-origin scripts a first load of `route` asks for (URLs).
 * @param {import("puppeteer-core").Page} page
 * @param {string} baseUrl
 * @param {AppRoute} route
 * @param {import("./lib/api.mjs").Session | null} session
 */
async function scriptsOfFirstLoad(page, baseUrl, route, session) {
  await storeSession(page, baseUrl, session);
  await clearHttpCache(page);
  const origin = new URL(baseUrl).origin;
  /** @type {Set<string>} */
  const scripts = new Set();
  let lastScriptAt = Date.now();
  const onRequest = (/** @type {import("puppeteer-core").HTTPRequest} */ request) => {
    if (request.resourceType() === "script" && new URL(request.url()).origin === origin) {
      scripts.add(request.url());
      lastScriptAt = Date.now();
    }
  };
  page.on("request", onRequest);
  try {
    await page.goto(`${baseUrl}${route.path}`, { waitUntil: "networkidle0", timeout: 60_000 });
    // The page must have rendered as itself (the heading is there), not redirected to /login.
    await page.waitForFunction(
      (/** @type {string} */ text) => document.querySelector("h1")?.textContent?.trim().startsWith(text),
      { timeout: 30_000 },
      route.heading,
    );
    const landed = new URL(page.url()).pathname;
    if (landed !== route.path) throw new Error(`${route.path} ended at ${landed}`);
    // What a rendered page still loads by itself (the toasts' code comes once
    // the page has settled, ~2-4 s): until no script was asked for in 3 s.
    const started = Date.now();
    while (
      Date.now() - started < QUIET_MAX_MS &&
      (Date.now() - started < QUIET_MIN_MS || Date.now() - lastScriptAt < QUIET_MS)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    page.off("request", onRequest);
  }
  return [...scripts];
}

/**
 * Per route, the gzipped size of the JavaScript a first load downloads:
 * `[{ path, jsKbGzip, scripts, budget, pass }]`. `credentials` must be an
 * admin (every page, /users included, has to open). `browser` may be a
 * puppeteer browser to reuse.
 * @param {string} baseUrl
 * @param {import("./lib/api.mjs").Credentials} credentials
 * @param {{ routes?: AppRoute[], browser?: import("puppeteer-core").Browser }} [options]
 * @returns {Promise<JsSize[]>}
 */
export async function routeJsSizes(baseUrl, credentials, { routes = APP_ROUTES, browser } = {}) {
  const ownBrowser = !browser;
  browser ??= await launchChromium();
  /** @type {Map<string, { bytes: number, gzip: boolean }>} */
  const sizes = new Map();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1350, height: 940 });
    const session = await apiLogin(baseUrl, credentials);
    /** @type {JsSize[]} */
    const rows = [];
    for (const route of routes) {
      const urls = await scriptsOfFirstLoad(page, baseUrl, route, route.signedIn ? session : null);
      let bytes = 0;
      for (const url of urls) {
        const size = sizes.get(url) ?? (await gzippedSize(url));
        sizes.set(url, size);
        bytes += size.bytes;
        // BUNDLE_VERBOSE=1: each route's scripts and their sizes, to find what a route's first load grew by.
        if (process.env.BUNDLE_VERBOSE) console.log(`${route.path}\t${(size.bytes / 1024).toFixed(1)} kB\t${url}`);
      }
      const jsKbGzip = bytes / 1024;
      const budget = route.budget ?? JS_BUDGET_KB;
      rows.push({ path: route.path, jsKbGzip, scripts: urls.length, budget, pass: jsKbGzip <= budget });
    }
    await page.close();
    return rows;
  } finally {
    if (ownBrowser) await browser.close();
  }
}

/** @param {JsSize[]} rows */
export function formatJsTable(rows) {
  const lines = [`route            JS (gzip)   scripts   budget`];
  for (const r of rows) {
    const jsKb = r.jsKbGzip.toFixed(1).padStart(6);
    const scripts = String(r.scripts).padStart(7);
    lines.push(`${r.path.padEnd(16)} ${jsKb} kB   ${scripts}   ≤ ${r.budget} kB ${r.pass ? "PASS" : "MISS"}`);
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { BENCH_ADMIN, startBrowserBenchServer } = await import("./lib/server.mjs");
  const server = await startBrowserBenchServer();
  try {
    const rows = await routeJsSizes(server.baseUrl, BENCH_ADMIN);
    console.log(`\nJavaScript per route, first load, gzipped\n${formatJsTable(rows)}`);
  } finally {
    await server.stop();
  }
}
