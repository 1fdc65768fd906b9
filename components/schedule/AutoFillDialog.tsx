"use client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { api, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import type { LocationDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { formatDate, formatDayMonth } from "@/lib/shared/format";
import type { AutoFillProposal } from "@/lib/shared/schemas/auto-fill";

type Props = {
  /** Monday of the week shown: the range the proposal is for. */
  weekStart: string;
  /** The active locations, all chosen at first. */
  locations: LocationDto[];
  onClose: () => void;
  onProposed: (proposal: AutoFillProposal) => void;
};

/**
 * "Automatisch besetzen" (docs/PRODUCT-RULES.md §28.4): the week shown, the locations, and the request for a
 * proposal, which writes nothing. The server may think for seconds (its time limit): the dialog says so calmly and
 * can still be closed, the answer then dropped.
 */
export function AutoFillDialog({ weekStart, locations, onClose, onProposed }: Props) {
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(locations.map((location) => location.id)));
  const [busy, setBusy] = useState(false);
  const live = useRef(true);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    live.current = true;
    // The first field takes the keyboard (the Modal's effect, opening the dialog, ran before this one).
    first.current?.focus();
    return () => {
      live.current = false;
    };
  }, []);

  const toggle = (id: number, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // All or none chosen: every location, also one added meanwhile.
    const ids = chosen.size === locations.length ? [] : locations.filter((l) => chosen.has(l.id)).map((l) => l.id);
    try {
      const proposal = await api.post("/schedule/auto-fill", {
        start_date: weekStart,
        end_date: addDays(weekStart, 6),
        ...(ids.length > 0 ? { location_ids: ids } : {}),
      });
      if (live.current) onProposed(proposal);
    } catch (error) {
      if (live.current) notify.error(errorMessage(error, "Fehler beim Berechnen des Vorschlags"));
    } finally {
      if (live.current) setBusy(false);
    }
  }

  return (
    <Modal open title="Automatisch besetzen" onClose={onClose}>
      <form onSubmit={submit} aria-busy={busy} className="space-y-4">
        <p className="font-medium text-slate-900">
          Woche vom {formatDayMonth(weekStart)} – {formatDate(addDays(weekStart, 6))}
        </p>
        <fieldset className="space-y-1" disabled={busy}>
          <legend className="mb-1 text-sm font-medium text-slate-700">Standorte</legend>
          {locations.map((location, index) => (
            <label key={location.id} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.has(location.id)}
                onChange={(event) => toggle(location.id, event.target.checked)}
                ref={index === 0 ? first : undefined}
              />
              <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: location.color }} aria-hidden />
              <span className="min-w-0 break-words text-slate-900">{location.name}</span>
            </label>
          ))}
          <p className="text-sm text-slate-600">Keine Auswahl = alle Standorte</p>
        </fieldset>
        <p className="text-sm text-slate-700">
          Schlägt für die offenen Schichten Mitarbeitende vor, ohne Konflikte mit Ferien, Ruhezeiten und
          Höchstarbeitszeiten. Es wird erst beim Übernehmen gespeichert.
        </p>
        {busy && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-accent-dark"
            />
            Vorschlag wird berechnet …
          </p>
        )}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? "Vorschlag wird berechnet …" : "Vorschlag berechnen"}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
