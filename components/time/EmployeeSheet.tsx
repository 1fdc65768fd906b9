"use client";
import { ENTRY_STATUS_LABELS } from "@/lib/shared/time-entry-text";
import { Button } from "@/components/ui/Button";
import { FindingIcon } from "@/components/ui/FindingIcon";
import { classNames } from "@/lib/shared/class-names";
import { formatTimestampDate } from "@/lib/shared/format";
import { monthLabel } from "@/lib/shared/periods";
import { ABSENCE_TYPE_LABELS } from "@/lib/shared/schemas/absence";
import { clockTimeIn, entrySpan, formatDay, formatDifference, formatMinutes, SOURCE_LABELS } from "./time-view";
import { RecordDownload } from "./RecordDownload";
import type { SheetDay, SheetEmployee, SheetEntry, SheetMonth } from "./types";

export type SheetActions = {
  onCorrect: (employee: SheetEmployee, entry: SheetEntry) => void;
  onVoid: (employee: SheetEmployee, entry: SheetEntry) => void;
  onHistory: (employee: SheetEmployee, entry: SheetEntry) => void;
  onApprove: (employee: SheetEmployee, month: SheetMonth) => void;
  onReopen: (employee: SheetEmployee, month: SheetMonth) => void;
};

const BADGE = "rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium";

export const LOCKED_HINT = "Monat genehmigt – zuerst wieder öffnen";

/** The months of the sheet that are approved, as "yyyy-MM". */
function approvedMonths(employee: SheetEmployee): Set<string> {
  return new Set(employee.months.filter((month) => month.approved).map((month) => month.month));
}

/**
 * One employee's planned vs. worked (docs/PRODUCT-RULES.md §32.6): a card per day, totals, each month's approval
 * with its buttons and downloads.
 */
