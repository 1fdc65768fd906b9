"use client";
import { Modal } from "@/components/ui/Modal";
import { WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useResource } from "@/lib/client/use-resource";
import { describeSnapshot, formatInstant } from "./time-view";

type Props = { entryId: number; title: string; timeZone: string; onClose: () => void };

/** "Verlauf" of an entry (docs/PRODUCT-RULES.md §32.6): who, when, before → after, reason; oldest first. */
export function RevisionsDialog({ entryId, title, timeZone, onClose }: Props) {
  const revisions = useResource(
    (signal) => api.get(`/time-entries/${entryId}/revisions`, signal),
    "Fehler beim Laden des Verlaufs",
    String(entryId),
  );
  return (
    <Modal open title="Verlauf des Eintrags" onClose={onClose} size="lg">
      <p className="mb-4 text-slate-700">{title}</p>
      <WhenLoaded resource={revisions} failedTitle="Der Verlauf konnte nicht geladen werden.">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-600">Keine Änderungen: der Eintrag ist so, wie er gestempelt wurde.</p>
          ) : (
            <ol className="space-y-3" aria-label="Änderungen">
              {list.map((revision) => (
                <li key={revision.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="font-medium text-slate-900">
                    {formatInstant(timeZone, revision.changed_at)} · {revision.changed_by_name ?? "Terminal"}
                  </p>
                  <p className="mt-1 text-slate-700">
                    {revision.before ? (
                      <>
                        <span className="sr-only">Vorher: </span>
                        {describeSnapshot(timeZone, revision.before)} → <span className="sr-only">Nachher: </span>
                        {describeSnapshot(timeZone, revision.after)}
                      </>
                    ) : (
                      <>Erfasst: {describeSnapshot(timeZone, revision.after)}</>
                    )}
                  </p>
                  {revision.reason && <p className="mt-1 text-slate-700">Begründung: {revision.reason}</p>}
                </li>
              ))}
            </ol>
          )
        }
      </WhenLoaded>
    </Modal>
  );
}
