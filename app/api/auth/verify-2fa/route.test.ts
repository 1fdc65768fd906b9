import { generate } from "otplib";
import { describe, expect, test } from "vitest";
import { seal } from "@/lib/server/auth/secret-box";
import { newTotpSecret } from "@/lib/server/auth/totp";
import { db } from "@/lib/server/db/client";
import { call, createUser, TEST_PASSWORD, uniqueIp } from "@/tests/support/api";
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

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, period: 30, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
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
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(19);
    // One new session (the helper's own aside).
    expect(await db.refreshToken.count({ where: { userId: user.id, familyId: { not: sessionId } } })).toBe(1);
  });

  test("20 parallel logins with one code on 20 different tempTokens: exactly one succeeds", async () => {
    const { user, secret } = await userWithTwoFactor();
    const tempTokens = [];
    for (let i = 0; i < 20; i++) tempTokens.push(await passwordStep(user.username));
    const code = await codeAt(secret);
    const results = await Promise.all(tempTokens.map((tempToken) => verifyCode(tempToken, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
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
    const wrong = right === "000000" ? "111111" : "000000";
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
    const right = await codeAt(secret);
    const wrong = right === "000000" ? "111111" : "000000";
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
