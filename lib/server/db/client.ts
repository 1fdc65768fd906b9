import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "@/generated/prisma/client";
import { createPool, PREPARED_MARK } from "./pool";

// One client per process; `next dev` re-evaluates modules on every change, so
// the instance is kept on globalThis there (as the database module of Next's taxonomy example does).
const globalForPrisma = globalThis as unknown as { schichtwerkPrisma?: PrismaClient<"query"> };

/** SQL statements sent so far; counted only under vitest (tests assert "≤ 2 queries"). */
export const sqlStatements = { count: 0 };

/** Longest wait for a pooled connection (new or free); see createDatabaseClient. */
export const CONNECTION_TIMEOUT_MS = 15_000;

/** The application's client; tests create more (another database, a pool of one). */
export function createDatabaseClient({
  connectionString = process.env.DATABASE_URL,
  poolSize = Number(process.env.DATABASE_POOL_SIZE) || 10,
}: { connectionString?: string; poolSize?: number } = {}) {
  const pool = createPool({
    connectionString,
    max: poolSize,
    // A statement stuck for longer than this is a bug or a lock; fail instead of hanging.
    statement_timeout: 30_000,
    // pg-pool waits forever by default, both for a new connection and for a
    // free one when all are busy; bound both, as long as a locking transaction
    // may wait (LOCKING_TRANSACTION.maxWait), so a database that does not
    // answer gives a 503 (lib/server/db/unavailable.ts) instead of a
    // hanging request. A refused connection fails at once anyway.
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // Notice a peer that vanished without closing the socket (host down,
    // network cut) on idle pooled connections, not only on the next query.
    keepAlive: true,
  });
  // Errors of idle pooled connections (PostgreSQL went away) only drop that
  // connection; the adapter listens for them, so they never crash the process.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({ adapter, log: process.env.VITEST ? [{ emit: "event", level: "query" }] : [] });
  if (process.env.VITEST) client.$on("query", () => sqlStatements.count++);
  return client;
}

export const db = (globalForPrisma.schichtwerkPrisma ??= createDatabaseClient());

/**
 * The client inside a transaction (`transaction(async (tx) => …)`, lib/server/db/transaction.ts): pass it on, as
 * the first argument, so that a helper's writes commit with the rest (docs/ARCHITECTURE.md §12.1).
 */
export type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/**
 * A database handle for a function that runs inside a transaction or outside one: the caller passes its `tx`, or
 * `db` itself, explicitly and first (docs/ARCHITECTURE.md §12.1).
 */
export type Db = Tx | typeof db;

/**
 * First in a raw statement, keeps it prepared on each connection (planned once per connection, not per run): for the
 * few statements of the busiest paths whose planning costs more than their run (lib/server/db/pool.ts).
 */
export const PREPARED = Prisma.raw(PREPARED_MARK);

/** Options for interactive transactions that may queue behind a row lock. */
export const LOCKING_TRANSACTION = { maxWait: 15_000, timeout: 15_000 } as const;
