import "server-only";
import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import { config } from "@/lib/server/config";
import { isRole, type Role } from "@/lib/shared/roles";

/**
 * Access tokens (docs/PRODUCT-RULES.md §4.1): JWT HS256, 15 minutes, `typ: "access"`,
 * issuer and audience checked, algorithm pinned. The role in the token is
 * informational; the route wrapper re-reads the user on every request.
 */
const ISSUER = "schichtwerk";
const AUDIENCE = "schichtwerk-api";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

function key() {
  return new TextEncoder().encode(config.jwtSecret);
}

/**
 * `sid` names the session (the refresh token family) the token belongs to,
 * so that e.g. a password change can end every session but this one.
 */
export async function signAccessToken(user: { id: number; role: Role }, sessionId?: string): Promise<string> {
  return new SignJWT({ role: user.role, typ: "access", ...(sessionId && { sid: sessionId }) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The user id of a valid access token, or null for anything else. */
export type AccessClaims = { userId: number; role: Role; sessionId: string | null };

export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== "access" || !Number.isSafeInteger(userId) || userId <= 0 || !isRole(payload.role)) return null;
    return { userId, role: payload.role, sessionId: typeof payload.sid === "string" ? payload.sid : null };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
