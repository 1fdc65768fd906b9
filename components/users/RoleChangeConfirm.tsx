"use client";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ROLE_LABELS } from "@/components/ui/RoleBadge";
import type { UserDto } from "@/lib/shared/api-types";
import type { Role } from "@/lib/shared/roles";

/** What the new role may do, in one short clause (docs/PRODUCT-RULES.md §1.1). */
const WHAT_IT_MAY: Record<Role, string> = {
  admin: "darf dann alles, auch Benutzer und Stammdaten verwalten",
  manager: "darf dann Schichten planen, Ferien eintragen und Berichte sehen",
  user: "sieht dann den Plan, ohne ihn zu ändern",
};

export type RoleChange = { account: UserDto; role: Role };

/**
 * A role picked in the users table is asked first (docs/PRODUCT-RULES.md §29.4): "Abbrechen" leaves the old role in
 * the picker and sends nothing.
 */
export function RoleChangeConfirm({
  change,
  onConfirm,
  onClose,
}: {
  change: RoleChange | null;
  onConfirm: (change: RoleChange) => Promise<void>;
  onClose: () => void;
}) {
  const name = change ? `„${change.account.username}“` : "";
  return (
    <ConfirmDialog
      open={change !== null}
      title={`Rolle von ${name} ändern?`}
      message={change ? `${name} bekommt die Rolle ${ROLE_LABELS[change.role]} und ${WHAT_IT_MAY[change.role]}.` : ""}
      confirmLabel="Rolle ändern"
      busyLabel="Wird geändert..."
      tone="primary"
      onConfirm={() => (change ? onConfirm(change) : Promise.resolve())}
      onClose={onClose}
    />
  );
}
