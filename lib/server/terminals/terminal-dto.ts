import "server-only";
import type { TerminalDto } from "@/lib/shared/schemas/terminal";

/** What of a terminal row leaves lib/server: never a hash (docs/PRODUCT-RULES.md §32.4). */
export const TERMINAL_SELECT = {
  id: true,
  name: true,
  locationId: true,
  location: { select: { name: true } },
  credentialHash: true,
  pairingExpiresAt: true,
  pairedAt: true,
  revokedAt: true,
  pausedUntil: true,
  lastUsedAt: true,
  createdAt: true,
} as const;

type TerminalRow = {
  id: number;
  name: string;
  locationId: number;
  location: { name: string };
  credentialHash: string | null;
  pairingExpiresAt: Date | null;
  pairedAt: Date | null;
  revokedAt: Date | null;
  pausedUntil: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toTerminalDto(row: TerminalRow, now = new Date()): TerminalDto {
  const open = row.pairingExpiresAt !== null && row.pairingExpiresAt > now;
  return {
    id: row.id,
    name: row.name,
    location_id: row.locationId,
    location_name: row.location.name,
    status: row.revokedAt ? "revoked" : row.credentialHash ? "paired" : "waiting",
    pairing_expires_at: open ? iso(row.pairingExpiresAt) : null,
    paired_at: iso(row.pairedAt),
    revoked_at: iso(row.revokedAt),
    paused_until: row.pausedUntil && row.pausedUntil > now ? iso(row.pausedUntil) : null,
    last_used_at: iso(row.lastUsedAt),
    created_at: row.createdAt.toISOString(),
  };
}
