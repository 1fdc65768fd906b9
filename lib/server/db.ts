import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";

// One client per process; `next dev` re-evaluates modules on every change, so
// the instance is kept on globalThis there (as taxonomy's lib/db.ts does).
const globalForPrisma = globalThis as unknown as { schichtwerkPrisma?: PrismaClient };

function createClient() {
  const adapter = new PrismaPg({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    // A statement stuck for longer than this is a bug or a lock; fail instead of hanging.
    statement_timeout: 30_000,
  });
  return new PrismaClient({ adapter });
}

export const db = (globalForPrisma.schichtwerkPrisma ??= createClient());
