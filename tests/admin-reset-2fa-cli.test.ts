import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { describeAudit } from "@/lib/server/audit/describe-audit";
import { seal } from "@/lib/server/auth/secret-box";
import { hashRecoveryCode } from "@/lib/server/auth/recovery-codes";
import { newTotpSecret } from "@/lib/server/auth/totp";
import { db } from "@/lib/server/db/client";
import { createUser } from "@/tests/support/api";
import { runScript } from "@/tests/support/run-script";

// `npm run admin:reset-2fa USERNAME` (docs/PRODUCT-RULES.md §29.1) as its own process, against the test database
// (DATABASE_URL, as the worker has it).

function resetTwoFactor(...args: string[]) {
  return runScript("admin-reset-2fa.mjs", args, { ...process.env });
}

describe("npm run admin:reset-2fa", () => {
  test("resets the 2FA (name in any case): one German line, exit 0, audited without actor", async () => {
    const { user } = await createUser("admin");
    await db.user.update({
      where: { id: user.id },
      data: { twoFactorEnabled: true, twoFactorSecret: seal(newTotpSecret()), twoFactorLastStep: 7 },
    });
    await db.recoveryCode.create({ data: { userId: user.id, codeHash: hashRecoveryCode(user.id, "aaaabbbbcccc") } });

    const run = await resetTwoFactor(user.username.toUpperCase());
    expect(run).toEqual({
      code: 0,
      stdout: `2FA von ${user.username} zurückgesetzt: Die Anmeldung geht jetzt mit dem Passwort allein.\n`,
      stderr: "",
    });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
    });
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "user.reset_2fa", entityId: user.id } });
    expect(audit).toMatchObject({ userId: null, username: null, details: { username: user.username, via: "cli" } });
    expect(describeAudit({ ...audit, actor: null })).toBe(
      `Die Zwei-Faktor-Anmeldung (2FA) von „${user.username}“ wurde über die Kommandozeile zurückgesetzt.`,
    );

    // Again: nothing left to reset, still exit 0, no second row.
    const again = await resetTwoFactor(user.username);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`${user.username} hat keine 2FA eingeschaltet. Nichts geändert.\n`);
    expect(await db.auditLog.count({ where: { action: "user.reset_2fa", entityId: user.id } })).toBe(1);
  });

  test("names differing only in case (older rows): the exact one, or refused when none is exact", async () => {
    const lower = `twin-${randomUUID().slice(0, 8)}`;
    const upper = lower.toUpperCase();
    // The app refuses such a pair; the database index alone would not.
    const twins = await Promise.all(
      [lower, upper].map((username) =>
        db.user.create({
          data: { username, passwordHash: "x", role: "user", twoFactorEnabled: true, twoFactorSecret: "s" },
        }),
      ),
    );

    const exact = await resetTwoFactor(upper);
    expect(exact.code).toBe(0);
    const after = await db.user.findMany({
      where: { id: { in: twins.map((twin) => twin.id) } },
      orderBy: { id: "asc" },
    });
    expect(after.map((row) => row.twoFactorEnabled)).toEqual([true, false]); // only the exact spelling

    const mixed = `${lower.slice(0, 1).toUpperCase()}${lower.slice(1)}`;
    const refused = await resetTwoFactor(mixed);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Mehrere Benutzer heissen „${mixed}“`);
    expect((await db.user.findUniqueOrThrow({ where: { id: twins[0]!.id } })).twoFactorEnabled).toBe(true);
  });

  test("an unknown user: a message and exit 1; no name: the usage and exit 2", async () => {
    const unknown = await resetTwoFactor("niemand-da-xyz");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("Benutzer „niemand-da-xyz“ gibt es nicht. Nichts geändert.\n");
    const usage = await resetTwoFactor();
    expect(usage.code).toBe(2);
    expect(usage.stdout).toMatch(/Aufruf: npm run admin:reset-2fa BENUTZERNAME/);
  });
});
