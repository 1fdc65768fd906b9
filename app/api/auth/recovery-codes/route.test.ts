import { describe, expect, test } from "vitest";
import { describeAudit } from "@/lib/server/audit/describe-audit";
import { db } from "@/lib/server/db/client";
import { currentUserSchema, recoveryCodesSchema, twoFactorEnabledSchema } from "@/lib/shared/schemas/auth";
import { call, createUser, TEST_PASSWORD, uniqueIp } from "@/tests/support/api";
import { codeAt, wrongCodeFor } from "@/tests/support/totp";
import { POST as disable } from "../disable-2fa/route";
import { POST as enable } from "../enable-2fa/route";
import { POST as login } from "../login/route";
import { GET as me } from "../me/route";
import { POST as setup } from "../setup-2fa/route";
import { POST as verify } from "../verify-2fa/route";
import { POST as renew } from "./route";

// docs/PRODUCT-RULES.md §29.1: recovery codes.

/** A user who switched 2FA on through the API, with the codes enable-2fa answered. */
async function userWithRecoveryCodes() {
  const { user, token, sessionId } = await createUser("user");
  const secret = (await call(setup, { token, method: "POST" })).json.secret as string;
  const enabledWith = await codeAt(secret);
  const res = await call(enable, { token, body: { token: enabledWith } });
  expect(res.status).toBe(200);
  const answer = twoFactorEnabledSchema.parse(res.json);
  return { user, token, sessionId, secret, enabledWith, codes: answer.recovery_codes };
}

async function passwordStep(username: string) {
  const res = await call(login, {
    body: { username, password: TEST_PASSWORD },
    headers: { "x-forwarded-for": uniqueIp() },
  });
  expect(res.json.requires2FA).toBe(true);
  return res.json.tempToken as string;
}

const verifyCode = (tempToken: string, token: string) =>
  call(verify, { body: { tempToken, token }, headers: { "x-forwarded-for": uniqueIp() } });

const codesLeft = async (token: string) =>
  currentUserSchema.parse((await call(me, { token })).json).recovery_codes_left;

describe("recovery codes: shown once by enable-2fa, stored as hashes", () => {
  test("enable answers ten distinct readable codes; the database holds none of them", async () => {
    const { user, token, codes } = await userWithRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const rows = await db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll("-", ""));
    }
    for (const row of rows) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Never in an audit row either.
    const audit = JSON.stringify(await db.auditLog.findMany({ where: { entityId: user.id } }));
    for (const code of codes) expect(audit).not.toContain(code.slice(0, 4) + "-");
    expect(await codesLeft(token)).toBe(10);
  });

  test("a recovery code signs in once (any case, dashes and spaces ignored), then 401", async () => {
    const { user, token, codes } = await userWithRecoveryCodes();
    const typed = ` ${codes[3]!.toUpperCase().replaceAll("-", " ")} `;
    const first = await verifyCode(await passwordStep(user.username), typed);
    expect(first.status).toBe(200);
    expect(first.json.user).toMatchObject({ id: user.id, two_factor_enabled: true });
    expect(await codesLeft(token)).toBe(9);

    const again = await verifyCode(await passwordStep(user.username), codes[3]!);
    expect(again.status).toBe(401);
    expect(again.json).toEqual({ error: "Ungültiger 2FA-Code", code: "invalid_two_factor_code" });

    const used = await db.auditLog.findFirstOrThrow({
      where: { action: "auth.recovery_code_used", entityId: user.id },
      select: { action: true, details: true, entityType: true, entityId: true },
    });
    expect(used.details).toEqual({ remaining: 9 });
    expect(describeAudit({ ...used, actor: user.username, names: {} })).toBe(
      `${user.username} hat sich angemeldet und dabei einen Wiederherstellungscode verwendet (noch 9 übrig).`,
    );
    const failed = await db.auditLog.findFirstOrThrow({ where: { action: "auth.login_failed", entityId: user.id } });
    expect(failed.details).toEqual({ reason: "wrong_recovery_code" });
  });

  test("20 parallel logins with one recovery code on 20 tempTokens: exactly one succeeds", async () => {
    const { user, sessionId, codes } = await userWithRecoveryCodes();
    const tempTokens = [];
    for (let i = 0; i < 20; i++) tempTokens.push(await passwordStep(user.username));
    const results = await Promise.all(tempTokens.map((tempToken) => verifyCode(tempToken, codes[0]!)));
    // A race lost is a refusal, never a server error (a unique violation or a deadlock would be a 5xx).
    for (const r of results) expect(r.status, r.text).toBeLessThan(500);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The losers are 401, or 429 once ten of them count as failures before the winner's success (§30.2).
    expect(results.filter((r) => r.status === 401 || r.status === 429)).toHaveLength(19);
    // One new session (the helper's own aside).
    expect(await db.refreshToken.count({ where: { userId: user.id, familyId: { not: sessionId } } })).toBe(1);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(9);
  });

  test("wrong recovery codes use up the tempToken's five tries like wrong TOTP codes", async () => {
    const { user, codes } = await userWithRecoveryCodes();
    const tempToken = await passwordStep(user.username);
    for (let i = 0; i < 5; i++) {
      const res = await verifyCode(tempToken, "aaaa-bbbb-cccc");
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: "invalid_two_factor_code" });
    }
    const right = await verifyCode(tempToken, codes[0]!);
    expect(right.status).toBe(401);
    expect(right.json).toMatchObject({ code: "two_factor_expired" });
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(10);
  });

  test("bad input in the 2FA step: 400 naming both kinds of code", async () => {
    const res = await call(verify, { body: { tempToken: "x", token: "abc" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      fields: { token: "Bitte gib den 6-stelligen Code oder einen Wiederherstellungscode ein" },
    });
  });
});

