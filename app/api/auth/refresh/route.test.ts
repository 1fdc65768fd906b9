import { describe, expect, test } from "vitest";
import { hashOpaqueToken } from "@/lib/server/auth/opaque-token";
import { db } from "@/lib/server/db/client";
import { call, createUser, loginAs } from "@/tests/support/api";
import { holdLock } from "@/tests/support/held-lock";
import { GET as me } from "../me/route";
import { POST as logout } from "../logout/route";
import { POST as refresh } from "./route";

const doRefresh = (refreshToken: string) => call(refresh, { body: { refreshToken } });

describe("POST /api/auth/refresh", () => {
  test("rotates: a new access and refresh token; the old refresh token stops working", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const res = await doRefresh(session.refreshToken);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["accessToken", "refreshToken"]);
    expect(res.json.refreshToken).not.toBe(session.refreshToken);
    expect((await call(me, { token: res.json.accessToken as string })).json).toMatchObject({ id: user.id });
    // Only hashes are stored.
    expect(await db.refreshToken.count({ where: { tokenHash: session.refreshToken } })).toBe(0);
    expect(
      await db.refreshToken.count({ where: { tokenHash: hashOpaqueToken(res.json.refreshToken as string) } }),
    ).toBe(1);
  });

  test("presenting a rotated token revokes the whole family: the newest token stops working too", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const second = (await doRefresh(session.refreshToken)).json.refreshToken as string;
    const third = (await doRefresh(second)).json.refreshToken as string;

    const replay = await doRefresh(session.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({
      error: "Sitzung abgelaufen. Bitte melde dich erneut an.",
      code: "invalid_refresh_token",
    });
    expect((await doRefresh(third)).status).toBe(401);
  });

  test("a rotation keeps the session: the access token from before it works on (§4.1)", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const rotated = await doRefresh(session.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await call(me, { token: session.accessToken })).status).toBe(200);
    expect((await call(me, { token: rotated.json.accessToken as string })).status).toBe(200);
  });

  test("reuse detection ends the session's access tokens at once, the old and the newest (§30.3)", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const other = await loginAs(user.username);
    const rotated = await doRefresh(session.refreshToken);
    expect((await doRefresh(session.refreshToken)).status).toBe(401); // replayed: the family is revoked
    for (const token of [session.accessToken, rotated.json.accessToken as string]) {
      const res = await call(me, { token });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: "Sitzung ungültig oder abgelaufen", code: "invalid_token" });
    }
    expect((await call(me, { token: other.accessToken })).status).toBe(200);
  });

  test("another session of the same user is not affected by reuse in this one", async () => {
    const { user } = await createUser("user");
    const a = await loginAs(user.username);
    const b = await loginAs(user.username);
    await doRefresh(a.refreshToken);
    await doRefresh(a.refreshToken); // reuse: family A revoked
    expect((await doRefresh(b.refreshToken)).status).toBe(200);
  });

  test("two parallel refreshes with one token: one wins, the family is revoked for the loser's sake", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const results = await Promise.all([doRefresh(session.refreshToken), doRefresh(session.refreshToken)]);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
  });

  test("expired, unknown and access tokens are refused; a refresh token is no access token", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    expect((await doRefresh(session.accessToken)).status).toBe(401);
    expect((await doRefresh("unbekannt")).status).toBe(401);
    const asAccess = await call(me, { token: session.refreshToken });
    expect(asAccess.status).toBe(403);
    expect(asAccess.json).toMatchObject({ code: "invalid_token" });

    await db.refreshToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await doRefresh(session.refreshToken)).status).toBe(401);
  });

  test("refresh tokens live 14 days", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const token = await db.refreshToken.findUniqueOrThrow({
      where: { tokenHash: hashOpaqueToken(session.refreshToken) },
    });
    const days = (token.expiresAt.getTime() - token.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
  });

  test("bad input: 400", async () => {
    const res = await call(refresh, { body: { refreshToken: 5 } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "validation_failed", fields: { refreshToken: expect.any(String) } });
  });
});

describe("POST /api/auth/logout", () => {
  test("revokes the session: its refresh token no longer works", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const res = await call(logout, { body: { refreshToken: session.refreshToken } });
    expect(res.status).toBe(200);
    expect((await doRefresh(session.refreshToken)).status).toBe(401);
    expect(await db.auditLog.count({ where: { action: "auth.logout", entityId: user.id } })).toBe(1);
  });

  test("ends the session's access token at once, not only its refresh token (§30.3)", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const other = await loginAs(user.username);
    expect((await call(me, { token: session.accessToken })).status).toBe(200);
    expect((await call(logout, { body: { refreshToken: session.refreshToken } })).status).toBe(200);
    const res = await call(me, { token: session.accessToken });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "invalid_token" });
    // The user's other session goes on.
    expect((await call(me, { token: other.accessToken })).status).toBe(200);
  });

  test("a logout while a refresh of its session is under way ends the refreshed tokens too (§30.3)", async () => {
    const { user } = await createUser("user");
    const session = await loginAs(user.username);
    const familyId = (
      await db.refreshToken.findUniqueOrThrow({ where: { tokenHash: hashOpaqueToken(session.refreshToken) } })
    ).familyId;
    // Another connection holds the presented token's row, so the refresh stops inside its transaction (the new token
    // stored but not committed) and the logout comes while it waits: the moment the two used to miss each other.
    const held = await holdLock("SELECT 1 FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE", [
      hashOpaqueToken(session.refreshToken),
    ]);
    try {
      const refreshing = doRefresh(session.refreshToken);
      await held.waitForBlocked(1);
      const loggingOut = call(logout, { body: { refreshToken: session.refreshToken } });
      await held.waitForBlocked(2);
      await held.release();
      const [refreshed, loggedOut] = await Promise.all([refreshing, loggingOut]);
      expect(loggedOut.status).toBe(200);
      // Whatever the refresh answered, nothing of the session lives on.
      expect(await db.refreshToken.count({ where: { familyId, revokedAt: null } })).toBe(0);
      if (refreshed.status === 200) {
        expect((await doRefresh(refreshed.json.refreshToken as string)).status).toBe(401);
        expect((await call(me, { token: refreshed.json.accessToken as string })).status).toBe(403);
      }
    } finally {
      await held.release();
    }
  });

  test("an unknown token is not an error (the client is logged out either way)", async () => {
    expect((await call(logout, { body: { refreshToken: "längst-vergessen" } })).status).toBe(200);
  });
});

describe("GET /api/auth/me", () => {
  test("answers the signed-in user; 401 without token, 403 with a broken one", async () => {
    const { user, token } = await createUser("manager");
    const res = await call(me, { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: user.id,
      username: user.username,
      email: null,
      role: "manager",
      two_factor_enabled: false,
      must_change_password: false,
      created_at: user.createdAt.toISOString(),
      employee_id: null,
      employee_name: null,
      recovery_codes_left: 0, // docs/PRODUCT-RULES.md §29.1
      unread_notifications: 0, // the bell, §33.1
    });
    expect((await call(me)).status).toBe(401);
    expect((await call(me, { token: `${token}x` })).status).toBe(403);
  });
});
