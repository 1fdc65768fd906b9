import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser, loginAs, TEST_PASSWORD } from "@/tests/support/api";
import { GET as me } from "../me/route";
import { POST as refresh } from "../refresh/route";
import { POST as changePassword } from "./route";

describe("POST /api/auth/change-password", () => {
  test("needs the current password; ends every other session; the new password works", async () => {
    const { user } = await createUser("user");
    const here = await loginAs(user.username);
    const elsewhere = await loginAs(user.username);

    const res = await call(changePassword, {
      token: here.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: "ein-neues-passwort" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Passwort erfolgreich geändert!" });

    // The other session's access token ends at once too (§30.3); this one's goes on.
    expect((await call(me, { token: elsewhere.accessToken })).status).toBe(403);
    expect((await call(me, { token: here.accessToken })).status).toBe(200);
    expect((await call(refresh, { body: { refreshToken: elsewhere.refreshToken } })).status).toBe(401);
    expect((await call(refresh, { body: { refreshToken: here.refreshToken } })).status).toBe(200);
    await expect(loginAs(user.username, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(loginAs(user.username, "ein-neues-passwort")).resolves.toBeTruthy();
    expect(await db.auditLog.count({ where: { action: "auth.password_changed", entityId: user.id } })).toBe(1);
  });

  test("wrong current password: 400, nothing changes", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const before = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const res = await call(changePassword, {
      token: session.accessToken,
      body: { currentPassword: "falsch", newPassword: "ein-neues-passwort" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: "Aktuelles Passwort ist falsch",
      fields: { currentPassword: "Aktuelles Passwort ist falsch" },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before.passwordHash);
  });

  test("a new password under 8 characters (or over 72 bytes) is refused", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const short = await call(changePassword, {
      token: session.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: "kurz" },
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      error: "Passwort muss mindestens 8 Zeichen lang sein",
      fields: { newPassword: "Passwort muss mindestens 8 Zeichen lang sein" },
    });
    const long = await call(changePassword, {
      token: session.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: "ä".repeat(40) },
    });
    expect(long.status).toBe(400);
  });

  test(
    "5 wrong current passwords within 15 minutes: the next try is 429 with Retry-After, the right password too; " +
      "each wrong one and the 429 are audited without the password (docs/PRODUCT-RULES.md §30.2)",
    async () => {
      const { user } = await createUser("user");
      const session = await loginAs(user.username);
      const before = await db.user.findUniqueOrThrow({ where: { id: user.id } });
      const attempt = (currentPassword: string) =>
        call(changePassword, {
          token: session.accessToken,
          body: { currentPassword, newPassword: "ein-neues-passwort" },
          headers: { "x-forwarded-for": "203.0.113.9" },
        });
      for (let i = 0; i < 5; i++) expect((await attempt(`geraten-${i}`)).status, `guess ${i + 1}`).toBe(400);

      const right = await attempt(TEST_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.json).toEqual({
        error: "Zu viele falsche Eingaben. Bitte versuche es in einigen Minuten erneut.",
        code: "rate_limited",
      });
      const retryAfter = Number(right.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before.passwordHash);

      const failed = await db.auditLog.findMany({ where: { action: "auth.recheck_failed", entityId: user.id } });
      expect(failed).toHaveLength(5);
      expect(failed[0]).toMatchObject({
        userId: user.id,
        username: user.username,
        entityType: "user",
        ip: "203.0.113.9",
        details: { check: "change_password", reason: "wrong_password" },
      });
      const locked = await db.auditLog.findMany({ where: { action: "auth.recheck_locked", entityId: user.id } });
      expect(locked).toHaveLength(1);
      expect(locked[0]).toMatchObject({ userId: user.id, ip: "203.0.113.9", details: { check: "change_password" } });
      const audited = JSON.stringify([...failed, ...locked]);
      expect(audited).not.toContain("geraten-");
      expect(audited).not.toContain(TEST_PASSWORD);
      expect(audited).not.toContain("ein-neues-passwort");
    },
  );

  test("without a token: 401", async () => {
    expect((await call(changePassword, { body: { currentPassword: "a", newPassword: "bbbbbbbb" } })).status).toBe(401);
  });
});
