import pg from "pg";
import { afterEach, expect, test } from "vitest";
import { json, route } from "@/lib/server/api/route";
import { call } from "@/tests/support/api";
import { employee } from "@/tests/support/fixtures";
import { db } from "./client";
import { MAX_ATTEMPTS, transaction, transactionConflicts } from "./transaction";

// The failures of lib/server/db/transaction.ts forced for real on PostgreSQL: a deadlock between two transactions
// and a serialization failure, each in the shape Prisma throws it (a model query, a raw query, P2034).

const partners: pg.Client[] = [];
afterEach(async () => {
  for (const client of partners.splice(0)) await client.end().catch(() => {});
});

/** A connection of the test's own, outside the application's pool. */
async function partner(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  partners.push(client);
  return client;
}

function barrier() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test("two transactions locking two rows in opposite order: the deadlock's victim runs again, both finish", async () => {
  const [a, b] = [await employee({ weeklyHours: 10 }), await employee({ weeklyHours: 10 })];
  const attempts = { ab: 0, ba: 0 };
  const first = { ab: barrier(), ba: barrier() };
  // Each locks one row, then bumps the other and its own. The first lock is a plain row lock: an UPDATE would also
  // take the schedule data version's row (a trigger), and the second transaction would queue there instead of
  // crossing. The bump is a model query: Prisma throws the adapter's own error there.
  const deadlocksBefore = transactionConflicts()["40P01"] ?? 0;
  const run = (name: "ab" | "ba", one: number, other: number) =>
    transaction(async (tx) => {
      attempts[name]++;
      await tx.$executeRaw`SELECT 1 FROM employees WHERE id = ${one} FOR UPDATE`;
      if (attempts[name] === 1) {
        // Only on the first attempt: wait until the other holds its first row, so the two cross for certain.
        first[name].open();
        await Promise.all([first.ab.opened, first.ba.opened]);
      }
      await tx.employee.update({ where: { id: other }, data: { weeklyHours: { increment: 1 } } });
      await tx.employee.update({ where: { id: one }, data: { weeklyHours: { increment: 1 } } });
      return name;
    });

  const results = await Promise.allSettled([run("ab", a.id, b.id), run("ba", b.id, a.id)]);

  expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
  // One of them was the deadlock's victim and ran twice; the other once.
  expect([attempts.ab, attempts.ba].sort()).toEqual([1, 2]);
  // The retry is counted (tests/heavy-writers-race.test.ts reads the counter).
  expect(transactionConflicts()["40P01"]).toBe(deadlocksBefore + 1);
  const rows = await db.employee.findMany({ where: { id: { in: [a.id, b.id] } }, select: { weeklyHours: true } });
  expect(rows.map((row) => Number(row.weeklyHours))).toEqual([12, 12]);
});

/**
 * Makes every attempt of `transaction()` the victim of a real deadlock with a connection of the test's own: the
 * attempt bumps row A, the partner locks B and asks for A, and once the partner waits, the attempt asks for B. The
 * attempt checks for deadlocks after 100 ms, the partner after 20 s, so PostgreSQL always aborts the attempt; the
 * partner then gets A, bumps both rows and commits. The partner takes its locks without UPDATE: the schedule data
 * version's trigger would make it queue behind other test files' writes, and the cycle might close after the
 * attempt's one deadlock check.
 */
