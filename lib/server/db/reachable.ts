import "server-only";
import type { Db } from "@/lib/server/db/client";

type Queryable = Pick<Db, "$queryRaw">;

/** True when PostgreSQL answers a trivial query within `timeoutMs`. */
export async function isDatabaseReachable(db: Queryable, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.$queryRaw`SELECT 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
