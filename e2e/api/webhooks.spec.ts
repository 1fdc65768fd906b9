import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { portsFromEnvOrFree } from "../../scripts/lib/free-port.mjs";
import { startReceiver } from "../../tests/support/webhook-receiver.mjs";
import { api, startApp, startDatabase, type AppInstance, type Database } from "./support/instances";

// Webhooks at least once across two app instances (docs/PRODUCT-RULES.md §37): 1,000 shifts created through both,
// each a `shift.created` written to the job queue with the shift, delivered by both instances' runners to a real
// receiver that checks every signature; one instance is killed (SIGKILL) while deliveries run. Nothing may be lost,
// and a delivery that arrives twice carries an id that arrived before.
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

  // Open shifts (no overlap rule), half through each instance, ten requests at a time.
  const created: number[] = [];
  const create = async (i: number) => {
    const instance = i % 2 === 0 ? a : b;
    const res = await api(instance.url, "POST", "/api/shifts", {
      token,
      body: {
        location_id: location.body.id,
        shift_date: `2031-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")}`,
        start_time: `${String(6 + (i % 12)).padStart(2, "0")}:00`,
        end_time: "22:00",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created.push(res.body.id as number);
  };
  for (let i = 0; i < EVENTS; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => create(i + j)));

  // Kill A while deliveries are under way: jobs it holds are freed for B after its heartbeats stop.
  await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBeGreaterThan(EVENTS / 10);
  const killedAt = receiver.received.length;
  a.kill();
  expect(killedAt).toBeLessThan(EVENTS);

  const delivered = () => new Set(receiver.received.map((arrival) => arrival.json.data?.id)).size;
  await expect.poll(delivered, { timeout: 180_000, intervals: [1000] }).toBe(EVENTS);

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
  // One delivery id per shift: a repeat is always one that arrived before.
  expect(seen.size).toBe(EVENTS);
  expect(receiver.received.length).toBe(EVENTS + repeats);
  console.log(`webhooks: ${EVENTS} delivered, ${repeats} repeated, A killed after ${killedAt} arrivals`);
});
