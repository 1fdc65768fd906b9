"use client";
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { IntentLink } from "@/components/ui/IntentLink";
import { EmptyState, LoadingState } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { useAction } from "@/lib/client/use-action";
import { today as todayInBrowser } from "@/lib/client/today";
import { useResource } from "@/lib/client/use-resource";
import type { EmployeeDto, LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber } from "@/lib/shared/format";
import { can } from "@/lib/shared/roles";
import { EmployeePanel } from "./EmployeePanel";
import type { ShiftDraft } from "./ShiftDialog";
import { useWeekShifts } from "./use-week-shifts";
import { availability, rows } from "./week-model";
import { WeekGrid } from "./WeekGrid";

// The dialogs (and the form validation they bring, zod among it) load when
// first opened, not with the planner.
const ShiftDialog = dynamic(() => import("./ShiftDialog").then((m) => m.ShiftDialog));
const TemplateImportDialog = dynamic(() => import("./TemplateImportDialog").then((m) => m.TemplateImportDialog));

/**
 * Week planning (SPEC §2): three calls on load (employees, locations, the
 * week's shifts); switching weeks fetches only the shifts.
 */
export function ScheduleScreen() {
  const { user } = useAuth();
  const canEdit = !!user && can(user.role, "shifts:write");
  const today = todayInBrowser();
  const [weekStart, setWeekStart] = useState(() => mondayOf(today));
  const employees = useResource(
    (signal) => api.get<EmployeeDto[]>("/employees", signal),
    "Fehler beim Laden der Mitarbeiter",
  );
  const locations = useResource(
    (signal) => api.get<LocationDto[]>("/locations", signal),
    "Fehler beim Laden der Standorte",
  );
  const week = useWeekShifts(weekStart);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [deleting, setDeleting] = useState<ShiftDto | null>(null);
  const [importing, setImporting] = useState(false);

  const shifts = useMemo(() => week.shifts ?? [], [week.shifts]);
  const entries = useMemo(() => availability(employees.data ?? [], shifts), [employees.data, shifts]);
  const gridRows = useMemo(() => rows(locations.data ?? [], shifts), [locations.data, shifts]);
  const shownWeek = week.shownWeek ?? weekStart;

  const { run } = useAction();

  async function remove(shift: ShiftDto) {
    if (
      !(await run(() => api.delete(`/shifts/${shift.id}`), {
        success: "Schicht gelöscht!",
        failure: "Fehler beim Löschen",
      }))
    )
      return;
    setDeleting(null);
    await week.reload();
  }

  const ready = employees.data && locations.data && week.shifts;

  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Wochenplanung</h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            KW {isoWeekNumber(weekStart)} · {formatDayMonth(weekStart)}–{formatDate(addDays(weekStart, 6))}
            {week.loading && <span className="ml-2 text-slate-500">· wird geladen...</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <div className="flex gap-1" role="group" aria-label="Woche wählen">
            <Button
              variant="secondary"
              onClick={() => setWeekStart(addDays(weekStart, -7))}
              aria-label="Vorherige Woche"
            >
              ←
            </Button>
            <Button variant="secondary" onClick={() => setWeekStart(mondayOf(todayInBrowser()))}>
              Heute
            </Button>
            <Button variant="secondary" onClick={() => setWeekStart(addDays(weekStart, 7))} aria-label="Nächste Woche">
              →
            </Button>
          </div>
          {canEdit && (
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Vorlage importieren
            </Button>
          )}
        </div>
      </div>

      {!ready ? (
        <LoadingState />
      ) : gridRows.length === 0 ? (
        <EmptyState
          title="Noch keine Standorte — lege zuerst einen Standort an"
          action={
            <IntentLink className="font-medium text-accent-dark underline" href="/locations">
              Zu den Standorten
            </IntentLink>
          }
        >
          Jeder Standort wird eine Zeile im Wochenplan.
        </EmptyState>
      ) : (
        <div className={`space-y-4 transition-opacity ${week.loading && shownWeek !== weekStart ? "opacity-60" : ""}`}>
          <EmployeePanel entries={entries} />
          <WeekGrid
            weekStart={shownWeek}
            today={today}
            locations={gridRows}
            shifts={shifts}
            canEdit={canEdit}
            onAdd={(locationId, date) => setDraft({ locationId, date })}
            onEdit={(shift) => setDraft({ shift })}
            onDelete={setDeleting}
          />
        </div>
      )}

      {draft && (
        <ShiftDialog
          draft={draft}
          employees={entries}
          locations={locations.data ?? []}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            void week.reload();
          }}
        />
      )}
      {importing && (
        <TemplateImportDialog
          weekStart={weekStart}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void week.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Schicht löschen"
        message={
          deleting
            ? `Schicht wirklich löschen? ${deleting.employee_name ?? "Offen"}, ${formatDate(deleting.shift_date)}, ${deleting.start_time}–${deleting.end_time}`
            : ""
        }
        onConfirm={() => remove(deleting!)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
