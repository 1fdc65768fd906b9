"use client";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { PIN_MIN } from "@/lib/shared/schemas/terminal-pin";
import type { TerminalScreen as Screen, TerminalTile } from "@/lib/shared/schemas/terminal";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";
import { PinPad } from "./PinPad";
import { forgetCredential, Offline, storedCredential, terminalApi } from "./terminal-api";

/** The confirmation stays this long, then the tiles come back by themselves (PRODUCT §12). */
const CONFIRMATION_MS = 5000;
/** Someone who walked away from the PIN pad: back to the tiles. */
const IDLE_MS = 30_000;
export const OFFLINE_TEXT = "Keine Verbindung — es wird nichts gestempelt";
/** Sent while online, but no answer came: the stamp may be stored, so the tiles are read again to show it. */
export const NO_ANSWER_TEXT = "Keine Antwort erhalten — ob gestempelt wurde, zeigt deine Kachel. Bitte prüfen.";

const ACTIONS: Record<ClockAction, { label: string; style: string }> = {
  in: { label: "Einstempeln", style: "bg-emerald-700 text-white" },
  break_start: { label: "Pause beginnen", style: "bg-amber-400 text-slate-950" },
  break_end: { label: "Pause beenden", style: "bg-amber-400 text-slate-950" },
  out: { label: "Ausstempeln", style: "bg-slate-800 text-white" },
};

const STATE_HINT: Record<TerminalTile["state"], string> = { out: "", in: "da", break: "Pause" };

type Phase =
  | { name: "loading" }
  | { name: "unpaired" }
  | { name: "offline" }
  | { name: "tiles" }
  | { name: "pin"; tile: TerminalTile }
  | { name: "done"; message: string };

