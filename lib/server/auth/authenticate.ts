import "server-only";
import { db } from "@/lib/server/db";
import { ApiError } from "@/lib/server/api/errors";
import type { Role } from "@/lib/shared/roles";
import { verifyAccessToken } from "./access-token";

export type AuthUser = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  twoFactorEnabled: boolean;
  createdAt: Date;
  /** The refresh token family of this request's session, if the token names one. */
  sessionId: string | null;
};

/**
 * The user behind the request's bearer token, re-read from the database so a
 * deleted user or a changed role takes effect at once (PRODUCT.md §2).
 * No token: 401. Invalid or expired token, or a user that no longer exists:
 * 403, which makes the client refresh once and retry (SPEC §4).
 */
export async function authenticate(request: Request): Promise<AuthUser> {
  const header = request.headers.get("authorization");
  if (!header) throw new ApiError("unauthenticated");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError("unauthenticated");

  const claims = await verifyAccessToken(match[1]);
  if (!claims) throw new ApiError("invalid_token");

  const user = await db.user.findUnique({
    where: { id: claims.userId },
    select: { id: true, username: true, email: true, role: true, twoFactorEnabled: true, createdAt: true },
  });
  if (!user) throw new ApiError("invalid_token");
  return { ...user, sessionId: claims.sessionId };
}
