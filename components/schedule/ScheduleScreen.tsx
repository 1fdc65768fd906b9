"use client";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { IntentLink } from "@/components/ui/IntentLink";
import { EmptyState, LoadingState } from "@/components/ui/States";
import { api, errorMessage } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { notify } from "@/lib/client/notify";
import { plannerWeek } from "@/lib/client/planner-week";
import { today as todayInBrowser } from "@/lib/client/today";
import { announceChange, useUndoShortcut } from "@/lib/client/undo";
import { useResource } from "@/lib/client/use-resource";
import type { ShiftDto, UnavailabilityDto } from "@/lib/shared/api-types";
import { addDays, FIRST_WEEK_START, LAST_WEEK_START, mondayOf } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber } from "@/lib/shared/format";
import { sumHours } from "@/lib/shared/hours";
import { can } from "@/lib/shared/roles";
import { ProposalMarksContext, proposalView, type ShownProposal } from "./auto-fill-model";
import { EmployeeGrid } from "./EmployeeGrid";
import { EmployeePanel } from "./EmployeePanel";
import { FindingsPanel, FindingsToggle } from "./FindingsPanel";
import type { PlannerActions } from "./PlannerCell";
import {
  changesSomething,
  movedInput,
  moveMessage,
  optimisticShift,
  savedToast,
  withShift,
  type PlanMove,
} from "./planner-moves";
import type { ShiftDraft } from "./ShiftDialog";
import {
  applicationsByShift,
  availability,
  employeeRows,
  findingsByShift,
  holidayPlaces,
  rows,
  unavailabilityLabel,
} from "./week-model";
import { WeekGrid } from "./WeekGrid";
import { ViewSwitch, type PlannerView } from "./ViewSwitch";

/**
 * Shows a shift's chip and puts the keyboard on it (its first control: edit, or the findings marker; in proposal
 * mode the chip itself, which describes the proposal).
 */
function focusChip(shiftId: number) {
  const chip = document.querySelector<HTMLElement>(`[data-testid="shift"][data-shift-id="${shiftId}"]`);
  chip?.scrollIntoView({ block: "center", inline: "center" });
  (chip?.dataset.proposal ? chip : chip?.querySelector<HTMLElement>("button"))?.focus();
}

// The dialogs (and the form validation they bring, zod among it) load when
// first opened, not with the planner.
const ShiftDialog = dynamic(() => import("./ShiftDialog").then((m) => m.ShiftDialog));
const MoveDialog = dynamic(() => import("./MoveDialog").then((m) => m.MoveDialog));
const TemplateImportDialog = dynamic(() => import("./TemplateImportDialog").then((m) => m.TemplateImportDialog));
const CopyWeekDialog = dynamic(() => import("./CopyWeekDialog").then((m) => m.CopyWeekDialog));
const SaveWeekAsTemplateDialog = dynamic(() =>
  import("./SaveWeekAsTemplateDialog").then((m) => m.SaveWeekAsTemplateDialog),
);
// "Automatisch besetzen" (docs/PRODUCT-RULES.md §28.4): its dialog and panel load when first used.
const AutoFillDialog = dynamic(() => import("./AutoFillDialog").then((m) => m.AutoFillDialog));
const ProposalPanel = dynamic(() => import("./ProposalPanel").then((m) => m.ProposalPanel));
const UnavailabilityDialog = dynamic(() =>
  import("@/components/unavailability/UnavailabilityDialog").then((m) => m.UnavailabilityDialog),
);

const VIEW_KEY = "schedule-view";
/** The week the address names, else this week (docs/PRODUCT-RULES.md §27.4). */
const addressWeek = () => plannerWeek(window.location.search, todayInBrowser(), mondayOf);
let temporaryIds = 0;

/** The view this browser used last (docs/PRODUCT-RULES.md §27.4). */
function storedView(): PlannerView {
  try {
    return localStorage.getItem(VIEW_KEY) === "employees" ? "employees" : "locations";
  } catch {
    return "locations";
  }
}

/** What the success toast of a move says, with the saved shift's warnings as the shift dialog's toast has them. */
function movedToast(move: PlanMove, warnings: { message: string }[]): string {
  return warnings.length === 0 ? moveMessage(move) : savedToast(`${moveMessage(move)}.`, warnings);
}

