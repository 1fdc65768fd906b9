import { describe, expect, test } from "vitest";
import { TOKEN_SCOPES } from "@/lib/shared/token-scopes";
import { scopeShortLabel, tokenCreatedText, tokenLastUsedText, tokenValidityText } from "./access-token-text";

// Noon UTC: the same day in every time zone the viewer may be in.
const noon = "2026-12-01T12:00:00.000Z";

describe("access token texts", () => {
  test("a scope's chip is its label without the brackets, and no two chips read alike", () => {
    expect(scopeShortLabel("schedule:read")).toBe("Plan lesen");
    expect(scopeShortLabel("employees:read")).toBe("Mitarbeiter lesen");
    expect(scopeShortLabel("time:read")).toBe("Arbeitszeiten lesen");
    expect(new Set(TOKEN_SCOPES.map(scopeShortLabel)).size).toBe(TOKEN_SCOPES.length);
  });

  test("validity: the last day, unlimited, expired, revoked", () => {
    expect(tokenValidityText({ status: "active", expires_on: "2026-12-31", revoked_at: null })).toBe(
      "Läuft ab am 31.12.2026",
    );
    expect(tokenValidityText({ status: "active", expires_on: null, revoked_at: null })).toBe("Unbefristet");
    expect(tokenValidityText({ status: "creator_gone", expires_on: null, revoked_at: null })).toBe("Unbefristet");
    expect(tokenValidityText({ status: "expired", expires_on: "2026-11-30", revoked_at: null })).toBe(
      "Gültig bis 30.11.2026",
    );
    expect(tokenValidityText({ status: "revoked", expires_on: null, revoked_at: noon })).toBe(
      "Widerrufen am 01.12.2026",
    );
  });

  test("last use and creation", () => {
    expect(tokenLastUsedText(null)).toBe("Noch nie benutzt");
    expect(tokenLastUsedText(noon)).toMatch(/^Zuletzt benutzt: 01\.12\.2026 \d\d:00$/);
    expect(tokenCreatedText({ created_by: "sandra", created_at: noon })).toBe("Erstellt von sandra am 01.12.2026");
    expect(tokenCreatedText({ created_by: null, created_at: noon })).toBe("Erstellt am 01.12.2026 (Benutzer gelöscht)");
  });
});
