import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import { codeAt, wrongCodeFor } from "@/tests/support/totp";
import { POST as disable } from "../disable-2fa/route";
import { POST as enable } from "../enable-2fa/route";
import { GET as me } from "../me/route";
import { POST as setup } from "./route";

describe("2FA set-up, enabling and disabling (own account)", () => {
  test("setup → enable with a code → disable with a later code; the secret is stored encrypted", async () => {
    const { user, token } = await createUser("user");

    const set = await call(setup, { token, method: "POST" });
    expect(set.status).toBe(200);
    expect(Object.keys(set.json).sort()).toEqual(["qrCode", "secret"]);
    expect(set.json.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    const secret = set.json.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    let row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.twoFactorEnabled).toBe(false);
    expect(row.twoFactorPendingSecret).toMatch(/^v1\./);
    expect(row.twoFactorPendingSecret).not.toContain(secret);

    const wrong = await call(enable, {
      token,
      body: { token: await wrongCodeFor(secret) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ error: "Ungültiger Token", code: "invalid_two_factor_token" });

    expect((await call(enable, { token, body: { token: await codeAt(secret) } })).status).toBe(200);
    row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.twoFactorEnabled).toBe(true);
    expect(row.twoFactorSecret).toMatch(/^v1\./);
    expect(row.twoFactorPendingSecret).toBeNull();
    expect((await call(me, { token })).json).toMatchObject({ two_factor_enabled: true });
    expect((await call(setup, { token, method: "POST" })).status).toBe(409);

    // The code that enabled 2FA cannot disable it again (used once).
    const replay = await call(disable, { token, body: { token: await codeAt(secret) } });
    expect(replay.status).toBe(400);
    expect(replay.json).toEqual({
      error: "Ungültiger Token oder Fehler beim Deaktivieren",
      code: "invalid_two_factor_token",
    });

    expect((await call(disable, { token, body: { token: await codeAt(secret, 30) } })).status).toBe(200);
    row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorPendingSecret: null });

    const actions = (
      await db.auditLog.findMany({ where: { entityId: user.id, action: { startsWith: "auth.2fa" } } })
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(["auth.2fa_disabled", "auth.2fa_enabled"]);
  });

  test("enable without set-up, disable when off: 409 with a German message", async () => {
    const { token } = await createUser("user");
    const enableFirst = await call(enable, { token, body: { token: "123456" } });
    expect(enableFirst.status).toBe(409);
    expect(enableFirst.json).toMatchObject({ error: "Bitte richte 2FA zuerst ein" });
    const disableOff = await call(disable, { token, body: { token: "123456" } });
    expect(disableOff.status).toBe(409);
    expect(disableOff.json).toMatchObject({ error: "2FA ist nicht aktiviert" });
  });

  test("needs a token; the code must be six digits", async () => {
    expect((await call(setup, { method: "POST" })).status).toBe(401);
    const { token } = await createUser("user");
    const res = await call(enable, { token, body: { token: "12 34" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ fields: { token: "Bitte gib den 6-stelligen Code ein" } });
  });
});
