"use client";
import dynamic from "next/dynamic";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { IntentLink } from "@/components/ui/IntentLink";
import { EmptyState, LoadingState } from "@/components/ui/States";
import { api, errorMessage } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { notify } from "@/lib/client/notify";
import { today as todayInBrowser } from "@/lib/client/today";
import { useUndoShortcut } from "@/lib/client/undo";
import { useResource } from "@/lib/client/use-resource";
import {
  isFullEmployee,
  type AbsenceDto,
  type AbsenceSlot,
  type ShiftDto,
  type UnavailabilityDto,
} from "@/lib/shared/api-types";
import { addDays, FIRST_WEEK_START, LAST_WEEK_START, mondayOf } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber } from "@/lib/shared/format";
import { sumHours } from "@/lib/shared/hours";
import { classNames } from "@/lib/shared/class-names";
import { can } from "@/lib/shared/roles";
import { ProposalMarksContext, proposalView, type ShownProposal } from "./auto-fill-model";
import { UnpublishedShiftsContext } from "./publication-marks";
import { SwapMarksContext, swapMarks } from "./swap-marks";
import { PublicationStatus } from "./PublicationStatus";
import { EmployeeGrid } from "./EmployeeGrid";
import { EmployeePanel } from "./EmployeePanel";
import { FindingsToggle } from "./FindingsToggle";
import type { PlannerActions } from "./PlannerCell";
import type { ShiftDraft } from "./ShiftDialog";
import {
  applicationsByShift,
  availability,
  employeeRows,
  targetsById,
  findingsByShift,
  holidayPlaces,
  rows,
  unavailabilityLabel,
} from "./week-model";
import { useOptimisticMoves } from "./use-optimistic-moves";
import { usePlannerWeek } from "./use-planner-week";
import { TodayOnPhone } from "./show-today";
import { WeekGrid } from "./WeekGrid";
import { ShiftSelection, ShiftSelectionContext } from "./shift-selection";
import { SelectionBar } from "./SelectionBar";
import { ViewSwitch } from "./ViewSwitch";

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
const CopyDayDialog = dynamic(() => import("./CopyDayDialog").then((m) => m.CopyDayDialog));
const SaveWeekAsTemplateDialog = dynamic(() =>
  import("./SaveWeekAsTemplateDialog").then((m) => m.SaveWeekAsTemplateDialog),
);
// "Automatisch besetzen" (docs/PRODUCT-RULES.md §28.4): its dialog and panel load when first used.
const AutoFillDialog = dynamic(() => import("./AutoFillDialog").then((m) => m.AutoFillDialog));
// "Veröffentlichen" (docs/PRODUCT-RULES.md §33.3): its dialog loads when first opened.
const PublishDialog = dynamic(() => import("./PublishDialog").then((m) => m.PublishDialog));
const ProposalPanel = dynamic(() => import("./ProposalPanel").then((m) => m.ProposalPanel));
// The week's "Hinweise" and "Tauschanfragen" (docs/PRODUCT-RULES.md §16.4, §35.7): the lists load when first opened.
const FindingsPanel = dynamic(() => import("./FindingsPanel").then((m) => m.FindingsPanel));
const SwapRequestsPanel = dynamic(() => import("./SwapRequestsPanel").then((m) => m.SwapRequestsPanel));
const AbsenceDialog = dynamic(() => import("@/components/absences/AbsenceDialog").then((m) => m.AbsenceDialog));
const UnavailabilityDialog = dynamic(() =>
  import("@/components/unavailability/UnavailabilityDialog").then((m) => m.UnavailabilityDialog),
);

/**
 * The one dialog open over the planner, if any (one value, so two cannot be open at once and a new kind is one more
 * case): the shift dialog, the move menu, a deletion's confirmation, the week's actions, an unavailability entry.
 */
