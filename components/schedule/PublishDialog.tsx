"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { LocationLabel } from "@/components/ui/LocationLabel";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { useAction } from "@/lib/client/use-action";
import type { LocationDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import type { PublicationDto } from "@/lib/shared/schemas/publication";
import { weekLabel } from "./week-copy-texts";

type Props = {
  /** Monday of the week shown: the week that is published. */
  weekStart: string;
  /** How many of its shifts differ from what staff see. */
  unpublished: number;
  /** The active locations, to publish only some. */
  locations: LocationDto[];
  onClose: () => void;
  onPublished: () => void;
};

/** "Plan veröffentlicht: 3 Änderungen, 2 Personen benachrichtigt." */
export function publishedMessage(answer: Pick<PublicationDto, "changes" | "notified">): string {
  if (answer.changes === 0) return "Es gab nichts zu veröffentlichen: Mitarbeitende sehen den Plan bereits so.";
  const changes = answer.changes === 1 ? "1 Änderung" : `${answer.changes} Änderungen`;
  const notified =
    answer.notified === 0
      ? "niemand benachrichtigt"
      : `${answer.notified} ${answer.notified === 1 ? "Person" : "Personen"} benachrichtigt`;
  return `Plan veröffentlicht: ${changes}, ${notified}.`;
}

/**
 * "Veröffentlichen" (docs/PRODUCT-RULES.md §33.3): the shown week, all locations or the ones ticked, becomes the
 * plan staff see; each person affected gets one message with their changes.
 */
export function PublishDialog({ weekStart, unpublished, locations, onClose, onPublished }: Props) {
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const { busy, run } = useAction();
  const nothingChosen = !all && chosen.size === 0;

  async function publish() {
    let answer: PublicationDto | undefined;
    const done = await run(
      async () => {
        answer = await api.post("/schedule/publish", {
          start_date: weekStart,
          end_date: addDays(weekStart, 6),
          ...(!all && { location_ids: [...chosen] }),
        });
      },
      { failure: "Fehler beim Veröffentlichen" },
    );
    if (!done || !answer) return;
    notify.success(publishedMessage(answer));
    onPublished();
  }

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Modal open title="Plan veröffentlichen" onClose={() => !busy && onClose()}>
      <p className="mb-4 text-sm text-slate-700">
        {unpublished === 1 ? "1 Änderung" : `${unpublished} Änderungen`} der {weekLabel(weekStart)}{" "}
        {unpublished === 1 ? "ist" : "sind"} noch nicht veröffentlicht. Danach sehen die Mitarbeitenden den aktuellen
        Plan, und wer betroffen ist, erhält eine Mitteilung mit seinen Änderungen.
      </p>
      <fieldset className="space-y-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Standorte</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="radio" name="publish-scope" checked={all} onChange={() => setAll(true)} className="size-4" />
          <span>Alle Standorte</span>
        </label>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="radio" name="publish-scope" checked={!all} onChange={() => setAll(false)} className="size-4" />
          <span>Nur diese Standorte:</span>
        </label>
        {!all && (
          <ul className="ml-7 space-y-1" aria-label="Standorte zum Veröffentlichen">
            {locations.map((location) => (
              <li key={location.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={chosen.has(location.id)}
                    onChange={(event) => toggle(location.id, event.target.checked)}
                  />
                  <LocationLabel name={location.name} color={location.color} dotSize="size-3" className="gap-2" />
                </label>
              </li>
            ))}
          </ul>
        )}
        {nothingChosen && <p className="text-sm text-red-700">Bitte wähle mindestens einen Standort</p>}
      </fieldset>
      <ModalActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Abbrechen
        </Button>
        <Button onClick={publish} disabled={busy || nothingChosen}>
          {busy ? "Wird veröffentlicht..." : "Veröffentlichen"}
        </Button>
      </ModalActions>
    </Modal>
  );
}
