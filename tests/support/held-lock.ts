import pg from "pg";

/**
 * A row lock held by a connection of the test's own, to stop a request inside its transaction at a chosen
 * statement and send another one meanwhile: the moment two writes could miss each other (docs/PRODUCT-RULES.md
 * §30.3). `waitForBlocked(n)` waits until n statements wait on this lock, or on a statement that waits on it (other
 * test files share the database, so nothing else is counted).
 */
export async function holdLock(sql: string, params: unknown[] = []) {
  const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await holder.connect();
  await holder.query("BEGIN");
  await holder.query(sql, params);
  return {
    async waitForBlocked(count: number) {
      for (let i = 0; i < 200; i++) {
        // Inside a transaction the statistics views keep their first snapshot: take a fresh one each time.
        await holder.query("SELECT pg_stat_clear_snapshot()");
        const { rows } = await holder.query<{ n: number }>(
          `WITH first AS (SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid)))
           SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE pid IN (SELECT pid FROM first) OR pg_blocking_pids(pid) && ARRAY(SELECT pid FROM first)`,
        );
        if (rows[0].n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`expected ${count} statements waiting for the held lock`);
    },
    /** Commits (releasing the lock) and closes the connection; safe to call twice. */
    async release() {
      await holder.query("COMMIT").catch(() => {});
      await holder.end().catch(() => {});
    },
  };
}
