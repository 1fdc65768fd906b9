"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import { SelectField } from "@/components/ui/SelectField";
import { WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";
import { useOnline } from "@/lib/client/offline-copy";
import { useResource } from "@/lib/client/use-resource";
import type { ClockStateDto as ClockState } from "@/lib/shared/api-types";
import { formatHours } from "@/lib/shared/hours";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";
import { clockTime, durationLabel } from "./stamp-text";

/** The button of each action, and the toast once it is stored. */
const ACTIONS: Record<ClockAction, { label: string; done: string }> = {
  in: { label: "Einstempeln", done: "Eingestempelt" },
  break_start: { label: "Pause beginnen", done: "Pause begonnen" },
  break_end: { label: "Pause beenden", done: "Pause beendet" },
  out: { label: "Ausstempeln", done: "Ausgestempelt" },
};

const STATE_TEXT: Record<ClockState["state"], string> = {
  out: "Nicht eingestempelt",
  in: "Eingestempelt",
  break: "In der Pause",
};

/**
 * "Stempeln" on Meine Schichten (docs/PRODUCT-RULES.md §32.1): one big button for the next action, the running
 * time, today's planned shift beside it and today's entries. The server's clock is the only clock: a press sends
 * the action, never a time, and the answer is the new state. Offline it says so and offers nothing to press: a
 * stamp is never kept to be sent later (its time would be the phone's, docs/PRODUCT-RULES.md §33.8).
 */
export function StampCard() {
  const online = useOnline();
  if (!online)
    return (
      <p role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
        Offline: Stempeln geht nur mit Verbindung. Sobald du wieder online bist, erscheint hier dein aktueller Stand.
      </p>
    );
  return <OnlineStampCard />;
}

function OnlineStampCard() {
  const clock = useResource((signal) => api.get("/me/clock", signal), "Fehler beim Laden der Zeiterfassung");
  return (
    <WhenLoaded resource={clock} failedTitle="Die Zeiterfassung konnte nicht geladen werden">
      {/* A new answer starts the panel afresh: its running time counts on from that answer's figure. */}
      {(state) => <StampPanel key={state.server_time} state={state} onChanged={clock.reload} />}
    </WhenLoaded>
  );
}

function StampPanel({ state, onChanged }: { state: ClockState; onChanged: () => void }) {
  const { busy, run } = useAction();
  const [picked, setPicked] = useState("");
  const [pickError, setPickError] = useState("");
  const elapsed = useElapsed(state);
  // The location is asked only when no planned shift is near (the shift says where it is worked).
  const askLocation = state.state === "out" && state.near_shift === null;
  const onlyLocation = state.locations.length === 1 ? String(state.locations[0].id) : "";
  const location = picked || onlyLocation;

  async function press(action: ClockAction) {
    if (action === "in" && askLocation && !location) {
      setPickError("Bitte wähle den Standort, an dem du arbeitest");
      return;
    }
    const body = action === "in" && askLocation ? { action, location_id: Number(location) } : { action };
    const stored = await run(() => api.post("/me/clock", body), {
      success: ACTIONS[action].done,
      failure: "Stempeln fehlgeschlagen – es wurde nichts gespeichert",
    });
    if (stored) onChanged();
  }

  const running = state.running_entry;
  // The action most likely next is the filled button: out while working, the break's end during a break.
  const primary: ClockAction = state.state === "in" ? "out" : state.next_actions[0];
  const others = state.next_actions.filter((action) => action !== primary);
  const shift = state.near_shift ?? state.today_shifts[0] ?? null;
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-base font-semibold text-slate-900" aria-live="polite">
          {STATE_TEXT[state.state]}
          {running && ` seit ${clockTime(running.start_at)}`}
        </p>
        {running && (
          <p className="text-2xl font-semibold tabular-nums text-slate-900" aria-label="Gearbeitet heute">
            {durationLabel(elapsed)}
          </p>
        )}
      </div>
      {state.forgotten && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          Ausstempeln vergessen? Du bist seit {clockTime(running!.start_at)} eingestempelt.
        </p>
      )}
      <p className="text-sm text-slate-600">
        {shift
          ? `Heute geplant: ${shift.start_time}–${shift.end_time} · ${shift.location_name}`
          : "Heute keine Schicht geplant"}
      </p>
      {askLocation && state.locations.length > 1 && (
        <SelectField
          id="stamp-location"
          label="Standort"
          value={picked}
          error={pickError}
          disabled={busy}
          onChange={(event) => {
            setPicked(event.target.value);
            setPickError("");
          }}
        >
          <option value="">Bitte wählen</option>
          {state.locations.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name}
            </option>
          ))}
        </SelectField>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        {others.map((action) => (
          <Button
            key={action}
            variant="secondary"
            className="min-h-14 flex-1 text-lg"
            disabled={busy}
            onClick={() => void press(action)}
          >
            {ACTIONS[action].label}
          </Button>
        ))}
        <Button className="min-h-14 flex-1 text-lg" disabled={busy} onClick={() => void press(primary)}>
          {ACTIONS[primary].label}
        </Button>
      </div>
      {state.today_entries.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Heute gestempelt</h3>
          <ul className="mt-1 divide-y divide-slate-100 text-sm text-slate-700">
            {state.today_entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 py-1.5">
                <span className={entry.status === "void" ? "line-through" : undefined}>
                  {clockTime(entry.start_at)}–{entry.end_at ? clockTime(entry.end_at) : "läuft"}
                  {entry.break_minutes > 0 && ` · ${entry.break_minutes} Min. Pause`}
                </span>
                <span className="tabular-nums">{formatHours(entry.worked_minutes / 60)} h</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The running entry's worked minutes, counted on from the server's figure every 30 seconds, so the time shown is
 * the server's (the phone's clock may be off).
 */
function useElapsed(state: ClockState): number {
  const worked = state.running_entry?.worked_minutes ?? 0;
  const counting = state.state === "in";
  const [since] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [counting]);
  return counting ? worked + Math.floor((now - since) / 60_000) : worked;
}
