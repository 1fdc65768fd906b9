import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";
import { businessToday } from "@/lib/server/clock";
import { transaction } from "@/lib/server/db/transaction";
import type { AccessTokenCreateInput, AccessTokenDto } from "@/lib/shared/schemas/access-token";
import { ACCESS_TOKEN_PREFIX, ACCESS_TOKEN_SELECT, toAccessTokenDto } from "./access-token-dto";

const EXPIRY_PAST = "Das Ablaufdatum liegt in der Vergangenheit";

export type CreateAccessTokenOptions = { input: AccessTokenCreateInput; audit: AuditContext };

/**
 * Creates a token (docs/PRODUCT-RULES.md §36) and answers it this once: only its SHA-256 is stored. It acts in the
 * creating admin's name.
 */
export async function createAccessToken({
  input,
  audit,
}: CreateAccessTokenOptions): Promise<{ access_token: AccessTokenDto; token: string }> {
  const today = businessToday();
  if (input.expires_on !== null && input.expires_on < today)
    throw new ApiError("validation_failed", EXPIRY_PAST, { fields: { expires_on: EXPIRY_PAST } });
  const token = ACCESS_TOKEN_PREFIX + newOpaqueToken();
  return transaction(async (tx) => {
    const row = await tx.accessToken.create({
      data: {
        name: input.name,
        scopes: input.scopes,
        secretHash: hashOpaqueToken(token),
        hint: token.slice(0, 8),
        expiresOn: input.expires_on === null ? null : new Date(`${input.expires_on}T00:00:00Z`),
        createdBy: audit.actor.id,
      },
      select: ACCESS_TOKEN_SELECT,
    });
    await recordAudit(tx, {
      ...audit,
      action: "user.token_create",
      entityType: "access_token",
      entityId: row.id,
      details: { name: row.name, scopes: row.scopes, expires_on: input.expires_on },
    });
    return { access_token: toAccessTokenDto(row, today), token };
  });
}

export type RevokeAccessTokenOptions = { id: number; audit: AuditContext };

/**
 * Revokes a token: the next request with it answers 403. Revoking a revoked token changes nothing; the row stays, so
 * the history keeps naming what the token did. An unknown id: 404.
 */
export async function revokeAccessToken({ id, audit }: RevokeAccessTokenOptions): Promise<void> {
  await transaction(async (tx) => {
    const [revoked] = await tx.accessToken.updateManyAndReturn({
      where: { id, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { name: true },
    });
    if (revoked)
      await recordAudit(tx, {
        ...audit,
        action: "user.token_revoke",
        entityType: "access_token",
        entityId: id,
        details: { name: revoked.name },
      });
    else if ((await tx.accessToken.count({ where: { id } })) === 0)
      throw new ApiError("not_found", "Dieses Zugriffstoken gibt es nicht");
  });
}
