import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { shareLocations } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { TerminalCreateInput } from "@/lib/shared/schemas/terminal";
import { newPairingToken } from "./pairing-link";
import { TERMINAL_SELECT, toTerminalDto } from "./terminal-dto";

const UNKNOWN_LOCATION = "Unbekannter oder archivierter Standort";

export type CreateTerminalOptions = { input: TerminalCreateInput; audit: AuditContext };

/**
 * Registers a terminal at an active location (docs/PRODUCT-RULES.md §32.4) and answers it with its first one-time
 * pairing link. The location is held FOR SHARE, so an archiving waits for the new row.
 */
export async function createTerminal({ input, audit }: CreateTerminalOptions) {
  const pairing = newPairingToken();
  return transaction(async (tx) => {
    const held = await shareLocations(tx, [input.location_id], { activeOnly: true });
    if (!held.has(input.location_id))
      throw new ApiError("validation_failed", UNKNOWN_LOCATION, { fields: { location_id: UNKNOWN_LOCATION } });
    const row = await tx.terminal.create({
      data: {
        locationId: input.location_id,
        name: input.name,
        pairingTokenHash: pairing.hash,
        pairingExpiresAt: pairing.expiresAt,
        createdBy: audit.actor.id,
      },
      select: TERMINAL_SELECT,
    });
    await recordAudit(tx, {
      actor: audit.actor,
      ip: audit.ip,
      action: "terminal.create",
      entityType: "terminal",
      entityId: row.id,
      details: { name: row.name, location_id: row.locationId },
    });
    return {
      terminal: toTerminalDto(row),
      pairing_path: pairing.path,
      pairing_expires_at: pairing.expiresAt.toISOString(),
    };
  });
}
