import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";
import { transaction } from "@/lib/server/db/transaction";

export const PAIRING_INVALID =
  "Dieser Kopplungslink ist ungültig, abgelaufen oder schon benutzt. Bitte lass dir einen neuen geben.";

export type PairTerminalOptions = { token: string; ip: string };

/**
 * Pairs the browser that opened a one-time link (docs/PRODUCT-RULES.md §32.4): one conditional UPDATE takes the
 * link (unused, unexpired, terminal not revoked) and stores the hash of a new credential, so of two browsers with
 * the same link exactly one wins. The credential (256 random bits) is answered this once. A wrong, used or expired
 * token is 400 with one message: it tells nothing about which.
 */
export async function pairTerminal({ token, ip }: PairTerminalOptions) {
  const credential = newOpaqueToken();
  const now = new Date();
  return transaction(async (tx) => {
    const [row] = await tx.terminal.updateManyAndReturn({
      where: {
        pairingTokenHash: hashOpaqueToken(token),
        pairingExpiresAt: { gt: now },
        revokedAt: null,
        location: { archivedAt: null },
      },
      data: {
        credentialHash: hashOpaqueToken(credential),
        pairingTokenHash: null,
        pairingExpiresAt: null,
        pairedAt: now,
        pausedUntil: null,
      },
      select: { id: true, name: true, locationId: true, location: { select: { name: true } } },
    });
    if (!row) throw new ApiError("validation_failed", PAIRING_INVALID, { fields: { token: PAIRING_INVALID } });
    await recordAudit(tx, {
      actor: null,
      ip,
      action: "terminal.pair",
      entityType: "terminal",
      entityId: row.id,
      details: { name: row.name, location_id: row.locationId },
    });
    return { credential, terminal_name: row.name, location_name: row.location.name };
  });
}
