"use client";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { IntentLink } from "@/components/ui/IntentLink";
import { PageHeader } from "@/components/ui/PageHeader";
import { SelectField } from "@/components/ui/SelectField";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import { announceChange } from "@/lib/client/undo";
import { useResource } from "@/lib/client/use-resource";
import { isFullEmployee, type VacationDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { can } from "@/lib/shared/roles";
import type { VacationStatus } from "@/lib/shared/schemas/vacation";
import { RejectVacationDialog } from "./RejectVacationDialog";
import { VacationDialog } from "./VacationDialog";
import { VacationsTable } from "./VacationsTable";
import {
  deleteMessage,
  employeeName,
  openedShiftsNote,
  saveErrorToast,
  STATUS_LABELS,
  statusFromQuery,
} from "./vacation-text";

type Filters = { employee: string; status: VacationStatus | "" };

/**
 * Employees and vacations load together: one failure toast, and the balances in the dialog are as
 * fresh as the list.
 */
async function loadVacations({ employee, status }: Filters, signal: AbortSignal) {
  const query = new URLSearchParams();
  if (employee) query.set("employee_id", employee);
  if (status) query.set("status", status);
  const [employees, vacations] = await Promise.all([
    api.get("/employees", signal),
    api.get(query.size ? `/vacations?${query}` : "/vacations", signal),
  ]);
  return { employees, vacations };
}

/** Writes `?status=` into the address (the filter's one source), so a reload or a shared link shows the same list. */
function showStatusInAddress(status: VacationStatus | "") {
  const url = new URL(window.location.href);
  if (status) url.searchParams.set("status", status);
  else url.searchParams.delete("status");
  window.history.replaceState(null, "", url);
}

/** For staff with a linked employee: where their own requests are made (docs/PRODUCT-RULES.md §26.6). */
const OWN_REQUESTS_HINT = " Eigene Ferien beantragst du unter „Meine Schichten“.";

/**
 * Vacations (docs/PRODUCT-RULES.md §16.7, §26.3): filter by employee and status, table, create/edit dialog;
 * managers and admins change them and decide requests.
 */
export function VacationsScreen() {
  const { user } = useAuth();
  const mayEdit = !!user && can(user.role, "vacations:write");
  const [employeeFilter, setEmployeeFilter] = useState("");
  // The status filter lives in the address (`?status=`, the dashboard links there); Next keeps useSearchParams in
  // step with history.replaceState.
  const statusFilter = statusFromQuery(useSearchParams().toString());
  const filterKey = `${employeeFilter}|${statusFilter}`;
  // The filters are the key: changing one loads again, the old rows stay until then.
  const data = useResource(
    (signal) => loadVacations({ employee: employeeFilter, status: statusFilter }, signal),
    "Fehler beim Laden der Daten",
    filterKey,
  );
  const [editing, setEditing] = useState<VacationDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<VacationDto | null>(null);
  const [rejecting, setRejecting] = useState<VacationDto | null>(null);
  const [approvingId, setApprovingId] = useState<number | null>(null);

  async function approve(vacation: VacationDto) {
    setApprovingId(vacation.id);
    try {
      const approved = await api.post(`/vacations/${vacation.id}/approve`);
      const message = `Ferienantrag genehmigt!${openedShiftsNote(approved.opened_shifts)}`;
      // "Rückgängig" makes it a request again and gives the opened shifts back (§31.6).
      if (approved.change_id)
        announceChange({ message, changeId: approved.change_id, onUndone: () => void data.reload() });
      else notify.success(message);
    } catch (error) {
      notify.error(...saveErrorToast(error, "Fehler beim Genehmigen", Number(today().slice(0, 4))));
    } finally {
      setApprovingId(null);
      void data.reload();
    }
  }

  const addButton = mayEdit && !!data.data?.employees.length && (
    <Button onClick={() => setEditing("new")}>+ Ferien eintragen</Button>
  );
  const filtered = data.data?.employees.find((employee) => String(employee.id) === employeeFilter);

  return (
    <>
      <PageHeader
        title="Ferien"
        description="Ferien der Mitarbeitenden. Gezählt werden die Arbeitstage von Montag bis Freitag."
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
              <div className="flex flex-col gap-4 sm:flex-row">
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
                <SelectField
                  id="vacation-status-filter"
                  label="Status"
                  className="sm:w-56"
                  value={statusFilter}
                  onChange={(event) => {
                    showStatusInAddress(statusFromQuery(`status=${event.target.value}`));
                  }}
                >
                  <option value="">Alle</option>
                  {Object.entries(STATUS_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </SelectField>
              </div>
              {loaded.vacations.length === 0 ? (
                <EmptyState
                  title={
                    statusFilter
                      ? `Keine Ferien mit Status «${STATUS_LABELS[statusFilter]}»`
                      : filtered
                        ? `Keine Ferien für ${employeeName(filtered)} eingetragen`
                        : "Noch keine Ferien eingetragen"
                  }
                  action={addButton}
                >
                  {mayEdit
                    ? "Eingetragene Ferien werden vom Ferienguthaben abgezogen und in der Wochenplanung berücksichtigt."
                    : `Manager und Administratoren tragen Ferien ein.${user?.employee_id ? OWN_REQUESTS_HINT : ""}`}
                </EmptyState>
              ) : (
                <VacationsTable
                  vacations={loaded.vacations}
                  stale={data.dataKey !== filterKey}
                  actions={
                    mayEdit
                      ? {
                          onEdit: setEditing,
                          onDelete: setDeleting,
                          onApprove: (vacation) => void approve(vacation),
                          onReject: setRejecting,
                          approvingId,
                        }
                      : undefined
                  }
                />
              )}
            </div>
          )
        }
      </WhenLoaded>
      {editing !== null && data.data && (
        <VacationDialog
          vacation={editing === "new" ? null : editing}
          employees={data.data.employees.filter(isFullEmployee)}
          employeeId={filtered?.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void data.reload();
          }}
        />
      )}
      {rejecting && (
        <RejectVacationDialog
          vacation={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={() => {
            setRejecting(null);
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
