/**
 * The one role table (docs/PRODUCT-RULES.md §1). The server's route wrapper reads it to
 * authorize every request; the UI reads it to hide what a role may not do.
 */
export const ROLES = ["user", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

const EVERYONE = ["user", "manager", "admin"] as const satisfies readonly Role[];
const PLANNERS = ["manager", "admin"] as const satisfies readonly Role[];
const ADMINS = ["admin"] as const satisfies readonly Role[];

export const PERMISSIONS = {
  /** Read employees, locations, shifts, vacations, week templates. */
  "schedule:read": EVERYONE,
  /** Own profile, own password, own 2FA. */
  "profile:manage": EVERYONE,
  /** Create/update/delete shifts, apply a week template. */
  "shifts:write": PLANNERS,
  /** Create/update/delete vacations. */
  "vacations:write": PLANNERS,
  /** Hours report and PDFs. */
  "reports:read": PLANNERS,
  /** The history ("Verlauf", docs/PRODUCT-RULES.md §27.5): plan, vacation and unavailability changes. */
  "history:read": PLANNERS,
  /** The whole history: also master data, users, sign-ins and every other action. */
  "history:all": ADMINS,
  /** Create/update/delete employees, locations, week templates. */
  "master-data:write": ADMINS,
  /** List/create/update/delete user accounts. */
  "users:manage": ADMINS,
  /**
   * Own vacation requests, unavailability, open-shift applications and calendar link: every role, but only
   * with a linked employee and only for that employee (lib/server/self-service/acting-for.ts).
   */
  "self-service": EVERYONE,
  /**
   * Everyone's time entries: record, correct and void them, decide correction requests (docs/PRODUCT-RULES.md
   * §32.1). The own stamps and corrections are `self-service`.
   */
  "time:manage": PLANNERS,
  /**
   * Terminals ("Stempeluhr"): register them, issue pairing links, revoke them; and set or remove any employee's
   * PIN (docs/PRODUCT-RULES.md §32.4). The own PIN is `self-service`.
   */
  "terminals:manage": ADMINS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
