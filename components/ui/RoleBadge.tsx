import type { Role } from "@/lib/shared/roles";

/** How the roles are shown (docs/PRODUCT-RULES.md §1.1): "user" is the staff's role, hence "Mitarbeitende". */
export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrator",
  manager: "Manager",
  user: "Mitarbeitende",
};

const ROLE_STYLES: Record<Role, string> = {
  admin: "bg-purple-100 text-purple-800",
  manager: "bg-sky-100 text-sky-800",
  user: "bg-slate-100 text-slate-700",
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${ROLE_STYLES[role]}`}>
      {ROLE_LABELS[role]}
    </span>
  );
}
