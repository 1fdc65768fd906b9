import "server-only";
import { randomUUID } from "node:crypto";
import type { Role } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { db, type Tx } from "@/lib/server/db/client";
import { signAccessToken } from "./access-token";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token";

/**
 * Sessions (PRODUCT.md §3): a short-lived access JWT plus a refresh token
 * that is stored only as a hash, lives 14 days and is rotated on every use.
 * All tokens of one login form a family; presenting a rotated token again
 * means it was stolen or replayed, and the whole family is revoked
 * (RFC 9700 reuse detection).
 */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionTokens = { accessToken: string; refreshToken: string };

async function storeRefreshToken(tx: Tx | typeof db, userId: number, familyId: string) {
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

/** A new session (token family) for a user who just logged in. */
export async function startSession(user: { id: number; role: Role }): Promise<SessionTokens> {
  const familyId = randomUUID();
  const { refreshToken } = await storeRefreshToken(db, user.id, familyId);
  return { accessToken: await signAccessToken(user, familyId), refreshToken };
}

const sessionExpired = () => new ApiError("invalid_refresh_token");

/** Exchanges a refresh token for a new pair; the old one stops working. */
export async function rotateSession(refreshToken: string): Promise<SessionTokens & { userId: number }> {
  const tokenHash = hashOpaqueToken(refreshToken);
  const current = await db.refreshToken.findUnique({
    where: { tokenHash },
    include: { user: { select: { id: true, role: true } } },
  });
  if (!current) throw sessionExpired();
  if (current.revokedAt) {
    // Rotated before: somebody replays an old token. End the whole family.
    if (current.replacedById !== null) await revokeFamily(current.familyId);
    throw sessionExpired();
  }
  if (current.expiresAt <= new Date()) throw sessionExpired();

  const rotated = await db.$transaction(async (tx) => {
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
    await revokeFamily(current.familyId);
    throw sessionExpired();
  }
  return {
    userId: current.userId,
    refreshToken: rotated,
    accessToken: await signAccessToken(current.user, current.familyId),
  };
}

/** Logout: the presented token's session ends. Unknown tokens are ignored. */
export async function endSession(refreshToken: string): Promise<{ userId: number } | null> {
  const token = await db.refreshToken.findUnique({ where: { tokenHash: hashOpaqueToken(refreshToken) } });
  if (!token) return null;
  await revokeFamily(token.familyId);
  return { userId: token.userId };
}

export async function revokeFamily(familyId: string): Promise<void> {
  await db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Ends every session of a user, optionally but one (the caller's own). */
export async function revokeUserSessions(
  userId: number,
  options: { except?: string | null } = {},
  tx: Tx | typeof db = db,
): Promise<void> {
  await tx.refreshToken.updateMany({
    where: { userId, revokedAt: null, ...(options.except ? { familyId: { not: options.except } } : {}) },
    data: { revokedAt: new Date() },
  });
}
