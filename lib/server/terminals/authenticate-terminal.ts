import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { hashOpaqueToken } from "@/lib/server/auth/opaque-token";
import { db } from "@/lib/server/db/client";

/** A paired terminal, as its operations see it (docs/PRODUCT-RULES.md §32.4). */
export type TerminalCaller = { id: number; name: string; locationId: number; locationName: string };

export const TERMINAL_NOT_PAIRED = "Dieses Gerät ist nicht (mehr) als Stempeluhr eingerichtet.";

/**
 * The terminal behind `Authorization: Terminal <credential>`. Anything else — no header, a user's Bearer token, an
 * unknown or replaced credential, a revoked terminal, a terminal of an archived location — is 401: the screen says
 * it is no longer paired. The credential is looked up by its SHA-256 hash; it is never stored.
 */
export async function authenticateTerminal(request: Request): Promise<TerminalCaller> {
  const match = /^Terminal\s+([A-Za-z0-9_-]{43})\s*$/.exec(request.headers.get("authorization") ?? "");
  if (!match) throw new ApiError("unauthenticated", TERMINAL_NOT_PAIRED);
  const row = await db.terminal.findFirst({
    where: { credentialHash: hashOpaqueToken(match[1]), revokedAt: null, location: { archivedAt: null } },
    select: { id: true, name: true, locationId: true, location: { select: { name: true } } },
  });
  if (!row) throw new ApiError("unauthenticated", TERMINAL_NOT_PAIRED);
  return { id: row.id, name: row.name, locationId: row.locationId, locationName: row.location.name };
}
