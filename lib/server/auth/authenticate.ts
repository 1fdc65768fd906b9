import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db/client";
import { ApiError } from "@/lib/server/api/errors";
import type { UserRecord } from "@/lib/server/users/user-dto";
import type { Role } from "@/lib/shared/roles";
import type { TokenScope } from "@/lib/shared/token-scopes";
import { authenticateAccessToken } from "@/lib/server/access-tokens/authenticate-access-token";
import { ACCESS_TOKEN_PREFIX } from "@/lib/server/access-tokens/access-token-dto";
import { SCHEDULE_VERSION_COLUMN } from "./schedule-version-column";
import { verifyAccessToken } from "./access-token";

export type AuthUser = UserRecord & {
  /** The refresh token family of this request's session (a live one: authenticate() checked it); "" for a token. */
  sessionId: string;
  /**
   * Set when the caller is an integration's access token (docs/PRODUCT-RULES.md §36): route() then allows only the
   * operations of its scopes, and the audit row names it.
   */
  accessToken?: { id: number; name: string; scopes: TokenScope[] };
};

export type AuthenticateOptions = {
  /**
   * Read the schedule data's version (lib/server/shifts/schedule-version-cache.ts)
   * in the same statement as the user: cached week views are checked against
   * it without a query of their own (the week view is the busiest request and
   * must stay within two statements).
   */
  withScheduleVersion?: boolean;
};

export type Authenticated = {
  user: AuthUser;
  /** Null unless asked for (or when the database holds no version yet). */
  scheduleVersion: string | null;
};

type UserRow = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  two_factor_enabled: boolean;
  must_change_password: boolean;
  created_at: Date;
  employee_id: number | null;
  employee_first_name: string | null;
  employee_last_name: string | null;
  schedule_version?: string | null;
};

/**
 * The token's session is alive while one of its refresh tokens is neither revoked nor expired: what a refresh
 * would accept (./sessions.ts). Rotation revokes the old token and inserts the new one in one transaction, so a
 * live family always has a member; logout, reuse detection, password changes and resets revoke them all. Part of
 * the statement that re-reads the user, so a request still costs at most two (docs/PERFORMANCE.md P1); the index
 * on (family_id, revoked_at) finds the live member. The clock is the app's, as in rotateSession.
 */
const liveSession = (sessionId: string) => Prisma.sql`EXISTS (
    SELECT 1 FROM refresh_tokens r
    WHERE r.family_id = ${sessionId}::uuid AND r.revoked_at IS NULL
      AND r.user_id = u.id AND r.expires_at > ${new Date()})`;

/**
 * The user behind the request's bearer token, re-read from the database so a
 * deleted user or a changed role takes effect at once (docs/PRODUCT-RULES.md §1.2).
 * No token: 401. Invalid or expired token, a user that no longer exists, or a
 * session that ended (logout, reuse detection, a password change or reset:
 * docs/PRODUCT-RULES.md §4.1, §30.3): 403, which makes the client refresh once
 * and retry (docs/PRODUCT-RULES.md §2.3).
 */
export async function authenticate(
  request: Request,
  { withScheduleVersion = false }: AuthenticateOptions = {},
): Promise<Authenticated> {
  const header = request.headers.get("authorization");
  if (!header) throw new ApiError("unauthenticated");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError("unauthenticated");
  if (match[1].startsWith(ACCESS_TOKEN_PREFIX)) return authenticateAccessToken(match[1], { withScheduleVersion });

  const claims = await verifyAccessToken(match[1]);
  if (!claims) throw new ApiError("invalid_token");

  const [row] = await db.$queryRaw<UserRow[]>`
    SELECT u.id, u.username, u.email, u.role::text AS role, u.two_factor_enabled, u.must_change_password,
           u.created_at,
           e.id AS employee_id, e.first_name AS employee_first_name, e.last_name AS employee_last_name
           ${withScheduleVersion ? SCHEDULE_VERSION_COLUMN : Prisma.empty}
    FROM users u LEFT JOIN employees e ON e.id = u.employee_id
    WHERE u.id = ${claims.userId} AND ${liveSession(claims.sessionId)}`;
  if (!row) throw new ApiError("invalid_token");
  return {
    user: {
      id: row.id,
      username: row.username,
      email: row.email,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled,
      mustChangePassword: row.must_change_password,
      createdAt: row.created_at,
      employee:
        row.employee_id === null
          ? null
          : { id: row.employee_id, firstName: row.employee_first_name!, lastName: row.employee_last_name! },
      sessionId: claims.sessionId,
    },
    scheduleVersion: row.schedule_version ?? null,
  };
}
