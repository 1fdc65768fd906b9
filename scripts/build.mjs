#!/usr/bin/env node
// @ts-check
// `npm run build`: `next build`, then the compile hint on the scripts every
// page runs at start-up (scripts/lib/compile-hints.mjs). Everything that
// builds the app goes through here: npm test, npm start without a build, the
// benchmarks and the container image.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addCompileHints } from "./lib/compile-hints.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

const build = spawnSync(process.execPath, [nextBin, "build"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const hinted = addCompileHints(path.join(ROOT, ".next"));
console.log(`Compile-Hinweis in ${hinted.length} Start-Skripten gesetzt.`);
