// @ts-check
// The standalone build (next.config.ts `output: "standalone"`) that
// `npm start` and the container image both run: .next/standalone/server.js
// with the node_modules it needs. Plain ESM so it runs without a TypeScript step.
import { cpSync, existsSync, readFileSync } from "node:fs";
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
