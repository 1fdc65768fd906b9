import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";

// One client per process; `next dev` re-evaluates modules on every change, so
// the instance is kept on globalThis there (as taxonomy's lib/db.ts does).
const globalForPrisma = globalThis as unknown as { schichtwerkPrisma?: PrismaClient<"query"> };

/** SQL statements sent so far; counted only under vitest (tests assert "≤ 2 queries"). */
export const sqlStatements = { count: 0 };

function createClient() {
  const adapter = new PrismaPg({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    // A statement stuck for longer than this is a bug or a lock; fail instead of hanging.
    statement_timeout: 30_000,
  });
  const client = new PrismaClient({ adapter, log: process.env.VITEST ? [{ emit: "event", level: "query" }] : [] });
  if (process.env.VITEST) client.$on("query", () => sqlStatements.count++);
  return client;
}

export const db = (globalForPrisma.schichtwerkPrisma ??= createClient());

/** Options for interactive transactions that may queue behind a row lock. */
export const LOCKING_TRANSACTION = { maxWait: 15_000, timeout: 15_000 } as const;
