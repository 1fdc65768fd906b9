"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { WhenLoaded } from "@/components/ui/States";
import { api, download } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { saveFile } from "@/lib/client/save-file";
import { useResource } from "@/lib/client/use-resource";
import type { MySchedule, TimeEntryListItem } from "@/lib/shared/api-types";
import { addDays, addMonths, isoWeekday, mondayOf } from "@/lib/shared/dates";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { monthLabel } from "@/lib/shared/periods";
import { CorrectionDialog, RevisionsDialog } from "./MyTimeDialogs";
import { hoursMinutes, ENTRY_STATUS_LABELS } from "@/lib/shared/time-entry-text";
import { clockTime } from "./stamp-text";

type Props = {
  /** This week and the next of "Meine Schichten": the plan of today and this week. */
  weeks: MySchedule["weeks"];
  today: string;
};

const CLOSED = "flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4";

/** Minutes an entry counts: nothing for a void one (docs/PRODUCT-RULES.md §32.1). */
const counted = (entry: TimeEntryListItem) => (entry.status === "void" ? 0 : entry.worked_minutes);

/**
 * "Meine Zeiten" on Meine Schichten (docs/PRODUCT-RULES.md §32.7): today, this week and the chosen month against the
 * plan, the own entries with their status, their history ("Verlauf"), a correction request, and the month's
 * Arbeitszeitnachweis as PDF or CSV. Loaded when opened, so the page's first load stays as it is.
 */
export function MyTimes({ weeks, today }: Props) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div className={CLOSED}>
        <p className="text-sm text-slate-600">Deine gestempelten Zeiten, Korrekturen und der Arbeitszeitnachweis.</p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Meine Zeiten anzeigen
        </Button>
      </div>
    );
  return <MyTimesOpen weeks={weeks} today={today} />;
}

