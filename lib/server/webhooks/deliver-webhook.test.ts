import type { LookupAddress } from "node:dns";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";
import { startReceiver, until } from "@/tests/support/webhook-receiver.mjs";

// Webhook deliveries end to end (docs/PRODUCT-RULES.md §37): receivers started here verify every signature with
// node:crypto; runners of this file's own take the jobs. A database of its own: the queue's jobs are counted.
const databaseUrl = await ownDatabase("schichtwerk_webhook_delivery");
process.env.DATABASE_URL = databaseUrl;
process.env.WEBHOOK_ALLOW_PRIVATE = "1";
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { transaction } = await import("@/lib/server/db/transaction");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { createJobRunner } = await import("@/lib/server/jobs/job-runner");
const { POST: createShift } = await import("@/app/api/shifts/route");
const { seal } = await import("@/lib/server/auth/secret-box");
const { newWebhookSecret } = await import("./sign");
const { deliverWebhook } = await import("./deliver-webhook");
const { queueWebhookEvents } = await import("./queue-webhook-events");
const { FIRST_PAUSE_MS } = await import("./retry-schedule");

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Receiver[] = [];
const runners = [await createJobRunner(databaseUrl, { pollInterval: 100 })];
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await Promise.all(receivers.map((receiver) => receiver.close()));
});
afterEach(() => {
  vi.useRealTimers();
});

/** A receiver and a hook of its own (written directly: the guard at registration is the routes' test). */
async function hookWithReceiver(
  events: string[],
  answer?: Parameters<typeof startReceiver>[1],
  name: string | null = null,
) {
  const secret = newWebhookSecret();
  const receiver = await startReceiver(() => secret, answer);
  receivers.push(receiver);
  const hook = await db.webhook.create({ data: { name, url: receiver.url, events, secret: seal(secret) } });
  return { hook, receiver, secret };
}

/** A delivery row without a job: for the tests that run the task by hand, with a guard of their own. */
async function loneDelivery(webhookId: number) {
  return db.webhookDelivery.create({
    data: { webhookId, event: "shift.created", payload: { event: "shift.created", occurred_at: "x", data: {} } },
  });
}

const deliveryOf = (id: string) => db.webhookDelivery.findUniqueOrThrow({ where: { id } });
const jobsLeft = () => db.$queryRaw<{ key: string | null }[]>`SELECT key FROM graphile_worker.jobs`;

/** A resolver for tests: names to addresses, in both of dns.lookup's shapes; the answer may change per call. */
function fakeLookup(resolve: (host: string) => string) {
  return ((host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = resolve(host);
    const family = address.includes(":") ? 6 : 4;
    if (options?.all) callback(null, [{ address, family } satisfies LookupAddress]);
    else callback(null, address, family);
  }) as unknown as typeof import("node:dns").lookup;
}

