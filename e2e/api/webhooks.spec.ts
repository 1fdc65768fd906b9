import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { portsFromEnvOrFree } from "../../scripts/lib/free-port.mjs";
import { startReceiver } from "../../tests/support/webhook-receiver.mjs";
import { api, startApp, startDatabase, type AppInstance, type Database } from "./support/instances";

// Webhooks at least once across two app instances (docs/PRODUCT-RULES.md §37): 1,000 shifts created through both,
// each a `shift.created` written to the job queue in the shifts' transaction, delivered by both instances' runners to
// a real receiver that checks every signature; one instance is killed (SIGKILL) while deliveries run. Nothing may be
// lost, and a delivery that arrives twice carries an id that arrived before.
const dataDir = path.resolve(".data-e2e-webhooks");
const [pgPort, ...ports] = portsFromEnvOrFree({ ...process.env }, [
  "WEBHOOKS_PG_PORT",
  "WEBHOOKS_PORT_A",
  "WEBHOOKS_PORT_B",
]);
const ADMIN = { username: "admin", password: "webhooks-admin-passwort" };
const EVENTS = 1000;

let database: Database;
let a: AppInstance;
let b: AppInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let secret: string | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(dataDir, { recursive: true, force: true });
  database = await startDatabase(dataDir, pgPort!);
  // Slow enough that the kill falls in the middle of the deliveries.
  receiver = await startReceiver(
    () => secret,
    () => 200,
    { delayMs: 20 },
  );
  const env = { WEBHOOK_ALLOW_PRIVATE: "1" };
  a = await startApp({ port: ports[0]!, databaseUrl: database.url, admin: ADMIN, env });
  b = await startApp({ port: ports[1]!, databaseUrl: database.url, admin: ADMIN, env });
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("1,000 events through two instances, one killed meanwhile: every one arrives, signed; repeats known", async () => {
  test.setTimeout(300_000);
  const token = (await api(a.url, "POST", "/api/auth/login", { body: ADMIN })).body.accessToken as string;
  const location = await api(a.url, "POST", "/api/locations", { token, body: { name: "Bahnhof", color: "#3B82F6" } });
  expect(location.status).toBe(201);
  const hook = await api(a.url, "POST", "/api/webhooks", {
    token,
    body: { name: "Kasse", url: receiver.url, events: ["shift.created"] },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  secret = hook.body.secret as string;

  // A week template of 500 open shifts (no overlap rule), applied through A to one week and through B to another:
  // 1,000 events in two transactions, one on each instance.
  const rows = Array.from({ length: EVENTS / 2 }, (_, i) => ({
    day_of_week: i % 7,
    location_id: location.body.id,
    start_time: `${String(6 + (i % 12)).padStart(2, "0")}:00`,
    end_time: "22:00",
  }));
  const template = await api(a.url, "POST", "/api/week-templates", {
    token,
    body: { name: "Fünfhundert", shifts: rows },
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const applied = await Promise.all(
    [
      [a, "2031-03-03"],
      [b, "2031-03-10"],
    ].map(([instance, week]) =>
      api((instance as AppInstance).url, "POST", `/api/week-templates/${template.body.id}/apply`, {
        token,
        body: { start_date: week },
      }),
    ),
  );
  const created = applied.flatMap((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.shifts as { id: number }[]).map((shift) => shift.id);
  });

  // Kill A while deliveries are under way: jobs it holds are freed for B after its heartbeats stop.
  await expect.poll(() => receiver.received.length, { timeout: 60_000, intervals: [20] }).toBeGreaterThan(EVENTS / 10);
  const killedAt = receiver.received.length;
  a.kill();
  expect(killedAt).toBeLessThan(EVENTS);

  const delivered = () => new Set(receiver.received.map((arrival) => arrival.json.data?.id)).size;
  await expect.poll(delivered, { timeout: 180_000, intervals: [1000] }).toBe(EVENTS);
  // The tries A had under way when it died reached the receiver but were never marked: their jobs stay locked by
  // A's workers until B notices A's silence (30 s, lib/server/jobs/runner-liveness.ts) and sends them again.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const open = async () =>
      (await client.query("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'succeeded'")).rows[0].n;
    await expect.poll(open, { timeout: 120_000, intervals: [1000] }).toBe(0);
    expect((await client.query("SELECT count(*)::int AS n FROM webhook_deliveries")).rows[0].n).toBe(EVENTS);
  } finally {
    await client.end();
  }

  const ids = new Set(created);
  expect(ids.size).toBe(EVENTS);
  const seen = new Set<string>();
  let repeats = 0;
  for (const arrival of receiver.received) {
    const delivery = arrival.headers["x-schichtwerk-delivery"] as string;
    expect(arrival.valid, delivery).toBe(true);
    expect(arrival.headers["x-schichtwerk-event"]).toBe("shift.created");
    expect(ids.has(arrival.json.data.id), String(arrival.json.data.id)).toBe(true);
    if (seen.has(delivery)) repeats++;
    seen.add(delivery);
  }
  // One delivery id per shift: a repeat is always one that arrived before. A died with tries under way (its eight
  // workers were busy: the receiver answers after 50 ms and most of the queue was still waiting), so B repeated some.
  expect(seen.size).toBe(EVENTS);
  expect(receiver.received.length).toBe(EVENTS + repeats);
  expect(repeats).toBeGreaterThan(0);
  console.log(`webhooks: ${EVENTS} delivered, ${repeats} repeated, A killed after ${killedAt} arrivals`);
});
