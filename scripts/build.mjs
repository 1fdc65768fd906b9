#!/usr/bin/env node
// @ts-check
// `npm run build`: `next build`, then the compile hint on the scripts every
// page runs at start-up (scripts/lib/compile-hints.mjs) and the hashes of the
// pages' inline scripts in the Content-Security-Policy (scripts/lib/csp-hashes.mjs);
// it fails when the standalone server carries sharp again. Everything that
// builds the app goes through here: npm test, npm start without a build, the
// benchmarks and the container image. Arguments go on to `next build`, e.g.
// `npm run build -- --no-mangling` for readable names in a browser profile (docs/PERFORMANCE.md, P13).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addCompileHints } from "./lib/compile-hints.mjs";
import { addCspHashes } from "./lib/csp-hashes.mjs";
import { leftOutPackagesTraced } from "./lib/standalone.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

const build = spawnSync(process.execPath, [nextBin, "build", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const hinted = addCompileHints(path.join(ROOT, ".next"));
console.log(`Compile-Hinweis in ${hinted.length} Start-Skripten gesetzt.`);
// After the compile hints: they change only the chunk files, which the policy allows by origin, not by hash.
const pages = addCspHashes(path.join(ROOT, ".next"));
const hashes = new Set([...pages.values()].flat()).size;
console.log(`Content-Security-Policy: ${hashes} Skript-Hashes für ${pages.size} Seiten gesetzt.`);

const traced = leftOutPackagesTraced(path.join(ROOT, ".next"));
if (traced.length > 0) {
  console.error(`Der Standalone-Server enthält wieder sharp (next.config.ts):\n  ${traced.slice(0, 10).join("\n  ")}`);
  process.exit(1);
}