type OpenDialog =
  | { kind: "shift"; draft: ShiftDraft }
  | { kind: "move"; shift: ShiftDto }
  | { kind: "deleteShift"; shift: ShiftDto }
  | { kind: "importTemplate" }
  | { kind: "copyWeek" }
  | { kind: "publish" }
  | { kind: "copyDay"; date: string; locationId: number | null }
  | { kind: "saveTemplate" }
  | { kind: "autoFill" }
  | { kind: "recordUnavailable" }
  | { kind: "deleteUnavailable"; entry: UnavailabilityDto; name: string }
  | { kind: "absence"; absence: AbsenceDto | null; employeeId?: number };

/** The open dialog when it is of that kind, else null. */
function openOf<K extends OpenDialog["kind"]>(dialog: OpenDialog | null, kind: K) {
  return dialog?.kind === kind ? (dialog as Extract<OpenDialog, { kind: K }>) : null;
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
  // The proposal of "Automatisch besetzen" on show (docs/PRODUCT-RULES.md §28.4); another week discards it.
  const [proposal, setProposal] = useState<ShownProposal | null>(null);
  const { weekStart, view, goToWeek, changeView, week } = usePlannerWeek(() => setProposal(null));
  const dnd = usePlannerDnd(canEdit);
  const employees = useResource((signal) => api.get("/employees", signal), "Fehler beim Laden der Mitarbeiter");
  const locations = useResource((signal) => api.get("/locations", signal), "Fehler beim Laden der Standorte");
  const shownWeek = week.dataKey ?? weekStart;
  // What of the shown week staff do not see yet (docs/PRODUCT-RULES.md §33.3).
  const publication = week.data?.publication;
  const unpublishedShifts = useMemo(() => new Set(publication?.changed_shift_ids ?? []), [publication]);
  const shown = proposal && proposal.weekStart === shownWeek && shownWeek === weekStart ? proposal : null;
  // While a proposal is shown the plan cannot be edited, so what is applied is what is shown (§28.4).
  const editable = canEdit && !shown;
  // Ctrl+Z undoes the last plan change of this browser (docs/PRODUCT-RULES.md §27.7).
  useUndoShortcut(() => void week.reload(), editable);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Several shifts at once (docs/PRODUCT-RULES.md §31.7): one store for the planner's life; chips subscribe to it.
  const [selection] = useState(() => new ShiftSelection());
  useEffect(() => selection.clear(), [weekStart, view, selection]);
  /** Closes the dialog of that kind (and no other that may have opened meanwhile). */
  const close = useCallback((kind: OpenDialog["kind"]) => setDialog((open) => (open?.kind === kind ? null : open)), []);
  const canSaveTemplate = !!user && can(user.role, "master-data:write");
  const [findingsOpen, setFindingsOpen] = useState(false);
  const [findingsFocus, setFindingsFocus] = useState<{ shiftId: number } | null>(null);
  // The running offers to give away or swap shifts, for planners (docs/PRODUCT-RULES.md §35.7): marks on the week's
  // chips, and "Tauschanfragen (n)", which opens the list to decide them.
  const swaps = week.data?.swaps;
  const marks = useMemo(() => swapMarks(swaps?.marks), [swaps]);
  const [swapsOpen, setSwapsOpen] = useState(false);

  // A move shows at once (docs/PRODUCT-RULES.md §27.2): the week's shifts as loaded, with the moves not yet
  // reloaded applied; a new load of the week replaces them.
  // A linked staff member gets colleagues by name only (docs/PRODUCT-RULES.md §31.2): the hours panel and the
  // rows' hours are built from the full rows (their own), the colleagues only name their rows.
  const fullEmployees = useMemo(() => employees.data?.filter(isFullEmployee), [employees.data]);
  const namesOnly = !!employees.data && fullEmployees?.length !== employees.data.length;
  const { shifts, move } = useOptimisticMoves(week, fullEmployees, locations.data);
  const findings = useMemo(() => week.data?.warnings ?? [], [week.data]);
  // On the phone the planner opens on today, and "Heute" shows it again (docs/PRODUCT-RULES.md §31.4).
  const [todayAsked, setTodayAsked] = useState(1);
  const vacations = useMemo(() => week.data?.vacations ?? [], [week.data]);
  // Only planners get entries (docs/PRODUCT-RULES.md §26.4); for staff the list is empty.
  const unavailability = useMemo(() => week.data?.unavailability ?? [], [week.data]);
  // The week's absences by employee for the panel (docs/PRODUCT-RULES.md §32.8): from the week, no request of its own.
  const absences = useMemo(() => byEmployee(week.data?.absences ?? []), [week.data]);
  // Their wishes (docs/PRODUCT-RULES.md §35.8), beside the names in the panel.
  const wishes = useMemo(() => byEmployee(week.data?.wishes ?? []), [week.data]);
  // The server's target of each person for the week (docs/PRODUCT-RULES.md §31.1).
  const targets = useMemo(() => targetsById(week.data?.targets ?? []), [week.data]);
  const entries = useMemo(
    () => availability(fullEmployees ?? [], shifts, vacations, shownWeek, unavailability, targets),
    [fullEmployees, shifts, vacations, shownWeek, unavailability, targets],
  );
  // The panel follows a move in a render of its own after the drop's paint: the chip in its new cell is what the
  // drop must show at once, the hours beside it may come a frame later (docs/PERFORMANCE.md, P13).
  const deferredEntries = useDeferredValue(entries);
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
    () => (shown ? proposalView(shown.proposal, shifts, fullEmployees ?? []) : null),
    [shown, shifts, fullEmployees],
  );
  const gridShifts = proposed?.shifts ?? shifts;
  // While a proposal is shown, the panel's free hours count the proposed shifts too (docs/PRODUCT-RULES.md §31.1).
  const panelEntries = useMemo(
    () =>
      proposed
        ? availability(fullEmployees ?? [], gridShifts, vacations, shownWeek, unavailability, targets)
        : deferredEntries,
    [proposed, deferredEntries, fullEmployees, gridShifts, vacations, shownWeek, unavailability, targets],
  );
  const staffRows = useMemo(() => {
    const rows = employeeRows(entries, gridShifts, namesOnly ? employees.data : undefined);
    if (!proposed) return rows;
    // The server's hours know only saved shifts: a proposed one counts in its person's row too.
    const added = new Map<number, number>();
    for (const shift of proposed.shifts)
      if (shift.employee_id !== null && proposed.marks.get(shift.id)?.kind === "assigned")
        added.set(shift.employee_id, sumHours([added.get(shift.employee_id) ?? 0, shift.hours]));
    return rows.map((row) => (added.has(row.id) ? { ...row, hours: sumHours([row.hours, added.get(row.id)!]) } : row));
  }, [entries, gridShifts, proposed, namesOnly, employees.data]);

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

  const actions = useMemo<PlannerActions>(
    () => ({
      add: (target, from) => {
        opener.current = from;
        const draft = { locationId: target.locationId, date: target.date, employeeId: target.employeeId ?? undefined };
        setDialog({ kind: "shift", draft });
      },
      edit: (shift, from) => {
        opener.current = from;
        setDialog({ kind: "shift", draft: { shift } });
      },
      remove: (shift) => setDialog({ kind: "deleteShift", shift }),
      findings: (shift) => {
        setFindingsOpen(true);
        setFindingsFocus({ shiftId: shift.id });
      },
      menu: (shift, from) => {
        opener.current = from;
        setDialog({ kind: "move", shift });
      },
      copyDay: (date, locationId) => setDialog({ kind: "copyDay", date, locationId }),
    }),
    [],
  );
  // Stable, so the memoised panel skips the renders that do not change it (a week switch's first one, P13).
  const recordUnavailable = useCallback(() => setDialog({ kind: "recordUnavailable" }), []);
  const deleteUnavailable = useCallback(
    (entry: UnavailabilityDto, name: string) => setDialog({ kind: "deleteUnavailable", entry, name }),
    [],
  );
  // Absences are recorded by those who decide vacations (`vacations:write`, docs/PRODUCT-RULES.md §32.2).
  const recordsAbsences = editable && !!user && can(user.role, "vacations:write");
  const addAbsence = useCallback(
    (employeeId?: number) => setDialog({ kind: "absence", absence: null, employeeId }),
    [],
  );
  // The week carries the slot only; the dialog needs the whole absence (note, certificate): one read on the click.
  const editAbsence = useCallback(async (slot: AbsenceSlot) => {
    try {
      const found = await api.get(
        `/absences?start_date=${slot.start_date}&end_date=${slot.start_date}&employee_id=${slot.employee_id}`,
      );
      const absence = found.find((candidate) => candidate.id === slot.id);
      if (absence) setDialog({ kind: "absence", absence });
      else notify.error("Abwesenheit nicht gefunden");
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Laden der Abwesenheit"));
    }
  }, []);
  const absenceDialog = openOf(dialog, "absence");
  const shiftDialog = openOf(dialog, "shift");
  const moveDialog = openOf(dialog, "move");
  const Frame = editable ? dnd?.PlannerDnd : undefined;
  const framed = (content: ReactNode) => (Frame ? <Frame onMove={move}>{content}</Frame> : content);

  return (
    <>
      <TodayOnPhone
        asked={todayAsked}
        currentWeekShown={
          !!week.data &&
          !!employees.data &&
          !!locations.data &&
          shownWeek === mondayOf(today) &&
          weekStart === shownWeek &&
          // Drag and drop wraps the grid once it has loaded, which draws it anew (scrolled back to its start).
          (!editable || !!Frame)
        }
      />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Wochenplanung</h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            KW {isoWeekNumber(weekStart)} · {formatDayMonth(weekStart)}–{formatDate(addDays(weekStart, 6))}
            {week.loading && <span className="ml-2 text-slate-500">· wird geladen...</span>}
          </p>
          {canEdit && publication?.publishing && <PublicationStatus unpublished={publication.unpublished} />}
          {canEdit && (swapsOpen || !!swaps?.running) && (
            <button
              type="button"
              aria-expanded={swapsOpen}
              aria-controls="swap-requests"
              onClick={() => setSwapsOpen(!swapsOpen)}
              className={classNames(
                "mt-2 flex min-h-8 items-center gap-2 rounded-full border border-sky-300 bg-sky-50 px-3 text-sm",
                "font-medium text-sky-900 hover:bg-sky-100 max-sm:min-h-11",
              )}
            >
              <span aria-hidden="true">⇄</span>
              Tauschanfragen ({swaps?.running ?? 0})
            </button>
          )}
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
            <Button
              variant="secondary"
              onClick={() => {
                goToWeek(mondayOf(todayInBrowser()));
                setTodayAsked((count) => count + 1);
              }}
            >
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
            <Button
              variant="secondary"
              onClick={() => setDialog({ kind: "importTemplate" })}
              disabled={week.loading || !!shown}
            >
              Vorlage importieren
            </Button>
          )}
          {canEdit && (
            <Button
              variant="secondary"
              onClick={() => setDialog({ kind: "copyWeek" })}
              disabled={!week.data || !!shown}
            >
              Woche kopieren
            </Button>
          )}
          {canEdit && (
            <Button
              variant="secondary"
              onClick={() => setDialog({ kind: "autoFill" })}
              disabled={!week.data || week.loading || !!shown}
            >
              Automatisch besetzen
            </Button>
          )}
          {canEdit && publication?.publishing && (
            <Button
              onClick={() => setDialog({ kind: "publish" })}
              disabled={week.loading || !!shown || publication.unpublished === 0}
            >
              Veröffentlichen
            </Button>
          )}
          {canSaveTemplate && (
            <Button variant="secondary" onClick={() => setDialog({ kind: "saveTemplate" })} disabled={!week.data}>
              Als Vorlage speichern
            </Button>
          )}
        </div>
      </div>

      {swapsOpen && (
        <SwapRequestsPanel
          weekStart={shownWeek}
          week={week.data}
          onWeek={goToWeek}
          onShow={focusChip}
          onDecided={() => void week.reload()}
        />
      )}
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
            // A layer of its own from the start (will-change): dimming the week while the next one loads is then the
            // compositor's work, not a repaint of the whole grid in the click's frame (docs/PERFORMANCE.md, P13).
            className={classNames(
              "space-y-4 transition-opacity will-change-[opacity]",
              week.loading && shownWeek !== weekStart && "opacity-60",
            )}
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
                onSelect={(shift) => (editable ? setDialog({ kind: "shift", draft: { shift } }) : focusChip(shift.id))}
              />
            )}
            {!namesOnly && (
              <EmployeePanel
                entries={panelEntries}
                weekStart={shownWeek}
                draggable={editable}
                onAddUnavailability={editable ? recordUnavailable : undefined}
                onDeleteUnavailability={editable ? deleteUnavailable : undefined}
                absences={absences}
                wishes={wishes}
                onAddAbsence={recordsAbsences ? addAbsence : undefined}
                onEditAbsence={recordsAbsences ? editAbsence : undefined}
              />
            )}
            <ViewSwitch view={view} onChange={changeView} />
            {editable && (
              <SelectionBar
                selection={selection}
                weekStart={shownWeek}
                shifts={shifts}
                locations={locations.data ?? []}
                onChanged={() => void week.reload()}
              />
            )}
            <ShiftSelectionContext value={editable ? selection : null}>
              <ProposalMarksContext value={proposed?.marks ?? null}>
                <UnpublishedShiftsContext value={canEdit ? unpublishedShifts : null}>
                  <SwapMarksContext value={canEdit ? marks : null}>
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
                        absences={absences}
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
                  </SwapMarksContext>
                </UnpublishedShiftsContext>
              </ProposalMarksContext>
            </ShiftSelectionContext>
          </div>,
        )
      )}

      {shiftDialog && (
        <ShiftDialog
          draft={shiftDialog.draft}
          employees={entries}
          locations={locations.data ?? []}
          weekStart={shownWeek}
          vacations={vacations}
          unavailability={unavailability}
          labourRules={week.data?.labour_rules ?? "CH"}
          applications={"shift" in shiftDialog.draft ? (applications.get(shiftDialog.draft.shift.id) ?? []) : []}
          onClose={() => {
            close("shift");
            returnFocus();
          }}
          onSaved={() => {
            close("shift");
            returnFocus(week.reload());
          }}
          onUndone={() => void week.reload()}
        />
      )}
      {moveDialog && (
        <MoveDialog
          shift={moveDialog.shift}
          weekStart={shownWeek}
          view={view}
          locations={locations.data ?? []}
          employees={staffRows.filter((row) => !row.archived)}
          onMove={(kind, target) => {
            close("move");
            returnFocus();
            void move({ kind, shift: moveDialog.shift, target });
          }}
          onClose={() => {
            close("move");
            returnFocus();
          }}
        />
      )}
      {dialog?.kind === "autoFill" && (
        <AutoFillDialog
          weekStart={shownWeek}
          locations={locations.data ?? []}
          onClose={() => close("autoFill")}
          onProposed={(answer) => {
            close("autoFill");
            if (answer.stats.open === 0) notify.info("Keine offenen Schichten in dieser Woche");
            else setProposal({ weekStart: shownWeek, proposal: answer });
          }}
        />
      )}
      {dialog?.kind === "importTemplate" && (
        <TemplateImportDialog
          weekStart={weekStart}
          shiftCount={shifts.length}
          onUndone={() => void week.reload()}
          onClose={() => close("importTemplate")}
          onImported={() => {
            close("importTemplate");
            void week.reload();
          }}
        />
      )}
      {dialog?.kind === "publish" && publication && (
        <PublishDialog
          weekStart={shownWeek}
          unpublished={publication.unpublished}
          locations={locations.data ?? []}
          onClose={() => close("publish")}
          onPublished={() => {
            close("publish");
            void week.reload();
          }}
        />
      )}
      {dialog?.kind === "copyWeek" && (
        <CopyWeekDialog
          weekStart={shownWeek}
          shiftCount={shifts.length}
          onClose={() => close("copyWeek")}
          onCopied={(target) => {
            close("copyWeek");
            // The copy's week, in the address too (§27.4).
            goToWeek(target);
          }}
          onUndone={() => void week.reload()}
        />
      )}
      {dialog?.kind === "copyDay" && (
        <CopyDayDialog
          weekStart={shownWeek}
          initial={{ date: dialog.date, locationId: dialog.locationId }}
          shifts={shifts}
          locations={locations.data ?? []}
          onClose={() => close("copyDay")}
          onChanged={() => void week.reload()}
        />
      )}
      {dialog?.kind === "saveTemplate" && (
        <SaveWeekAsTemplateDialog weekStart={shownWeek} onClose={() => close("saveTemplate")} />
      )}
      {dialog?.kind === "recordUnavailable" && (
        <UnavailabilityDialog
          initial={{ start_date: today >= shownWeek && today <= addDays(shownWeek, 6) ? today : shownWeek }}
          onClose={() => close("recordUnavailable")}
          onSaved={() => {
            close("recordUnavailable");
            void week.reload();
          }}
        />
      )}
      {/* Rendered only when open: its code loads with the first use (next/dynamic). */}
      {absenceDialog && (
        <AbsenceDialog
          open
          employees={fullEmployees ?? []}
          absence={absenceDialog.absence}
          initial={{
            employee_id: absenceDialog.employeeId,
            date: today >= shownWeek && today <= addDays(shownWeek, 6) ? today : shownWeek,
          }}
          onClose={() => close("absence")}
          onSaved={() => void week.reload()}
        />
      )}
      <ConfirmDelete
        item={openOf(dialog, "deleteUnavailable")}
        title="Eintrag löschen"
        message={({ entry, name }) =>
          `Nicht verfügbar ${unavailabilityLabel(entry, shownWeek)} von ${name} wirklich löschen? ` +
          `(${deletedDays(entry)})`
        }
        remove={({ entry }) => api.delete(`/unavailability/${entry.id}`)}
        success="Eintrag gelöscht!"
        onClose={() => close("deleteUnavailable")}
        onDeleted={week.reload}
      />
      <ConfirmDelete
        item={openOf(dialog, "deleteShift")?.shift ?? null}
        title="Schicht löschen"
        message={(shift) =>
          `Schicht wirklich löschen? ${shift.employee_name ?? "Offen"}, ${formatDate(shift.shift_date)}, ` +
          `${shift.start_time}–${shift.end_time}`
        }
        remove={(shift) => api.delete(`/shifts/${shift.id}`)}
        success="Schicht gelöscht!"
        onClose={() => close("deleteShift")}
        onDeleted={week.reload}
        onUndone={() => void week.reload()}
      />
    </>
  );
}

/** The week's absences (docs/PRODUCT-RULES.md §32.8) or wishes (§35.8) by employee. */
function byEmployee<T extends { employee_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.employee_id, [...(map.get(row.employee_id) ?? []), row]);
  return map;
}

/**
 * The days of an entry being deleted: "04.05.2038–06.05.2038"; a weekly one's label says "jeden Mo", its range may
 * have no end: "ab 07.12.2026" (§26.4, §35.8).
 */
function deletedDays({ start_date, end_date }: UnavailabilityDto): string {
  return end_date ? `${formatDate(start_date)}–${formatDate(end_date)}` : `ab ${formatDate(start_date)}`;
}
