"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { PageHeader } from "@/components/ui/PageHeader";
import { PermissionGate } from "@/components/ui/PermissionGate";
import { SelectField } from "@/components/ui/SelectField";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import { useResource } from "@/lib/client/use-resource";
import { isFullEmployee, type TimeAccountDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { monthLabel, periodLabel, periodRange, shiftMonth, type Period, type PeriodKind } from "@/lib/shared/periods";
import { AccountTable } from "./AccountTable";
import { BookingDialog } from "./BookingDialog";
import { CorrectionRequests } from "./CorrectionRequests";
import { EmployeeSheet, type SheetActions } from "./EmployeeSheet";
import { EntryDialog } from "./EntryDialog";
import { PayrollExport } from "./PayrollExport";
import { ReasonDialog } from "./ReasonDialog";
import { RevisionsDialog } from "./RevisionsDialog";
import { entrySpan, formatDay, formOfEntry, type EntryForm } from "./time-view";
import type { Option, SheetEmployee, SheetEntry, SheetMonth } from "./types";

// Its code loads with the first use (next/dynamic), like the planner's.
const AbsenceDialog = dynamic(() => import("@/components/absences/AbsenceDialog").then((m) => m.AbsenceDialog));
// So does the opening balance's, with the time account's schema it checks with: set once per person, rarely opened.
const OpeningDialog = dynamic(() => import("./OpeningDialog").then((m) => m.OpeningDialog));

type Filters = { period: Period; location: string; employee: string };

/** The business's zone: the people who manage sit where the business is (docs/PRODUCT-RULES.md §13, §32.6). */
function businessTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Timesheet, open correction requests and the pickers' lists load together: one failure toast. */
async function loadSheet({ period, location, employee }: Filters, signal: AbortSignal) {
  const { start, end } = periodRange(period);
  const query = new URLSearchParams({ start_date: start, end_date: end });
  if (employee) query.set("employee_id", employee);
  if (location) query.set("location_id", location);
  // The month view shows the month's time accounts too (docs/PRODUCT-RULES.md §34.3); not for a month to come.
  const month = start.slice(0, 7);
  const accountQuery = new URLSearchParams({ year: month.slice(0, 4), month: String(Number(month.slice(5, 7))) });
  if (employee) accountQuery.set("employee_id", employee);
  const withAccounts = period.kind === "month" && month <= today().slice(0, 7);
  const [sheet, corrections, employees, locations, accounts] = await Promise.all([
    api.get(`/timesheets?${query}`, signal),
    api.get("/time-corrections", signal),
    api.get("/employees", signal),
    api.get("/locations", signal),
    withAccounts ? api.get(`/time-accounts?${accountQuery}`, signal) : null,
  ]);
  // At one location: the accounts of the people of its timesheet.
  const shown = new Set(sheet.employees.map((row) => row.employee_id));
  const monthAccounts = accounts && {
    month,
    accounts: location ? accounts.accounts.filter((account) => shown.has(account.employee_id)) : accounts.accounts,
  };
  return { sheet, corrections, employees: employees.filter(isFullEmployee), locations, monthAccounts };
}

type Dialog =
  | { kind: "entry"; entryId: number | null; initial: EntryForm }
  | { kind: "void"; employee: SheetEmployee; entry: SheetEntry }
  | { kind: "history"; employee: SheetEmployee; entry: SheetEntry }
  | { kind: "approve"; employee: SheetEmployee; month: SheetMonth }
  | { kind: "reopen"; employee: SheetEmployee; month: SheetMonth }
  | { kind: "absence" }
  | { kind: "book"; account: TimeAccountDto; month: string }
  | { kind: "opening"; account: TimeAccountDto; month: string }
  | null;

/** "Zeiterfassung" (docs/PRODUCT-RULES.md §32.6): the manager's timesheet, for managers and admins. */
export function TimeScreen() {
  return (
    <PermissionGate
      permission="time:manage"
      title="Zeiterfassung"
      notice="Die Zeiterfassung ist nur für Manager und Administratoren verfügbar"
    >
      {() => <Timesheets />}
    </PermissionGate>
  );
}

const KINDS: { kind: PeriodKind; label: string }[] = [
  { kind: "week", label: "Woche" },
  { kind: "month", label: "Monat" },
];

function Timesheets() {
  const [timeZone] = useState(businessTimeZone);
  const [period, setPeriod] = useState<Period>(() => ({ kind: "week", date: today() }));
  const [location, setLocation] = useState("");
  const [employee, setEmployee] = useState("");
  const [dialog, setDialog] = useState<Dialog>(null);
  const key = `${period.kind}|${periodRange(period).start}|${location}|${employee}`;
  const data = useResource(
    (signal) => loadSheet({ period, location, employee }, signal),
    "Fehler beim Laden der Zeiterfassung",
    key,
  );
  const reload = () => void data.reload();

  function step(direction: -1 | 1) {
    setPeriod((current) => ({
      kind: current.kind,
      date:
        current.kind === "week"
          ? addDays(periodRange(current).start, 7 * direction)
          : shiftMonth(current.date, direction),
    }));
  }

  const employees: Option[] = (data.data?.employees ?? []).map((e) => ({
    id: e.id,
    name: `${e.first_name} ${e.last_name}`,
  }));
  const locations: Option[] = (data.data?.locations ?? []).map((l) => ({ id: l.id, name: l.name }));

  const actions: SheetActions = {
    onCorrect: (owner, entry) =>
      setDialog({ kind: "entry", entryId: entry.id, initial: formOfEntry(timeZone, owner.employee_id, entry) }),
    onVoid: (owner, entry) => setDialog({ kind: "void", employee: owner, entry }),
    onHistory: (owner, entry) => setDialog({ kind: "history", employee: owner, entry }),
    onApprove: (owner, month) => setDialog({ kind: "approve", employee: owner, month }),
    onReopen: (owner, month) => setDialog({ kind: "reopen", employee: owner, month }),
  };

  function addEntry() {
    const { start, end } = periodRange(period);
    const now = today();
    setDialog({
      kind: "entry",
      entryId: null,
      initial: {
        employee_id: employee,
        location_id: location,
        date: now >= start && now <= end ? now : start,
        start: "",
        end: "",
        breaks: [],
        note: "",
        reason: "",
      },
    });
  }

  async function approve(owner: SheetEmployee, month: SheetMonth) {
    try {
      await api.post("/timesheets/approve", { employee_id: owner.employee_id, month: month.month });
      notify.success(`${monthLabel(month.month)} von ${owner.employee_name} genehmigt!`);
      setDialog(null);
      reload();
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Genehmigen"));
    }
  }

  const entryTitle = (owner: SheetEmployee, entry: SheetEntry) =>
    `${owner.employee_name}, ${formatDay(dayOf(owner, entry))} ${entrySpan(timeZone, entry)}`;

  return (
    <>
      <PageHeader
        title="Zeiterfassung"
        description="Geplant und gearbeitet pro Tag, Korrekturen mit Begründung und die Genehmigung des Monats."
        actions={
          <div className="flex flex-wrap gap-2" role="group" aria-label="Erfassen">
            <Button onClick={addEntry} disabled={!data.data}>
              + Eintrag hinzufügen
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: "absence" })} disabled={!data.data}>
              Abwesenheit erfassen
            </Button>
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Ansicht</legend>
          <div className="flex rounded-lg border border-slate-300 bg-white p-0.5">
            {KINDS.map(({ kind, label }) => (
              <label
                key={kind}
                className={`relative flex min-h-10 items-center rounded-md px-4 text-sm font-medium ${
                  period.kind === kind ? "bg-accent-dark text-white" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                <input
                  type="radio"
                  name="time-period-kind"
                  value={kind}
                  checked={period.kind === kind}
                  onChange={() => setPeriod({ kind, date: period.date })}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-md"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-2" role="group" aria-label="Zeitraum wechseln">
          <Button variant="secondary" onClick={() => step(-1)}>
            ← Zurück
          </Button>
          <Button variant="secondary" onClick={() => setPeriod({ kind: period.kind, date: today() })}>
            Heute
          </Button>
          <Button variant="secondary" onClick={() => step(1)}>
            Weiter →
          </Button>
        </div>
        <SelectField
          id="time-location"
          label="Standort"
          className="w-full sm:w-56"
          value={location}
          onChange={(event) => setLocation(event.target.value)}
        >
          <option value="">Alle Standorte</option>
          {locations.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="time-employee"
          label="Mitarbeitende"
          className="w-full sm:w-64"
          value={employee}
          onChange={(event) => setEmployee(event.target.value)}
        >
          <option value="">Alle Mitarbeitenden</option>
          {employees.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="mb-4 font-medium" aria-live="polite">
        {periodLabel(period)}
      </p>
      <WhenLoaded resource={data} failedTitle="Die Zeiterfassung konnte nicht geladen werden.">
        {(loaded) => (
          <div className="space-y-4">
            <CorrectionRequests requests={loaded.corrections} timeZone={timeZone} onChanged={reload} />
            {loaded.monthAccounts && (
              <>
                <PayrollExport month={loaded.monthAccounts.month} />
                <AccountTable
                  month={loaded.monthAccounts.month}
                  accounts={loaded.monthAccounts.accounts}
                  onBook={(account) => setDialog({ kind: "book", account, month: loaded.monthAccounts!.month })}
                  onOpening={(account) => setDialog({ kind: "opening", account, month: loaded.monthAccounts!.month })}
                />
              </>
            )}
            {loaded.sheet.employees.length === 0 ? (
              <EmptyState title="Keine Schichten und keine Einträge in diesem Zeitraum" />
            ) : (
              loaded.sheet.employees.map((sheet) => (
                <EmployeeSheet key={sheet.employee_id} employee={sheet} timeZone={timeZone} actions={actions} />
              ))
            )}
          </div>
        )}
      </WhenLoaded>
      {dialog?.kind === "entry" && (
        <EntryDialog
          entryId={dialog.entryId}
          initial={dialog.initial}
          employees={employees}
          locations={locations}
          timeZone={timeZone}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog?.kind === "void" && (
        <ReasonDialog
          title="Eintrag stornieren"
          detail={entryTitle(dialog.employee, dialog.entry)}
          label="Stornieren"
          busyLabel="Wird storniert..."
          success="Eintrag storniert!"
          failure="Fehler beim Stornieren"
          field="reason"
          hint="Ein stornierter Eintrag bleibt sichtbar und zählt nicht mehr."
          send={(reason) => api.post(`/time-entries/${dialog.entry.id}/void`, { reason })}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog?.kind === "history" && (
        <RevisionsDialog
          entryId={dialog.entry.id}
          title={entryTitle(dialog.employee, dialog.entry)}
          timeZone={timeZone}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "approve" && (
        <ConfirmDialog
          open
          title="Monat genehmigen"
          message={`${monthLabel(dialog.month.month)} von ${dialog.employee.employee_name} genehmigen?`}
          detail={
            dialog.month.month === today().slice(0, 7)
              ? "Der Monat läuft noch: danach sind auch seine restlichen Tage gesperrt, Stempeln eingeschlossen, " +
                "bis er wieder geöffnet wird."
              : "Danach lassen sich die Einträge des Monats erst nach dem Wiedereröffnen ändern."
          }
          confirmLabel="Monat genehmigen"
          busyLabel="Wird genehmigt..."
          tone="primary"
          onConfirm={() => approve(dialog.employee, dialog.month)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "reopen" && (
        <ReasonDialog
          title="Monat wieder öffnen"
          detail={`${monthLabel(dialog.month.month)} von ${dialog.employee.employee_name}`}
          label="Wieder öffnen"
          busyLabel="Wird geöffnet..."
          success="Monat wieder geöffnet!"
          failure="Fehler beim Wiedereröffnen"
          field="reason"
          hint="Die Begründung steht im Verlauf jedes Eintrags des Monats."
          send={(reason) =>
            api.post("/timesheets/reopen", {
              employee_id: dialog.employee.employee_id,
              month: dialog.month.month,
              reason,
            })
          }
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog?.kind === "book" && (
        <BookingDialog
          employeeId={dialog.account.employee_id}
          employeeName={dialog.account.employee_name}
          month={dialog.month}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog?.kind === "opening" && (
        <OpeningDialog
          account={dialog.account}
          month={dialog.month}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog?.kind === "absence" && (
        <AbsenceDialog
          open
          employees={data.data?.employees ?? []}
          initial={{
            employee_id: employee ? Number(employee) : undefined,
            date:
              periodRange(period).start <= today() && today() <= periodRange(period).end
                ? today()
                : periodRange(period).start,
          }}
          onClose={() => setDialog(null)}
          onSaved={reload}
        />
      )}
    </>
  );
}

/** The business day an entry counts on: the day of the sheet that lists it. */
function dayOf(owner: SheetEmployee, entry: SheetEntry): string {
  return owner.days.find((day) => day.entries.some((e) => e.id === entry.id))?.date ?? entry.start_at.slice(0, 10);
}
