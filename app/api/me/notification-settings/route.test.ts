import { afterEach, describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { notificationSettingsSchema } from "@/lib/shared/schemas/notification";
import { call, createUser } from "@/tests/support/api";
import { GET, PUT } from "./route";

// docs/PRODUCT-RULES.md §33.5: each user chooses for themselves whether the inbox's messages come by e-mail.

const read = async (token: string) => {
  const res = await call(GET, { token });
  expect(res.status, res.text).toBe(200);
  return notificationSettingsSchema.parse(res.json);
};
const put = (token: string, body: unknown) => call(PUT, { method: "PUT", token, body });

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

describe("GET/PUT /api/me/notification-settings", () => {
  test("every role sets its own address and turns e-mail on and off; audited; only its own account", async () => {
    for (const role of ["user", "manager", "admin"] as const) {
      const { token, user } = await createUser(role);
      const other = await createUser("user");
      expect(await read(token)).toEqual({ email: null, email_notifications: false, email_available: false });

      const on = await put(token, { email: "Luca.Meier@Example.CH", email_notifications: true });
      expect(on.status, on.text).toBe(200);
      expect(on.json).toEqual({ email: "luca.meier@example.ch", email_notifications: true, email_available: false });
      expect(await read(token)).toEqual(on.json);
      const audit = await db.auditLog.findFirstOrThrow({
        where: { action: "user.update", entityId: user.id },
        orderBy: { id: "desc" },
      });
      expect(audit.details).toMatchObject({ changed: ["email", "email_notifications"] });
      expect(audit.userId).toBe(user.id);

      const off = await put(token, { email_notifications: false });
      expect(off.json).toMatchObject({ email: "luca.meier@example.ch", email_notifications: false });
      // Someone else's account is untouched.
      expect(await read(other.token)).toMatchObject({ email: null, email_notifications: false });
    }
  });

  test("mailing needs an address: refused without one and when removing it while on; nothing changes", async () => {
    const { token, user } = await createUser("user");
    const refused = await put(token, { email_notifications: true });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("Für Mitteilungen per E-Mail braucht es eine E-Mail-Adresse");
    expect(await read(token)).toMatchObject({ email: null, email_notifications: false });

    expect((await put(token, { email: "mia@example.ch", email_notifications: true })).status).toBe(200);
    const removed = await put(token, { email: "" });
    expect(removed.status).toBe(400);
    expect(await read(token)).toMatchObject({ email: "mia@example.ch", email_notifications: true });
    // Both at once is fine: off and without an address.
    const both = await put(token, { email: null, email_notifications: false });
    expect(both.json).toMatchObject({ email: null, email_notifications: false });
    const bad = await put(token, { email: "kein-mail" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Ungültige E-Mail-Adresse");
    // Sending nothing changes nothing and writes no audit row.
    const before = await db.auditLog.count({ where: { entityId: user.id, action: "user.update" } });
    expect((await put(token, {})).status).toBe(200);
    expect(await db.auditLog.count({ where: { entityId: user.id, action: "user.update" } })).toBe(before);
  });

  test("email_available says whether this server sends e-mail (SMTP_URL and MAIL_FROM)", async () => {
    const { token } = await createUser("user");
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    expect((await read(token)).email_available).toBe(false);
    process.env.MAIL_FROM = "Schichtwerk <plan@example.ch>";
    expect((await read(token)).email_available).toBe(true);
  });

  test("without a session: 401", async () => {
    expect((await call(GET, {})).status).toBe(401);
    expect((await put("", { email_notifications: false })).status).toBe(401);
  });
});
