"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { DataTable } from "@/components/ui/DataTable";
import { DeletionImpact } from "@/components/ui/DeletionImpact";
import { PageHeader } from "@/components/ui/PageHeader";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { useResource } from "@/lib/client/use-resource";
import { isFullEmployee, type EmployeeDto, type LocationDto, type VisibleEmployee } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatHours } from "@/lib/shared/hours";
import { can } from "@/lib/shared/roles";
import { employeeDeletionText } from "./deletion-text";
import { EmployeeDialog } from "./EmployeeDialog";

const days = (value: number) => formatHours(value).replace(/\.0$/, "");

/** "Altstadt, Bahnhof", or "Alle Standorte" for none (docs/PRODUCT-RULES.md §28.1). */
function locationNames(employee: EmployeeDto, locations: LocationDto[] | undefined): string {
  if (employee.location_ids.length === 0) return "Alle Standorte";
  if (!locations) return "…";
  return locations
    .filter((location) => employee.location_ids.includes(location.id))
    .map((location) => location.name)
    .join(", ");
}

/**
 * What a linked staff member sees of the team (docs/PRODUCT-RULES.md §31.2): names only, no hours, employment or
 * vacation days of colleagues; the server answers nothing more.
 */
function ColleagueNames({ list }: { list: VisibleEmployee[] }) {
  return (
    <DataTable minWidthClass="min-w-0" columns={[{ label: "Name" }]}>
      {list.map((employee) => (
        <tr key={employee.id} className="h-12">
          <td className="px-4 py-2 font-medium text-slate-900">
            {employee.first_name} {employee.last_name}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Employees (docs/PRODUCT-RULES.md §16.5): table with type, weekly hours and vacation days; admins
 * create, edit and delete. The Einsatzorte (§28.1) stand under the name, so a phone shows them without scrolling.
 */
export function EmployeesScreen() {
  const { user } = useAuth();
  const mayEdit = !!user && can(user.role, "master-data:write");
  const employees = useResource((signal) => api.get("/employees", signal), "Fehler beim Laden der Mitarbeiter");
  const locations = useResource((signal) => api.get("/locations", signal), "Fehler beim Laden der Standorte");
  const [editing, setEditing] = useState<EmployeeDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<EmployeeDto | null>(null);

  // A linked staff member's answer holds colleagues by name only (docs/PRODUCT-RULES.md §31.2).
  const namesOnly = employees.data !== undefined && !employees.data.every(isFullEmployee);
  const addButton = mayEdit && <Button onClick={() => setEditing("new")}>+ Neuer Mitarbeiter</Button>;

  return (
    <>
      <PageHeader
        title="Mitarbeiter"
        description={namesOnly ? "Dein Team." : "Wochenstunden, Anstellung und Ferienguthaben im laufenden Jahr."}
        actions={addButton}
      />
      <WhenLoaded resource={employees} failedTitle="Die Mitarbeitenden konnten nicht geladen werden.">
        {(answer) => {
          if (!answer.every(isFullEmployee)) return <ColleagueNames list={answer} />;
          const list = answer;
          return list.length === 0 ? (
            <EmptyState title="Noch keine Mitarbeitenden — lege die erste Person an" action={addButton}>
              Danach kannst du in der Wochenplanung Schichten zuweisen.
            </EmptyState>
          ) : (
            <DataTable
              minWidthClass="min-w-[640px]"
              columns={[
                { label: "Name" },
                { label: "Typ" },
                { label: "Wochenstunden", align: "right" },
                {
                  label: (
                    <>
                      Ferientage <span className="normal-case">(Total / Bezogen / Verfügbar)</span>
                    </>
                  ),
                  align: "right",
                },
                mayEdit && { label: "Aktionen", align: "right" },
              ]}
            >
              {list.map((employee) => (
                <tr key={employee.id} className="h-14">
                  <td className="px-4 py-2">
                    <span className="block font-medium text-slate-900">
                      {employee.first_name} {employee.last_name}
                    </span>
                    <span className="block max-w-[16rem] text-xs text-slate-600" data-testid="employee-locations">
                      <span className="sr-only">Einsatzorte: </span>
                      {locationNames(employee, locations.data)}
                    </span>
                  </td>
                  <td className="px-4 py-2">
                    <span
                      className={classNames(
                        "rounded-full px-2.5 py-0.5 text-xs font-medium",
                        employee.is_hourly ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900",
                      )}
                    >
                      {employee.is_hourly ? "Stundenlohn" : "Festanstellung"}
                    </span>
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {/* Hourly staff have no weekly target (docs/PRODUCT-RULES.md §7.1, §29.4). */}
                    {employee.is_hourly ? "–" : `${formatHours(employee.weekly_hours)} h`}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {days(employee.vacation_days_total)} / {days(employee.vacation_days_used)} /{" "}
                    <span
                      className={employee.vacation_days_remaining < 0 ? "font-semibold text-red-700" : "font-semibold"}
                    >
                      {days(employee.vacation_days_remaining)}
                    </span>
                  </td>
                  {mayEdit && (
                    <td className="px-4 py-2 text-right">
                      <div className="flex justify-end gap-1">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setEditing(employee)}
                          aria-label={`${employee.first_name} ${employee.last_name} bearbeiten`}
                        >
                          Bearbeiten
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700 hover:bg-red-50"
                          onClick={() => setDeleting(employee)}
                          aria-label={`${employee.first_name} ${employee.last_name} löschen`}
                        >
                          Löschen
                        </Button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </DataTable>
          );
        }}
      </WhenLoaded>
      {editing !== null && (
        <EmployeeDialog
          employee={editing === "new" ? null : editing}
          locations={locations.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void employees.reload();
          }}
        />
      )}
      <ConfirmDelete
        item={deleting}
        title="Mitarbeiter löschen"
        message="Mitarbeiter wirklich löschen?"
        detail={(employee) => (
          <DeletionImpact
            name={`${employee.first_name} ${employee.last_name}`}
            load={(signal) => api.get(`/employees/${employee.id}/deletion-impact`, signal)}
            describe={employeeDeletionText}
          />
        )}
        remove={(employee) => api.delete(`/employees/${employee.id}`)}
        success="Mitarbeiter gelöscht!"
        onClose={() => setDeleting(null)}
        onDeleted={employees.reload}
      />
    </>
  );
}
