// @ts-check
// The standalone build (next.config.ts `output: "standalone"`) that
// `npm start` and the container image both run: .next/standalone/server.js
// with the node_modules it needs. Plain ESM so it runs without a TypeScript step.
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./database.mjs";

export const STANDALONE_DIR = path.join(ROOT, ".next", "standalone");
export const SERVER_JS = path.join(STANDALONE_DIR, "server.js");

/** True when `next build` has left a standalone server to run. */
export function hasStandaloneBuild() {
  return existsSync(SERVER_JS) && existsSync(path.join(STANDALONE_DIR, ".next", "BUILD_ID"));
}

/**
 * `next build` leaves the browser files (.next/static) and public/ outside
 * the standalone folder, expecting a CDN or a copy step: this is that step.
 * Idempotent and cheap once done; every `next build` recreates .next/standalone,
 * and .next/static holds one folder named after the build id, so a copy
 * from an earlier build is never mistaken for this one's.
 */
export function completeStandaloneBuild() {
  const buildId = readFileSync(path.join(STANDALONE_DIR, ".next", "BUILD_ID"), "utf8").trim();
  const staticTarget = path.join(STANDALONE_DIR, ".next", "static");
  if (!existsSync(path.join(staticTarget, buildId))) {
    cpSync(path.join(ROOT, ".next", "static"), staticTarget, { recursive: true, force: true });
  }
  // Only when missing: the container runs this on a tree it may not write to.
  const publicDir = path.join(ROOT, "public");
  const publicTarget = path.join(STANDALONE_DIR, "public");
  if (existsSync(publicDir) && !existsSync(publicTarget)) cpSync(publicDir, publicTarget, { recursive: true });
}

/**
 * Packages the standalone server must not carry: sharp and its libvips builds (@img/*), about 19 MB, which Next's
 * image optimizer would load. The app optimises no images (next.config.ts `images.unoptimized`, its
 * `outputFileTracingExcludes`).
 */
export const LEFT_OUT_PACKAGES = ["sharp", "@img"];

/**
 * The files of LEFT_OUT_PACKAGES that `next build` traced for the server in `distDir` (normally .next): named in
 * its trace files (*.nft.json) or copied into its standalone node_modules. Empty when they were left out.
 * @param {string} distDir
 * @returns {string[]}
 */
export function leftOutPackagesTraced(distDir) {
  const inPackage = new RegExp(`(^|/)node_modules/(${LEFT_OUT_PACKAGES.join("|")})/`);
  const traces = readdirSync(distDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".nft.json") && !file.startsWith(`standalone${path.sep}`),
  );
  /** @type {string[]} */
  const found = [];
  for (const trace of traces) {
    /** @type {{ files: string[] }} */
    const { files } = JSON.parse(readFileSync(path.join(distDir, trace), "utf8"));
    for (const file of files) if (inPackage.test(file.replaceAll("\\", "/"))) found.push(`${trace}: ${file}`);
  }
  const modules = path.join(distDir, "standalone", "node_modules");
  for (const name of LEFT_OUT_PACKAGES) {
    if (existsSync(path.join(modules, name))) found.push(`standalone/node_modules/${name}`);
  }
  return found;
}
