import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";

/**
 * The PostgreSQL connection pool behind Prisma (lib/server/db/client.ts).
 *
 * @prisma/adapter-pg 6.19.3 gives a transaction's connection back to the pool
 * only after its COMMIT or ROLLBACK succeeded. When the connection dies in the
 * middle of a transaction (PostgreSQL restarted or crashed), Prisma's
 * ROLLBACK fails on the dead connection and the pool slot is never freed:
 * after DATABASE_POOL_SIZE such transactions every later request waits for a
 * connection forever, and only restarting the app helps. So a checked-out
 * connection that ends is handed back (and discarded) at once; the adapter's
 * own release() later is then a no-op. Covered by unavailable.test.ts
 * ("a transaction cut off halfway ...") and e2e/api/crash-safety.spec.ts.
 */
class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // pool.query() checks out with a callback and always releases itself;
    // only the promise form (used for transactions) needs the guard.
    if (callback) return super.connect(callback);
    return super.connect().then(releaseWhenConnectionEnds);
  }
}

function releaseWhenConnectionEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release; // pg-pool's release for this checkout, which throws when called twice
  let released = false;
  const onEnd = () => releaseOnce(new Error("connection to PostgreSQL ended while checked out"));
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("end", onEnd);
    release(error); // with an error, the pool drops the connection instead of reusing it
  };
  client.release = releaseOnce;
  client.once("end", onEnd);
  return client;
}

/**
 * A statement whose text starts with this comment (`PREPARED` in SQL) is kept prepared on each connection: the
 * first run parses and plans it under a name of its own, later runs on that connection only bind and execute, and
 * after a few runs PostgreSQL keeps a generic plan. For the few statements on the busiest paths whose planning
 * costs more than running them (the clock state's read plans in about 0.45 ms and runs in 0.2 ms;
 * docs/PERFORMANCE.md, P16). Prisma's driver adapter sends every statement unnamed, so the name is added here.
 */
export const PREPARED_MARK = "/* prepared */";

const statementNames = new Map<string, string>();

/** One name per text: the same text on every connection, never one name for two texts (pg refuses that). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `p_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`));
  return name;
}

class PreparingClient extends pg.Client {
  // pg's overloads of query() do not survive an override; the config is passed on as given, named or not.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const marked =
      typeof config === "object" &&
      config !== null &&
      config.name === undefined &&
      config.text?.startsWith(PREPARED_MARK);
    return super.query(marked ? { ...config, name: statementName(config.text) } : config, values, callback);
  }
}

export function createPool(options: pg.PoolConfig): pg.Pool {
  return new SelfHealingPool({ ...options, Client: PreparingClient });
}
