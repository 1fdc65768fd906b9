import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db, type Tx } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import { linkedEmployeeSelect } from "@/lib/server/users/user-dto";
import { beginLoginAttempt, markSucceeded } from "./login-throttle";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token";
import { consumeRecoveryCode, looksLikeRecoveryCode } from "./recovery-codes";
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
 * plus a TOTP code that was not used before, or an unused recovery code (§29.1). Challenge and time step are
 * consumed in one transaction with conditional UPDATEs, so of twenty
 * parallel requests with the same valid code exactly one succeeds. Every code is judged only after the username's
 * login limit let it through (docs/PRODUCT-RULES.md §30.2).
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

  // The tempToken's five tries alone do not limit guessing: new tempTokens cost only the password. So the code counts
  // as a failure of the username before it is judged, under the same lock as the password step, and becomes a
  // success only when it signs in (docs/PRODUCT-RULES.md §4.5, §30.2). At the limit this is 429 whatever the
  // tempToken, and a right code does not get past it. A step that ends without a session for any other reason (a
  // code or tempToken used meanwhile) stays a failure: it was a guess all the same.
  const attempt = await beginLoginAttempt(user.username, ip);

  if (looksLikeRecoveryCode(code)) {
    const remaining = await spendRecoveryCode(challenge.id, user, code, ip);
    if (remaining === "wrong") return wrongCode(challenge.id, user, ip, "wrong_recovery_code");
    if (remaining === "taken") throw new ApiError("invalid_two_factor_code");
    await markSucceeded(attempt);
    return signIn({ user, passwordHash: user.passwordHash, twoFactor: true, ip });
  }

  const check = await checkTotp({ secret: open(user.twoFactorSecret), code, lastUsedStep: user.twoFactorLastStep });
  if (!check.valid) return wrongCode(challenge.id, user, ip, "wrong_2fa_code");

  const consumed = await transaction(async (tx) => {
    if (!(await takeChallenge(tx, challenge.id))) return false;
    const stepTaken = await tx.$executeRaw`
      UPDATE users SET two_factor_last_step = ${check.timeStep}
      WHERE id = ${user.id} AND (two_factor_last_step IS NULL OR two_factor_last_step < ${check.timeStep})`;
    if (stepTaken !== 1) throw new CodeAlreadyUsed();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof CodeAlreadyUsed) return false;
    throw error;
  });
  if (!consumed) throw new ApiError("invalid_two_factor_code");

  await markSucceeded(attempt);
  return signIn({ user, passwordHash: user.passwordHash, twoFactor: true, ip });
}

/** Rolls the transaction back when the time step or recovery code was taken meanwhile. */
class CodeAlreadyUsed extends Error {}

type ChallengeUser = { id: number; username: string };

/** Consumes the challenge unless it was used, expired or locked meanwhile. */
async function takeChallenge(tx: Tx, challengeId: number): Promise<boolean> {
  const { count } = await tx.twoFactorChallenge.updateMany({
    where: {
      id: challengeId,
      consumedAt: null,
      expiresAt: { gt: new Date() },
      failedAttempts: { lt: MAX_WRONG_CODES },
    },
    data: { consumedAt: new Date() },
  });
  return count === 1;
}

/**
 * A wrong code (TOTP or recovery code) costs one of the tempToken's five tries; against the username's login limit it
 * counts already (`beginLoginAttempt` recorded it as a failure before the code was judged).
 */
async function wrongCode(challengeId: number, user: ChallengeUser, ip: string, reason: string): Promise<never> {
  await db.twoFactorChallenge.updateMany({
    where: { id: challengeId, failedAttempts: { lt: MAX_WRONG_CODES } },
    data: { failedAttempts: { increment: 1 } },
  });
  await recordAudit(db, {
    actor: user,
    action: "auth.login_failed",
    entityType: "user",
    entityId: user.id,
    details: { reason },
    ip,
  });
  throw new ApiError("invalid_two_factor_code");
}

/**
 * The recovery-code sign-in (docs/PRODUCT-RULES.md §29.1): challenge and code are consumed in one transaction; the
 * code's row is deleted by the statement that finds it, so of parallel sign-ins with one code exactly one wins.
 * A code that is unknown or already spent is a wrong code ("wrong"); "taken": the challenge was used meanwhile.
 */
async function spendRecoveryCode(
  challengeId: number,
  user: ChallengeUser,
  code: string,
  ip: string,
): Promise<number | "wrong" | "taken"> {
  return transaction(async (tx) => {
    if (!(await takeChallenge(tx, challengeId))) return "taken" as const;
    const remaining = await consumeRecoveryCode(tx, user.id, code);
    if (remaining === null) throw new CodeAlreadyUsed();
    // The count only: the code itself never reaches a log or audit row.
    await recordAudit(tx, {
      actor: user,
      action: "auth.recovery_code_used",
      entityType: "user",
      entityId: user.id,
      details: { remaining },
      ip,
    });
    return remaining;
  }).catch((error: unknown) => {
    if (error instanceof CodeAlreadyUsed) return "wrong" as const;
    throw error;
  });
}
