import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";
import { startReceiver } from "@/tests/support/webhook-receiver.mjs";

// The webhooks' routes (docs/PRODUCT-RULES.md §37): register, list, change, delete, the log, "Test senden", and the
// SSRF guard at registration. A database of its own: an active hook would get every other file's events.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_webhook_routes");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const hooks = await import("@/app/api/webhooks/route");
const hook = await import("@/app/api/webhooks/[id]/route");
const deliveries = await import("@/app/api/webhooks/[id]/deliveries/route");
const ping = await import("@/app/api/webhooks/[id]/test/route");
const { webhookCreatedSchema, webhookDeliveryDtoSchema, webhookDtoSchema } =
  await import("@/lib/shared/schemas/webhook");

const admin = await createUser("admin");
let secret: string | undefined;
const receiver = await startReceiver(() => secret);
afterAll(() => receiver.close());
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

async function register(body: Record<string, unknown>) {
  return call(hooks.POST, { token: admin.token, body });
}

/** A hook to a public address (never contacted by these tests). */
async function publicHook(name = "Lohn") {
  const res = await register({ name, url: "https://9.9.9.9/in", events: ["shift.created"] });
  expect(res.status, res.text).toBe(201);
  return webhookCreatedSchema.parse(res.json);
}

describe("registering and managing webhooks", () => {
  test("POST answers 201 with the secret once; GET never shows it; the audit keeps no secret", async () => {
    const res = await register({
      name: "  Lohnbüro ",
      url: "https://8.8.8.8/schichtwerk",
      events: ["shift.created", "vacation.approved"],
    });
    expect(res.status, res.text).toBe(201);
    const created = webhookCreatedSchema.parse(res.json);
    expect(created).toMatchObject({
      name: "Lohnbüro",
      url: "https://8.8.8.8/schichtwerk",
      events: ["shift.created", "vacation.approved"],
      active: true,
      failing_since: null,
      disabled_at: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const stored = await db.webhook.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.secret).not.toContain(created.secret.slice(6));
    expect(stored.createdBy).toBe(admin.user.id);

    const list = await call(hooks.GET, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.secret);
    expect(list.text).not.toContain("secret");
    const mine = (list.json as unknown[]).map((row) => webhookDtoSchema.parse(row)).find((h) => h.id === created.id);
    const { secret: _shown, ...dto } = created;
    expect(mine).toEqual(dto);

    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "webhook.created", entityId: created.id } });
    expect(JSON.stringify(audit.details)).not.toContain(created.secret);
  });

  test("validation errors in German, on the field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: "ftp://example.ch/x", events: ["shift.created"] }, "url", "mit http:// oder https://"],
      [{ url: "https://user:pw@8.8.8.8/x", events: ["shift.created"] }, "url", "keinen Benutzernamen"],
      [{ url: `https://8.8.8.8/${"a".repeat(2000)}`, events: ["shift.created"] }, "url", "höchstens 2000 Zeichen"],
      [{ url: "https://8.8.8.8/x", events: [] }, "events", "mindestens ein Ereignis"],
      [{ url: "https://8.8.8.8/x", events: ["shift.moved"] }, "events", "Unbekanntes Ereignis"],
      [{ url: "https://8.8.8.8/x", events: ["ping"] }, "events", "Unbekanntes Ereignis"],
      [{ url: "https://8.8.8.8/x", events: ["shift.created", "shift.created"] }, "events", "nur einmal"],
    ];
    for (const [body, field, text] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      const [message] = Object.entries(res.json.fields as Record<string, string>)
        .filter(([key]) => key === field || key.startsWith(`${field}.`))
        .map(([, value]) => value);
      expect(message, res.text).toContain(text);
    }
  });

  test("PUT changes a hook, rotates its secret once; DELETE removes it with its log; unknown ids 404", async () => {
    const created = await publicHook();
    const put = await call(hook.PUT, {
      method: "PUT",
      token: admin.token,
      params: { id: String(created.id) },
      body: { name: "", url: "https://8.8.4.4/neu", events: ["swap.approved"], active: false },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({
      name: null,
      url: "https://8.8.4.4/neu",
      events: ["swap.approved"],
      active: false,
    });
    expect(put.json).not.toHaveProperty("secret");

    const rotated = await call(hook.PUT, {
      method: "PUT",
      token: admin.token,
      params: { id: String(created.id) },
      body: { url: "https://8.8.4.4/neu", events: ["swap.approved"], active: true, rotate_secret: true },
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(created.secret);

    for (const [handler, method] of [
      [hook.PUT, "PUT"],
      [hook.DELETE, "DELETE"],
      [deliveries.GET, "GET"],
      [ping.POST, "POST"],
    ] as const) {
      const res = await call(handler as never, {
        method,
        token: admin.token,
        params: { id: "999999" },
        ...(method === "PUT" && { body: { url: "https://8.8.8.8/", events: ["shift.created"], active: true } }),
      });
      expect([res.status, res.json], method).toEqual([404, { error: "Webhook nicht gefunden", code: "not_found" }]);
    }

    const removed = await call(hook.DELETE, {
      method: "DELETE",
      token: admin.token,
      params: { id: String(created.id) },
    });
    expect(removed.status).toBe(204);
    expect(await db.webhook.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await db.auditLog.count({ where: { action: { startsWith: "webhook." }, entityId: created.id } })).toBe(4);
  });

  test("re-enabling a disabled hook clears failing_since and disabled_at", async () => {
    const created = await publicHook();
    const since = new Date(Date.now() - 25 * 3600_000);
    await db.webhook.update({
      where: { id: created.id },
      data: { active: false, failingSince: since, disabledAt: new Date() },
    });
    const put = await call(hook.PUT, {
      method: "PUT",
      token: admin.token,
      params: { id: String(created.id) },
      body: { url: created.url, events: created.events, active: true },
    });
    expect(put.json).toMatchObject({ active: true, failing_since: null, disabled_at: null });
  });
});

describe("the SSRF guard at registration", () => {
  const refused: [string, string][] = [
    ["http://127.0.0.1:8080/x", "127.0.0.1 ist eine Loopback-Adresse"],
    ["http://[::1]/x", "::1 ist eine Loopback-Adresse"],
    ["https://10.0.0.1/x", "10.0.0.1 ist eine private Adresse"],
    ["https://172.16.5.4/x", "172.16.5.4 ist eine private Adresse"],
    ["https://192.168.1.1/x", "192.168.1.1 ist eine private Adresse"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254 ist die Metadaten-Adresse der Cloud"],
    ["https://[fe80::1]/x", "fe80::1 ist eine link-lokale Adresse"],
    ["https://[fd12:3456::1]/x", "fd12:3456::1 ist eine private Adresse"],
    ["https://0.0.0.0/x", "0.0.0.0 ist keine echte Zieladresse"],
    ["https://[::ffff:10.0.0.1]/x", "::ffff:a00:1 ist eine private Adresse"],
    // A name resolving to loopback (from /etc/hosts, no network needed).
    ["http://localhost:3000/x", "127.0.0.1 ist eine Loopback-Adresse"],
  ];
  test.each(refused)("%s is refused", async (url, reason) => {
    const res = await register({ url, events: ["shift.created"] });
    expect(res.status, res.text).toBe(400);
    const message = (res.json.fields as Record<string, string>).url;
    expect(message).toContain(`Diese Adresse ist nicht erlaubt: ${reason}.`);
    expect(message).toContain("Webhooks gehen nur an öffentliche Adressen (WEBHOOK_ALLOW_PRIVATE=1 erlaubt private).");
    expect(await db.webhook.count({ where: { url } })).toBe(0);
  });

  test("a host that does not resolve is refused with a clear German error", async () => {
    const res = await register({ url: "https://nirgends.invalid/x", events: ["shift.created"] });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ url: "Der Host nirgends.invalid lässt sich nicht auflösen." });
  });

  test("WEBHOOK_ALLOW_PRIVATE=1 lifts it", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const res = await register({ url: "http://10.0.0.1/x", events: ["shift.created"] });
    expect(res.status, res.text).toBe(201);
  });
});