async function alwaysDeadlocking(a: number, b: number) {
  const other = await partner();
  const watcher = await partner();
  await other.query("SET deadlock_timeout = '20s'");
  const { rows } = await other.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const partnerWaits = async () => {
    for (let i = 0; i < 400; i++) {
      const waiting = await watcher.query("SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted", [rows[0].pid]);
      if (waiting.rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the partner never waited for row A");
  };
  let attempts = 0;
  let partnerDone: Promise<unknown> = Promise.resolve();
  const fn = async (tx: Parameters<Parameters<typeof transaction>[0]>[0]) => {
    attempts++;
    await tx.$executeRaw`SET LOCAL deadlock_timeout = '100ms'`;
    await tx.$executeRaw`UPDATE employees SET weekly_hours = weekly_hours + 1 WHERE id = ${a}`;
    await other.query("BEGIN");
    await other.query("SELECT 1 FROM employees WHERE id = $1 FOR UPDATE", [b]);
    partnerDone = other
      .query("SELECT 1 FROM employees WHERE id = $1 FOR UPDATE", [a])
      .then(() =>
        other.query("UPDATE employees SET weekly_hours = weekly_hours + 1 WHERE id = ANY($1::int[])", [[a, b]]),
      )
      .then(() => other.query("COMMIT"));
    void partnerDone.catch(() => {});
    await partnerWaits();
    // The partner finishes once this attempt is rolled back; the next attempt's BEGIN queues behind its COMMIT.
    await tx.$executeRaw`SELECT 1 FROM employees WHERE id = ${b} FOR UPDATE`;
  };
  return { fn, attempts: () => attempts, waitForPartner: () => partnerDone };
}

test("deadlocked on every attempt: 503 service_unavailable with Retry-After, never 500", async () => {
  const [a, b] = [await employee({ weeklyHours: 10 }), await employee({ weeklyHours: 10 })];
  const deadlocking = await alwaysDeadlocking(a.id, b.id);
  const handler = route({ access: "public" }, async () => json(await transaction(deadlocking.fn)));

  const response = await call(handler);
  await deadlocking.waitForPartner();

  expect(deadlocking.attempts()).toBe(MAX_ATTEMPTS);
  expect(response.status).toBe(503);
  expect(response.json.code).toBe("service_unavailable");
  expect(response.json.error).toBe("Die Datenbank ist gerade ausgelastet. Bitte versuche es gleich noch einmal.");
  expect(response.headers.get("Retry-After")).toBe("1");
  // Nothing of the aborted attempts stayed (their +1 on A): only the partner's three commits, each +1 on both rows.
  const rows = await db.employee.findMany({ where: { id: { in: [a.id, b.id] } }, select: { weeklyHours: true } });
  expect(rows.map((row) => Number(row.weeklyHours))).toEqual([10 + MAX_ATTEMPTS, 10 + MAX_ATTEMPTS]);
});

test("SERIALIZABLE, its row changed by another meanwhile (40001) on every attempt: retried, then 503", async () => {
  const row = await employee({ weeklyHours: 10 });
  const other = await partner();
  let attempts = 0;
  const handler = route({ access: "public" }, async () =>
    json(
      await transaction(
        async (tx) => {
          attempts++;
          // The snapshot is taken by the first statement; the partner's update commits after it.
          await tx.employee.findUnique({ where: { id: row.id }, select: { id: true } });
          await other.query("UPDATE employees SET weekly_hours = weekly_hours + 1 WHERE id = $1", [row.id]);
          await tx.employee.update({ where: { id: row.id }, data: { weeklyHours: 99 } });
        },
        { isolationLevel: "Serializable" },
      ),
    ),
  );

  const response = await call(handler);

  expect(attempts).toBe(MAX_ATTEMPTS);
  expect(response.status).toBe(503);
  expect(response.json.code).toBe("service_unavailable");
  expect(response.headers.get("Retry-After")).toBe("1");
  const after = await db.employee.findUniqueOrThrow({ where: { id: row.id }, select: { weeklyHours: true } });
  expect(Number(after.weeklyHours)).toBe(10 + MAX_ATTEMPTS);
});

test("a serialization failure that clears is retried and the transaction commits", async () => {
  const row = await employee({ weeklyHours: 10 });
  const other = await partner();
  let attempts = 0;
  await transaction(
    async (tx) => {
      attempts++;
      await tx.employee.findUnique({ where: { id: row.id }, select: { id: true } });
      if (attempts === 1)
        await other.query("UPDATE employees SET weekly_hours = weekly_hours + 1 WHERE id = $1", [row.id]);
      await tx.employee.update({ where: { id: row.id }, data: { weeklyHours: { increment: 5 } } });
    },
    { isolationLevel: "Serializable" },
  );
  expect(attempts).toBe(2);
  const after = await db.employee.findUniqueOrThrow({ where: { id: row.id }, select: { weeklyHours: true } });
  expect(Number(after.weeklyHours)).toBe(16);
});

test("other errors are not retried", async () => {
  let attempts = 0;
  await expect(
    transaction(async () => {
      attempts++;
      throw new Error("kaputt");
    }),
  ).rejects.toThrow("kaputt");
  expect(attempts).toBe(1);
});
