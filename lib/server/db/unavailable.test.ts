import { afterAll, describe, expect, test } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { errorResponse } from "@/lib/server/api/error-response";
import { createDatabaseClient, db } from "@/lib/server/db/client";
import { uniqueName } from "@/tests/support/api";
import { isDatabaseUnavailable } from "./unavailable";

// Real errors from a real PostgreSQL (and a real refused port), the way
// Prisma 6 with adapter-pg throws them; e2e/api/crash-safety.spec.ts covers
// a whole server with PostgreSQL stopped and started again.

/** Catches what `run` throws; fails the test when it throws nothing. */
async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

async function answerTo(error: unknown) {
  const response = errorResponse(error, new Request("http://localhost/api/test", { method: "POST" }));
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    // Lost midway, a write may have committed: never marked as safe to send again (docs/PRODUCT-RULES.md §29.3).
    unprocessed: response.headers.get("x-request-unprocessed"),
    body: await response.json(),
  };
}

const UNAVAILABLE = {
  status: 503,
  retryAfter: "5",
  unprocessed: null,
  body: {
    error: "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
    code: "service_unavailable",
  },
};

/**
 * The application's client with one pooled connection, so a test knows which
 * backend it uses, and a lost pool slot would hang the next call.
 */
function singleConnectionClient() {
  return createDatabaseClient({ poolSize: 1 });
}

const clients: Pick<PrismaClient, "$disconnect">[] = [];
// Bounded: a client whose pool lost its slot would never finish disconnecting.
afterAll(() =>
  Promise.all(
    clients.map((client) => Promise.race([client.$disconnect(), new Promise((resolve) => setTimeout(resolve, 5_000))])),
  ),
);

describe("no PostgreSQL on the port", () => {
  // Port 9 (discard) has no PostgreSQL on it: the connection is refused.
  const refused = createDatabaseClient({ connectionString: "postgresql://x:y@127.0.0.1:9/none" });
  clients.push(refused);

  test.each([
    ["a model query", () => refused.user.findMany()],
    ["a raw query", () => refused.$queryRaw`SELECT 1`],
    ["an interactive transaction", () => refused.$transaction(async (tx) => tx.user.count())],
  ])("%s: 503 with the JSON error body, no Prisma text", async (_, run) => {
    const error = await thrownBy(run);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await answerTo(error)).toEqual(UNAVAILABLE);
  });
});

describe("the server ends the connection (pg_terminate_backend, as in a shutdown)", () => {
  test("a transaction cut off halfway leaves nothing behind, answers 503, and the pool recovers", async () => {
    const client = singleConnectionClient();
    clients.push(client);
    const name = uniqueName("Abgebrochen");
    const error = await thrownBy(() =>
      client.$transaction(async (tx) => {
        await tx.location.create({ data: { name } });
        const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        await db.$queryRaw`SELECT pg_terminate_backend(${pid})::text`;
        await tx.location.create({ data: { name: `${name} 2` } });
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await answerTo(error)).toEqual(UNAVAILABLE);
    expect(await db.location.count({ where: { name: { startsWith: name } } })).toBe(0);
    // The dead connection was dropped from the pool: the next call works.
    expect(await client.location.count({ where: { name: { startsWith: name } } })).toBe(0);
  });

  test("an idle pooled connection killed meanwhile: the next query gets 503, the one after works", async () => {
    const client = singleConnectionClient();
    clients.push(client);
    const [{ pid }] = await client.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    await db.$queryRaw`SELECT pg_terminate_backend(${pid})::text`;
    // The pool may notice the closed socket before the next query (then it
    // just connects anew) or only during it (then that query fails as "lost").
    const first = await client.user.count().then(
      () => null,
      (error: unknown) => error,
    );
    if (first !== null) {
      expect(isDatabaseUnavailable(first)).toBe(true);
      expect(await answerTo(first)).toEqual(UNAVAILABLE);
    }
    expect(await client.user.count()).toBeGreaterThanOrEqual(0);
  });
});

test("no connection within a transaction's maxWait (pool busy): 503, nothing written", async () => {
  const client = singleConnectionClient();
  clients.push(client);
  const name = uniqueName("Wartezeit");
  // The only connection is busy for a second; the second transaction may wait 200 ms.
  const busy = client.$transaction(async (tx) => tx.$queryRaw`SELECT pg_sleep(1)::text`, { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const error = await thrownBy(() =>
    client.$transaction(async (tx) => tx.location.create({ data: { name } }), { maxWait: 200 }),
  );
  await busy;
  expect(isDatabaseUnavailable(error)).toBe(true);
  expect(await answerTo(error)).toEqual(UNAVAILABLE);
  expect(await db.location.count({ where: { name } })).toBe(0);
});

describe("errors that are not about the database being away", () => {
  test.each([
    [
      "a unique violation",
      async () => {
        const username = uniqueName("dup").replace(" ", "-");
        await db.user.create({ data: { username, passwordHash: "x" } });
        await db.user.create({ data: { username, passwordHash: "x" } });
      },
    ],
    ["an SQL error", () => db.$queryRawUnsafe("SELECT * FROM no_such_table")],
    [
      "a statement cancelled by its timeout",
      () =>
        db.$transaction(async (tx) => {
          await tx.$executeRaw`SET LOCAL statement_timeout = 50`;
          await tx.$queryRaw`SELECT pg_sleep(1)::text`;
        }),
    ],
    [
      "a plain bug",
      async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'id')");
      },
    ],
  ])("%s stays what it was (never 503)", async (_, run) => {
    const error = await thrownBy(run);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect((await answerTo(error)).status).not.toBe(503);
  });
});
