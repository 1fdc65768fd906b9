import { can, type Role } from "@/lib/shared/roles";

/**
 * The kinds ("Art") of the history (docs/PRODUCT-RULES.md §27.5). Which action belongs to which kind is decided once,
 * by the SQL function `audit_kind(action)` of the migration 20261126000200_audit_history: the indexes are built on it.
 */
export const AUDIT_KINDS = [
  "shifts",
  "vacations",
  "unavailability",
  "master_data",
  "users",
  "sign_ins",
  "other",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  shifts: "Schichten",
  vacations: "Ferien",
  unavailability: "Abwesenheiten",
  master_data: "Stammdaten",
  users: "Benutzer",
  sign_ins: "Anmeldungen",
  other: "Sonstiges",
};

/** What managers see: the plan and vacation changes. The partial index of the migration repeats this list. */
export const PLANNER_KINDS = ["shifts", "vacations", "unavailability"] as const satisfies readonly AuditKind[];

/** The kinds a role may list and filter by; empty for roles without the history. */
export function auditKindsFor(role: Role): readonly AuditKind[] {
  if (can(role, "history:all")) return AUDIT_KINDS;
  return can(role, "history:read") ? PLANNER_KINDS : [];
}