describe('"Test senden" and the delivery log', () => {
  test("a ping arrives signed, is answered with its outcome and logged; a failing receiver is 'failed'", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const res = await register({ name: "Empfänger", url: receiver.url, events: ["shift.created"] });
    const created = webhookCreatedSchema.parse(res.json);
    secret = created.secret;

    const sent = await call(ping.POST, { token: admin.token, params: { id: String(created.id) } });
    expect(sent.status, sent.text).toBe(201);
    const delivery = webhookDeliveryDtoSchema.parse(sent.json);
    expect(delivery).toMatchObject({ event: "ping", status: "succeeded", attempts: 1, response_status: 200 });
    expect(delivery.duration_ms).toBeGreaterThanOrEqual(0);
    const got = receiver.received.at(-1)!;
    expect(got.valid).toBe(true);
    expect(got.headers["x-schichtwerk-event"]).toBe("ping");
    expect(got.headers["x-schichtwerk-delivery"]).toBe(delivery.id);
    expect(got.headers["user-agent"]).toBe("Schichtwerk-Webhooks/1");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.json).toEqual({
      event: "ping",
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { webhook_id: created.id, message: "Test von Schichtwerk" },
    });

    // To a port nobody listens on: the test fails, is not retried, and says why.
    await db.webhook.update({ where: { id: created.id }, data: { url: "http://127.0.0.1:9/nichts" } });
    const failed = await call(ping.POST, { token: admin.token, params: { id: String(created.id) } });
    expect(failed.json).toMatchObject({
      status: "failed",
      attempts: 1,
      response_status: null,
      error: "Verbindung abgelehnt",
    });

    const log = await call(deliveries.GET, { token: admin.token, params: { id: String(created.id) } });
    expect(log.status).toBe(200);
    const rows = (log.json as unknown[]).map((row) => webhookDeliveryDtoSchema.parse(row));
    expect(rows.map((row) => row.status)).toEqual(["failed", "succeeded"]);
    expect(rows[1].payload).toEqual(got.json);
    expect(await db.$queryRaw`SELECT id FROM graphile_worker.jobs`).toEqual([]);
    // The hook's health is left alone by tests.
    expect((await db.webhook.findUniqueOrThrow({ where: { id: created.id } })).failingSince).toBeNull();
  });

  test("the log shows the newest 100; payloads are kept for the newest 50 finished ones", async () => {
    const created = await publicHook("Viele");
    const { prunePayloads } = await import("@/lib/server/webhooks/webhook-health");
    const base = Date.now() - 3600_000;
    await db.webhookDelivery.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        webhookId: created.id,
        event: "shift.created",
        payload: { n: i },
        status: "succeeded" as const,
        attempts: 1,
        createdAt: new Date(base + i * 1000),
        finishedAt: new Date(base + i * 1000),
      })),
    });
    await prunePayloads(db, created.id);
    const log = await call(deliveries.GET, { token: admin.token, params: { id: String(created.id) } });
    const rows = (log.json as unknown[]).map((row) => webhookDeliveryDtoSchema.parse(row));
    expect(rows).toHaveLength(100);
    expect(rows[0].payload).toEqual({ n: 119 });
    expect(rows.filter((row) => row.payload !== null)).toHaveLength(50);
    expect(rows[49].payload).toEqual({ n: 70 });
    expect(rows[50].payload).toBeNull();
  });
});

test("the history tells the webhooks' changes in German, never with a secret", async () => {
  const { describeAudit } = await import("@/lib/server/audit/describe-audit");
  const rows = await db.auditLog.findMany({ where: { action: { startsWith: "webhook." } }, orderBy: { id: "asc" } });
  const sentences = rows.map((row) => describeAudit({ ...row, actor: row.username }));
  expect(sentences).toContain(
    `${admin.user.username} hat den Webhook „Lohnbüro“ (https://8.8.8.8/schichtwerk) angelegt.`,
  );
  expect(sentences).toContain(
    `${admin.user.username} hat den Webhook an https://8.8.4.4/neu geändert und ein neues Geheimnis erzeugt.`,
  );
  expect(sentences.every((sentence) => !/ausgeführt|whsec_/.test(sentence))).toBe(true);
});
