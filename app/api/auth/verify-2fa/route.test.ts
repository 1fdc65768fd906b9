import { describe, expect, test } from "vitest";
import { replaceRecoveryCodes } from "@/lib/server/auth/recovery-codes";
import { seal } from "@/lib/server/auth/secret-box";
import { newTotpSecret } from "@/lib/server/auth/totp";
import { db } from "@/lib/server/db/client";
import { call, createUser, TEST_PASSWORD, uniqueIp } from "@/tests/support/api";
import { codeAt, wrongCodeFor } from "@/tests/support/totp";
import { POST as login } from "../login/route";
import { POST as verify } from "./route";

/** A user with 2FA switched on; the secret is known to the test like to an authenticator app. */
async function userWithTwoFactor() {
  const { user, sessionId } = await createUser("user");
  const secret = newTotpSecret();
  await db.user.update({ where: { id: user.id }, data: { twoFactorEnabled: true, twoFactorSecret: seal(secret) } });
  return { user, secret, sessionId };
}

async function passwordStep(username: string) {
  const res = await call(login, {
    body: { username, password: TEST_PASSWORD },
    headers: { "x-forwarded-for": uniqueIp() },
  });
  expect(res.status).toBe(200);
  expect(Object.keys(res.json).sort()).toEqual(["requires2FA", "tempToken"]);
  expect(res.json.requires2FA).toBe(true);
  return res.json.tempToken as string;
}

const verifyCode = (tempToken: string, token: string) =>
  call(verify, { body: { tempToken, token }, headers: { "x-forwarded-for": uniqueIp() } });

