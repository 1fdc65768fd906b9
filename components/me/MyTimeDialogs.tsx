"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field, TextAreaField } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import { WhenLoaded } from "@/components/ui/States";
import { api, ApiRequestError } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";
import { useResource } from "@/lib/client/use-resource";
import type { TimeEntryListItem, TimeEntryRevisionDto } from "@/lib/shared/api-types";
import { formatDate } from "@/lib/shared/format";
import { ENTRY_STATUS_LABELS, hoursMinutes } from "@/lib/shared/time-entry-text";
import { dateTime, instantOn } from "./my-times-text";
import { clockTime } from "./stamp-text";

type Snapshot = { start_at?: unknown; end_at?: unknown; break_minutes?: unknown; status?: unknown };

/** "08:05–16:00, Pause 0:25 h, offen" of a revision's snapshot. */
function snapshotText(snapshot: Snapshot): string {
  const start = typeof snapshot.start_at === "string" ? clockTime(snapshot.start_at) : "?";
  const end = typeof snapshot.end_at === "string" ? clockTime(snapshot.end_at) : "läuft";
  const pause = typeof snapshot.break_minutes === "number" ? `, Pause ${hoursMinutes(snapshot.break_minutes)} h` : "";
  const status =
    typeof snapshot.status === "string"
      ? `, ${ENTRY_STATUS_LABELS[snapshot.status as keyof typeof ENTRY_STATUS_LABELS] ?? snapshot.status}`
      : "";
  return `${start}–${end}${pause}${status}`;
}

function RevisionItem({ revision }: { revision: TimeEntryRevisionDto }) {
  const who = revision.changed_by_name ?? "Stempeluhr";
  return (
    <li className="space-y-1 py-3" data-testid="my-time-revision">
      <p className="text-sm text-slate-600">
        {dateTime(revision.changed_at)} · {who}
      </p>
      <p className="text-sm text-slate-900">
        {revision.before ? (
          <>
            {snapshotText(revision.before)} → {snapshotText(revision.after)}
          </>
        ) : (
          <>Erfasst: {snapshotText(revision.after)}</>
        )}
      </p>
      {revision.reason && <p className="text-sm text-slate-700">Begründung: {revision.reason}</p>}
    </li>
  );
}

/** Who changed an own entry, when, from what to what and why (docs/PRODUCT-RULES.md §32.7). */
export function RevisionsDialog({ entry, onClose }: { entry: TimeEntryListItem; onClose: () => void }) {
  const revisions = useResource(
    (signal) => api.get(`/time-entries/${entry.id}/revisions`, signal),
    "Fehler beim Laden des Verlaufs",
    String(entry.id),
  );
  return (
    <Modal open title={`Verlauf vom ${formatDate(entry.date)}`} onClose={onClose}>
      <WhenLoaded resource={revisions} failedTitle="Der Verlauf konnte nicht geladen werden">
        {(list) => (
          <ol className="divide-y divide-slate-100">
            {[...list].reverse().map((revision) => (
              <RevisionItem key={revision.id} revision={revision} />
            ))}
          </ol>
        )}
      </WhenLoaded>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Schliessen
        </Button>
      </div>
    </Modal>
  );
}

/**
 * "Korrektur anfragen": what is wrong and, if known, the right start and end as local times of the entry's day
 * (docs/PRODUCT-RULES.md §32.1); a manager decides.
 */
export function CorrectionDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: TimeEntryListItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [note, setNote] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const startAt = start ? instantOn(entry.date, start) : undefined;
    const endAt = end ? instantOn(entry.date, end, startAt ?? entry.start_at) : undefined;
    setErrors({});
    const ok = await run(
      async () => {
        try {
          await api.post(`/me/time-entries/${entry.id}/correction`, {
            note,
            ...(startAt && { start_at: startAt }),
            ...(endAt && { end_at: endAt }),
          });
        } catch (error) {
          if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
          throw error;
        }
      },
      { success: "Korrektur angefragt!", failure: "Fehler beim Senden der Korrektur" },
    );
    if (ok) onSaved();
  }

  const span = `${clockTime(entry.start_at)}–${entry.end_at ? clockTime(entry.end_at) : "läuft"}`;
  return (
    <Modal open title="Korrektur anfragen" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          Eintrag vom {formatDate(entry.date)}, {span}. Deine Vorgesetzten sehen die Anfrage und entscheiden.
        </p>
        <TextAreaField
          id="correction-note"
          label="Was stimmt nicht?"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={errors.note}
          rows={3}
          required
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            id="correction-start"
            label="Richtiger Beginn (optional)"
            type="time"
            value={start}
            onChange={(event) => setStart(event.target.value)}
            error={errors.start_at}
          />
          <Field
            id="correction-end"
            label="Richtiges Ende (optional)"
            type="time"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            error={errors.end_at}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Wird gesendet..." : "Korrektur anfragen"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