function MyTimesOpen({ weeks, today }: Props) {
  const thisMonth = today.slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  // This week's Monday may lie in the month before: read from there, so "Diese Woche" is whole.
  const start = month === thisMonth && mondayOf(today) < first ? mondayOf(today) : first;
  const end = month === thisMonth ? today : last;
  const entries = useResource(
    (signal) => api.get(`/me/time-entries?start_date=${start}&end_date=${end}`, signal),
    "Fehler beim Laden deiner Zeiten",
    `${start}:${end}`,
  );
  // The month's plan per day, as managers see it (docs/PRODUCT-RULES.md §32.7).
  const sheet = useResource(
    (signal) => api.get(`/me/timesheet?month=${month}`, signal),
    "Fehler beim Laden deiner Zeiten",
    month,
  );
  // The running month counts until today: the shifts still to come are not missing hours.
  const monthDays = sheet.data?.employees[0]?.days.filter((day) => month !== thisMonth || day.date <= today);
  const [history, setHistory] = useState<TimeEntryListItem | null>(null);
  const [correcting, setCorrecting] = useState<TimeEntryListItem | null>(null);

  const monday = mondayOf(today);
  const plannedUntilToday = (from: string) =>
    Math.round(
      weeks
        .flatMap((week) => week.shifts)
        .filter((shift) => shift.shift_date >= from && shift.shift_date <= today)
        .reduce((sum, shift) => sum + shift.hours * 60, 0),
    );

  return (
    <div className="space-y-4" data-testid="my-times">
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id="my-times-month"
          label="Monat"
          type="month"
          value={month}
          max={thisMonth}
          onChange={(event) => event.target.value && setMonth(event.target.value)}
          className="w-44"
        />
        <DownloadButton kind="pdf" month={month} />
        <DownloadButton kind="csv" month={month} />
      </div>
      <WhenLoaded resource={entries} failedTitle="Deine Zeiten konnten nicht geladen werden">
        {(all) => {
          const inMonth = all.filter((entry) => entry.date >= first && entry.date <= last);
          const sum = (list: TimeEntryListItem[]) => list.reduce((total, entry) => total + counted(entry), 0);
          return (
            <>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {month === thisMonth && (
                  <>
                    <Total
                      label="Heute"
                      worked={sum(all.filter((entry) => entry.date === today))}
                      planned={plannedUntilToday(today)}
                    />
                    <Total
                      label="Diese Woche"
                      worked={sum(all.filter((entry) => entry.date >= monday))}
                      planned={plannedUntilToday(monday)}
                    />
                  </>
                )}
                <Total
                  label={month === thisMonth ? `${monthLabel(month)} bis heute` : monthLabel(month)}
                  worked={sum(inMonth)}
                  planned={monthDays ? monthDays.reduce((total, day) => total + day.planned_minutes, 0) : null}
                />
              </dl>
              {inMonth.length === 0 ? (
                <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
                  Keine Zeiteinträge im {monthLabel(month)}.
                </p>
              ) : (
                <ul
                  className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
                  aria-label={`Zeiteinträge ${monthLabel(month)}`}
                >
                  {[...inMonth].reverse().map((entry) => (
                    <EntryRow
                      key={entry.id}
                      entry={entry}
                      onHistory={() => setHistory(entry)}
                      onCorrect={() => setCorrecting(entry)}
                    />
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </WhenLoaded>
      {history && <RevisionsDialog entry={history} onClose={() => setHistory(null)} />}
      {correcting && (
        <CorrectionDialog
          entry={correcting}
          onClose={() => setCorrecting(null)}
          onSaved={() => {
            setCorrecting(null);
            void entries.reload();
          }}
        />
      )}
    </div>
  );
}

function Total({ label, worked, planned }: { label: string; worked: number; planned: number | null }) {
  const difference = planned === null ? null : worked - planned;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{hoursMinutes(worked)} h gearbeitet</dd>
      {planned !== null && (
        <dd className="text-sm tabular-nums text-slate-600">
          Geplant {hoursMinutes(planned)} h · Differenz{" "}
          <span className={difference! < 0 ? "font-medium text-red-700" : "font-medium text-emerald-800"}>
            {hoursMinutes(difference!, { signed: true })} h
          </span>
        </dd>
      )}
      {planned === null && <dd className="text-sm text-slate-600">Geplant: wird geladen …</dd>}
    </div>
  );
}

function EntryRow({
  entry,
  onHistory,
  onCorrect,
}: {
  entry: TimeEntryListItem;
  onHistory: () => void;
  onCorrect: () => void;
}) {
  const voided = entry.status === "void";
  const day = `${WEEKDAYS_SHORT[isoWeekday(entry.date) - 1]} ${formatDate(entry.date)}`;
  const span = `${clockTime(entry.start_at)}–${entry.end_at ? clockTime(entry.end_at) : "läuft"}`;
  return (
    <li className="space-y-2 px-4 py-3" data-testid="my-time-entry">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={voided ? "text-slate-500 line-through" : "font-medium text-slate-900"}>
          <span className="tabular-nums">{day}</span> · <span className="tabular-nums">{span}</span>
        </span>
        <span className="rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-800">
          {ENTRY_STATUS_LABELS[entry.status]}
        </span>
      </div>
      <p className="text-sm tabular-nums text-slate-600">
        {voided
          ? "Zählt nicht"
          : `${hoursMinutes(entry.worked_minutes)} h gearbeitet · Pause ${hoursMinutes(entry.break_minutes)} h`}
      </p>
      {entry.open_correction && (
        <p className="text-sm font-medium text-amber-900">Korrektur angefragt · wartet auf den Entscheid</p>
      )}
      {!entry.open_correction && entry.last_correction?.status === "rejected" && (
        <p className="text-sm text-slate-700">
          Korrektur abgelehnt{entry.last_correction.decision_note ? `: ${entry.last_correction.decision_note}` : ""}
        </p>
      )}
      {!entry.open_correction && entry.last_correction?.status === "accepted" && (
        <p className="text-sm text-slate-700">✓ Korrektur übernommen</p>
      )}
      <div className="flex flex-wrap gap-2">
        {entry.revisions_count > 0 && (
          <Button variant="secondary" size="sm" onClick={onHistory}>
            Verlauf ({entry.revisions_count})
          </Button>
        )}
        {entry.status === "recorded" && !entry.open_correction && (
          <Button variant="secondary" size="sm" onClick={onCorrect}>
            Korrektur anfragen
          </Button>
        )}
      </div>
    </li>
  );
}

function DownloadButton({ kind, month }: { kind: "pdf" | "csv"; month: string }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const { blob, filename } = await download(`/me/time-record/${kind}?month=${month}`);
      saveFile(blob, filename ?? `arbeitszeitnachweis-${month}.${kind}`);
      notify.success("Arbeitszeitnachweis wurde heruntergeladen!");
    } catch {
      notify.error("Fehler beim Erstellen des Arbeitszeitnachweises");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={run} disabled={busy}>
      {busy ? "Wird erstellt..." : `Arbeitszeitnachweis (${kind.toUpperCase()})`}
    </Button>
  );
}