export function EmployeeSheet({
  employee,
  timeZone,
  actions,
}: {
  employee: SheetEmployee;
  timeZone: string;
  actions: SheetActions;
}) {
  const locked = approvedMonths(employee);
  const headingId = `sheet-${employee.employee_id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-employee={employee.employee_id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {/* A long name without a break (a 36-letter surname) wraps inside the card, not past the phone's edge. */}
        <h2 id={headingId} className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">
          {employee.employee_name}
          {employee.archived && <span className="ml-2 text-sm font-normal text-slate-600">(archiviert)</span>}
        </h2>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Summen">
          <div className="flex gap-1">
            <dt className="text-slate-600">Geplant</dt>
            <dd className="font-medium tabular-nums">{formatMinutes(employee.totals.planned_minutes)} h</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600">Gearbeitet</dt>
            <dd className="font-medium tabular-nums">{formatMinutes(employee.totals.worked_minutes)} h</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600">Differenz</dt>
            <dd className="font-medium tabular-nums">{formatDifference(employee.totals.difference_minutes)} h</dd>
          </div>
        </dl>
      </div>
      <ul className="mt-3 space-y-2" aria-label="Monate">
        {employee.months.map((month) => (
          <MonthRow key={month.month} employee={employee} month={month} actions={actions} />
        ))}
      </ul>
      {employee.days.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Keine Schichten und keine Einträge in diesem Zeitraum.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label={`Tage von ${employee.employee_name}`}>
          {employee.days.map((day) => (
            <DayCard
              key={day.date}
              employee={employee}
              day={day}
              timeZone={timeZone}
              locked={locked.has(day.date.slice(0, 7))}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MonthRow({ employee, month, actions }: { employee: SheetEmployee; month: SheetMonth; actions: SheetActions }) {
  const query = `employee_id=${employee.employee_id}&month=${month.month}`;
  const file = `Arbeitszeitnachweis-${employee.employee_name.replace(/\s+/g, "-")}-${month.month}`;
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2 text-sm">
      <span className="font-medium">{monthLabel(month.month)}:</span>
      <span data-testid={`month-state-${employee.employee_id}-${month.month}`}>
        {month.approved && month.approved_at
          ? `✓ genehmigt am ${formatTimestampDate(month.approved_at)} von ${month.approved_by_name ?? "—"}`
          : "offen"}
      </span>
      <span className="ml-auto flex flex-wrap gap-2">
        {month.approved ? (
          <Button size="sm" variant="secondary" onClick={() => actions.onReopen(employee, month)}>
            Wieder öffnen
          </Button>
        ) : (
          <Button size="sm" onClick={() => actions.onApprove(employee, month)}>
            Monat genehmigen
          </Button>
        )}
        <RecordDownload
          label="Arbeitszeitnachweis PDF"
          path={`/timesheets/record/pdf?${query}`}
          fallbackFilename={`${file}.pdf`}
        />
        <RecordDownload label="CSV" path={`/timesheets/record/csv?${query}`} fallbackFilename={`${file}.csv`} />
      </span>
    </li>
  );
}

function DayCard({
  employee,
  day,
  timeZone,
  locked,
  actions,
}: {
  employee: SheetEmployee;
  day: SheetDay;
  timeZone: string;
  locked: boolean;
  actions: SheetActions;
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-date={day.date}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">{formatDay(day.date)}</h3>
        <p className="text-sm tabular-nums">
          Geplant {formatMinutes(day.planned_minutes)} · Gearbeitet {formatMinutes(day.worked_minutes)} · Differenz{" "}
          <span className="font-medium">{formatDifference(day.difference_minutes)}</span>
        </p>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Geplant</h4>
          {day.shifts.length === 0 && <p className="text-sm text-slate-600">Keine Schicht</p>}
          <ul className="text-sm">
            {day.shifts.map((shift) => (
              <li key={shift.id}>
                {`${shift.start_time.slice(0, 5)}–${shift.end_time.slice(0, 5)}`} ·{" "}
                {formatMinutes(shift.planned_minutes)} h · {shift.location_name}
              </li>
            ))}
          </ul>
          {day.absences.map((absence) => (
            <p key={absence.id} className="text-sm">
              Abwesend: {ABSENCE_TYPE_LABELS[absence.type]}
              {absence.hours !== null ? ` (${String(absence.hours).replace(".", ",")} h)` : " (ganzer Tag)"}
            </p>
          ))}
        </div>
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Gestempelt</h4>
          {day.entries.length === 0 && <p className="text-sm text-slate-600">Kein Eintrag</p>}
          <ul className="space-y-2 text-sm">
            {day.entries.map((entry) => (
              <EntryRow
                key={entry.id}
                employee={employee}
                entry={entry}
                timeZone={timeZone}
                locked={locked}
                actions={actions}
              />
            ))}
          </ul>
        </div>
      </div>
      {(day.flags.length > 0 || day.findings.length > 0) && (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Hinweise">
          {day.flags.map((flag, index) => (
            <li key={`flag-${index}`} className="flex items-center gap-1.5 text-amber-900">
              <FindingIcon severity="warning" />
              {flag.label}
            </li>
          ))}
          {day.findings.map((finding, index) => (
            <li
              key={`finding-${index}`}
              className={classNames(
                "flex items-center gap-1.5",
                finding.severity === "error" ? "text-red-800" : "text-amber-900",
              )}
            >
              <FindingIcon severity={finding.severity} />
              {finding.message}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function EntryRow({
  employee,
  entry,
  timeZone,
  locked,
  actions,
}: {
  employee: SheetEmployee;
  entry: SheetEntry;
  timeZone: string;
  locked: boolean;
  actions: SheetActions;
}) {
  const isVoid = entry.status === "void";
  const pauses = entry.breaks
    .map(
      (pause) =>
        `${clockTimeIn(timeZone, pause.start_at)}–${pause.end_at ? clockTimeIn(timeZone, pause.end_at) : "läuft"}`,
    )
    .join(", ");
  const hintId = `locked-${entry.id}`;
  return (
    <li data-entry={entry.id}>
      <p>
        <span className={isVoid ? "line-through" : "font-medium"}>{entrySpan(timeZone, entry)}</span>
        {!isVoid && <> · {formatMinutes(entry.worked_minutes)} h</>} · {entry.location_name} ·{" "}
        <span className={BADGE}>{ENTRY_STATUS_LABELS[entry.status]}</span>{" "}
        <span className="text-xs text-slate-600">({SOURCE_LABELS[entry.source]})</span>
      </p>
      {entry.breaks.length > 0 && (
        <p className="text-slate-600">
          Pause {pauses} ({formatMinutes(entry.break_minutes)} h)
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        {!isVoid && (
          <>
            <Button
              size="sm"
              variant="secondary"
              disabled={locked}
              aria-describedby={locked ? hintId : undefined}
              onClick={() => actions.onCorrect(employee, entry)}
            >
              Korrigieren
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={locked}
              aria-describedby={locked ? hintId : undefined}
              onClick={() => actions.onVoid(employee, entry)}
            >
              Stornieren
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={() => actions.onHistory(employee, entry)}>
          Verlauf
        </Button>
      </div>
      {locked && !isVoid && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {LOCKED_HINT}
        </p>
      )}
    </li>
  );
}
