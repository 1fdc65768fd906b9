import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { log } from "@/lib/server/log";
import { db, type Tx } from "./client";

/**
 * The one way domain code opens an interactive transaction (docs/ARCHITECTURE.md §6.5). A transaction that fails
 * with a deadlock (40P01) or a serialization failure (40001) did nothing: PostgreSQL rolled it back. It is run again
 * from the start, up to MAX_ATTEMPTS times with a random pause between, so such a failure never reaches the user;
 * only when the last attempt fails too, the error goes up and the API answers 503 (lib/server/api/error-response.ts).
 * `fn` must therefore be safe to run again: it reads what it needs inside the transaction and has no effect outside
 * it (no cache written, no message sent) before it returns.
 */
export async function transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(fn, options);
    } catch (error) {
      const code = conflictCode(error);
      if (code) conflictsSeen[code] = (conflictsSeen[code] ?? 0) + 1;
      if (attempt >= MAX_ATTEMPTS || !code) throw error;
      log.info(`Transaktion wiederholt (Versuch ${attempt + 1} von ${MAX_ATTEMPTS}) nach ${code}`);
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs(attempt)));
    }
  }
}

const conflictsSeen: Record<string, number> = {};

/**
 * How many transactions failed with each SQLSTATE (40P01, 40001) since the process started, retried or not: a
 * copy, read-only. A retry hides a deadlock from the user; a test of concurrent writers reads this to see it
 * (tests/heavy-writers-race.test.ts).
 */
export function transactionConflicts(): Readonly<Record<string, number>> {
  return { ...conflictsSeen };
}

export type TransactionOptions = Parameters<typeof db.$transaction>[1];

/** Attempts in all; a third deadlock in a row means the writes collide faster than they finish: 503. */
export const MAX_ATTEMPTS = 3;

/**
 * A random pause before attempt `attempt + 1`: 10–50 ms, then 20–100 ms. Random, so two transactions that
 * deadlocked on each other do not start again in step and meet the same way.
 */
export function retryPauseMs(attempt: number): number {
  return attempt * (10 + Math.random() * 40);
}

const CONFLICT_STATES = new Set(["40P01", "40001"]);

/**
 * The SQLSTATE of a deadlock or a serialization failure, in whatever form Prisma 6 with @prisma/adapter-pg throws
 * it, or null. Observed by forcing both (lib/server/db/transaction.test.ts):
 *  - a raw query in an interactive transaction: PrismaClientKnownRequestError P2010 with
 *    `meta.driverAdapterError.cause` { kind: "postgres", code: "40P01", originalCode: "40P01" };
 *  - a model query: the adapter's DriverAdapterError itself, its `cause` shaped as above;
 *  - a serialization failure of a model query: P2034 ("Transaction failed due to a write conflict or a deadlock"),
 *    cause { kind: "TransactionWriteConflict", originalCode: "40001" };
 *  - a `pg` error unwrapped: { code: "40P01", severity: "ERROR" }.
 */
export function conflictCode(error: unknown, depth = 0): string | null {
  if (depth > 5 || !error || typeof error !== "object") return null;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const cause = (error.meta as { driverAdapterError?: { cause?: unknown } } | undefined)?.driverAdapterError?.cause;
    const fromCause = conflictCode(cause, depth + 1);
    if (fromCause) return fromCause;
    return error.code === "P2034" ? "40001" : null;
  }
  const { code, originalCode, cause } = error as { code?: unknown; originalCode?: unknown; cause?: unknown };
  for (const candidate of [originalCode, code])
    if (typeof candidate === "string" && CONFLICT_STATES.has(candidate)) return candidate;
  return conflictCode(cause, depth + 1);
}

export function isTransactionConflict(error: unknown): boolean {
  return conflictCode(error) !== null;
}