describe("POST /api/auth/recovery-codes", () => {
  test("a valid TOTP code replaces all codes with ten new ones; the old ones stop working", async () => {
    const { user, token, secret, codes } = await userWithRecoveryCodes();
    await verifyCode(await passwordStep(user.username), codes[0]!);
    expect(await codesLeft(token)).toBe(9);

    const res = await call(renew, { token, body: { token: await codeAt(secret, 30) } });
    expect(res.status).toBe(200);
    const fresh = recoveryCodesSchema.parse(res.json).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect(await codesLeft(token)).toBe(10);

    expect((await verifyCode(await passwordStep(user.username), codes[1]!)).status).toBe(401);
    expect((await verifyCode(await passwordStep(user.username), fresh[1]!)).status).toBe(200);
    expect(await db.auditLog.count({ where: { action: "auth.recovery_codes_renewed", entityId: user.id } })).toBe(1);
  });

  test("a wrong or used TOTP code: 400, the codes stay; without 2FA: 409", async () => {
    const { user, token, enabledWith, codes } = await userWithRecoveryCodes();
    // The code that enabled 2FA is spent (the very string: a new 30 s step meanwhile would give a fresh code).
    const replay = await call(renew, { token, body: { token: enabledWith } });
    expect(replay.status).toBe(400);
    expect(replay.json).toEqual({
      error: "Ungültiger Token – es wurden keine neuen Codes erzeugt",
      code: "invalid_two_factor_token",
    });
    expect((await call(renew, { token, body: { token: "12ab" } })).status).toBe(400);
    expect((await call(renew, { body: { token: "123456" } })).status).toBe(401);
    expect((await verifyCode(await passwordStep(user.username), codes[0]!)).status).toBe(200);

    const { token: plain } = await createUser("user");
    const off = await call(renew, { token: plain, body: { token: "123456" } });
    expect(off.status).toBe(409);
    expect(off.json).toMatchObject({ error: "2FA ist nicht aktiviert" });
    expect(await codesLeft(plain)).toBe(0);
  });

  test("5 wrong TOTP codes: then 429 with Retry-After, the right code too; the codes stay (§30.2)", async () => {
    const { user, token, secret, codes } = await userWithRecoveryCodes();
    const wrong = await wrongCodeFor(secret);
    for (let i = 0; i < 5; i++) expect((await call(renew, { token, body: { token: wrong } })).status).toBe(400);

    const right = await call(renew, { token, body: { token: await codeAt(secret, 30) } });
    expect(right.status).toBe(429);
    expect(right.json).toEqual({
      error: "Zu viele falsche Eingaben. Bitte versuche es in einigen Minuten erneut.",
      code: "rate_limited",
    });
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await db.auditLog.count({ where: { action: "auth.recovery_codes_renewed", entityId: user.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: "auth.recheck_failed", entityId: user.id } })).toBe(5);
    const locked = await db.auditLog.findFirstOrThrow({ where: { action: "auth.recheck_locked", entityId: user.id } });
    expect(locked.details).toMatchObject({ check: "recovery_codes" });
    // The old codes still sign in: nothing was replaced.
    expect((await verifyCode(await passwordStep(user.username), codes[0]!)).status).toBe(200);
  });

  test("disabling 2FA deletes the codes", async () => {
    const { user, token, secret } = await userWithRecoveryCodes();
    expect((await call(disable, { token, body: { token: await codeAt(secret, 30) } })).status).toBe(200);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await codesLeft(token)).toBe(0);
  });

  test("the phone is lost: a recovery code turns 2FA off (spent); a wrong one changes nothing", async () => {
    const { user, token, codes } = await userWithRecoveryCodes();
    const wrong = await call(disable, { token, body: { token: "zzzz-zzzz-zzzz" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: "invalid_two_factor_token" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabled).toBe(true);
    expect(await codesLeft(token)).toBe(10);

    const off = await call(disable, { token, body: { token: codes[3]!.toUpperCase() } });
    expect(off.status).toBe(200);
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorPendingSecret: null });
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const audit = await db.auditLog.findFirst({ where: { entityId: user.id, action: "auth.2fa_disabled" } });
    expect(audit).not.toBeNull();
    // The password alone signs in now, until 2FA is set up on the new phone.
    const signIn = await call(login, {
      body: { username: user.username, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": uniqueIp() },
    });
    expect(signIn.json.requires2FA).toBeUndefined();
    expect(signIn.json.accessToken).toEqual(expect.any(String));
  });
});
