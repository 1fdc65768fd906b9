// @ts-check
// The Content-Security-Policy allows no inline script but those of our pages, by hash
// (docs/PRODUCT-RULES.md §29.2, docs/ARCHITECTURE.md §7.5).
//
// Every page is prerendered at build time, so every inline script a page is served with is known then: Next's
// bootstrap (the Turbopack runtime's `_R_` script, `self.__next_f.push(...)` with the page's RSC payload) and the
// page head's early requests (lib/client/early-requests-script.ts). next.config.ts sends `script-src 'self'` on
// every response; this step, run by scripts/build.mjs after `next build`, writes the SHA-256 of each inline
// script into the header rules of .next/routes-manifest.json (and of the standalone server's copy), which the
// production server reads at start:
// - one rule per page with its own hashes, so a page carries only what it runs (most pages 4 hashes, the API
//   reference about 60: a union on every response would be ~4 kB of header, API answers included);
// - the catch-all rule gets the error pages' hashes (the 404 page for every unknown address, the global error
//   page), and every page's rule gets them too, as an error page may be served under any address.
// A dynamic page (rendered per request) would have no prerendered HTML to hash: the step refuses it.
// Plain ESM: run by scripts/build.mjs.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The production `script-src` as next.config.ts writes it, before hashes are added. */
export const SCRIPT_SRC_SELF = "script-src 'self'";
/** Pages Next serves under any address when something goes wrong. */
export const ERROR_PAGES = ["/_not-found", "/_global-error"];
const CSP = "content-security-policy";

/** Inline scripts: a <script> without a src attribute, its text up to the closing tag (HTML's own rule). */
const INLINE_SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;

/**
 * The CSP hash sources ('sha256-…') of the inline scripts in a page's HTML, in order, without repeats.
 * A browser hashes the script's text as UTF-8, exactly as it stands between the tags.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The prerendered HTML file of a route in `distDir` (normally .next).
 * @param {string} distDir
 * @param {string} route e.g. "/", "/login", "/_not-found"
 */
function htmlFileOf(distDir, route) {
  return path.join(distDir, "server", "app", `${route === "/" ? "/index" : route}.html`);
}

/**
 * The hashes of every prerendered page, by route (from Next's prerender manifest; routes without HTML, such as
 * the icon, are left out). Throws when the app has a page that is not prerendered.
 * @param {string} distDir
 * @returns {Map<string, string[]>}
 */
export function pageScriptHashes(distDir) {
  /** @type {{ routes: Record<string, unknown> }} */
  const prerendered = JSON.parse(readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8"));
  /** @type {Map<string, string[]>} */
  const pages = new Map();
  for (const route of Object.keys(prerendered.routes).sort()) {
    const file = htmlFileOf(distDir, route);
    if (existsSync(file)) pages.set(route, inlineScriptHashes(readFileSync(file, "utf8")));
  }
  // Every page of the app (entries ending in /page; route handlers end in /route), by its address.
  /** @type {Record<string, string>} */
  const appPaths = readJsonIfExists(path.join(distDir, "app-path-routes-manifest.json")) ?? {};
  for (const [entry, route] of Object.entries(appPaths)) {
    if (entry.endsWith("/page") && !pages.has(route)) {
      throw new Error(
        `CSP: the page ${route} is not prerendered, so its inline scripts have no hash known at build time ` +
          "(docs/ARCHITECTURE.md §7.5).",
      );
    }
  }
  for (const route of ERROR_PAGES) {
    if (!pages.has(route)) throw new Error(`CSP: no prerendered ${route} page in ${distDir}.`);
  }
  return pages;
}

/** @param {string} file */
function readJsonIfExists(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/**
 * A header rule of the routes manifest (only what is read or written here).
 * @typedef {{ source: string, headers: { key: string, value: string }[], regex?: string, has?: unknown[] }} HeaderRule
 */

/**
 * The policy with `hashes` after `script-src 'self'` (any hashes it had before are replaced).
 * @param {string} policy
 * @param {string[]} hashes
 */
export function withScriptHashes(policy, hashes) {
  const directives = policy.split(";").map((directive) => directive.trim());
  const at = directives.findIndex((directive) => directive.split(/\s+/)[0] === "script-src");
  const current = at === -1 ? "" : directives[at].split(/\s+/).filter((source) => !source.startsWith("'sha256-"));
  if (current === "" || current.join(" ") !== SCRIPT_SRC_SELF) {
    throw new Error(`CSP: expected "${SCRIPT_SRC_SELF}" in the policy of next.config.ts, found "${policy}".`);
  }
  directives[at] = [...current, ...hashes].join(" ");
  return directives.join("; ");
}

/** A path-to-regexp source that matches exactly `route` (Next's headers() syntax). */
const exactSource = (/** @type {string} */ route) => route.replace(/[:*+?()\\{}]/g, (char) => `\\${char}`);

/**
 * The header rules with the hashes: the catch-all CSP rule gets the error pages' hashes, and a rule per page,
 * right after it (a later rule's header replaces an earlier one's), gets the page's and the error pages' hashes.
 * Rules this step added before are replaced, so running it twice changes nothing.
 * @param {HeaderRule[]} rules the routes manifest's `headers`
 * @param {Map<string, string[]>} pages hashes by route (pageScriptHashes)
 * @returns {HeaderRule[]}
 */
export function headerRulesWithHashes(rules, pages) {
  const isCsp = (/** @type {{ key: string }} */ header) => header.key.toLowerCase() === CSP;
  const added = (/** @type {HeaderRule} */ rule) =>
    rule.source !== "/:path*" && rule.headers.length === 1 && isCsp(rule.headers[0]);
  const kept = rules.filter((rule) => !added(rule));
  const at = kept.findIndex((rule) => rule.source === "/:path*" && !rule.has && rule.headers.some(isCsp));
  if (at === -1) throw new Error("CSP: no catch-all rule with a Content-Security-Policy in the routes manifest.");
  const catchAll = kept[at];
  const policy = catchAll.headers.find(isCsp)?.value ?? "";
  const errorHashes = [...new Set(ERROR_PAGES.flatMap((route) => pages.get(route) ?? []))];
  /** @type {HeaderRule} */
  const withErrorPages = {
    ...catchAll,
    headers: catchAll.headers.map((h) => (isCsp(h) ? { ...h, value: withScriptHashes(policy, errorHashes) } : h)),
  };
  const key = catchAll.headers.find(isCsp)?.key ?? "Content-Security-Policy";
  /** @type {HeaderRule[]} */
  const perPage = [...pages]
    .filter(([route]) => !ERROR_PAGES.includes(route))
    .map(([route, hashes]) => {
      const all = [...new Set([...hashes, ...errorHashes])];
      return { source: exactSource(route), headers: [{ key, value: withScriptHashes(policy, all) }] };
    });
  return [...kept.slice(0, at), withErrorPages, ...perPage, ...kept.slice(at + 1)];
}

/**
 * Writes the hashes into the routes manifest of `distDir` (normally .next) and of its standalone server, if built.
 * Returns the hashes by route.
 * @param {string} distDir
 * @returns {Map<string, string[]>}
 */
export function addCspHashes(distDir) {
  const pages = pageScriptHashes(distDir);
  for (const dir of [distDir, path.join(distDir, "standalone", ".next")]) {
    const file = path.join(dir, "routes-manifest.json");
    if (!existsSync(file)) continue;
    /** @type {{ headers: HeaderRule[] }} */
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    manifest.headers = headerRulesWithHashes(manifest.headers, pages);
    writeFileSync(file, JSON.stringify(manifest));
  }
  return pages;
}
