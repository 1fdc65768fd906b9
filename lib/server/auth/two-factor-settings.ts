import "server-only";
import QRCode from "qrcode";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db, type Tx } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import { withRecheckLimit, WrongAnswer, type WrongReason } from "./recheck-throttle";
import { consumeRecoveryCode, looksLikeRecoveryCode, replaceRecoveryCodes } from "./recovery-codes";
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

/** Answers the ten recovery codes (docs/PRODUCT-RULES.md §29.1): this is the only time they exist in plain text. */
export async function enableTwoFactor({ code, audit }: TwoFactorCodeOptions): Promise<string[]> {
  const user = audit.actor;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  if (row.twoFactorEnabled) throw new ApiError("conflict", "2FA ist bereits aktiviert");
  if (!row.twoFactorPendingSecret) throw new ApiError("conflict", "Bitte richte 2FA zuerst ein");
  const check = await checkTotp({ secret: open(row.twoFactorPendingSecret), code });
  if (!check.valid) throw new ApiError("invalid_two_factor_token");

  return transaction(async (tx) => {
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
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, { ...audit, action: "auth.2fa_enabled", entityType: "user", entityId: user.id });
    return recoveryCodes;
  });
}

const WRONG_CODE_FOR_DISABLE = "Ungültiger Token oder Fehler beim Deaktivieren";
const wrongForDisable = (reason: WrongReason) =>
  new WrongAnswer(reason, new ApiError("invalid_two_factor_token", WRONG_CODE_FOR_DISABLE));

/**
 * Turns the own 2FA off with a code from the app – or with a recovery code: someone who lost the phone and signed
 * in with one must be able to set 2FA up on a new phone instead of spending a code at every login
 * (docs/PRODUCT-RULES.md §29.1). The recovery code is spent in the transaction that turns 2FA off. The code is a
 * re-check under the user's limit (§30.2); a used code counts as a wrong one.
 */
export async function disableTwoFactor({ code, audit }: TwoFactorCodeOptions): Promise<void> {
  const user = audit.actor;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  if (!row.twoFactorEnabled || !row.twoFactorSecret) throw new ApiError("conflict", "2FA ist nicht aktiviert");
  const secret = row.twoFactorSecret;
  await withRecheckLimit({ check: "disable_2fa", audit }, async () => {
    if (looksLikeRecoveryCode(code)) {
      await transaction(async (tx) => {
        if ((await consumeRecoveryCode(tx, user.id, code)) === null) throw wrongForDisable("wrong_recovery_code");
        await clearTwoFactor(tx, user.id);
        await recordAudit(tx, { ...audit, action: "auth.2fa_disabled", entityType: "user", entityId: user.id });
      });
      return;
    }
    const check = await checkTotp({ secret: open(secret), code, lastUsedStep: row.twoFactorLastStep });
    if (!check.valid) throw wrongForDisable("wrong_2fa_code");

    await transaction(async (tx) => {
      // The code is consumed like at login: the same code cannot be replayed.
      const taken = await tx.$executeRaw`
        UPDATE users
        SET two_factor_enabled = false, two_factor_secret = NULL, two_factor_pending_secret = NULL,
            two_factor_last_step = NULL
        WHERE id = ${user.id} AND two_factor_enabled
          AND (two_factor_last_step IS NULL OR two_factor_last_step < ${check.timeStep})`;
      if (taken !== 1) throw wrongForDisable("wrong_2fa_code");
      await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
      await recordAudit(tx, { ...audit, action: "auth.2fa_disabled", entityType: "user", entityId: user.id });
    });
  });
}

const WRONG_CODE_FOR_NEW_CODES = "Ungültiger Token – es wurden keine neuen Codes erzeugt";
const wrongForNewCodes = () =>
  new WrongAnswer("wrong_2fa_code", new ApiError("invalid_two_factor_token", WRONG_CODE_FOR_NEW_CODES));

/**
 * Ten new recovery codes for the own account (docs/PRODUCT-RULES.md §29.1); the old ones stop working. Needs a TOTP
 * code, consumed like at login, so a stolen session alone cannot read out fresh codes – nor guess the code without
 * limit (a re-check, §30.2).
 */
export async function renewRecoveryCodes({ code, audit }: TwoFactorCodeOptions): Promise<string[]> {
  const user = audit.actor;
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  if (!row.twoFactorEnabled || !row.twoFactorSecret) throw new ApiError("conflict", "2FA ist nicht aktiviert");
  const secret = row.twoFactorSecret;
  return withRecheckLimit({ check: "recovery_codes", audit }, async () => {
    const check = await checkTotp({ secret: open(secret), code, lastUsedStep: row.twoFactorLastStep });
    if (!check.valid) throw wrongForNewCodes();

    return transaction(async (tx) => {
      const taken = await tx.$executeRaw`
        UPDATE users SET two_factor_last_step = ${check.timeStep}
        WHERE id = ${user.id} AND two_factor_enabled
          AND (two_factor_last_step IS NULL OR two_factor_last_step < ${check.timeStep})`;
      if (taken !== 1) throw wrongForNewCodes();
      const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
      await recordAudit(tx, { ...audit, action: "auth.recovery_codes_renewed", entityType: "user", entityId: user.id });
      return recoveryCodes;
    });
  });
}

/**
 * Turns another user's 2FA off without a code (docs/PRODUCT-RULES.md §29.1: an admin, or the command line when no
 * admin can sign in): secret, pending secret, last step and recovery codes go. Sessions stay, as when the user
 * disables 2FA themself. Answers whether there was anything to reset.
 */
export async function clearTwoFactor(tx: Tx, userId: number): Promise<boolean> {
  const cleared = await tx.$executeRaw`
    UPDATE users
    SET two_factor_enabled = false, two_factor_secret = NULL, two_factor_pending_secret = NULL,
        two_factor_last_step = NULL, updated_at = now()
    WHERE id = ${userId} AND (two_factor_enabled OR two_factor_pending_secret IS NOT NULL)`;
  const { count } = await tx.recoveryCode.deleteMany({ where: { userId } });
  return cleared > 0 || count > 0;
}