describe("delivering events", () => {
  test("a shift created through the API arrives once, signed, with the three headers", async () => {
    const { receiver } = await hookWithReceiver(["shift.created"]);
    const boss = await createUser("manager");
    const location = await fx.location();
    const res = await call(createShift, {
      token: boss.token,
      body: { location_id: location.id, shift_date: "2041-03-04", start_time: "08:00", end_time: "12:00" },
    });
    expect(res.status, res.text).toBe(201);
    await until(() => receiver.received.length > 0, 10_000);
    const [got] = receiver.received;
    expect(got.valid).toBe(true);
    expect(got.headers["x-schichtwerk-event"]).toBe("shift.created");
    expect(got.headers["x-schichtwerk-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(got.headers["x-schichtwerk-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got.json).toMatchObject({ event: "shift.created", data: { location_id: location.id, hours: 4 } });
    const delivery = await deliveryOf(got.headers["x-schichtwerk-delivery"] as string);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, error: null });
    expect(JSON.stringify(delivery.payload)).toBe(got.body);
    await until(async () => (await jobsLeft()).length === 0, 2000);
    expect(receiver.received).toHaveLength(1);
  });

  test("a 500 is tried again after 30 s with the same delivery id; the success clears the hook's failure", async () => {
    let calls = 0;
    const { hook, receiver } = await hookWithReceiver(["vacation.requested"], () => (++calls === 1 ? 500 : 204));
    await transaction((tx) => queueWebhookEvents(tx, [{ event: "vacation.requested", data: { id: 1 } }]));
    await until(() => receiver.received.length === 1, 10_000);
    const id = receiver.received[0].headers["x-schichtwerk-delivery"] as string;
    await until(async () => (await deliveryOf(id)).status === "retrying", 5000);
    const failed = await deliveryOf(id);
    expect(failed).toMatchObject({ attempts: 1, responseStatus: 500, error: "HTTP 500", finishedAt: null });
    const pause = failed.nextAttemptAt!.getTime() - Date.now();
    expect(pause).toBeGreaterThan(FIRST_PAUSE_MS - 5000);
    expect(pause).toBeLessThanOrEqual(FIRST_PAUSE_MS);
    expect((await db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).failingSince).toEqual(failed.createdAt);

    // The retry's job is due now instead of in 30 s (graphile-worker's own table).
    await db.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`webhook:${id}`}`;
    await until(() => receiver.received.length === 2, 10_000);
    expect(receiver.received[1].headers["x-schichtwerk-delivery"]).toBe(id);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    expect(receiver.received.every((got) => got.valid)).toBe(true);
    await until(async () => (await deliveryOf(id)).status === "succeeded", 5000);
    expect(await deliveryOf(id)).toMatchObject({ attempts: 2, responseStatus: 204, error: null, nextAttemptAt: null });
    const healthy = await db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(healthy.failingSince).toBeNull();
    expect(healthy.lastSuccessAt).not.toBeNull();
  });

  test("an event whose transaction rolls back is never delivered", async () => {
    const { hook, receiver } = await hookWithReceiver(["schedule.published"]);
    await expect(
      transaction(async (tx) => {
        await queueWebhookEvents(tx, [{ event: "schedule.published", data: { changes: 1 } }]);
        throw new Error("zurückgerollt");
      }),
    ).rejects.toThrow("zurückgerollt");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(0);
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(0);
  });

  test("no hook listening: nothing is written", async () => {
    const before = await db.webhookDelivery.count();
    const queued = await transaction((tx) => queueWebhookEvents(tx, [{ event: "swap.approved", data: {} }]));
    expect(queued).toBe(0);
    expect(await db.webhookDelivery.count()).toBe(before);
  });

  test("a job run twice (after a crash) finds its try made and sends nothing more", async () => {
    const { hook, receiver } = await hookWithReceiver(["shift.updated"]);
    const delivery = await loneDelivery(hook.id);
    await deliverWebhook({ id: delivery.id, attempt: 0 });
    await deliverWebhook({ id: delivery.id, attempt: 0 });
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryOf(delivery.id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });
});

describe("24 hours of failures", () => {
  test("the last try gives up, the hook is disabled, its waiting deliveries end, every admin is told", async () => {
    const admins = await Promise.all([createUser("admin"), createUser("admin")]);
    const manager = await createUser("manager");
    const { hook, receiver } = await hookWithReceiver(["timesheet.approved"], () => 503, "Lohnbüro");
    await transaction((tx) => queueWebhookEvents(tx, [{ event: "timesheet.approved", data: { month: "2041-01" } }]));
    await until(() => receiver.received.length === 1, 10_000);
    const id = receiver.received[0].headers["x-schichtwerk-delivery"] as string;
    await until(async () => (await deliveryOf(id)).status === "retrying", 5000);
    const created = (await deliveryOf(id)).createdAt;
    const waiting = await loneDelivery(hook.id);

    // Driven by the app's clock: the tenth try, at 23 h, is not the last; its pause (4 h 16 min) is cut to the 24 h
    // mark. The nine tries before it are taken as made.
    await db.webhookDelivery.update({ where: { id }, data: { attempts: 9 } });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(created.getTime() + 23 * 3600_000));
    await deliverWebhook({ id, attempt: 9 });
    const late = await deliveryOf(id);
    expect(late).toMatchObject({ status: "retrying", attempts: 10, error: "HTTP 503" });
    expect(late.nextAttemptAt).toEqual(new Date(created.getTime() + 24 * 3600_000));
    expect((await db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).active).toBe(true);

    vi.setSystemTime(new Date(created.getTime() + 24 * 3600_000));
    await deliverWebhook({ id, attempt: 10 });
    vi.useRealTimers();
    expect(receiver.received).toHaveLength(3);
    expect(await deliveryOf(id)).toMatchObject({ status: "gave_up", attempts: 11, nextAttemptAt: null });
    const disabled = await db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(disabled).toMatchObject({ active: false, failingSince: created });
    expect(disabled.disabledAt).not.toBeNull();
    expect(await deliveryOf(waiting.id)).toMatchObject({
      status: "gave_up",
      error: "Nicht zugestellt: Webhook ausgeschaltet",
    });
    expect((await jobsLeft()).filter((job) => job.key?.startsWith("webhook:"))).toEqual([]);

    for (const admin of admins) {
      const [message] = await db.notification.findMany({ where: { userId: admin.user.id } });
      expect(message).toMatchObject({
        kind: "webhook_disabled",
        title: "Webhook ausgeschaltet: Lohnbüro",
        lines: [
          `Seit 24 Stunden kam keine Zustellung an ${receiver.url} an.`,
          "Letzter Fehler: HTTP 503",
          "Nach der Behebung unter «Webhooks» wieder einschalten; Ereignisse seither werden nicht nachgeliefert.",
        ],
        link: "/integrations",
      });
    }
    expect(await db.notification.count({ where: { userId: manager.user.id } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "webhook.disabled", entityId: hook.id } });
    expect(audit.userId).toBeNull();

    // Disabled: a new event finds no listener.
    await transaction((tx) => queueWebhookEvents(tx, [{ event: "timesheet.approved", data: {} }]));
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(2);
  });
});

describe("the SSRF guard at delivery", () => {
  const strict = { allowPrivate: false };

  test.each([
    ["127.0.0.1", "http://127.0.0.1:{port}/hook", "127.0.0.1 ist eine Loopback-Adresse"],
    ["::1", "http://[::1]:{port}/hook", "::1 ist eine Loopback-Adresse"],
    ["10.0.0.1", "http://10.0.0.1/hook", "10.0.0.1 ist eine private Adresse"],
    ["169.254.169.254", "http://169.254.169.254/latest", "169.254.169.254 ist die Metadaten-Adresse der Cloud"],
    ["a name resolving to 127.0.0.1", "http://intern.example:{port}/hook", "127.0.0.1 ist eine Loopback-Adresse"],
  ])("%s is refused, nothing is sent", async (_name, url, reason) => {
    const { hook, receiver } = await hookWithReceiver(["shift.created"]);
    await db.webhook.update({ where: { id: hook.id }, data: { url: url.replace("{port}", String(receiver.port)) } });
    const delivery = await loneDelivery(hook.id);
    const lookup = fakeLookup((host) => (host === "intern.example" ? "127.0.0.1" : "9.9.9.9"));
    await deliverWebhook({ id: delivery.id, attempt: 0 }, { ...strict, lookup });
    const row = await deliveryOf(delivery.id);
    expect(row).toMatchObject({ status: "retrying", attempts: 1, responseStatus: null });
    expect(row.error).toBe(
      `Diese Adresse ist nicht erlaubt: ${reason}. Webhooks gehen nur an öffentliche Adressen ` +
        "(WEBHOOK_ALLOW_PRIVATE=1 erlaubt private).",
    );
    expect(receiver.received).toHaveLength(0);
  });

  test("a name that resolves public at the check and private at the connection is refused by the agent", async () => {
    const { hook, receiver } = await hookWithReceiver(["shift.created"]);
    await db.webhook.update({ where: { id: hook.id }, data: { url: `http://wechsel.example:${receiver.port}/hook` } });
    const delivery = await loneDelivery(hook.id);
    let asked = 0;
    const lookup = fakeLookup(() => (++asked === 1 ? "9.9.9.9" : "127.0.0.1"));
    await deliverWebhook({ id: delivery.id, attempt: 0 }, { ...strict, lookup });
    expect(asked).toBeGreaterThanOrEqual(2);
    expect((await deliveryOf(delivery.id)).error).toMatch(/^Diese Adresse ist nicht erlaubt: 127\.0\.0\.1 ist eine/);
    expect(receiver.received).toHaveLength(0);
  });

  test("a redirect to a private address is refused, though the first hop was allowed", async () => {
    const target = await startReceiver(() => undefined);
    receivers.push(target);
    const { hook, receiver } = await hookWithReceiver(["shift.created"], () => ({
      status: 302,
      location: `http://127.0.0.1:${target.port}/intern`,
    }));
    const delivery = await loneDelivery(hook.id);
    // Only the test's first hop is let through, by port; the redirect must pass the guard like any hop.
    const exempt = (url: URL) => url.port === String(receiver.port);
    await deliverWebhook({ id: delivery.id, attempt: 0 }, { ...strict, exempt });
    expect(receiver.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    expect(await deliveryOf(delivery.id)).toMatchObject({
      status: "retrying",
      responseStatus: null,
      error:
        "Diese Adresse ist nicht erlaubt: 127.0.0.1 ist eine Loopback-Adresse. Webhooks gehen nur an öffentliche " +
        "Adressen (WEBHOOK_ALLOW_PRIVATE=1 erlaubt private).",
    });
  });

  test("redirects are followed (POST, same body and signature) up to three times", async () => {
    const { hook: followed, receiver: end, secret } = await hookWithReceiver(["shift.created"]);
    let hops = 0;
    const hopper = await startReceiver(
      () => secret,
      () => ({ status: 307, location: ++hops < 3 ? "/weiter" : end.url }),
    );
    receivers.push(hopper);
    await db.webhook.update({ where: { id: followed.id }, data: { url: hopper.url } });
    const delivery = await loneDelivery(followed.id);
    await deliverWebhook({ id: delivery.id, attempt: 0 });
    expect(hopper.received).toHaveLength(3);
    expect(end.received).toHaveLength(1);
    expect(end.received[0].valid).toBe(true);
    expect(await deliveryOf(delivery.id)).toMatchObject({ status: "succeeded", responseStatus: 200 });

    const loop = await startReceiver(
      () => secret,
      () => ({ status: 301, location: "/nochmal" }),
    );
    receivers.push(loop);
    await db.webhook.update({ where: { id: followed.id }, data: { url: loop.url } });
    const looping = await loneDelivery(followed.id);
    await deliverWebhook({ id: looping.id, attempt: 0 });
    expect(loop.received).toHaveLength(4);
    expect(await deliveryOf(looping.id)).toMatchObject({
      status: "retrying",
      responseStatus: 301,
      error: "Zu viele Weiterleitungen (höchstens 3)",
    });
  });
});

