import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import type { TerminalDto } from "@/lib/shared/schemas/terminal";
import { newPairingToken } from "./pairing-link";
import { TERMINAL_SELECT, toTerminalDto } from "./terminal-dto";

export const TERMINAL_REVOKED = "Diese Stempeluhr ist widerrufen. Bitte registriere eine neue.";

/** Every terminal, revoked ones too (they stay as history), by location and name. */
export async function listTerminals(): Promise<TerminalDto[]> {
  const rows = await db.terminal.findMany({
    select: TERMINAL_SELECT,
    orderBy: [{ location: { name: "asc" } }, { name: "asc" }, { id: "asc" }],
  });
  const now = new Date();
  return rows.map((row) => toTerminalDto(row, now));
}

export type TerminalActionOptions = { terminalId: number; audit: AuditContext };

/**
 * A new one-time pairing link for a terminal (docs/PRODUCT-RULES.md §32.4): it replaces an open link; the browser
 * that pairs with it replaces the one paired before (whose credential then answers 401). A revoked terminal takes
 * no new link: 409.
 */
export async function issuePairingLink({ terminalId, audit }: TerminalActionOptions) {
  const pairing = newPairingToken();
  return transaction(async (tx) => {
    const updated = await tx.terminal.updateMany({
      where: { id: terminalId, revokedAt: null },
      data: { pairingTokenHash: pairing.hash, pairingExpiresAt: pairing.expiresAt },
    });
    if (updated.count === 0) throw await missingOrRevoked(terminalId);
    const row = await tx.terminal.findUniqueOrThrow({ where: { id: terminalId }, select: TERMINAL_SELECT });
    await recordAudit(tx, {
      actor: audit.actor,
      ip: audit.ip,
      action: "terminal.pairing_link",
      entityType: "terminal",
      entityId: terminalId,
      details: { name: row.name, location_id: row.locationId },
    });
    return {
      terminal: toTerminalDto(row),
      pairing_path: pairing.path,
      pairing_expires_at: pairing.expiresAt.toISOString(),
    };
  });
}

/**
 * Revokes a terminal for good: its credential and any open pairing link stop working at once (401). Revoking a
 * revoked terminal answers it unchanged.
 */
export async function revokeTerminal({ terminalId, audit }: TerminalActionOptions): Promise<TerminalDto> {
  return transaction(async (tx) => {
    const updated = await tx.terminal.updateMany({
      where: { id: terminalId, revokedAt: null },
      data: { revokedAt: new Date(), credentialHash: null, pairingTokenHash: null, pairingExpiresAt: null },
    });
    const row = await tx.terminal.findUnique({ where: { id: terminalId }, select: TERMINAL_SELECT });
    if (!row) throw new ApiError("not_found");
    if (updated.count > 0)
      await recordAudit(tx, {
        actor: audit.actor,
        ip: audit.ip,
        action: "terminal.revoke",
        entityType: "terminal",
        entityId: terminalId,
        details: { name: row.name, location_id: row.locationId },
      });
    return toTerminalDto(row);
  });
}

async function missingOrRevoked(terminalId: number): Promise<ApiError> {
  const row = await db.terminal.findUnique({ where: { id: terminalId }, select: { id: true } });
  return row ? new ApiError("conflict", TERMINAL_REVOKED) : new ApiError("not_found");
}
