import { afterEach, describe, expect, test, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as listLocations, POST as createLocation } from "@/app/api/locations/route";
import { db } from "@/lib/server/db/client";
import { call, createUser, uniqueName } from "@/tests/support/api";
import { isWaitingForDatabase, retryDelaySeconds, waitForDatabase } from "./wait-for-database";

// docs/PRODUCT-RULES.md §29.3: the server waits for its database in the
// background; meanwhile every API answer is a 503 before anything is read or
// written. The real start-up (start.mjs before PostgreSQL) is e2e/api/database-wait.spec.ts.

const UNAVAILABLE = {
  error: "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
  code: "service_unavailable",
};

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** A probe that fails `failures` times, then answers; and a sleep that returns at once but is recorded. */
function scripted(failures: number) {
  const sleeps: number[] = [];
  let probes = 0;
  return {
    sleeps,
    probes: () => probes,
    probe: async () => {
      probes++;
      if (probes <= failures) throw refused();
    },
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  };
}

afterEach(async () => {
  // Leave the gate open for the next test (a wait that returns opens it).
  await waitForDatabase({ probe: async () => {}, whenReachable: async () => {} });
  vi.restoreAllMocks();
});

describe("waiting for the database at start", () => {
  test("back-off 1, 2, 4, 8, 16, then 30 s; one log line per retry", async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(retryDelaySeconds)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const script = scripted(4);
    await waitForDatabase({ probe: script.probe, sleep: script.sleep, whenReachable: async () => {} });
    expect(script.sleeps).toEqual([1000, 2000, 4000, 8000]);
    const retries = lines.filter((line) => line.includes("neuer Versuch"));
    expect(retries).toHaveLength(4);
    expect(retries[0]).toContain("ECONNREFUSED");
    expect(retries[3]).toContain("neuer Versuch in 8 s / database not reachable, retrying in 8 s");
    expect(lines).toContain("[schichtwerk] Datenbank erreichbar / database reachable.");
  });

  test("while waiting: 503 + Retry-After on every route and on health, nothing written", async () => {
    const { token } = await createUser("admin");
    const name = uniqueName("Wartehalle");
    let release!: () => void;
    const reachable = new Promise<void>((resolve) => (release = resolve));
    let probes = 0;
    const waiting = waitForDatabase({
      probe: async () => {
        probes++;
        if (probes === 1) throw refused();
      },
      sleep: () => reachable,
      whenReachable: async () => {},
    });
    expect(isWaitingForDatabase()).toBe(true);

    const created = await call(createLocation, { token, body: { name, color: "#123456" } });
    expect(created.status).toBe(503);
    expect(created.headers.get("retry-after")).toBe("5");
    expect(created.headers.get("x-request-unprocessed")).toBe("1"); // the browser may send the write again
    expect(created.json).toEqual(UNAVAILABLE);
    const listed = await call(listLocations, { token });
    expect(listed.status).toBe(503);
    const unauthenticated = await call(listLocations);
    expect(unauthenticated.status).toBe(503); // before the token is even read: nothing touches the database
    const notOk = await call(health);
    expect(notOk.status).toBe(503);
    expect(notOk.headers.get("retry-after")).toBe("5");
    expect(notOk.json).toEqual({ status: "error", db: "unreachable", ...UNAVAILABLE });
    expect(await db.location.count({ where: { name } })).toBe(0);

    release();
    await waiting;
    expect(isWaitingForDatabase()).toBe(false);
    expect((await call(health)).json).toEqual({ status: "ok", db: "ok" });
    expect((await call(createLocation, { token, body: { name, color: "#123456" } })).status).toBe(201);
  });

  test("migrations and the first admin run exactly once, after the database answers", async () => {
    const order: string[] = [];
    const script = scripted(2);
    await waitForDatabase({
      probe: async () => {
        order.push("probe");
        await script.probe();
      },
      sleep: script.sleep,
      migrate: async () => void order.push("migrate"),
      whenReachable: async () => void order.push("admin"),
    });
    expect(order).toEqual(["probe", "probe", "probe", "migrate", "admin"]);
  });

  test("the database gone during the migrations: retried; a broken migration ends the wait", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    let up = true;
    let migrations = 0;
    await waitForDatabase({
      probe: async () => {
        if (!up) throw refused();
      },
      sleep: async () => void (up = true),
      migrate: async () => {
        migrations++;
        if (migrations === 1) {
          up = false;
          throw new Error("prisma migrate deploy failed (exit 1)");
        }
      },
      whenReachable: async () => {},
    });
    expect(migrations).toBe(2);

    const broken = waitForDatabase({
      probe: async () => {},
      migrate: async () => {
        throw new Error("prisma migrate deploy failed (exit 1): syntax error");
      },
      whenReachable: async () => {},
    });
    await expect(broken).rejects.toThrow("syntax error");
  });

  test("a first-admin failure other than a lost database ends the wait", async () => {
    const bad = waitForDatabase({
      probe: async () => {},
      whenReachable: async () => {
        throw new Error("ADMIN_USERNAME must be 3 to 100 characters long");
      },
    });
    await expect(bad).rejects.toThrow("ADMIN_USERNAME");
  });
});
