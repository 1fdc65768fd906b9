// P6: `npm start` (after install and build) from an empty data directory to a
// healthy GET /api/health, and a restart with the data in place. Runs the
// same wrapper a user runs, on its own data directory and ports.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ROOT } from "../scripts/lib/database.mjs";

async function startOnce(env, baseUrl) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], { cwd: ROOT, env, stdio: "ignore" });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return seconds;
}

export async function benchStartup({ port = 3290, pgPort = 55490 } = {}) {
  const dataDir = path.join(ROOT, ".data-bench-startup");
  rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(pgPort),
    ADMIN_PASSWORD: "bench-startup-passwort",
  };
  delete env.DATABASE_URL;
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const emptySeconds = await startOnce(env, baseUrl);
    const restartSeconds = await startOnce(env, baseUrl);
    return { emptySeconds, restartSeconds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
