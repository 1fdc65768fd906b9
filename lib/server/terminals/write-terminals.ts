import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";
import { db } from "@/lib/server/db/client";
import { shareLocations } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { TerminalCreateInput, TerminalDto } from "@/lib/shared/schemas/terminal";
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

export const TERMINAL_REVOKED = "Diese Stempeluhr ist widerrufen. Bitte registriere eine neue.";

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
