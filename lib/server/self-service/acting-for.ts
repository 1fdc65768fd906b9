import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { can, type Permission } from "@/lib/shared/roles";

export const NOT_LINKED = "Dein Benutzer ist mit keinem Mitarbeiter verknüpft";

/**
 * The employee a self-service request acts for (docs/PRODUCT-RULES.md §26): the caller's linked employee.
 * Without a link there is nobody to act for: 403.
 */
export function linkedEmployeeId(user: AuthUser): number {
  if (!user.employee) throw new ApiError("forbidden", NOT_LINKED);
  return user.employee.id;
}

/**
 * May the caller act for this employee? Callers with the planner's permission (e.g. `vacations:write`) act for
 * anyone; everyone else only for their own linked employee (403 "Keine Berechtigung" for any other id, and for
 * callers without a link). Route handlers call this before they read or write anything of the employee.
 */
export function assertActsFor(user: AuthUser, employeeId: number, plannerPermission: Permission): void {
  if (can(user.role, plannerPermission)) return;
  if (linkedEmployeeId(user) !== employeeId) throw new ApiError("forbidden");
}

/** True when the caller plans for everyone (manager/admin) rather than acting only for themselves. */
export function isPlanner(user: AuthUser, plannerPermission: Permission): boolean {
  return can(user.role, plannerPermission);
}