/** The Stempeluhr (docs/PRODUCT-RULES.md §32.4): tiles, PIN pad, the next action, the confirmation, back. */
export function TerminalScreen() {
  const [phase, setPhase] = useState<Phase>({ name: "loading" });
  const [screen, setScreen] = useState<Screen | null>(null);
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback((next: Awaited<ReturnType<typeof readScreen>>) => {
    setPin("");
    setError(next.error ?? null);
    if (next.screen) setScreen(next.screen);
    setPhase(next.phase);
  }, []);

  const load = useCallback(() => {
    window.clearTimeout(timer.current);
    void readScreen().then(show);
  }, [show]);

  useEffect(() => {
    window.clearTimeout(timer.current);
    void readScreen().then(show);
  }, [show]);

  // Back online: the tiles are read again, but nobody at the PIN pad is thrown out of it.
  useEffect(() => {
    if (phase.name !== "offline" && phase.name !== "tiles") return;
    window.addEventListener("online", load);
    return () => window.removeEventListener("online", load);
  }, [phase.name, load]);

  // Offline: try again every 10 s; the screen says plainly that nothing is stamped meanwhile.
  useEffect(() => {
    if (phase.name !== "offline") return;
    const retry = window.setInterval(() => load(), 10_000);
    return () => window.clearInterval(retry);
  }, [phase.name, load]);

  // The PIN pad goes back to the tiles when nobody touches it.
  useEffect(() => {
    if (phase.name !== "pin") return;
    const idle = window.setTimeout(() => load(), IDLE_MS);
    return () => window.clearTimeout(idle);
  }, [phase, pin, load]);

  async function stamp(tile: TerminalTile, action: ClockAction) {
    setBusy(true);
    setError(null);
    const sentOnline = navigator.onLine;
    try {
      const answer = await terminalApi.clock(tile.employee_id, pin, action);
      if (answer.ok) {
        setPhase({ name: "done", message: answer.data.message });
        timer.current = window.setTimeout(() => load(), CONFIRMATION_MS);
      } else if (answer.status === 401) {
        forgetCredential();
        setPhase({ name: "unpaired" });
      } else {
        setError(answer.fields?.pin ?? answer.error);
        setPin("");
      }
    } catch (failure) {
      if (!(failure instanceof Offline)) throw failure;
      // Offline before sending: nothing left the device. Otherwise the request may have arrived and only its answer
      // got lost: the tiles, read again, show the stored state rather than a claim that nothing was stamped.
      if (!sentOnline) setError(OFFLINE_TEXT);
      else
        void readScreen().then((next) =>
          show({ ...next, error: next.phase.name === "tiles" ? NO_ANSWER_TEXT : next.error }),
        );
    } finally {
      setBusy(false);
    }
  }

  const offlineBanner = !online && (
    <p role="alert" className="mb-4 rounded-xl bg-red-700 px-4 py-3 text-center text-lg font-semibold text-white">
      {OFFLINE_TEXT}
    </p>
  );

  if (phase.name === "loading") return <Frame>{null}</Frame>;
  if (phase.name === "unpaired")
    return (
      <Frame>
        <div className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm">
          <h1 className="mb-3 text-2xl font-semibold">Keine Stempeluhr eingerichtet</h1>
          <p className="text-lg text-slate-700">
            Dieses Gerät ist nicht (mehr) als Stempeluhr gekoppelt. Bitte lass dir von der Leitung einen neuen
            Kopplungslink geben und öffne ihn auf diesem Gerät.
          </p>
        </div>
      </Frame>
    );
  if (phase.name === "offline")
    return (
      <Frame>
        <div role="alert" className="mx-auto max-w-lg rounded-2xl bg-red-700 p-8 text-center text-white shadow-sm">
          <h1 className="mb-3 text-2xl font-semibold">{OFFLINE_TEXT}</h1>
          <p className="text-lg">Sobald das Gerät wieder verbunden ist, geht es hier weiter.</p>
          <button
            type="button"
            className="mt-6 min-h-16 rounded-xl bg-white px-6 text-lg font-semibold text-red-800"
            onClick={() => load()}
          >
            Erneut versuchen
          </button>
        </div>
      </Frame>
    );
  if (phase.name === "done")
    return (
      <Frame>
        <button
          type="button"
          className="mx-auto block w-full max-w-xl rounded-2xl bg-white p-10 text-center shadow-sm"
          onClick={() => load()}
        >
          <span role="status" className="block text-3xl leading-snug font-semibold text-slate-900">
            {phase.message}
          </span>
          <span className="mt-4 block text-slate-500">Zurück zur Übersicht in 5 Sekunden</span>
        </button>
      </Frame>
    );
  if (phase.name === "pin") {
    const { tile } = phase;
    return (
      <Frame>
        {offlineBanner}
        <div className="mx-auto max-w-md">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h1 className="text-3xl font-semibold">{tile.name}</h1>
            <button
              type="button"
              className="min-h-14 rounded-xl px-4 text-lg font-medium text-slate-700 ring-1 ring-slate-300"
              onClick={() => load()}
            >
              Zurück
            </button>
          </div>
          <p className="mb-2 text-center text-lg text-slate-700">Deine PIN</p>
          <PinPad value={pin} onChange={setPin} disabled={busy} />
          {error && (
            <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-center text-lg text-red-800">
              {error}
            </p>
          )}
          <div className="mt-4 grid gap-3">
            {tile.next_actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`min-h-[72px] rounded-xl text-2xl font-semibold disabled:opacity-50 ${
                  ACTIONS[action].style
                }`}
                disabled={busy || pin.length < PIN_MIN}
                onClick={() => void stamp(tile, action)}
              >
                {ACTIONS[action].label}
              </button>
            ))}
          </div>
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      {offlineBanner}
      {screen && (
        <header className="mb-4 flex items-baseline justify-between gap-3">
          <h1 className="text-2xl font-semibold">{screen.location_name}</h1>
          <p className="text-slate-600">{screen.terminal_name}</p>
        </header>
      )}
      {error && (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-lg text-red-800">
          {error}
        </p>
      )}
      {screen?.staff.length === 0 && <p className="text-lg text-slate-700">Hier ist noch niemand eingeteilt.</p>}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {screen?.staff.map((tile) => (
          <li key={tile.employee_id}>
            <button
              type="button"
              className={`flex min-h-20 w-full flex-col items-start justify-center rounded-xl px-4 py-3 text-left ${
                tile.planned_today ? "bg-white shadow-sm ring-1 ring-slate-400" : "bg-slate-50 ring-1 ring-slate-200"
              }`}
              onClick={() => {
                setPin("");
                setError(tile.has_pin ? null : "Für dich ist noch keine PIN festgelegt. Lege sie in der App fest.");
                if (tile.has_pin) setPhase({ name: "pin", tile });
              }}
            >
              <span className="text-xl font-semibold text-slate-900">{tile.name}</span>
              <span className="text-sm text-slate-600">
                {[tile.planned_today ? "heute eingeteilt" : "", STATE_HINT[tile.state]].filter(Boolean).join(" · ")}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** What the tiles' screen shows next: the tiles, not paired (401: the credential is forgotten) or offline. */
async function readScreen(): Promise<{ phase: Phase; screen?: Screen; error?: string }> {
  if (!storedCredential()) return { phase: { name: "unpaired" } };
  try {
    const answer = await terminalApi.screen();
    if (answer.ok) return { phase: { name: "tiles" }, screen: answer.data };
    if (answer.status !== 401) return { phase: { name: "tiles" }, error: answer.error };
    forgetCredential();
    return { phase: { name: "unpaired" } };
  } catch (failure) {
    if (!(failure instanceof Offline)) throw failure;
    return { phase: { name: "offline" } };
  }
}

function Frame({ children }: { children: React.ReactNode }) {
  return <main className="min-h-dvh bg-slate-100 p-4 sm:p-6">{children}</main>;
}
