// @ts-check
// V8's explicit compile hint for the scripts every page runs at start-up.
//
// Profiling a first load (4× CPU slowdown, as Lighthouse's mobile preset)
// showed that about 60 % of the one long task that starts the app was V8
// compiling functions lazily on the main thread (V8.CompileCode/ParseFunction
// under react-dom's and Next's module factories), not running them. A script
// whose first line is `//# allFunctionsCalledOnLoad` is compiled eagerly by
// Chromium (136 and later) while it streams in, on a background thread; the
// main thread then only runs it. Measured here: that task fell from 358 ms to
// 76 ms, mobile Lighthouse TBT from 360–530 ms to 60–110 ms. Other browsers
// ignore the comment.
//
// Only start-up chunks get the hint: those listed in the HTML Next prerenders
// and in the build manifest's root main files. Chunks loaded later (dynamic
// imports) and the legacy polyfills (which modern browsers skip) stay lazy, so
// no time goes into compiling code a page may never call.
// Plain ESM: run by scripts/build.mjs right after `next build`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

const SCRIPT_SRC = /<script[^>]*\ssrc="\/_next\/(static\/[^"?#]+\.js)"/g;

/**
 * The .html files anywhere below `dir` (none when it does not exist).
 * @param {string} dir
 */
function htmlFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * The scripts (paths relative to the dist dir, e.g. "static/chunks/x.js") that pages load at start-up.
 * @param {string} distDir
 * @returns {string[]}
 */
export function startupScripts(distDir) {
  // Only the part of Next's build manifest that is read here.
  /** @type {{ rootMainFiles?: string[], polyfillFiles?: string[] }} */
  const manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  const scripts = new Set(manifest.rootMainFiles ?? []);
  for (const file of htmlFiles(path.join(distDir, "server", "app"))) {
    for (const match of readFileSync(file, "utf8").matchAll(SCRIPT_SRC)) scripts.add(match[1]);
  }
  for (const polyfill of manifest.polyfillFiles ?? []) scripts.delete(polyfill);
  return [...scripts].filter((script) => script.endsWith(".js")).sort();
}

/**
 * Puts the compile hint at the top of every start-up script in `distDir`
 * (normally .next). Idempotent. Returns the scripts that carry the hint.
 * @param {string} distDir
 * @returns {string[]}
 */
export function addCompileHints(distDir) {
  const scripts = startupScripts(distDir);
  for (const script of scripts) {
    const file = path.join(distDir, script);
    const source = readFileSync(file, "utf8");
    if (!source.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + source);
  }
  return scripts;
}