/** The drag and drop module, for those who may plan, loaded after the planner (./planner-dnd.tsx). */
function usePlannerDnd(enabled: boolean) {
  const [loaded, setLoaded] = useState<typeof import("./planner-dnd") | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void import("./planner-dnd").then((module) => live && setLoaded(module));
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? loaded : null;
}

/**
 * Week planning (docs/PRODUCT-RULES.md §16.4, §27): three calls on load (employees, locations, the
 * week with its findings, vacations and holidays); switching weeks fetches only the week. The week is in the
 * address (`?week=`), so reloading keeps it and the browser's back and forward go from week to week.
 */
export function ScheduleScreen() {
  const { user } = useAuth();
  const canEdit = !!user && can(user.role, "shifts:write");
  const today = todayInBrowser();
  const [weekStart, setWeekStart] = useState(addressWeek);
  // The proposal of "Automatisch besetzen" on show (docs/PRODUCT-RULES.md §28.4); another week discards it.
  const [proposal, setProposal] = useState<ShownProposal | null>(null);
  const [proposing, setProposing] = useState(false);
  const goToWeek = useCallback((monday: string) => {
    // The address, not a navigation: the last week stays on screen until the next is there (§27.4).
    window.history.pushState(null, "", `?week=${monday}`);
    setWeekStart(monday);
    setProposal(null);
  }, []);
  useEffect(() => {
    const onPopState = () => {
      setWeekStart(addressWeek());
      setProposal(null);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
  const [view, setView] = useState<PlannerView>(storedView);
  const changeView = useCallback((next: PlannerView) => {
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Storage blocked (private mode): the view holds until the page is left.
    }
    setView(next);
  }, []);
  const dnd = usePlannerDnd(canEdit);
  const employees = useResource((signal) => api.get("/employees", signal), "Fehler beim Laden der Mitarbeiter");
  const locations = useResource((signal) => api.get("/locations", signal), "Fehler beim Laden der Standorte");
  // The week is the key: weeks already seen show at once (and refresh), a new one keeps the last on screen.
  const week = useResource(
    (signal) => api.get(`/schedule/week?start_date=${weekStart}&end_date=${addDays(weekStart, 6)}`, signal),
    "Fehler beim Laden der Daten",
    weekStart,
  );
  const shownWeek = week.dataKey ?? weekStart;
  const shown = proposal && proposal.weekStart === shownWeek && shownWeek === weekStart ? proposal : null;
  // While a proposal is shown the plan cannot be edited, so what is applied is what is shown (§28.4).
  const editable = canEdit && !shown;
  // Ctrl+Z undoes the last plan change of this browser (docs/PRODUCT-RULES.md §27.7).
  useUndoShortcut(() => void week.reload(), editable);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [moving, setMoving] = useState<ShiftDto | null>(null);
  const [deleting, setDeleting] = useState<ShiftDto | null>(null);
  const [importing, setImporting] = useState(false);
  // Copying the week and saving it as a template (docs/PRODUCT-RULES.md §27.3).
  const [weekDialog, setWeekDialog] = useState<"copy" | "template" | null>(null);
  const canSaveTemplate = !!user && can(user.role, "master-data:write");
  const [recordingUnavailable, setRecordingUnavailable] = useState(false);
  const [deletingUnavailable, setDeletingUnavailable] = useState<{ entry: UnavailabilityDto; name: string } | null>(
    null,
  );
  const [findingsOpen, setFindingsOpen] = useState(false);
  const [findingsFocus, setFindingsFocus] = useState<{ shiftId: number } | null>(null);

  // A move shows at once (docs/PRODUCT-RULES.md §27.2): the week's shifts as loaded, with the moves not yet
  // reloaded applied; a new load of the week replaces them.
  const [moved, setMoved] = useState<{ base: unknown; shifts: ShiftDto[] } | null>(null);
  const shifts = useMemo(
    () => (moved && moved.base === week.data ? moved.shifts : (week.data?.shifts ?? [])),
    [moved, week.data],
  );
  const findings = useMemo(() => week.data?.warnings ?? [], [week.data]);
  const vacations = useMemo(() => week.data?.vacations ?? [], [week.data]);
  // Only planners get entries (docs/PRODUCT-RULES.md §26.4); for staff the list is empty.
  const unavailability = useMemo(() => week.data?.unavailability ?? [], [week.data]);
  const entries = useMemo(
    () => availability(employees.data ?? [], shifts, vacations, shownWeek, unavailability),
    [employees.data, shifts, vacations, shownWeek, unavailability],
  );
  const gridRows = useMemo(() => rows(locations.data ?? [], shifts), [locations.data, shifts]);
  const shiftFindings = useMemo(() => findingsByShift(findings), [findings]);
  const applications = useMemo(() => applicationsByShift(week.data?.applications ?? []), [week.data]);
  const holidays = useMemo(
    () =>
      holidayPlaces(
        week.data?.holidays ?? [],
        (locations.data ?? []).map((location) => location.id),
      ),
    [week.data, locations.data],
  );

  const ready = employees.data && locations.data && week.data;
  // Proposal mode: the proposed people in their shifts, the chips marked (docs/PRODUCT-RULES.md §28.4).
  const proposed = useMemo(
    () => (shown ? proposalView(shown.proposal, shifts, employees.data ?? []) : null),
    [shown, shifts, employees.data],
  );
  const gridShifts = proposed?.shifts ?? shifts;
  const staffRows = useMemo(() => {
    const rows = employeeRows(entries, gridShifts);
    if (!proposed) return rows;
    // The server's hours know only saved shifts: a proposed one counts in its person's row too.
    const added = new Map<number, number>();
    for (const shift of proposed.shifts)
      if (shift.employee_id !== null && proposed.marks.get(shift.id)?.kind === "assigned")
        added.set(shift.employee_id, sumHours([added.get(shift.employee_id) ?? 0, shift.hours]));
    return rows.map((row) => (added.has(row.id) ? { ...row, hours: sumHours([row.hours, added.get(row.id)!]) } : row));
  }, [entries, gridShifts, proposed]);

  // Focus goes back to what opened a dialog (the cell's "+", the chip) when it closes (§27.2).
  const opener = useRef<string | null>(null);
  const returnFocus = useCallback((after?: Promise<unknown>) => {
    const selector = opener.current;
    opener.current = null;
    if (!selector) return;
    const focus = () => requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
    focus();
    // The reload after a save may re-render the grid and drop the focused node (seen on a loaded machine): once
    // more when it is done, unless the user has moved the focus elsewhere meanwhile.
    void after?.then(() => {
      if (document.activeElement === document.body) focus();
    });
  }, []);

  const latest = useRef({ week, employees: employees.data ?? [], locations: locations.data ?? [] });
  useLayoutEffect(() => {
    latest.current = { week, employees: employees.data ?? [], locations: locations.data ?? [] };
  });
  /** Carries out a drop or the menu's choice: shown at once, saved, put back with the server's text if refused. */
  const move = useCallback(async (planMove: PlanMove) => {
    const { week: current, employees: staff, locations: places } = latest.current;
    const base = current.data;
    if (!base || !changesSomething(planMove)) return;
    const shown = optimisticShift(planMove, { employees: staff, locations: places }, -++temporaryIds);
    const update = (change: (list: ShiftDto[]) => ShiftDto[]) =>
      setMoved((before) => ({ base, shifts: change(before?.base === base ? before.shifts : base.shifts) }));
    // A move replaces the shift, a copy joins it.
    update((list) => withShift(list, shown, planMove.kind === "copy" ? shown.id : planMove.shift.id));
    try {
      const body = movedInput(planMove);
      const answer =
        planMove.kind === "copy"
          ? await api.post("/shifts", body)
          : await api.put(`/shifts/${planMove.shift.id}`, body);
      const { warnings, change_id: changeId, ...saved } = answer;
      update((list) => withShift(list, saved, shown.id));
      // "Rückgängig" in the toast and Ctrl+Z undo the move like any plan write (§27.7).
      announceChange({ message: movedToast(planMove, warnings), changeId, onUndone: () => void current.reload() });
      void current.reload();
    } catch (error) {
      update((list) =>
        planMove.kind === "copy"
          ? list.filter((shift) => shift.id !== shown.id)
          : withShift(list, planMove.shift, shown.id),
      );
      notify.error(errorMessage(error, planMove.kind === "copy" ? "Fehler beim Kopieren" : "Fehler beim Verschieben"));
    }
  }, []);

  const actions = useMemo<PlannerActions>(
    () => ({
      add: (target, from) => {
        opener.current = from;
        setDraft({ locationId: target.locationId, date: target.date, employeeId: target.employeeId ?? undefined });
      },
      edit: (shift, from) => {
        opener.current = from;
        setDraft({ shift });
      },
      remove: setDeleting,
      findings: (shift) => {
        setFindingsOpen(true);
        setFindingsFocus({ shiftId: shift.id });
      },
      menu: (shift, from) => {
        opener.current = from;
        setMoving(shift);
      },
    }),
    [],
  );
  const Frame = editable ? dnd?.PlannerDnd : undefined;
  const framed = (content: ReactNode) => (Frame ? <Frame onMove={move}>{content}</Frame> : content);

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
          {week.data && (
            <FindingsToggle findings={findings} open={findingsOpen} onToggle={() => setFindingsOpen(!findingsOpen)} />
          )}
          <div className="flex gap-1" role="group" aria-label="Woche wählen">
            {/* The steps stop at the window's first and last whole weeks (docs/PRODUCT-RULES.md §30.1). */}
            <Button
              variant="secondary"
              onClick={() => goToWeek(addDays(weekStart, -7))}
              aria-label="Vorherige Woche"
              disabled={weekStart <= FIRST_WEEK_START}
            >
              ←
            </Button>
            <Button variant="secondary" onClick={() => goToWeek(mondayOf(todayInBrowser()))}>
              Heute
            </Button>
            <Button
              variant="secondary"
              onClick={() => goToWeek(addDays(weekStart, 7))}
              aria-label="Nächste Woche"
              disabled={weekStart >= LAST_WEEK_START}
            >
              →
            </Button>
          </div>
          {canEdit && (
            // Disabled while a week loads: the import asks with the count of the week it goes into.
            <Button variant="secondary" onClick={() => setImporting(true)} disabled={week.loading || !!shown}>
              Vorlage importieren
            </Button>
          )}
          {canEdit && (
            <Button variant="secondary" onClick={() => setWeekDialog("copy")} disabled={!week.data || !!shown}>
              Woche kopieren
            </Button>
          )}
          {canEdit && (
            <Button
              variant="secondary"
              onClick={() => setProposing(true)}
              disabled={!week.data || week.loading || !!shown}
            >
              Automatisch besetzen
            </Button>
          )}
          {canSaveTemplate && (
            <Button variant="secondary" onClick={() => setWeekDialog("template")} disabled={!week.data}>
              Als Vorlage speichern
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
        framed(
          <div
            className={`space-y-4 transition-opacity ${week.loading && shownWeek !== weekStart ? "opacity-60" : ""}`}
          >
            {shown && (
              <ProposalPanel
                proposal={shown.proposal}
                shifts={shifts}
                onSelect={focusChip}
                onDone={(applied) => {
                  // Applied: the proposal stays drawn until the saved week is there, so nothing flickers back open.
                  if (applied) void week.reload().finally(() => setProposal(null));
                  else setProposal(null);
                }}
                onUndone={() => void week.reload()}
              />
            )}
            {findingsOpen && findings.length > 0 && (
              <FindingsPanel
                findings={findings}
                shifts={shifts}
                focus={findingsFocus}
                onSelect={(shift) => (editable ? setDraft({ shift }) : focusChip(shift.id))}
              />
            )}
            <EmployeePanel
              entries={entries}
              weekStart={shownWeek}
              draggable={editable}
              onAddUnavailability={editable ? () => setRecordingUnavailable(true) : undefined}
              onDeleteUnavailability={editable ? (entry, name) => setDeletingUnavailable({ entry, name }) : undefined}
            />
            <ViewSwitch view={view} onChange={changeView} />
            <ProposalMarksContext value={proposed?.marks ?? null}>
              {view === "employees" ? (
                <EmployeeGrid
                  weekStart={shownWeek}
                  today={today}
                  rows={staffRows}
                  shifts={gridShifts}
                  canEdit={editable}
                  actions={actions}
                  findings={shiftFindings}
                  holidaysByDay={holidays.byDay}
                  applicants={applications}
                />
              ) : (
                <WeekGrid
                  weekStart={shownWeek}
                  today={today}
                  locations={gridRows}
                  shifts={gridShifts}
                  canEdit={editable}
                  actions={actions}
                  findings={shiftFindings}
                  holidays={holidays}
                  applicants={applications}
                />
              )}
            </ProposalMarksContext>
          </div>,
        )
      )}

      {draft && (
        <ShiftDialog
          draft={draft}
          employees={entries}
          locations={locations.data ?? []}
          weekStart={shownWeek}
          vacations={vacations}
          unavailability={unavailability}
          labourRules={week.data?.labour_rules ?? "CH"}
          applications={"shift" in draft ? (applications.get(draft.shift.id) ?? []) : []}
          onClose={() => {
            setDraft(null);
            returnFocus();
          }}
          onSaved={() => {
            setDraft(null);
            returnFocus(week.reload());
          }}
          onUndone={() => void week.reload()}
        />
      )}
      {moving && (
        <MoveDialog
          shift={moving}
          weekStart={shownWeek}
          view={view}
          locations={locations.data ?? []}
          employees={staffRows.filter((row) => !row.archived)}
          onMove={(kind, target) => {
            setMoving(null);
            returnFocus();
            void move({ kind, shift: moving, target });
          }}
          onClose={() => {
            setMoving(null);
            returnFocus();
          }}
        />
      )}
      {proposing && (
        <AutoFillDialog
          weekStart={shownWeek}
          locations={locations.data ?? []}
          onClose={() => setProposing(false)}
          onProposed={(answer) => {
            setProposing(false);
            if (answer.stats.open === 0) notify.info("Keine offenen Schichten in dieser Woche");
            else setProposal({ weekStart: shownWeek, proposal: answer });
          }}
        />
      )}
      {importing && (
        <TemplateImportDialog
          weekStart={weekStart}
          shiftCount={shifts.length}
          onUndone={() => void week.reload()}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void week.reload();
          }}
        />
      )}
      {weekDialog === "copy" && (
        <CopyWeekDialog
          weekStart={shownWeek}
          shiftCount={shifts.length}
          onClose={() => setWeekDialog(null)}
          onCopied={(target) => {
            setWeekDialog(null);
            // The copy's week, in the address too (§27.4).
            goToWeek(target);
          }}
          onUndone={() => void week.reload()}
        />
      )}
      {weekDialog === "template" && (
        <SaveWeekAsTemplateDialog weekStart={shownWeek} onClose={() => setWeekDialog(null)} />
      )}
      {recordingUnavailable && (
        <UnavailabilityDialog
          initial={{ start_date: today >= shownWeek && today <= addDays(shownWeek, 6) ? today : shownWeek }}
          onClose={() => setRecordingUnavailable(false)}
          onSaved={() => {
            setRecordingUnavailable(false);
            void week.reload();
          }}
        />
      )}
      <ConfirmDelete
        item={deletingUnavailable}
        title="Eintrag löschen"
        message={({ entry, name }) =>
          `Nicht verfügbar ${unavailabilityLabel(entry, shownWeek)} von ${name} wirklich löschen? ` +
          `(${formatDate(entry.start_date)}–${formatDate(entry.end_date)})`
        }
        remove={({ entry }) => api.delete(`/unavailability/${entry.id}`)}
        success="Eintrag gelöscht!"
        onClose={() => setDeletingUnavailable(null)}
        onDeleted={week.reload}
      />
      <ConfirmDelete
        item={deleting}
        title="Schicht löschen"
        message={(shift) =>
          `Schicht wirklich löschen? ${shift.employee_name ?? "Offen"}, ${formatDate(shift.shift_date)}, ` +
          `${shift.start_time}–${shift.end_time}`
        }
        remove={(shift) => api.delete(`/shifts/${shift.id}`)}
        success="Schicht gelöscht!"
        onClose={() => setDeleting(null)}
        onDeleted={week.reload}
        onUndone={() => void week.reload()}
      />
    </>
  );
}
