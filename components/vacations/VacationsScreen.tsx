"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { IntentLink } from "@/components/ui/IntentLink";
import { PageHeader } from "@/components/ui/PageHeader";
import { SelectField } from "@/components/ui/SelectField";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { useResource } from "@/lib/client/use-resource";
import type { VacationDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { can } from "@/lib/shared/roles";
import { VacationDialog } from "./VacationDialog";
import { VacationsTable } from "./VacationsTable";
import { deleteMessage, employeeName } from "./vacation-text";

/**
 * Employees and vacations load together: one failure toast, and the balances in the dialog are as
 * fresh as the list.
 */
async function loadVacations(employeeFilter: string, signal: AbortSignal) {
  const [employees, vacations] = await Promise.all([
    api.get("/employees", signal),
    api.get(employeeFilter ? `/vacations?employee_id=${employeeFilter}` : "/vacations", signal),
  ]);
  return { employees, vacations };
}

/**
 * Vacations (docs/PRODUCT-RULES.md §16.7): filter by employee, table, create/edit dialog; managers and
 * admins change them.
 */
export function VacationsScreen() {
  const { user } = useAuth();
  const mayEdit = !!user && can(user.role, "vacations:write");
  const [employeeFilter, setEmployeeFilter] = useState("");
  // The filter is the key: changing it loads again, the old rows stay until then.
  const data = useResource(
    (signal) => loadVacations(employeeFilter, signal),
    "Fehler beim Laden der Daten",
    employeeFilter,
  );
  const [editing, setEditing] = useState<VacationDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<VacationDto | null>(null);

  const addButton = mayEdit && !!data.data?.employees.length && (
    <Button onClick={() => setEditing("new")}>+ Ferien eintragen</Button>
  );
  const filtered = data.data?.employees.find((employee) => String(employee.id) === employeeFilter);

  return (
    <>
      <PageHeader
        title="Ferien"
        description="Abwesenheiten der Mitarbeitenden. Gezählt werden die Arbeitstage von Montag bis Freitag."
        actions={addButton}
      />
      <WhenLoaded resource={data} failedTitle="Die Ferien konnten nicht geladen werden.">
        {(loaded) =>
          loaded.employees.length === 0 && loaded.vacations.length === 0 ? (
            <EmptyState
              title="Noch keine Mitarbeitenden — Ferien lassen sich eintragen, sobald es Mitarbeitende gibt"
              action={
                <IntentLink
                  href="/employees"
                  className={classNames(
                    "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2",
                    "font-medium text-slate-800 hover:bg-slate-50",
                  )}
                >
                  Zu den Mitarbeitenden
                </IntentLink>
              }
            />
          ) : (
            <div className="space-y-4">
              <SelectField
                id="vacation-filter"
                label="Mitarbeiter"
                className="sm:w-80"
                value={employeeFilter}
                onChange={(event) => setEmployeeFilter(event.target.value)}
              >
                <option value="">Alle Mitarbeiter</option>
                {loaded.employees.map((employee) => (
                  <option key={employee.id} value={employee.id}>
                    {employeeName(employee)}
                  </option>
                ))}
              </SelectField>
              {loaded.vacations.length === 0 ? (
                <EmptyState
                  title={
                    filtered
                      ? `Keine Ferien für ${employeeName(filtered)} eingetragen`
                      : "Noch keine Ferien eingetragen"
                  }
                  action={addButton}
                >
                  {mayEdit
                    ? "Eingetragene Ferien werden vom Ferienguthaben abgezogen und in der Wochenplanung berücksichtigt."
                    : "Manager und Administratoren tragen Ferien ein."}
                </EmptyState>
              ) : (
                <VacationsTable
                  vacations={loaded.vacations}
                  stale={data.dataKey !== employeeFilter}
                  onEdit={mayEdit ? setEditing : undefined}
                  onDelete={mayEdit ? setDeleting : undefined}
                />
              )}
            </div>
          )
        }
      </WhenLoaded>
      {editing !== null && data.data && (
        <VacationDialog
          vacation={editing === "new" ? null : editing}
          employees={data.data.employees}
          employeeId={filtered?.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void data.reload();
          }}
        />
      )}
      <ConfirmDelete
        item={deleting}
        title="Ferien löschen"
        message={deleteMessage}
        remove={(vacation) => api.delete(`/vacations/${vacation.id}`)}
        success="Ferien gelöscht!"
        onClose={() => setDeleting(null)}
        onDeleted={data.reload}
      />
    </>
  );
}
