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
 * `sid` names the session (the refresh token family) the token belongs to: the token is valid only while that
 * session lives (docs/PRODUCT-RULES.md §4.1), and a password change can end every session but this one.
 */
export async function signAccessToken(user: { id: number; role: Role }, sessionId: string): Promise<string> {
  return new SignJWT({ role: user.role, typ: "access", sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The user and session of a valid access token, or null for anything else (a token without a session too). */
export type AccessClaims = { userId: number; role: Role; sessionId: string };

// Family ids are UUIDs (lib/server/auth/sessions.ts); anything else could not name a session and would only make
// the uuid cast in authenticate() fail.
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
    });
    const userId = Number(payload.sub);
    const { sid } = payload;
    if (payload.typ !== "access" || !Number.isSafeInteger(userId) || userId <= 0 || !isRole(payload.role)) return null;
    if (typeof sid !== "string" || !SESSION_ID.test(sid)) return null;
    return { userId, role: payload.role, sessionId: sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
