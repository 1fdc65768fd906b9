import "server-only";
import { spawn } from "node:child_process";
import path from "node:path";
import { db } from "@/lib/server/db/client";
import { describeDatabaseError, isDatabaseUnavailable } from "@/lib/server/db/unavailable";
import { log } from "@/lib/server/log";

/**
 * The server starts before its database is there (docker compose starting
 * both, a managed PostgreSQL restarting; docs/PRODUCT-RULES.md §29.3): it
 * serves at once, every API request answers 503 (lib/server/api/route.ts)
 * until PostgreSQL answers, the migrations are applied and the first admin
 * exists; then the gate opens for good. A database lost later is handled per
 * request (lib/server/db/unavailable.ts).
 *
 * The state lives on globalThis: Next bundles instrumentation.ts apart from
 * the route handlers, so a module variable would be two variables.
 */
type Gate = { phase: "waiting" | "open" };
const holder = globalThis as unknown as { schichtwerkDatabaseGate?: Gate };

/** True while the server waits for its database (never true in a process that did not start the wait: tests). */
export function isWaitingForDatabase(): boolean {
  return holder.schichtwerkDatabaseGate?.phase === "waiting";
}

/** Seconds before retry `attempt` (0-based): 1, 2, 4, 8, 16, then 30 each. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(2 ** attempt, 30);
}

export type WaitForDatabaseOptions = {
  /** Resolves when PostgreSQL answers; rejects with the reason it does not. */
  probe?: () => Promise<void>;
  /** `prisma migrate deploy`, when this server applies the migrations (scripts/start.mjs says so). */
  migrate?: (() => Promise<void>) | null;
  /** What must run once on a reachable, migrated database (the first admin). */
  whenReachable: () => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
};

/** "Not there yet", whatever the probe threw: always a reason to retry. */
class ProbeFailure extends Error {}

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Closes the gate, waits for the database with back-off (one log line per
 * retry, not per request), applies the migrations and runs `whenReachable`
 * exactly once, then opens the gate. Requests never trigger any of it, so
 * several waiting requests cannot run the migrations twice. An error that is
 * not "database unreachable" (a broken migration, a bad ADMIN_USERNAME) is
 * thrown: the caller ends the process as before.
 */
export async function waitForDatabase({
  probe = probeDatabase,
  migrate = null,
  whenReachable,
  sleep = sleepMs,
}: WaitForDatabaseOptions): Promise<void> {
  const gate: Gate = { phase: "waiting" };
  holder.schichtwerkDatabaseGate = gate;
  let migrated = migrate === null;
  for (let attempt = 0; ; attempt++) {
    try {
      await probe().catch((error: unknown) => {
        throw new ProbeFailure(describeDatabaseError(error));
      });
      if (attempt > 0) log.info("[schichtwerk] Datenbank erreichbar / database reachable.");
      if (!migrated) {
        log.info("[schichtwerk] Wende Datenbank-Migrationen an ...");
        try {
          await migrate!();
        } catch (error) {
          // The CLI only says it failed: a database that is away again means "retry", else the migration is broken.
          const reachable = await probe().then(
            () => true,
            () => false,
          );
          throw reachable ? error : new ProbeFailure("Verbindung während der Migrationen verloren");
        }
        migrated = true;
      }
      await whenReachable();
      gate.phase = "open";
      return;
    } catch (error) {
      if (!(error instanceof ProbeFailure) && !isDatabaseUnavailable(error)) throw error;
      const seconds = retryDelaySeconds(attempt);
      log.info(
        `[schichtwerk] Datenbank nicht erreichbar (${describeDatabaseError(error)}), ` +
          `neuer Versuch in ${seconds} s / database not reachable, retrying in ${seconds} s`,
      );
      await sleep(seconds * 1000);
    }
  }
}

/** `SELECT 1` within 5 s; any failure (refused, unknown host, no such database yet) means "not there yet". */
async function probeDatabase(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("keine Antwort innert 5 s")), 5_000);
  });
  try {
    await Promise.race([db.$queryRaw`SELECT 1`, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `prisma migrate deploy` in `root` (the repository or the container's /app,
 * where scripts/start.mjs runs), on this server's DATABASE_URL.
 */
export function migrateDeployIn(root: string): () => Promise<void> {
  return () =>
    new Promise((resolve, reject) => {
      const cli = path.join(root, "node_modules", "prisma", "build", "index.js");
      const child = spawn(process.execPath, [cli, "migrate", "deploy"], {
        cwd: root,
        env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (exit ${code})\n${output}`)),
      );
    });
}
