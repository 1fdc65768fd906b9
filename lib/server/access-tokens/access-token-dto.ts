import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { AccessTokenDto } from "@/lib/shared/schemas/access-token";
import type { TokenScope } from "@/lib/shared/token-scopes";

/** Every token starts so: authenticate() tells it from a login's JWT by it, and secret scanners can find a leak. */
export const ACCESS_TOKEN_PREFIX = "swk_";

export const ACCESS_TOKEN_SELECT = {
  id: true,
  name: true,
  scopes: true,
  hint: true,
  expiresOn: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
  creator: { select: { username: true, role: true } },
} as const satisfies Prisma.AccessTokenSelect;

type AccessTokenRow = Prisma.AccessTokenGetPayload<{ select: typeof ACCESS_TOKEN_SELECT }>;

/** `today`: the business's date (yyyy-MM-dd); a token works through its `expires_on`. */
export function toAccessTokenDto(row: AccessTokenRow, today: string): AccessTokenDto {
  const expiresOn = row.expiresOn ? row.expiresOn.toISOString().slice(0, 10) : null;
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as TokenScope[],
    hint: row.hint,
    expires_on: expiresOn,
    status: row.revokedAt
      ? "revoked"
      : row.creator?.role !== "admin"
        ? "creator_gone"
        : expiresOn !== null && expiresOn < today
          ? "expired"
          : "active",
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    created_by: row.creator?.username ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * How the history and every "by whom" of a change names a token's act: "Token «Kasse»". Within the 100 characters
 * of the username columns.
 */
export function tokenActorName(name: string): string {
  return `Token «${name.slice(0, 90)}»`;
}
