"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { api, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import type { TimeCorrectionDto } from "@/lib/shared/api-types";
import { formatDate } from "@/lib/shared/format";
import { ReasonDialog } from "./ReasonDialog";
import { clockTimeIn, dateIn, entrySpan, formatDay } from "./time-view";

type Props = { requests: TimeCorrectionDto[]; timeZone: string; onChanged: () => void };

/** The wish of a request in words: "Beginn 08:00, Ende 16:30" or "keine Zeiten vorgeschlagen". */
function wish(timeZone: string, request: TimeCorrectionDto): string {
  const at = (instant: string) => `${formatDate(dateIn(timeZone, instant))} ${clockTimeIn(timeZone, instant)}`;
  const parts = [
    request.proposed_start_at && `Beginn ${at(request.proposed_start_at)}`,
    request.proposed_end_at && `Ende ${at(request.proposed_end_at)}`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "keine Zeiten vorgeschlagen";
}

/**
 * "Korrekturwünsche" (docs/PRODUCT-RULES.md §32.6): the staff's open requests, oldest first, with "Annehmen" (the
 * proposed times become the entry's) and "Ablehnen" (with the reason the employee reads).
 */
export function CorrectionRequests({ requests, timeZone, onChanged }: Props) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<TimeCorrectionDto | null>(null);

  async function accept(request: TimeCorrectionDto) {
    setBusyId(request.id);
    try {
      await api.post(`/time-corrections/${request.id}/accept`, {});
      notify.success("Korrekturwunsch angenommen!");
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Annehmen"));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section
      aria-labelledby="corrections-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="corrections-heading" className="flex items-center gap-2 text-lg font-semibold">
        Korrekturwünsche
        <span
          className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium"
          aria-label={`${requests.length} offen`}
        >
          {requests.length}
        </span>
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Keine offenen Korrekturwünsche.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {requests.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 p-3 text-sm [overflow-wrap:anywhere]">
              <p className="font-medium">
                {request.employee_name} · {formatDay(request.entry.date)} {entrySpan(timeZone, request.entry)}
              </p>
              <p className="mt-1">Wunsch: {wish(timeZone, request)}</p>
              <p className="mt-1 text-slate-700">Notiz: {request.note}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button size="sm" disabled={busyId === request.id} onClick={() => void accept(request)}>
                  {busyId === request.id ? "Wird angenommen..." : "Annehmen"}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setRejecting(request)}>
                  Ablehnen
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {rejecting && (
        <ReasonDialog
          title="Korrekturwunsch ablehnen"
          detail={`${rejecting.employee_name}, ${formatDay(rejecting.entry.date)} ${entrySpan(
            timeZone,
            rejecting.entry,
          )}`}
          label="Ablehnen"
          busyLabel="Wird abgelehnt..."
          success="Korrekturwunsch abgelehnt!"
          failure="Fehler beim Ablehnen"
          field="note"
          hint="Die Begründung sieht die Person, die den Wunsch gestellt hat."
          send={(note) => api.post(`/time-corrections/${rejecting.id}/reject`, { note })}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
