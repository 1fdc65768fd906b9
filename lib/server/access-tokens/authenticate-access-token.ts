import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import type { Authenticated } from "@/lib/server/auth/authenticate";
import { hashOpaqueToken } from "@/lib/server/auth/opaque-token";
import { SCHEDULE_VERSION_COLUMN } from "@/lib/server/auth/schedule-version-column";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { TOKEN_ROLE, type TokenScope } from "@/lib/shared/token-scopes";
import { tokenActorName } from "./access-token-dto";

type TokenRow = {
  id: number;
  name: string;
  scopes: string[];
  expires_on: string | null;
  revoked: boolean;
  creator_id: number | null;
  creator_is_admin: boolean;
  creator_created_at: Date | null;
  schedule_version?: string | null;
};

const UNKNOWN = "Dieses Zugriffstoken gibt es nicht (oder nicht mehr)";

/**
 * The caller behind `Authorization: Bearer swk_…` (docs/PRODUCT-RULES.md §36), in ONE statement like a login's
 * token (docs/PERFORMANCE.md P1): the token by its hash, its creator's role, the schedule version when asked, and
 * its last use written at most once a minute by a data-modifying CTE of the same statement (a write per request
 * would cost every integration's request a row lock). Unknown, revoked or expired tokens and tokens whose creator is
 * no admin any more answer 403 `invalid_token`, each with its reason.
 *
 * The caller is the creating admin's id (the columns that keep who made a change point at a user), named
 * "Token «name»", with a planner's role: within its scopes a token sees what a manager sees, never admin-only data.
 */
export async function authenticateAccessToken(
  token: string,
  { withScheduleVersion }: { withScheduleVersion: boolean },
): Promise<Authenticated> {
  const now = new Date();
  const today = businessToday();
  const [row] = await db.$queryRaw<TokenRow[]>`
    WITH found AS (
      SELECT t.id, t.name, t.scopes, t.expires_on::text AS expires_on, t.revoked_at IS NOT NULL AS revoked,
             u.id AS creator_id, COALESCE(u.role = 'admin', false) AS creator_is_admin,
             u.created_at AS creator_created_at
      FROM access_tokens t LEFT JOIN users u ON u.id = t.created_by
      WHERE t.secret_hash = ${hashOpaqueToken(token)}
    ), touched AS (
      UPDATE access_tokens a SET last_used_at = ${now}
      FROM found f
      WHERE a.id = f.id AND NOT f.revoked AND f.creator_is_admin
        AND (f.expires_on IS NULL OR f.expires_on >= ${today})
        AND (a.last_used_at IS NULL OR a.last_used_at < ${now}::timestamptz - interval '1 minute')
      RETURNING a.id
    )
    SELECT f.* ${withScheduleVersion ? SCHEDULE_VERSION_COLUMN : Prisma.empty} FROM found f`;
  if (!row || row.revoked) throw new ApiError("invalid_token", UNKNOWN);
  if (row.expires_on !== null && row.expires_on < today)
    throw new ApiError("invalid_token", "Dieses Zugriffstoken ist abgelaufen");
  if (!row.creator_is_admin || row.creator_id === null)
    throw new ApiError(
      "invalid_token",
      "Dieses Zugriffstoken gilt nicht mehr: wer es erstellt hat, ist kein Administrator mehr",
    );
  return {
    user: {
      id: row.creator_id,
      username: tokenActorName(row.name),
      email: null,
      role: TOKEN_ROLE,
      twoFactorEnabled: false,
      mustChangePassword: false,
      createdAt: row.creator_created_at!,
      employee: null,
      sessionId: "",
      accessToken: { id: row.id, name: row.name, scopes: row.scopes as TokenScope[] },
    },
    scheduleVersion: row.schedule_version ?? null,
  };
}