describe("POST /api/auth/verify-2fa", () => {
  test("password step gives a tempToken, a valid code gives the session", async () => {
    const { user, secret } = await userWithTwoFactor();
    const tempToken = await passwordStep(user.username);
    const res = await verifyCode(tempToken, await codeAt(secret));
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(res.json.user).toMatchObject({ id: user.id, two_factor_enabled: true });
    const audit = await db.auditLog.findFirst({ where: { action: "auth.login", entityId: user.id } });
    expect(audit?.details).toEqual({ two_factor: true });
  });

  test("a code accepted once is rejected the second time", async () => {
    const { user, secret } = await userWithTwoFactor();
    const code = await codeAt(secret);
    expect((await verifyCode(await passwordStep(user.username), code)).status).toBe(200);
    const replay = await verifyCode(await passwordStep(user.username), code);
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ error: "Ungültiger 2FA-Code", code: "invalid_two_factor_code" });
    // The code of the next time step (one step of tolerance) still works.
    expect((await verifyCode(await passwordStep(user.username), await codeAt(secret, 30))).status).toBe(200);
  });

  test("20 parallel requests with the same valid code and tempToken: exactly one succeeds", async () => {
    const { user, secret, sessionId } = await userWithTwoFactor();
    const tempToken = await passwordStep(user.username);
    const code = await codeAt(secret);
    const results = await Promise.all(Array.from({ length: 20 }, () => verifyCode(tempToken, code)));
    // A race lost is a refusal, never a server error (a unique violation or a deadlock would be a 5xx).
    for (const r of results) expect(r.status, r.text).toBeLessThan(500);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The losers are 401, or 429 once ten of them count as failures before the winner's success (§30.2).
    expect(results.filter((r) => r.status === 401 || r.status === 429)).toHaveLength(19);
    // One new session (the helper's own aside).
    expect(await db.refreshToken.count({ where: { userId: user.id, familyId: { not: sessionId } } })).toBe(1);
  });

  test("20 parallel logins with one code on 20 different tempTokens: exactly one succeeds", async () => {
    const { user, secret } = await userWithTwoFactor();
    const tempTokens = [];
    for (let i = 0; i < 20; i++) tempTokens.push(await passwordStep(user.username));
    const code = await codeAt(secret);
    const results = await Promise.all(tempTokens.map((tempToken) => verifyCode(tempToken, code)));
    for (const r of results) expect(r.status, r.text).toBeLessThan(500);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The losers are 401 (the code used meanwhile), or 429 once ten count as failures (§30.2).
    expect(results.filter((r) => r.status === 401 || r.status === 429)).toHaveLength(19);
  });

  test("the tempToken is single-use", async () => {
    const { user, secret } = await userWithTwoFactor();
    const tempToken = await passwordStep(user.username);
    expect((await verifyCode(tempToken, await codeAt(secret))).status).toBe(200);
    const again = await verifyCode(tempToken, await codeAt(secret, 30));
    expect(again.status).toBe(401);
    expect(again.json).toMatchObject({ code: "two_factor_expired" });
  });

  test("the tempToken dies after five wrong codes, even for the right code", async () => {
    const { user, secret } = await userWithTwoFactor();
    const tempToken = await passwordStep(user.username);
    const right = await codeAt(secret);
    const wrong = await wrongCodeFor(secret);
    for (let i = 0; i < 5; i++) {
      const res = await verifyCode(tempToken, wrong);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: "invalid_two_factor_code" });
    }
    const res = await verifyCode(tempToken, right);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: "two_factor_expired" });
  });

  test("the tempToken expires after five minutes", async () => {
    const { user, secret } = await userWithTwoFactor();
    const tempToken = await passwordStep(user.username);
    const challenge = await db.twoFactorChallenge.findFirstOrThrow({ where: { userId: user.id } });
    // Five minutes from its creation (app clock vs database clock: within a second).
    expect(Math.abs(challenge.expiresAt.getTime() - challenge.createdAt.getTime() - 5 * 60 * 1000)).toBeLessThan(1000);
    await db.twoFactorChallenge.update({
      where: { id: challenge.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await verifyCode(tempToken, await codeAt(secret));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: "Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.",
      code: "two_factor_expired",
    });
  });

  test("wrong codes count against the username's login limit", async () => {
    const { user, secret } = await userWithTwoFactor();
    const wrong = await wrongCodeFor(secret);
    for (let round = 0; round < 2; round++) {
      const tempToken = await passwordStep(user.username);
      for (let i = 0; i < 5; i++) await verifyCode(tempToken, wrong);
    }
    const res = await call(login, {
      body: { username: user.username, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": uniqueIp() },
    });
    expect(res.status).toBe(429);
  });

  test("bad input: 400 with German messages", async () => {
    const res = await call(verify, { body: { tempToken: "x", token: "12ab56" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      fields: { token: "Bitte gib den 6-stelligen Code oder einen Wiederherstellungscode ein" },
    });
  });
});

describe("guessing 2FA codes (docs/PRODUCT-RULES.md §30.2)", () => {
  test(
    "the attack of issue 27: 4 tempTokens fetched in advance, 15 wrong codes, then the right code and a right " +
      "recovery code: 429 with Retry-After; the password step hands out no tempToken; it lifts after the window",
    async () => {
      const { user, secret, sessionId } = await userWithTwoFactor();
      const recoveryCodes = await db.$transaction((tx) => replaceRecoveryCodes(tx, user.id));
      const tempTokens: string[] = [];
      for (let i = 0; i < 4; i++) tempTokens.push(await passwordStep(user.username));
      const wrong = await wrongCodeFor(secret);

      // Three tempTokens' worth of wrong codes (5 each): the first ten are judged, the rest are refused unjudged.
      for (let i = 0; i < 15; i++) {
        const res = await verifyCode(tempTokens[Math.floor(i / 5)]!, wrong);
        if (i < 10) {
          expect(res.status, `guess ${i + 1}`).toBe(401);
          expect(res.json).toMatchObject({ code: "invalid_two_factor_code" });
        } else {
          expect(res.status, `guess ${i + 1}`).toBe(429);
          expect(res.json).toEqual({
            error: "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es später erneut.",
            code: "rate_limited",
          });
        }
      }

      // The fourth tempToken is fresh, and the code is right: still 429, nothing consumed, no session.
      const right = await verifyCode(tempTokens[3]!, await codeAt(secret));
      expect(right.status).toBe(429);
      expect(right.json).toMatchObject({ code: "rate_limited" });
      const retryAfter = Number(right.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect((await verifyCode(tempTokens[3]!, recoveryCodes[0]!)).status).toBe(429);
      expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(10);
      expect(await db.refreshToken.count({ where: { userId: user.id, familyId: { not: sessionId } } })).toBe(0);
      expect(await db.auditLog.count({ where: { action: "auth.login", entityId: user.id } })).toBe(0);

      // The right password gets no new tempToken either.
      const passwordAgain = await call(login, {
        body: { username: user.username, password: TEST_PASSWORD },
        headers: { "x-forwarded-for": uniqueIp() },
      });
      expect(passwordAgain.status).toBe(429);
      expect(passwordAgain.json).not.toHaveProperty("tempToken");
      expect(Number(passwordAgain.headers.get("retry-after"))).toBeGreaterThan(800);
      expect(await db.twoFactorChallenge.count({ where: { userId: user.id } })).toBe(4);
      // Refused guesses are not recorded: the lock lifts 15 minutes after the tenth failure, not later.
      expect(await db.loginAttempt.count({ where: { username: user.username.toLowerCase(), success: false } })).toBe(
        10,
      );

      // Never a permanent lock: once the failures have left the window, the same tempToken signs in.
      await db.loginAttempt.updateMany({
        where: { username: user.username.toLowerCase() },
        data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
      });
      expect((await verifyCode(tempTokens[3]!, await codeAt(secret, 30))).status).toBe(200);
    },
  );

  test("20 parallel wrong codes on 4 tempTokens: ten are judged, ten are 429", async () => {
    const { user, secret } = await userWithTwoFactor();
    const tempTokens: string[] = [];
    for (let i = 0; i < 4; i++) tempTokens.push(await passwordStep(user.username));
    const wrong = await wrongCodeFor(secret);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => verifyCode(tempTokens[i % 4]!, wrong)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await db.auditLog.count({ where: { action: "auth.login_failed", entityId: user.id } })).toBe(10);
  });
});
