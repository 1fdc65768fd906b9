// @ts-check
// P6: `npm start` (after install and build) from an empty data directory to a
// healthy GET /api/health, and a restart with the data in place. Runs the
// same wrapper a user runs, on its own data directory and ports.
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ROOT } from "../scripts/lib/database.mjs";
import { spawnStart, startEnv, stopChild, waitUntilHealthy } from "./lib/server.mjs";

/**
 * Seconds from `npm start` to a healthy server; stops it again.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} baseUrl
 */
async function startOnce(env, baseUrl) {
  const started = performance.now();
  const child = spawnStart(env, "ignore");
  await waitUntilHealthy(baseUrl, child, {
    timeoutMs: 120_000,
    pollMs: 50,
    exitError: () => new Error(`npm start exited with ${child.exitCode}`),
  });
  const seconds = (performance.now() - started) / 1000;
  await stopChild(child);
  return seconds;
}

/** @param {{ port?: number, pgPort?: number }} [ports] */
export async function benchStartup({ port = 3290, pgPort = 55490 } = {}) {
  const dataDir = path.join(ROOT, ".data-bench-startup");
  rmSync(dataDir, { recursive: true, force: true });
  const env = startEnv({ dataDir, port, pgPort }, { ADMIN_PASSWORD: "bench-startup-passwort" });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const emptySeconds = await startOnce(env, baseUrl);
    const restartSeconds = await startOnce(env, baseUrl);
    return { emptySeconds, restartSeconds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
