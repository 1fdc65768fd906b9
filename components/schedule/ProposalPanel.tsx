"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { announceChange } from "@/lib/client/undo";
import type { ShiftDto } from "@/lib/shared/api-types";
import type { AutoFillProposal } from "@/lib/shared/schemas/auto-fill";
import { appliedMessage, filledText, overtimeText, qualityText, shiftPlace, solveText } from "./auto-fill-model";

type Props = {
  proposal: AutoFillProposal;
  /** The week's shifts as saved: the open ones the list names. */
  shifts: ShiftDto[];
  /** Choosing an entry of "Bleiben offen": show and focus its chip. */
  onSelect: (shiftId: number) => void;
  /** Leaves proposal mode: after "Verwerfen", after applying (`applied`), after a 409. */
  onDone: (applied: boolean) => void;
  /** After "Rückgängig" (or Ctrl+Z) took the apply back: reload the week. */
  onUndone: () => void;
};

/**
 * The panel of proposal mode (docs/PRODUCT-RULES.md §28.4): the figures, what stays open and why, the hourly staff
 * left without a shift and why (§31.1), and "Übernehmen" / "Verwerfen". Applying sends the proposal's assignments
 * unchanged; the server writes all or nothing.
 */
export function ProposalPanel({ proposal, shifts, onSelect, onDone, onUndone }: Props) {
  const { stats, unfilled, assignments, left_out: leftOut } = proposal;
  const [busy, setBusy] = useState(false);
  // Filled after mounting: a status region announces changes, not what it held when it appeared.
  const [announced, setAnnounced] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const timer = setTimeout(() => setAnnounced(`Vorschlag: ${filledText(stats)}`), 100);
    return () => clearTimeout(timer);
  }, [stats]);
  const byId = new Map(shifts.map((shift) => [shift.id, shift]));

  async function apply() {
    setBusy(true);
    try {
      const answer = await api.post("/schedule/auto-fill/apply", {
        assignments: assignments.map(({ shift_id, employee_id, shift_updated_at }) => ({
          shift_id,
          employee_id,
          shift_updated_at,
        })),
      });
      // One change: "Rückgängig" and Ctrl+Z take back the whole apply (§27.7).
      announceChange({ message: appliedMessage(answer.assigned), changeId: answer.change_id, onUndone });
      onDone(true);
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Übernehmen"));
      // Something changed since the proposal: it is stale as a whole, the user proposes again.
      if (error instanceof ApiRequestError && error.status === 409) onDone(false);
      else setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="auto-fill-heading"
      aria-busy={busy}
      className="rounded-xl border-2 border-dashed border-slate-400 bg-white p-4"
    >
      <h2 id="auto-fill-heading" ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900">
        Vorschlag
      </h2>
      <p role="status" className="sr-only">
        {announced}
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <li className="font-semibold">{filledText(stats)}</li>
        <li>{overtimeText(stats.overtime_hours)}</li>
        <li>{solveText(stats.solve_ms)}</li>
        <li>{qualityText(stats)}</li>
      </ul>
      <p className="mt-2 text-sm text-slate-600">
        Gestrichelt: vorgeschlagen, noch nicht gespeichert. Solange der Vorschlag angezeigt wird, lässt sich der Plan
        nicht bearbeiten.
      </p>
      {unfilled.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Bleiben offen ({unfilled.length})</h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {unfilled.map((entry) => {
              const shift = byId.get(entry.shift_id);
              return (
                <li key={entry.shift_id}>
                  <button
                    type="button"
                    data-unfilled-shift={entry.shift_id}
                    disabled={!shift}
                    onClick={() => onSelect(entry.shift_id)}
                    className="flex min-h-11 w-full flex-col rounded-md px-2 py-2 text-left hover:bg-slate-50"
                  >
                    {shift && <span className="tabular-nums text-slate-600">{shiftPlace(shift)}</span>}
                    <span className="break-words text-slate-900">{entry.reason}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {leftOut.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Ohne Schicht im Stundenlohn ({leftOut.length})</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="left-out">
            {leftOut.map((entry) => (
              <li key={entry.employee_id} className="flex flex-col px-2 py-2">
                <span className="font-medium text-slate-900">{entry.name}</span>
                <span className="break-words text-slate-700">{entry.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onDone(false)} disabled={busy}>
          Verwerfen
        </Button>
        <Button onClick={apply} disabled={busy || assignments.length === 0}>
          {busy ? "Wird übernommen..." : "Übernehmen"}
        </Button>
      </div>
    </section>
  );
}
