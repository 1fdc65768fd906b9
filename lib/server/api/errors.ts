import "server-only";
import { jsonResponse } from "./json-response";

/**
 * The one error model of the API (docs/PRODUCT-RULES.md §2, §3): every error answer is
 * `{ error, code }` (+ `fields` for validation, + extra keys where noted),
 * with the status taken from this table.
 */
export const ERROR_STATUS = {
  invalid_json: 400,
  validation_failed: 400,
  insufficient_vacation_days: 400,
  invalid_two_factor_token: 400,
  self_action: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  two_factor_expired: 401,
  invalid_two_factor_code: 401,
  invalid_token: 403,
  forbidden: 403,
  password_change_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  shift_overlap: 409,
  employee_on_vacation: 409,
  change_conflict: 409,
  auto_fill_conflict: 409,
  change_undone: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
  pdf_timeout: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  invalid_json: "Ungültiges JSON im Anfragetext",
  validation_failed: "Ungültige Eingabe",
  insufficient_vacation_days: "Nicht genügend Ferientage",
  invalid_two_factor_token: "Ungültiger Token",
  self_action: "Du kannst dich nicht selbst löschen!",
  unauthenticated: "Nicht angemeldet",
  invalid_credentials: "Ungültige Anmeldedaten",
  invalid_refresh_token: "Sitzung abgelaufen. Bitte melde dich erneut an.",
  two_factor_expired: "Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.",
  invalid_two_factor_code: "Ungültiger 2FA-Code",
  invalid_token: "Sitzung ungültig oder abgelaufen",
  forbidden: "Keine Berechtigung",
  password_change_required: "Bitte lege zuerst ein eigenes Passwort fest.",
  not_found: "Nicht gefunden",
  method_not_allowed: "Methode nicht erlaubt",
  conflict: "Konflikt mit vorhandenen Daten",
  shift_overlap: "Die Person arbeitet zu dieser Zeit bereits",
  employee_on_vacation: "Die Person hat an diesem Tag Ferien",
  change_conflict: "Inzwischen geändert – Rückgängig nicht möglich",
  auto_fill_conflict: "Der Plan wurde inzwischen geändert – bitte neu vorschlagen",
  change_undone: "Diese Änderung wurde bereits rückgängig gemacht",
  payload_too_large: "Anfrage zu gross (höchstens 1 MiB)",
  unsupported_media_type: "Anfragetext muss JSON sein",
  rate_limited: "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es später erneut.",
  internal: "Interner Serverfehler",
  service_unavailable: "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
  pdf_timeout:
    "Das PDF hat zu lange gebraucht und wurde abgebrochen. " +
    "Bitte wähle einen kürzeren Zeitraum oder versuche es später noch einmal.",
};

export type ErrorExtras = {
  fields?: Record<string, string>;
  headers?: Record<string, string>;
} & Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  toResponse(): Response {
    const { headers, ...body } = this.extras;
    return jsonResponse({ error: this.message, code: this.code, ...body }, { status: this.status, headers });
  }
}