// How fast is the benchmark's business (P21, bench/integrations.mjs): this checks that many at once all arrive.
describe("many at once", () => {
  test("two runners deliver 600 events of one transaction, each once and signed; 50 bodies kept", async () => {
    runners.push(await createJobRunner(databaseUrl, { pollInterval: 100 }));
    const { hook, receiver } = await hookWithReceiver(["shift.deleted"]);
    const count = 600;
    await transaction((tx) =>
      queueWebhookEvents(
        tx,
        Array.from({ length: count }, (_, i) => ({ event: "shift.deleted" as const, data: { id: i } })),
      ),
    );
    await until(() => receiver.received.length >= count, 60_000);
    expect(receiver.received).toHaveLength(count);
    expect(receiver.received.every((got) => got.valid)).toBe(true);
    expect(new Set(receiver.received.map((got) => got.headers["x-schichtwerk-delivery"])).size).toBe(count);
    const kept = await db.$queryRaw<{ kept: number }[]>`
      SELECT count(*)::int AS kept FROM webhook_deliveries WHERE webhook_id = ${hook.id} AND payload IS NOT NULL`;
    // The newest 50, and a few more for deliveries that finished at the same moment (each prunes the others' bodies
    // but its own): at most one per worker of the two runners.
    expect(kept[0].kept).toBeGreaterThanOrEqual(50);
    expect(kept[0].kept).toBeLessThanOrEqual(50 + 2 * 8);
  }, 90_000);
});
