import "server-only";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";

/** A pairing link works once and for this long (docs/PRODUCT-RULES.md §32.4). */
export const PAIRING_TTL_MS = 24 * 3_600_000;

/**
 * A new one-time pairing token: the link carries it in the fragment (`/terminal/pair#<token>`), which a browser
 * sends to no server, so it lands in no access log and no Referer. Only its hash is stored.
 */
export function newPairingToken(now = new Date()) {
  const token = newOpaqueToken();
  return {
    token,
    hash: hashOpaqueToken(token),
    expiresAt: new Date(now.getTime() + PAIRING_TTL_MS),
    path: `/terminal/pair#${token}`,
  };
}
