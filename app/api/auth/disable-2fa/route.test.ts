import { describe, expect, test } from "vitest";
import { replaceRecoveryCodes } from "@/lib/server/auth/recovery-codes";
import { seal } from "@/lib/server/auth/secret-box";
import { newTotpSecret } from "@/lib/server/auth/totp";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import { codeAt, wrongCodeFor } from "@/tests/support/totp";
import { POST as disable } from "./route";

// Turning 2FA off is a re-check under the user's limit (docs/PRODUCT-RULES.md §30.2); the rest of its rules are
// tested with the recovery codes (app/api/auth/recovery-codes/route.test.ts).

describe("POST /api/auth/disable-2fa: guessing the code (§30.2)", () => {
  test("5 wrong codes (app or recovery codes), then 429 even for the right code; 2FA stays on", async () => {
    const { user, token } = await createUser("user");
    const secret = newTotpSecret();
    await db.user.update({ where: { id: user.id }, data: { twoFactorEnabled: true, twoFactorSecret: seal(secret) } });
    const recoveryCodes = await db.$transaction((tx) => replaceRecoveryCodes(tx, user.id));
    const wrong = await wrongCodeFor(secret);

    for (const guess of [wrong, "zzzz-zzzz-zzzz", wrong, "aaaa-bbbb-cccc", wrong]) {
      const res = await call(disable, { token, body: { token: guess } });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: "Ungültiger Token oder Fehler beim Deaktivieren",
        code: "invalid_two_factor_token",
      });
    }
    for (const right of [await codeAt(secret), recoveryCodes[0]!]) {
      const res = await call(disable, { token, body: { token: right } });
      expect(res.status).toBe(429);
      expect(res.json).toEqual({
        error: "Zu viele falsche Eingaben. Bitte versuche es in einigen Minuten erneut.",
        code: "rate_limited",
      });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    }
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.twoFactorEnabled).toBe(true);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(10);

    const failed = await db.auditLog.findMany({
      where: { action: "auth.recheck_failed", entityId: user.id },
      orderBy: { id: "asc" },
    });
    expect(failed.map((entry) => entry.details)).toEqual([
      { check: "disable_2fa", reason: "wrong_2fa_code" },
      { check: "disable_2fa", reason: "wrong_recovery_code" },
      { check: "disable_2fa", reason: "wrong_2fa_code" },
      { check: "disable_2fa", reason: "wrong_recovery_code" },
      { check: "disable_2fa", reason: "wrong_2fa_code" },
    ]);
    // Two refusals of one lock: audited once (§30.2).
    expect(await db.auditLog.count({ where: { action: "auth.recheck_locked", entityId: user.id } })).toBe(1);
    const audited = JSON.stringify(await db.auditLog.findMany({ where: { entityId: user.id } }));
    expect(audited).not.toContain(wrong);
    expect(audited).not.toContain(recoveryCodes[0]!);
  });
});
