"use client";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/PageHeader";
import { useAuth } from "@/lib/client/auth-store";
import type { UserDto } from "@/lib/shared/api-types";
import { can, type Permission } from "@/lib/shared/roles";

type PermissionGateProps = {
  permission: Permission;
  /** The screen's heading, shown above the notice too. */
  title: string;
  /** What someone without the permission reads instead (docs/PRODUCT-RULES.md §20.5). */
  notice: string;
  children: (user: UserDto) => ReactNode;
};

/**
 * A screen only some roles may use: the signed-in user with the permission gets the screen, anyone else its
 * heading and a notice. The server refuses them anyway (docs/PRODUCT-RULES.md §1.2); this only says so.
 */
export function PermissionGate({ permission, title, notice, children }: PermissionGateProps) {
  const { user } = useAuth();
  if (user && can(user.role, permission)) return children(user);
  return (
    <>
      <PageHeader title={title} />
      <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
        {notice}
      </p>
    </>
  );
}
