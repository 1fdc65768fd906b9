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

  test("without a token: 401", async () => {
    expect((await call(changePassword, { body: { currentPassword: "a", newPassword: "bbbbbbbb" } })).status).toBe(401);
  });
});
