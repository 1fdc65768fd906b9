import { formatDate, formatTimestamp, formatTimestampDate } from "@/lib/shared/format";
import type { AccessTokenDto } from "@/lib/shared/schemas/access-token";
import { TOKEN_SCOPE_LABELS, type TokenScope } from "@/lib/shared/token-scopes";

/** The words of the token list on "Integrationen" (docs/PRODUCT-RULES.md §36.3). */
export const TOKEN_STATUS_TEXT: Record<AccessTokenDto["status"], string> = {
  active: "Aktiv",
  expired: "Abgelaufen",
  revoked: "Widerrufen",
  creator_gone: "Ungültig (Ersteller ist kein Admin mehr)",
};

/** A scope as a chip: its label without the examples in brackets ("Plan lesen"); the whole label is its tooltip. */
export function scopeShortLabel(scope: TokenScope): string {
  const label = TOKEN_SCOPE_LABELS[scope];
  const bracket = label.indexOf(" (");
  return bracket < 0 ? label : label.slice(0, bracket);
}

/**
 * How long it works: "Läuft ab am 31.12.2026" (the last day it works) or "Unbefristet"; an expired token "Gültig bis
 * …", a revoked one when it was revoked.
 */
export function tokenValidityText(token: Pick<AccessTokenDto, "status" | "expires_on" | "revoked_at">): string {
  if (token.status === "revoked" && token.revoked_at) return `Widerrufen am ${formatTimestampDate(token.revoked_at)}`;
  if (token.expires_on === null) return "Unbefristet";
  return `${token.status === "expired" ? "Gültig bis" : "Läuft ab am"} ${formatDate(token.expires_on)}`;
}

/** "Zuletzt benutzt: 29.11.2026 14:05" (the viewer's time zone, to the minute) or "Noch nie benutzt". */
export function tokenLastUsedText(lastUsedAt: string | null): string {
  return lastUsedAt === null ? "Noch nie benutzt" : `Zuletzt benutzt: ${formatTimestamp(lastUsedAt)}`;
}

/** "Erstellt von sandra am 01.12.2026"; the creator's account may have been deleted since. */
export function tokenCreatedText(token: Pick<AccessTokenDto, "created_by" | "created_at">): string {
  const day = formatTimestampDate(token.created_at);
  return token.created_by === null
    ? `Erstellt am ${day} (Benutzer gelöscht)`
    : `Erstellt von ${token.created_by} am ${day}`;
}
