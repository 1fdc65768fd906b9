import { can, type Role } from "@/lib/shared/roles";

/**
 * The kinds ("Art") of the history (docs/PRODUCT-RULES.md §27.5). Every action the code writes is declared with its
 * kind in AUDIT_ACTIONS below; the database files it by the SQL function `audit_kind(action)` of the migration
 * 20261126000200_audit_history, on which the history's indexes are built. `lib/server/audit/audit-kinds.test.ts`
 * proves the two agree for every declared action; "other" ("Sonstiges") is only for rows of actions no longer
 * written. How to add an action or a kind: docs/ARCHITECTURE.md §12.
 */
export const AUDIT_KINDS = [
  "shifts",
  "vacations",
  "unavailability",
  "absences",
  "master_data",
  "users",
  "sign_ins",
  "time",
  "other",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  shifts: "Schichten",
  vacations: "Ferien",
  // "Abwesenheit" is sick leave and other absences (docs/PRODUCT-RULES.md §31.6); this is "Nicht verfügbar".
  unavailability: "Nicht verfügbar",
  master_data: "Stammdaten",
  users: "Benutzer",
  sign_ins: "Anmeldungen",
  time: "Zeiterfassung",
  other: "Sonstiges",
  absences: "Abwesenheiten",
};

/**
 * Every audit action the code writes, with its kind: the type of `recordAudit`'s `action`, so an action not declared
 * here does not compile.
 */
export const AUDIT_ACTIONS = {
  "shift.create": "shifts",
  "shift.update": "shifts",
  "shift.delete": "shifts",
  "shift.copy_week": "shifts",
  "shift.bulk_move": "shifts",
  "shift.bulk_copy": "shifts",
  "shift.bulk_delete": "shifts",
  "shift.auto_fill": "shifts",
  "shift.publish": "shifts",
  "shift.swap_offer": "shifts",
  "shift.swap_accept": "shifts",
  "shift.swap_approve": "shifts",
  "shift.swap_reject": "shifts",
  "shift.swap_withdraw": "shifts",
  "shift.swap_cancel": "shifts",
  "shift_application.create": "shifts",
  "shift_application.delete": "shifts",
  "change.undo": "shifts",
  "week_template.apply": "shifts",
  "vacation.create": "vacations",
  "vacation.request": "vacations",
  "vacation.update": "vacations",
  "vacation.approve": "vacations",
  "vacation.reject": "vacations",
  "vacation.delete": "vacations",
  "vacation.withdraw": "vacations",
  "unavailability.create": "unavailability",
  "unavailability.update": "unavailability",
  "unavailability.delete": "unavailability",
  // Wishes (docs/PRODUCT-RULES.md §35.8) share the prefix: the history files them under "Nicht verfügbar".
  "unavailability.wish_create": "unavailability",
  "unavailability.wish_delete": "unavailability",
  "employee.create": "master_data",
  "employee.update": "master_data",
  "employee.archive": "master_data",
  "location.create": "master_data",
  "location.update": "master_data",
  "location.archive": "master_data",
  "week_template.create": "master_data",
  "week_template.update": "master_data",
  "week_template.delete": "master_data",
  "shift_preset.create": "master_data",
  "shift_preset.update": "master_data",
  "shift_preset.delete": "master_data",
  "settings.update": "master_data",
  "settings.payroll_update": "master_data",
  "user.bootstrap_admin": "users",
  "user.create": "users",
  "user.update": "users",
  "user.delete": "users",
  "user.reset_2fa": "users",
  // Integrations' access tokens (docs/PRODUCT-RULES.md §36).
  "user.token_create": "users",
  "user.token_revoke": "users",
  "calendar_feed.issue": "users",
  "calendar_feed.revoke": "users",
  // Webhooks (docs/PRODUCT-RULES.md §37): they hand data outside the app, like calendar links. `disabled` has no
  // actor: the delivery job switches a hook off after 24 hours of failures.
  "webhook.created": "users",
  "webhook.updated": "users",
  "webhook.deleted": "users",
  "webhook.disabled": "users",
  "auth.login": "sign_ins",
  "auth.login_failed": "sign_ins",
  "auth.logout": "sign_ins",
  "auth.password_changed": "sign_ins",
  "auth.2fa_enabled": "sign_ins",
  "auth.2fa_disabled": "sign_ins",
  "auth.recovery_codes_renewed": "sign_ins",
  "auth.recovery_code_used": "sign_ins",
  "auth.recheck_failed": "sign_ins",
  "auth.recheck_locked": "sign_ins",
  // Time recording (docs/PRODUCT-RULES.md §32.1); the changes of an entry are also its revisions.
  "time_entry.clock": "time",
  "time_entry.create": "time",
  "time_entry.update": "time",
  "time_entry.void": "time",
  "time_correction.request": "time",
  "time_correction.accept": "time",
  "time_correction.reject": "time",
  "absence.create": "absences",
  "absence.update": "absences",
  "absence.delete": "absences",
  "absence.sick_report": "absences",
  // The monthly approval (docs/PRODUCT-RULES.md §32.3).
  "timesheet.approve": "time",
  "timesheet.reopen": "time",
  // The time account (docs/PRODUCT-RULES.md §34.3).
  "timesheet.account_opening": "time",
  "timesheet.account_booking": "time",
  // PINs and the terminal (docs/PRODUCT-RULES.md §32.4); the terminal's stamps are time_entry.clock.
  "terminal.create": "time",
  "terminal.pairing_link": "time",
  "terminal.pair": "time",
  "terminal.revoke": "time",
  "terminal.pin_set": "time",
  "terminal.pin_remove": "time",
  "terminal.pin_locked": "time",
  "terminal.paused": "time",
} as const satisfies Record<string, Exclude<AuditKind, "other">>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** What managers see: the plan and vacation changes. The partial index of the migration repeats this list. */
export const PLANNER_KINDS = [
  "shifts",
  "vacations",
  "unavailability",
  "absences",
] as const satisfies readonly AuditKind[];

/** The kinds a role may list and filter by; empty for roles without the history. */
export function auditKindsFor(role: Role): readonly AuditKind[] {
  if (can(role, "history:all")) return AUDIT_KINDS;
  return can(role, "history:read") ? PLANNER_KINDS : [];
}
