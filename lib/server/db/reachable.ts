import "server-only";
import { db } from "@/lib/server/db/client";

type Queryable = Pick<typeof db, "$queryRaw">;

/** True when PostgreSQL answers a trivial query within `timeoutMs`. */
export async function isDatabaseReachable(client: Queryable = db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([client.$queryRaw`SELECT 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
