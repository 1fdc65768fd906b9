import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";
import { linkedEmployeeSelect } from "@/lib/server/users/user-dto";
import { recordFailure, recordSuccess } from "./login-throttle";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token";
import { open } from "./secret-box";
import { signIn, type SignedIn } from "./sessions";
import { checkTotp } from "./totp";

/** tempToken of the 2FA step (docs/PRODUCT-RULES.md §5.2). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_WRONG_CODES = 5;

export type ChallengeOptions = { userId: number };

export async function createTwoFactorChallenge({ userId }: ChallengeOptions): Promise<string> {
  const tempToken = newOpaqueToken();
  await db.twoFactorChallenge.create({
    data: { userId, tokenHash: hashOpaqueToken(tempToken), expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) },
  });
  return tempToken;
}

/**
 * Step two: the tempToken (5 minutes, single use, at most 5 wrong codes)
 * plus a TOTP code that was not used before. Challenge and time step are
 * consumed in one transaction with conditional UPDATEs, so of twenty
 * parallel requests with the same valid code exactly one succeeds.
 */
export type VerifyTwoFactorOptions = { tempToken: string; code: string; ip: string };

export async function verifyTwoFactorLogin({ tempToken, code, ip }: VerifyTwoFactorOptions): Promise<SignedIn> {
  const challenge = await db.twoFactorChallenge.findUnique({
    where: { tokenHash: hashOpaqueToken(tempToken) },
    include: { user: { include: { employee: linkedEmployeeSelect } } },
  });
  const now = new Date();
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= now || challenge.failedAttempts >= MAX_WRONG_CODES) {
    throw new ApiError("two_factor_expired");
  }
  const { user } = challenge;
  if (!user.twoFactorEnabled || !user.twoFactorSecret) throw new ApiError("two_factor_expired");

  const check = await checkTotp({ secret: open(user.twoFactorSecret), code, lastUsedStep: user.twoFactorLastStep });
  if (!check.valid) {
    await db.twoFactorChallenge.updateMany({
      where: { id: challenge.id, failedAttempts: { lt: MAX_WRONG_CODES } },
      data: { failedAttempts: { increment: 1 } },
    });
    // Wrong codes count against the username's login limit as well, so new
    // challenges do not give an attacker endless guesses.
    await recordFailure(user.username, ip);
    await recordAudit({
      actor: user,
      action: "auth.login_failed",
      entityType: "user",
      entityId: user.id,
      details: { reason: "wrong_2fa_code" },
      ip,
    });
    throw new ApiError("invalid_two_factor_code");
  }

  const consumed = await db
    .$transaction(async (tx) => {
      const challengeTaken = await tx.twoFactorChallenge.updateMany({
        where: {
          id: challenge.id,
          consumedAt: null,
          expiresAt: { gt: new Date() },
          failedAttempts: { lt: MAX_WRONG_CODES },
        },
        data: { consumedAt: new Date() },
      });
      if (challengeTaken.count !== 1) return false;
      const stepTaken = await tx.$executeRaw`
      UPDATE users SET two_factor_last_step = ${check.timeStep}
      WHERE id = ${user.id} AND (two_factor_last_step IS NULL OR two_factor_last_step < ${check.timeStep})`;
      if (stepTaken !== 1) throw new CodeAlreadyUsed();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof CodeAlreadyUsed) return false;
      throw error;
    });
  if (!consumed) throw new ApiError("invalid_two_factor_code");

  await recordSuccess(user.username, ip);
  return signIn({ user, twoFactor: true, ip });
}

/** Rolls the transaction back when the time step was taken meanwhile. */
class CodeAlreadyUsed extends Error {}
