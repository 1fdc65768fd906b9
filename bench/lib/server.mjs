// Starts the production app with `npm start`'s wrapper on its own data
// directory and ports, for benchmarks. Builds first when no build exists.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/lib/database.mjs";

export const BENCH_ADMIN = { username: "admin", password: "bench-admin-passwort" };

// `dataDir` (default `.data-bench`) is deleted and recreated: give separate runs separate directories.
export async function startBenchServer({
  port = Number(process.env.BENCH_PORT || 3200),
  pgPort = Number(process.env.BENCH_PG_PORT || 55460),
  dataDir = path.join(ROOT, ".data-bench"),
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
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(pgPort),
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  delete env.DATABASE_URL;
  let output = "";
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { readFileSync } = await import("node:fs");
  const pgPassword = readFileSync(path.join(dataDir, "secrets", "postgres-password"), "utf8").trim();
  return {
    baseUrl,
    databaseUrl: `postgresql://schichtwerk:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/schichtwerk`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
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

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
