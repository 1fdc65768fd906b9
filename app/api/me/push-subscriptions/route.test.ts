import webpush from "web-push";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { isKnownPushService } from "@/lib/server/push/push-services";
import { pushDeviceSchema, pushStatusSchema } from "@/lib/shared/schemas/push";
import { call, createUser } from "@/tests/support/api";
import { browserKeys } from "@/tests/support/push-service.mjs";
import { DELETE } from "./[id]/route";
import { GET, POST } from "./route";

// docs/PRODUCT-RULES.md §33.7: each user's devices that receive push; only at a browser's push service.

const vapid = webpush.generateVAPIDKeys();
beforeEach(() => {
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
});
afterEach(() => {
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
});

const status = async (token: string) => {
  const res = await call(GET, { token });
  expect(res.status, res.text).toBe(200);
  return pushStatusSchema.parse(res.json);
};
const subscribe = (token: string, body: unknown) => call(POST, { token, body });
const remove = (token: string, id: number) => call(DELETE, { method: "DELETE", token, params: { id: String(id) } });
const fcm = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;

describe("GET/POST /api/me/push-subscriptions, DELETE …/{id}", () => {
  test("every role subscribes a device, sees it with the server's key, and removes it; only its own", async () => {
    for (const role of ["user", "manager", "admin"] as const) {
      const { token } = await createUser(role);
      const other = await createUser("user");
      expect(await status(token)).toEqual({ available: true, public_key: vapid.publicKey, devices: [] });

      const endpoint = fcm();
      const created = await subscribe(token, { ...browserKeys().subscription(endpoint), expirationTime: null });
      expect(created.status, created.text).toBe(201);
      const device = pushDeviceSchema.parse(created.json);
      expect(device).toMatchObject({ endpoint, last_pushed_at: null, failed_at: null });
      expect((await status(token)).devices).toEqual([device]);
      expect((await status(other.token)).devices).toEqual([]);

      // Another's device is not found; one's own is removed (and then not found).
      expect((await remove(other.token, device.id)).status).toBe(404);
      expect((await remove(token, device.id)).status).toBe(204);
      expect((await remove(token, device.id)).json).toEqual({ error: "Gerät nicht gefunden", code: "not_found" });
      expect((await status(token)).devices).toEqual([]);
    }
  });

  test("the same endpoint again renews its keys; another account on the same browser takes it over", async () => {
    const luca = await createUser("user");
    const mia = await createUser("user");
    const endpoint = fcm();
    const first = pushDeviceSchema.parse((await subscribe(luca.token, browserKeys().subscription(endpoint))).json);
    const renewed = browserKeys();
    const again = await subscribe(luca.token, renewed.subscription(endpoint));
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ id: first.id });
    expect(await db.pushSubscription.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      p256dh: renewed.publicKey.toString("base64url"),
      auth: renewed.auth.toString("base64url"),
    });

    const taken = await subscribe(mia.token, browserKeys().subscription(endpoint));
    expect(taken.json).toMatchObject({ id: first.id });
    expect((await status(luca.token)).devices).toEqual([]);
    expect((await status(mia.token)).devices.map((device) => device.id)).toEqual([first.id]);
  });

  test("only a browser's push service, over https; keys that are a P-256 point; nothing stored otherwise", async () => {
    const { token, user } = await createUser("user");
    const keys = browserKeys().subscription("x").keys;
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data",
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://user:pw@fcm.googleapis.com/fcm/send/abc",
      "https://localhost:3000/api/users",
      "kein Link",
    ]) {
      const res = await subscribe(token, { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.json).toMatchObject({ code: "validation_failed", fields: { endpoint: "Ungültige Push-Adresse" } });
    }
    for (const bad of [
      { p256dh: keys.p256dh.slice(1), auth: keys.auth },
      { p256dh: keys.p256dh, auth: `${keys.auth}AA` },
      { p256dh: `B${"A".repeat(86)}`, auth: keys.auth }, // the right length, but no point of the curve
      "nein",
    ]) {
      const res = await subscribe(token, { endpoint: fcm(), keys: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.error).toBe("Ungültige Schlüssel des Browsers");
    }
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);

    // Mozilla's, Apple's and Microsoft's services are known too; a service of one's own is added by its origin.
    for (const endpoint of [
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ])
      expect(isKnownPushService(endpoint, {}), endpoint).toBe(true);
    expect(isKnownPushService("https://push.example.ch:8443/x", {})).toBe(false);
    expect(
      isKnownPushService("https://push.example.ch:8443/x", { PUSH_SERVICE_ORIGINS: "https://push.example.ch:8443/" }),
    ).toBe(true);
  });

  test("without VAPID keys push is off: said so, and subscribing is refused", async () => {
    delete process.env.VAPID_PUBLIC_KEY;
    const { token, user } = await createUser("user");
    expect(await status(token)).toEqual({ available: false, public_key: null, devices: [] });
    const refused = await subscribe(token, browserKeys().subscription(fcm()));
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ error: "Push-Mitteilungen sind auf diesem Server aus", code: "conflict" });
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);
  });
});
