/**
 * The scopes of an integration's access token (docs/PRODUCT-RULES.md §36): what a token may do. Each API operation
 * names the one scope that opens it (`scope` in lib/shared/contract); an operation without one is never open to a
 * token (user, token and webhook administration, the own profile, the staff side). The role table
 * (lib/shared/roles.ts) still applies: a token acts with a planner's rights ("manager"), within its scopes.
 */
export const TOKEN_SCOPES = [
  "schedule:read",
  "schedule:write",
  "employees:read",
  "vacations:read",
  "vacations:write",
  "time:read",
  "time:write",
  "reports:read",
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The admin screen's words for each scope. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  "schedule:read": "Plan lesen (Standorte, Schichten, Wochen, Vorlagen)",
  "schedule:write": "Plan ändern (Schichten, Veröffentlichen)",
  "employees:read": "Mitarbeiter lesen",
  "vacations:read": "Ferien und Abwesenheiten lesen",
  "vacations:write": "Ferien und Abwesenheiten ändern",
  "time:read": "Arbeitszeiten lesen (Zeiterfassung, Monatsabschluss, Zeitkonto, Lohnexport)",
  "time:write": "Arbeitszeiten ändern",
  "reports:read": "Berichte (Stunden, PDFs)",
};

/** The role a token acts with inside its scopes: a planner's, never an admin's (no admin-only data in answers). */
export const TOKEN_ROLE = "manager" as const;
