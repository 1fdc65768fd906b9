import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db, type Tx } from "@/lib/server/db/client";
import { lockUser } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { toUserDto, type UserDto, type UserRecord } from "@/lib/server/users/user-dto";
import { signAccessToken } from "./access-token";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token";

/**
 * Sessions (docs/PRODUCT-RULES.md §4): a short-lived access JWT plus a refresh token
 * that is stored only as a hash, lives 14 days and is rotated on every use.
 * All tokens of one login form a family; presenting a rotated token again
 * means it was stolen or replayed, and the whole family is revoked
 * (RFC 9700 reuse detection).
 */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionTokens = { accessToken: string; refreshToken: string };

async function storeRefreshToken(tx: Tx, userId: number, familyId: string) {
  const refreshToken = newOpaqueToken();
  const row = await tx.refreshToken.create({
    data: {
      userId,
      familyId,
      tokenHash: hashOpaqueToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    },
  });
  return { refreshToken, row };
}

export type SignInOptions = {
  user: UserRecord;
  /** The password hash the login checked: a password changed or reset meanwhile signs nobody in (§30.3). */
  passwordHash: string;
  twoFactor: boolean;
  ip: string;
};
export type SignedIn = SessionTokens & { user: UserDto };

/**
 * The end of every successful login, with or without the 2FA step: a new
 * session (token family), its audit row and the login's answer. Stored under
 * the user's row lock, after checking that the password is still the one the
 * login checked: a reset that ended the user's sessions while the password was
 * being checked must end this one too (docs/PRODUCT-RULES.md §30.3).
 */
export async function signIn({ user, passwordHash, twoFactor, ip }: SignInOptions): Promise<SignedIn> {
  const familyId = randomUUID();
  const refreshToken = await transaction(async (tx) => {
    const current = await lockSessions(tx, user.id, "issue");
    if (current?.passwordHash !== passwordHash)
      throw new ApiError(twoFactor ? "two_factor_expired" : "invalid_credentials");
    const stored = await storeRefreshToken(tx, user.id, familyId);
    await recordAudit(tx, {
      actor: user,
      action: "auth.login",
      entityType: "user",
      entityId: user.id,
      details: { two_factor: twoFactor },
      ip,
    });
    return stored.refreshToken;
  });
  const accessToken = await signAccessToken(user, familyId);
  return { accessToken, refreshToken, user: toUserDto(user) };
}

const sessionExpired = () => new ApiError("invalid_refresh_token");

export type RefreshTokenOptions = { refreshToken: string };

/** Exchanges a refresh token for a new pair; the old one stops working. */
export async function rotateSession({ refreshToken }: RefreshTokenOptions): Promise<SessionTokens> {
  const tokenHash = hashOpaqueToken(refreshToken);
  const current = await db.refreshToken.findUnique({
    where: { tokenHash },
    include: { user: { select: { id: true, role: true } } },
  });
  if (!current) throw sessionExpired();
  if (current.revokedAt) {
    // Rotated before: somebody replays an old token. End the whole family.
    if (current.replacedById !== null) await revokeFamily(current);
    throw sessionExpired();
  }
  if (current.expiresAt <= new Date()) throw sessionExpired();

  const rotated = await transaction(async (tx) => {
    if (!(await lockSessions(tx, current.userId, "issue"))) return null;
    const { refreshToken: next, row } = await storeRefreshToken(tx, current.userId, current.familyId);
    // Conditional: of two requests racing with the same token, one wins.
    const { count } = await tx.refreshToken.updateMany({
      where: { id: current.id, revokedAt: null },
      data: { revokedAt: new Date(), replacedById: row.id },
    });
    if (count !== 1) return null;
    return next;
  });
  if (rotated === null) {
    await revokeFamily(current);
    throw sessionExpired();
  }
  return { accessToken: await signAccessToken(current.user, current.familyId), refreshToken: rotated };
}

export type EndSessionOptions = { refreshToken: string; ip: string };

/** Logout: the presented token's session ends. Unknown tokens are ignored. */
export async function endSession({ refreshToken, ip }: EndSessionOptions): Promise<void> {
  const token = await db.refreshToken.findUnique({ where: { tokenHash: hashOpaqueToken(refreshToken) } });
  if (!token) return;
  await revokeFamily(token);
  await recordAudit(db, { actor: null, action: "auth.logout", entityType: "user", entityId: token.userId, ip });
}

/**
 * A user's sessions are issued and ended only under the user's row lock (docs/PRODUCT-RULES.md §30.3): a login and a
 * refresh hold it shared (FOR SHARE: several sessions of one user start and rotate side by side), ending sessions
 * holds it exclusively (FOR NO KEY UPDATE, as the UPDATE of a password does). Without it a logout whose UPDATE ran
 * while a refresh had stored its new token but not yet committed did not see that token, and the session lived on.
 * Neither mode conflicts with FOR KEY SHARE, which every insert referring to the user (an audit row, a token) takes:
 * FOR UPDATE would, and two admins editing each other would deadlock. The user's password hash, or null when the user
 * is gone.
 */
async function lockSessions(
  tx: Tx,
  userId: number,
  purpose: "issue" | "end",
): Promise<{ passwordHash: string } | null> {
  return lockUser(tx, userId, purpose === "issue" ? "share" : "exclusive");
}

async function revokeFamily({ familyId, userId }: { familyId: string; userId: number }): Promise<void> {
  await transaction(async (tx) => {
    await lockSessions(tx, userId, "end");
    await tx.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
  });
}

export type RevokeSessionsOptions = { userId: number; except?: string | null };

/**
 * Ends every session of a user, optionally but one (the caller's own), and every login half-way through the 2FA step:
 * its tempToken was earned with the password that is changing (§30.3).
 */
export async function revokeUserSessions(tx: Tx, { userId, except }: RevokeSessionsOptions): Promise<void> {
  await lockSessions(tx, userId, "end");
  await tx.twoFactorChallenge.deleteMany({ where: { userId } });
  await tx.refreshToken.updateMany({
    where: { userId, revokedAt: null, ...(except ? { familyId: { not: except } } : {}) },
    data: { revokedAt: new Date() },
  });
}
