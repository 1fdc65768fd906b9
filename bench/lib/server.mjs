// @ts-check
// Starts the production app with `npm start`'s wrapper on its own data
// directory and ports, for benchmarks. Builds first when no build exists.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/lib/database.mjs";

/** @typedef {import("node:child_process").ChildProcess} ChildProcess */
/**
 * A running production server of the benchmarks.
 * @typedef {object} BenchServer
 * @property {string} baseUrl
 * @property {string} databaseUrl its embedded PostgreSQL
 * @property {() => Promise<void>} stop stops it and deletes its data directory
 */

export const BENCH_ADMIN = { username: "admin", password: "bench-admin-passwort" };

/**
 * The environment of scripts/start.mjs on a data directory and ports of its
 * own, never on a DATABASE_URL the caller happens to have set.
 * @param {{ dataDir: string, port: number, pgPort: number }} where
 * @param {Record<string, string>} extra more variables, e.g. the first admin's password
 * @returns {NodeJS.ProcessEnv}
 */
export function startEnv({ dataDir, port, pgPort }, extra) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(pgPort),
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}

/**
 * `npm start` (scripts/start.mjs) as a child of this process.
 * @param {NodeJS.ProcessEnv} env
 * @param {import("node:child_process").StdioOptions} stdio
 */
export function spawnStart(env, stdio) {
  return spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], { cwd: ROOT, env, stdio });
}

/**
 * Asks GET /api/health every `pollMs` until it answers 200, for at most
 * `timeoutMs`; after that it returns all the same (what is measured next
 * fails). Throws `exitError()` when `child` exits first.
 * @param {string} baseUrl
 * @param {ChildProcess} child
 * @param {{ timeoutMs: number, pollMs: number, exitError: () => Error }} options
 */
export async function waitUntilHealthy(baseUrl, child, { timeoutMs, pollMs, exitError }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw exitError();
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * SIGTERM to `child`, then waits until it has exited.
 * @param {ChildProcess} child
 */
export async function stopChild(child) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * `dataDir` (default `.data-bench`) is deleted and recreated: give separate runs separate directories.
 * `extraEnv` is added to the server's environment (P19: its mail server).
 * @param {{ port?: number, pgPort?: number, dataDir?: string, extraEnv?: Record<string, string> }} [options]
 * @returns {Promise<BenchServer>}
 */
export async function startBenchServer({
  port = Number(process.env.BENCH_PORT || 3200),
  pgPort = Number(process.env.BENCH_PG_PORT || 55460),
  dataDir = path.join(ROOT, ".data-bench"),
  extraEnv = {},
} = {}) {
  const baseUrl = `http://127.0.0.1:${port}`;
  // Whatever already answers there (a `next dev`, say) would be measured instead of our server.
  if (
    await fetch(`${baseUrl}/api/health`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Port ${port} is already in use: set BENCH_PORT (and BENCH_PG_PORT) to free ports.`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  const env = startEnv(
    { dataDir, port, pgPort },
    { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, ...extraEnv },
  );
  let output = "";
  const child = spawnStart(env, ["ignore", "pipe", "pipe"]);
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  await waitUntilHealthy(baseUrl, child, {
    timeoutMs: 180_000,
    pollMs: 250,
    exitError: () => new Error(`server exited:\n${output}`),
  });
  const pgPassword = readFileSync(path.join(dataDir, "secrets", "postgres-password"), "utf8").trim();
  return {
    baseUrl,
    databaseUrl: `postgresql://schichtwerk:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/schichtwerk`,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server of the browser benchmarks run on their own (`node bench/lighthouse.mjs`,
 * `node bench/bundle-size.mjs`): ports BENCH_PORT 3420 / BENCH_PG_PORT 55720, data
 * in .data-lighthouse, so they never meet a full `npm run bench`.
 */
export function startBrowserBenchServer() {
  return startBenchServer({
    port: Number(process.env.BENCH_PORT || 3420),
    pgPort: Number(process.env.BENCH_PG_PORT || 55720),
    dataDir: path.join(ROOT, ".data-lighthouse"),
  });
}

/**
 * The `p`th percentile (0–100) of `sorted` (ascending); NaN when it is empty.
 * @param {number[]} sorted
 * @param {number} p
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
