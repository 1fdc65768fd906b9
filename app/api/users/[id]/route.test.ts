import { describe, expect, test } from "vitest";
import { describeAudit } from "@/lib/server/audit/describe-audit";
import { seal } from "@/lib/server/auth/secret-box";
import { hashRecoveryCode } from "@/lib/server/auth/recovery-codes";
import { newTotpSecret } from "@/lib/server/auth/totp";
import { db } from "@/lib/server/db/client";
import { userDtoSchema } from "@/lib/shared/schemas/user";
import { call, createUser, TEST_PASSWORD, uniqueIp } from "@/tests/support/api";
import { POST as login } from "../../auth/login/route";
import { PUT } from "./route";

// docs/PRODUCT-RULES.md §29.1: an admin resets another user's 2FA.

async function userWithTwoFactor() {
  const { user, token } = await createUser("user");
  await db.user.update({
    where: { id: user.id },
    data: { twoFactorEnabled: true, twoFactorSecret: seal(newTotpSecret()), twoFactorLastStep: 123 },
  });
  await db.recoveryCode.create({ data: { userId: user.id, codeHash: hashRecoveryCode(user.id, "aaaabbbbcccc") } });
  return { user, token };
}

const reset = (token: string, id: number) =>
  call(PUT, { token, params: { id: String(id) }, body: { reset_two_factor: true } });

describe("PUT /api/users/{id} { reset_two_factor: true }", () => {
  test("an admin resets it: 200, all 2FA data gone, audited, the user signs in with the password", async () => {
    const { token: admin, user: actor } = await createUser("admin");
    const { user } = await userWithTwoFactor();
    const res = await reset(admin, user.id);
    expect(res.status).toBe(200);
    expect(userDtoSchema.parse(res.json)).toMatchObject({ id: user.id, two_factor_enabled: false });

    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
    });
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);

    const audit = await db.auditLog.findMany({ where: { entityType: "user", entityId: user.id } });
    expect(audit.map((a) => a.action)).toEqual(["user.reset_2fa"]);
    expect(audit[0]).toMatchObject({ userId: actor.id, details: { username: user.username } });
    expect(describeAudit({ ...audit[0]!, actor: actor.username })).toBe(
      `${actor.username} hat die Zwei-Faktor-Anmeldung (2FA) von „${user.username}“ zurückgesetzt.`,
    );

    const signIn = await call(login, {
      body: { username: user.username, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": uniqueIp() },
    });
    expect(signIn.status).toBe(200);
    expect(Object.keys(signIn.json).sort()).toEqual(["accessToken", "refreshToken", "user"]);
  });

  test("a manager may not (403); an admin may not reset their own 2FA here (400)", async () => {
    const { user } = await userWithTwoFactor();
    const { token: manager } = await createUser("manager");
    expect((await reset(manager, user.id)).status).toBe(403);

    const { user: admin, token } = await userWithTwoFactor();
    await db.user.update({ where: { id: admin.id }, data: { role: "admin" } });
    const own = await reset(token, admin.id);
    expect(own.status).toBe(400);
    expect(own.json).toEqual({
      error: "Deine eigene 2FA schaltest du unter „Einstellungen & 2FA“ aus.",
      code: "self_action",
    });
    for (const id of [user.id, admin.id]) {
      expect(await db.user.findUniqueOrThrow({ where: { id } })).toMatchObject({ twoFactorEnabled: true });
      expect(await db.recoveryCode.count({ where: { userId: id } })).toBe(1);
    }
  });

  test("with other fields: both rows; without 2FA on: nothing to reset, no reset row", async () => {
    const { token: admin } = await createUser("admin");
    const { user } = await userWithTwoFactor();
    const both = await call(PUT, {
      token: admin,
      params: { id: String(user.id) },
      body: { reset_two_factor: true, email: "neu@example.ch" },
    });
    expect(both.status).toBe(200);
    expect(both.json).toMatchObject({ email: "neu@example.ch", two_factor_enabled: false });
    const actions = async () =>
      (await db.auditLog.findMany({ where: { entityType: "user", entityId: user.id }, orderBy: { id: "asc" } })).map(
        (a) => a.action,
      );
    expect(await actions()).toEqual(["user.reset_2fa", "user.update"]);

    expect((await reset(admin, user.id)).status).toBe(200);
    expect(await actions()).toEqual(["user.reset_2fa", "user.update"]);

    const bad = await call(PUT, { token: admin, params: { id: String(user.id) }, body: { reset_two_factor: "ja" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ fields: { reset_two_factor: "reset_two_factor muss true oder false sein" } });
  });
});

describe("PUT /api/users/{id} { email }: the address and the mails it was for (docs/PRODUCT-RULES.md §33.5)", () => {
  test("an admin removing the address also stops the user's mails; a new address leaves the choice", async () => {
    const { token: admin } = await createUser("admin");
    const { user } = await createUser("user");
    await db.user.update({ where: { id: user.id }, data: { email: "mia@example.ch", emailNotifications: true } });
    const put = (email: string | null) => call(PUT, { token: admin, params: { id: String(user.id) }, body: { email } });

    expect((await put("mia.neu@example.ch")).status).toBe(200);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      email: "mia.neu@example.ch",
      emailNotifications: true,
    });
    const removed = await put(null);
    expect(removed.status, removed.text).toBe(200);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      email: null,
      emailNotifications: false,
    });
  });
});
