import "server-only";
import QRCode from "qrcode";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db } from "@/lib/server/db/client";
import { open, seal } from "./secret-box";
import { checkTotp, newTotpSecret, totpUri } from "./totp";

/**
 * Own 2FA settings (docs/PRODUCT-RULES.md §5.3: disabled → set-up → enabled by a code; disabling
 * needs a code). The secret is stored encrypted; the pending one only becomes
 * active after a valid code proves the authenticator app has it.
 */
export type SetupTwoFactorOptions = { user: AuthUser };

/** Turning 2FA on or off: the code from the authenticator app; `audit.actor` is the own account. */
export type TwoFactorCodeOptions = { code: string; audit: AuditContext };

export async function setupTwoFactor({ user }: SetupTwoFactorOptions): Promise<{ qrCode: string; secret: string }> {
  if (user.twoFactorEnabled) throw new ApiError("conflict", "2FA ist bereits aktiviert");
  const secret = newTotpSecret();
  await db.user.update({ where: { id: user.id }, data: { twoFactorPendingSecret: seal(secret) } });
  const qrCode = await QRCode.toDataURL(totpUri(secret, user.username), {
    errorCorrectionLevel: "M",
    margin: 1,
    width: 240,
  });
  return { qrCode, secret };
}

export async function enableTwoFactor({ code, audit }: TwoFactorCodeOptions): Promise<void> {
  const user = audit.actor;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  if (row.twoFactorEnabled) throw new ApiError("conflict", "2FA ist bereits aktiviert");
  if (!row.twoFactorPendingSecret) throw new ApiError("conflict", "Bitte richte 2FA zuerst ein");
  const check = await checkTotp({ secret: open(row.twoFactorPendingSecret), code });
  if (!check.valid) throw new ApiError("invalid_two_factor_token");

  await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: user.id, twoFactorEnabled: false, twoFactorPendingSecret: row.twoFactorPendingSecret },
      data: {
        twoFactorEnabled: true,
        twoFactorSecret: row.twoFactorPendingSecret,
        twoFactorPendingSecret: null,
        twoFactorLastStep: check.timeStep,
      },
    });
    if (count !== 1) throw new ApiError("conflict", "2FA wurde inzwischen geändert. Bitte erneut einrichten.");
    await recordAudit({ ...audit, action: "auth.2fa_enabled", entityType: "user", entityId: user.id }, tx);
  });
}

export async function disableTwoFactor({ code, audit }: TwoFactorCodeOptions): Promise<void> {
  const user = audit.actor;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  if (!row.twoFactorEnabled || !row.twoFactorSecret) throw new ApiError("conflict", "2FA ist nicht aktiviert");
  const check = await checkTotp({ secret: open(row.twoFactorSecret), code, lastUsedStep: row.twoFactorLastStep });
  if (!check.valid) throw new ApiError("invalid_two_factor_token", "Ungültiger Token oder Fehler beim Deaktivieren");

  await db.$transaction(async (tx) => {
    // The code is consumed like at login: the same code cannot be replayed.
    const taken = await tx.$executeRaw`
      UPDATE users
      SET two_factor_enabled = false, two_factor_secret = NULL, two_factor_pending_secret = NULL,
          two_factor_last_step = NULL
      WHERE id = ${user.id} AND two_factor_enabled
        AND (two_factor_last_step IS NULL OR two_factor_last_step < ${check.timeStep})`;
    if (taken !== 1) throw new ApiError("invalid_two_factor_token", "Ungültiger Token oder Fehler beim Deaktivieren");
    await recordAudit({ ...audit, action: "auth.2fa_disabled", entityType: "user", entityId: user.id }, tx);
  });
}
