import { describe, expect, test } from "vitest";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { POST as disable } from "@/app/api/auth/disable-2fa/route";
import { POST as renew } from "@/app/api/auth/recovery-codes/route";
import { seal } from "@/lib/server/auth/secret-box";
import { newTotpSecret } from "@/lib/server/auth/totp";
import { db } from "@/lib/server/db/client";
import { call, createUser, loginAs, TEST_PASSWORD } from "@/tests/support/api";
import { codeAt, wrongCodeFor } from "@/tests/support/totp";

// One limit for every re-check inside a session (docs/PRODUCT-RULES.md §30.2); each route's own test shows its 429.

/** A signed-in user with 2FA on, the secret known to the test like to an authenticator app. */
async function signedInWithTwoFactor() {
  const { user } = await createUser("user");
  const { accessToken: token } = await loginAs(user.username);
  const secret = newTotpSecret();
  await db.user.update({ where: { id: user.id }, data: { twoFactorEnabled: true, twoFactorSecret: seal(secret) } });
  const wrong = await wrongCodeFor(secret);
  return { user, token, secret, wrong };
}

const newPassword = (token: string, currentPassword: string) =>
  call(changePassword, { token, body: { currentPassword, newPassword: "ein-neues-passwort" } });

describe("re-checks inside a session share one limit per user (§30.2)", () => {
  test("3 wrong passwords + 2 wrong codes to turn 2FA off: the right code for new recovery codes is 429", async () => {
    const { user, token, secret, wrong } = await signedInWithTwoFactor();
    for (let i = 0; i < 3; i++) expect((await newPassword(token, `geraten-${i}`)).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await call(disable, { token, body: { token: wrong } })).status).toBe(400);

    const res = await call(renew, { token, body: { token: await codeAt(secret) } });
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({ code: "rate_limited" });
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const failed = await db.auditLog.findMany({ where: { action: "auth.recheck_failed", entityId: user.id } });
    expect(failed.map((entry) => (entry.details as { check: string }).check).sort()).toEqual([
      "change_password",
      "change_password",
      "change_password",
      "disable_2fa",
      "disable_2fa",
    ]);
  });

  test("20 parallel wrong passwords: exactly 5 are judged, 15 are 429", async () => {
    const { user } = await createUser("user");
    const { accessToken: token } = await loginAs(user.username);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => newPassword(token, `parallel-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await db.auditLog.count({ where: { action: "auth.recheck_failed", entityId: user.id } })).toBe(5);
    // One lock, one audit row: the first of the 15 refusals (§30.2).
    expect(await db.auditLog.count({ where: { action: "auth.recheck_locked", entityId: user.id } })).toBe(1);
    expect(await db.recheckFailure.count({ where: { userId: user.id } })).toBe(5);
  });

  test("a session hammering the limit adds one audit row per lock, not one per refusal", async () => {
    const { user } = await createUser("user");
    const { accessToken: token } = await loginAs(user.username);
    const locked = () => db.auditLog.findMany({ where: { action: "auth.recheck_locked", entityId: user.id } });
    for (let i = 0; i < 5; i++) expect((await newPassword(token, `geraten-${i}`)).status).toBe(400);
    for (let i = 0; i < 30; i++) expect((await newPassword(token, TEST_PASSWORD)).status).toBe(429);
    const first = await locked();
    expect(first).toHaveLength(1);
    expect(first[0]!.details).toMatchObject({ check: "change_password" });
    expect((first[0]!.details as { retry_after: number }).retry_after).toBeGreaterThan(800);

    // The oldest failure leaves the window: one guess more is judged, is wrong, and locks again. A new lock gets its
    // own row, its refusals none.
    const oldest = await db.recheckFailure.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "asc" } });
    await db.recheckFailure.update({
      where: { id: oldest.id },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect((await newPassword(token, "noch-einmal-geraten")).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await newPassword(token, TEST_PASSWORD)).status).toBe(429);
    expect(await locked()).toHaveLength(2);
    expect(await db.auditLog.count({ where: { action: "auth.recheck_failed", entityId: user.id } })).toBe(6);
  });

  test("a right answer counts nothing and clears nothing; the limit lifts after the window", async () => {
    const { user, token, secret, wrong } = await signedInWithTwoFactor();
    for (let i = 0; i < 4; i++) expect((await call(disable, { token, body: { token: wrong } })).status).toBe(400);
    // Right: new recovery codes. It does not count as a failure …
    expect((await call(renew, { token, body: { token: await codeAt(secret) } })).status).toBe(200);
    expect(await db.recheckFailure.count({ where: { userId: user.id } })).toBe(4);
    // … nor does it clear the four before it: one more wrong answer reaches the limit.
    expect((await newPassword(token, "noch-falsch")).status).toBe(400);
    expect((await newPassword(token, TEST_PASSWORD)).status).toBe(429);

    // Another user is not affected.
    const other = await createUser("user");
    const { accessToken: otherToken } = await loginAs(other.user.username);
    expect((await newPassword(otherToken, TEST_PASSWORD)).status).toBe(200);

    // 15 minutes later the failures count no more (and are pruned by the next re-check).
    await db.recheckFailure.updateMany({
      where: { userId: user.id },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect((await newPassword(token, TEST_PASSWORD)).status).toBe(200);
    expect(await db.recheckFailure.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a refusal that is no re-check (2FA not on) counts nothing", async () => {
    const { user, token } = await createUser("user");
    for (let i = 0; i < 6; i++) expect((await call(disable, { token, body: { token: "123456" } })).status).toBe(409);
    expect(await db.recheckFailure.count({ where: { userId: user.id } })).toBe(0);
  });
});
