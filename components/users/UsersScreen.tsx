"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { DataTable } from "@/components/ui/DataTable";
import { PageHeader } from "@/components/ui/PageHeader";
import { PermissionGate } from "@/components/ui/PermissionGate";
import { RoleBadge, ROLE_LABELS } from "@/components/ui/RoleBadge";
import { WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";
import { useResource } from "@/lib/client/use-resource";
import type { UserDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatTimestampDate } from "@/lib/shared/format";
import { ROLES, type Role } from "@/lib/shared/roles";
import { CreateUserDialog } from "./CreateUserDialog";
import { EmployeeLinkOptions, linkChoices } from "./EmployeeLinkOptions";
import { RoleChangeConfirm, type RoleChange } from "./RoleChangeConfirm";

/**
 * Users (docs/PRODUCT-RULES.md §16.11, admins only): accounts with role, linked employee (§26.1), 2FA status and
 * creation date.
 */
export function UsersScreen() {
  return (
    <PermissionGate
      permission="users:manage"
      title="Benutzer"
      notice="Nur Administratoren haben Zugriff auf diese Seite"
    >
      {(user) => <UserAdministration currentUserId={user.id} />}
    </PermissionGate>
  );
}

function UserAdministration({ currentUserId }: { currentUserId: number }) {
  const users = useResource((signal) => api.get("/users", signal), "Fehler beim Laden der Benutzer");
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const [resetting, setResetting] = useState<UserDto | null>(null);
  // The pickers need the employees; until they are loaded, the column shows the linked name as text.
  const employees = useResource((signal) => api.get("/employees", signal), "Fehler beim Laden der Mitarbeiter");
  const [changingRole, setChangingRole] = useState<number | null>(null);
  const [askingRole, setAskingRole] = useState<RoleChange | null>(null);
  const [changingLink, setChangingLink] = useState<number | null>(null);
  const { run } = useAction();

  async function changeRole({ account: target, role }: RoleChange) {
    setChangingRole(target.id);
    await run(() => api.put(`/users/${target.id}`, { role }), {
      success: "Rolle geändert!",
      failure: "Fehler beim Aktualisieren",
    });
    setAskingRole(null);
    await users.reload();
    setChangingRole(null);
  }

  async function changeLink(target: UserDto, employeeId: number | null) {
    setChangingLink(target.id);
    await run(() => api.put(`/users/${target.id}`, { employee_id: employeeId }), {
      success: employeeId === null ? "Verknüpfung aufgehoben!" : "Mitarbeiter verknüpft!",
      failure: "Fehler beim Aktualisieren",
    });
    await users.reload();
    setChangingLink(null);
  }

  /** docs/PRODUCT-RULES.md §29.1: for someone who lost the phone and the recovery codes. */
  async function resetTwoFactor(target: UserDto) {
    const done = await run(() => api.put(`/users/${target.id}`, { reset_two_factor: true }), {
      success: "2FA zurückgesetzt!",
      failure: "Fehler beim Zurücksetzen der 2FA",
    });
    if (done) setResetting(null);
    await users.reload();
  }

  return (
    <>
      <PageHeader
        title="Benutzer"
        description="Wer sich anmelden darf und mit welcher Rolle."
        actions={<Button onClick={() => setCreating(true)}>+ Neuer Benutzer</Button>}
      />
      <WhenLoaded resource={users} failedTitle="Die Benutzer konnten nicht geladen werden.">
        {(accounts) => (
          <DataTable
            minWidthClass="min-w-[880px]"
            columns={[
              { label: "Benutzername" },
              { label: "E-Mail" },
              { label: "Rolle" },
              { label: "Mitarbeiter" },
              { label: "2FA" },
              { label: "Erstellt am" },
              { label: "Aktionen", align: "right" },
            ]}
          >
            {accounts.map((account) => {
              const own = account.id === currentUserId;
              return (
                <tr key={account.id} className="h-14">
                  <td className="px-4 py-2 font-medium text-slate-900">
                    {account.username}
                    {own && <span className="ml-1 font-normal text-slate-500">(Du)</span>}
                  </td>
                  <td className="px-4 py-2 text-slate-700">{account.email ?? "–"}</td>
                  <td className="px-4 py-2">
                    {own ? (
                      <RoleBadge role={account.role} />
                    ) : (
                      <select
                        aria-label={`Rolle von ${account.username}`}
                        value={account.role}
                        disabled={changingRole === account.id}
                        onChange={(event) => setAskingRole({ account, role: event.target.value as Role })}
                        className="min-h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td className="px-4 py-2 text-slate-700">
                    {employees.data ? (
                      <select
                        aria-label={`Verknüpfter Mitarbeiter von ${account.username}`}
                        value={account.employee_id === null ? "" : String(account.employee_id)}
                        disabled={changingLink === account.id}
                        onChange={(event) =>
                          changeLink(account, event.target.value ? Number(event.target.value) : null)
                        }
                        className="min-h-9 max-w-56 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                      >
                        <EmployeeLinkOptions choices={linkChoices(employees.data, accounts, account.employee_id)} />
                      </select>
                    ) : (
                      (account.employee_name ?? "–")
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <span
                      className={classNames(
                        "rounded-full px-2.5 py-0.5 text-xs font-medium",
                        account.two_factor_enabled ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-700",
                      )}
                    >
                      {account.two_factor_enabled ? "Aktiviert" : "Deaktiviert"}
                    </span>
                  </td>
                  <td className="px-4 py-2 tabular-nums text-slate-700">{formatTimestampDate(account.created_at)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {!own && account.two_factor_enabled && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setResetting(account)}
                        aria-label={`2FA zurücksetzen für ${account.username}`}
                      >
                        2FA zurücksetzen
                      </Button>
                    )}
                    {!own && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700 hover:bg-red-50"
                        onClick={() => setDeleting(account)}
                        aria-label={`${account.username} löschen`}
                      >
                        Löschen
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </WhenLoaded>
      {creating && (
        <CreateUserDialog
          choices={linkChoices(employees.data ?? [], users.data ?? [], null)}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void users.reload();
          }}
        />
      )}
      <RoleChangeConfirm change={askingRole} onConfirm={changeRole} onClose={() => setAskingRole(null)} />

      <ConfirmDialog
        open={resetting !== null}
        title="2FA zurücksetzen"
        message={
          resetting
            ? `Die Zwei-Faktor-Anmeldung von „${resetting.username}“ wirklich zurücksetzen? Die Anmeldung geht ` +
              "danach mit dem Passwort allein, bis die Person 2FA in ihren Einstellungen neu einrichtet."
            : ""
        }
        confirmLabel="2FA zurücksetzen"
        busyLabel="Wird zurückgesetzt..."
        onConfirm={() => (resetting ? resetTwoFactor(resetting) : Promise.resolve())}
        onClose={() => setResetting(null)}
      />
      <ConfirmDelete
        item={deleting}
        title="Benutzer löschen"
        message={(account) => `Benutzer „${account.username}“ wirklich löschen? Alle Sitzungen werden beendet.`}
        remove={(account) => api.delete(`/users/${account.id}`)}
        success="Benutzer gelöscht!"
        onClose={() => setDeleting(null)}
        onDeleted={users.reload}
      />
    </>
  );
}
