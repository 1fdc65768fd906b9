import type { ReactNode } from "react";
import type { UserDto } from "@/lib/shared/api-types";
import { can, ROLES, type Permission } from "@/lib/shared/roles";

export type NavItem = {
  href: string;
  label: string;
  icon: ReactNode;
  /** What the screen needs, from the one role table (lib/shared/roles.ts); the sidebar hides the entry without it. */
  permission: Permission;
  /** Only for users linked to an employee (docs/PRODUCT-RULES.md §26.6). */
  linkedOnly?: true;
};

const icon = (path: string) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={path} />
  </svg>
);

/**
 * The sidebar of docs/PRODUCT-RULES.md §16.1, in its order; Meine Schichten only with a linked employee (§26.6),
 * Berichte and Verlauf (§27.5) for managers and admins, Benutzer, Betrieb (§22.6) and Integrationen (§36.3) only for
 * admins. Every entry names the permission its screen checks, so no role is shown a screen that would only say it is
 * not theirs (§29.5).
 */
export const NAV_ITEMS: NavItem[] = [
  {
    href: "/",
    label: "Dashboard",
    icon: icon("M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10"),
    permission: "schedule:read",
  },
  {
    href: "/me",
    label: "Meine Schichten",
    icon: icon("M12 12a4 4 0 100-8 4 4 0 000 8M5 21v-1a5 5 0 015-5h1M15 17l2 2 4-4"),
    permission: "self-service",
    linkedOnly: true,
  },
  {
    href: "/schedule",
    label: "Wochenplanung",
    icon: icon("M4 5h16v15H4zM4 9h16M9 5v15M8 3v4M16 3v4"),
    permission: "schedule:read",
  },
  {
    href: "/employees",
    label: "Mitarbeiter",
    icon: icon(
      "M16 19v-1a4 4 0 00-4-4H7a4 4 0 00-4 4v1M9.5 10a3.5 3.5 0 100-7 3.5 3.5 0 000 7" +
        "M21 19v-1a4 4 0 00-3-3.9M16 3.1a3.5 3.5 0 010 6.8",
    ),
    permission: "schedule:read",
  },
  {
    href: "/locations",
    label: "Standorte",
    icon: icon("M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5"),
    permission: "schedule:read",
  },
  {
    href: "/week-templates",
    label: "Wochenvorlagen",
    icon: icon("M8 4h11v14H8zM5 7v13h11"),
    permission: "schedule:read",
  },
  {
    href: "/vacations",
    label: "Ferien",
    icon: icon(
      "M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4" +
        "M12 16a4 4 0 100-8 4 4 0 000 8",
    ),
    permission: "schedule:read",
  },
  {
    href: "/time",
    label: "Zeiterfassung",
    icon: icon("M12 21a8 8 0 100-16 8 8 0 000 16M12 9v4l2.5 1.5M10 2h4"),
    permission: "time:manage",
  },
  {
    href: "/reports",
    label: "Berichte",
    icon: icon("M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6"),
    permission: "reports:read",
  },
  {
    href: "/history",
    label: "Verlauf",
    icon: icon("M3 12a9 9 0 109-9 9 9 0 00-7 3.3M3 4v4h4M12 7v5l3 2"),
    permission: "history:read",
  },
  {
    href: "/users",
    label: "Benutzer",
    icon: icon("M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4"),
    permission: "users:manage",
  },
  {
    href: "/settings",
    label: "Betrieb",
    icon: icon("M4 21V5h10v16M14 9h6v12M2 21h20M7.5 9h3M7.5 13h3M7.5 17h3M17 13h.01M17 17h.01"),
    permission: "master-data:write",
  },
  {
    href: "/integrations",
    label: "Integrationen",
    // Two plugs joined: a connection to another system.
    icon: icon("M9 7V3M15 7V3M7 7h10v4a5 5 0 01-10 0zM12 16v5"),
    permission: "users:manage",
  },
];

/**
 * The entries a user sees: those whose permission their role has, Meine Schichten only with a linked employee. Before
 * the session is known (the prerendered frame) the entries every role sees.
 */
export function navItemsFor(user: Pick<UserDto, "role" | "employee_id"> | null): NavItem[] {
  return NAV_ITEMS.filter((item) =>
    user
      ? can(user.role, item.permission) && (!item.linkedOnly || user.employee_id !== null)
      : !item.linkedOnly && ROLES.every((role) => can(role, item.permission)),
  );
}
