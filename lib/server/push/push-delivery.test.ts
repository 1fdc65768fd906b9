import webpush from "web-push";
import { afterAll, describe, expect, test, vi } from "vitest";
import {
  browserKeys,
  decryptPush,
  startPushService,
  trustPushService,
  verifyVapid,
} from "@/tests/support/push-service.mjs";
import { ownDatabase } from "@/tests/support/own-database";

// Web push end to end (docs/PRODUCT-RULES.md §33.7): a push service of our own (HTTPS on 127.0.0.1) takes what the
// job runner pushes after a publication; the test checks the VAPID signature and decrypts each message with the
// browser's keys, as the phone would. A database of its own: the queue's jobs are run here.
const databaseUrl = await ownDatabase("schichtwerk_push");
process.env.DATABASE_URL = databaseUrl;
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { addDays, mondayOf, todayIn } = await import("@/lib/shared/dates");
const { formatDayMonth } = await import("@/lib/shared/format");
const { periodText } = await import("@/lib/server/notifications/messages");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { createJobRunner } = await import("@/lib/server/jobs/job-runner");
const { POST: createShift } = await import("@/app/api/shifts/route");
const { POST: publish } = await import("@/app/api/schedule/publish/route");
const { GET: pushStatus, POST: subscribe } = await import("@/app/api/me/push-subscriptions/route");
const { pushStatusSchema } = await import("@/lib/shared/schemas/push");

const service = await startPushService();
trustPushService(service.certificate);
const vapid = webpush.generateVAPIDKeys();
process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
process.env.VAPID_SUBJECT = "mailto:plan@example.ch";
process.env.PUSH_SERVICE_ORIGINS = service.origin;

const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
const boss = await createUser("manager");
const location = await fx.location({ name: "Bahnhof" });
const runner = await createJobRunner(databaseUrl, { pollInterval: 200 });
afterAll(async () => {
  await runner.stop();
  await service.stop();
});

/** A waiter with a user account and `devices` phones that allowed push. */
async function waiter(devices: number) {
  const employee = await fx.employee({ firstName: "Luca" });
  const { token } = await createUser("user", { employeeId: employee.id });
  const phones = [];
  for (let i = 0; i < devices; i++) {
    const keys = browserKeys();
    const path = `/push/${crypto.randomUUID()}`;
    const res = await call(subscribe, { token, body: keys.subscription(service.origin + path) });
    expect(res.status, res.text).toBe(201);
    phones.push({ keys, path });
  }
  return { employee, token, phones };
}

async function planAndPublish(employeeId: number, offset: number) {
  const res = await call(createShift, {
    token: boss.token,
    body: {
      employee_id: employeeId,
      location_id: location.id,
      shift_date: addDays(monday, offset),
      start_time: "14:00",
      end_time: "22:00",
      break_minutes: 30,
    },
  });
  expect(res.status, res.text).toBe(201);
  const published = await call(publish, {
    token: boss.token,
    body: { start_date: monday, end_date: addDays(monday, 6), location_ids: [location.id] },
  });
  expect(published.status, published.text).toBe(200);
}

const pushedTo = (path: string) => service.received.filter((push) => push.path === path);

async function until(condition: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await condition()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("web push of the inbox's messages", () => {
  test("a publication pushes the waiter's changes to each of his phones, signed and encrypted for each", async () => {
    const luca = await waiter(2);
    const mia = await waiter(1); // nothing changes for her
    await planAndPublish(luca.employee.id, 4);

    await until(() => luca.phones.every((phone) => pushedTo(phone.path).length > 0), 10_000);
    const message = await db.notification.findFirstOrThrow({ where: { user: { employeeId: luca.employee.id } } });
    for (const phone of luca.phones) {
      const [push, ...again] = pushedTo(phone.path);
      expect(again).toEqual([]);
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers.ttl).toBe("86400");
      const { key, claims } = await verifyVapid(push.headers, service.origin);
      expect(key).toBe(vapid.publicKey);
      expect(claims.sub).toBe("mailto:plan@example.ch");
      expect(JSON.parse(decryptPush(push.body, phone.keys))).toEqual({
        title: `Schichtplan geändert: ${periodText(monday, addDays(monday, 6))}`,
        body: `Neu: Fr ${formatDayMonth(addDays(monday, 4))}, 14:00–22:00, Bahnhof`,
        url: "/me",
        tag: `notification-${message.id}`,
      });
      // A phone's keys open only its own message.
      const other = luca.phones.find((candidate) => candidate !== phone)!;
      expect(() => decryptPush(push.body, other.keys)).toThrow();
    }
    expect(pushedTo(mia.phones[0].path)).toEqual([]);
    const devices = pushStatusSchema.parse((await call(pushStatus, { token: luca.token })).json).devices;
    expect(devices.every((device) => device.last_pushed_at !== null)).toBe(true);
  });

  test("a phone the service no longer knows (410) is removed; a service down a moment gets it once later", async () => {
    const gone = await waiter(1);
    service.answer(410);
    await planAndPublish(gone.employee.id, 2);
    await until(
      async () => (await db.pushSubscription.count({ where: { user: { employeeId: gone.employee.id } } })) === 0,
      10_000,
    );
    expect(await db.pushSubscription.count({ where: { user: { employeeId: gone.employee.id } } })).toBe(0);

    const later = await waiter(1);
    service.answer(500);
    await planAndPublish(later.employee.id, 3);
    await until(
      async () =>
        (
          await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'push_notification' AND attempts > 0`
        )[0].n > 0,
      10_000,
    );
    expect(pushedTo(later.phones[0].path)).toEqual([]);
    service.answer(201);
    await until(() => pushedTo(later.phones[0].path).length > 0, 15_000);
    await until(() => false, 1000);
    expect(pushedTo(later.phones[0].path)).toHaveLength(1);
    expect(JSON.parse(decryptPush(pushedTo(later.phones[0].path)[0].body, later.phones[0].keys)).body).toContain(
      "Neu: Do",
    );
  }, 30_000);
});
