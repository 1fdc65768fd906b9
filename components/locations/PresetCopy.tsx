"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { api } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { useAction } from "@/lib/client/use-action";
import type { LocationDto } from "@/lib/shared/api-types";
import type { CopyShiftPresetsResult } from "@/lib/shared/schemas/shift-preset";

type Props = {
  locationId: number;
  /** After a copy: the screen loads the locations again (the targets' presets changed). */
  onCopied: () => void;
};

const REASONS: Record<CopyShiftPresetsResult["skipped"][number]["reason"], string> = {
  same: "gibt es dort schon",
  name_taken: "Name dort schon mit anderen Zeiten vergeben",
  same_times: "dort schon mit gleichen Zeiten unter anderem Namen",
  full: "dort sind schon 12 Schichtarten",
};

/**
 * "Auf andere Standorte kopieren…" (docs/PRODUCT-RULES.md §31.5): the location's presets to other locations in one
 * request; what a target already has stays and is listed as skipped.
 */
export function PresetCopy({ locationId, onCopied }: Props) {
  const [others, setOthers] = useState<LocationDto[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<string[]>([]);
  const { busy, run } = useAction();

  async function open() {
    setError(null);
    setSkipped([]);
    setChosen([]);
    const all = await api.get("/locations").catch(() => null);
    if (!all) return notify.error("Fehler beim Laden der Standorte");
    setOthers(all.filter((location) => location.id !== locationId));
  }

  async function copy() {
    if (chosen.length === 0) return setError("Bitte wähle mindestens einen Standort");
    setError(null);
    let result: CopyShiftPresetsResult | null = null;
    const ok = await run(
      async () => {
        result = await api.post(`/locations/${locationId}/presets/copy`, { to_location_ids: chosen });
      },
      { failure: "Fehler beim Kopieren" },
    );
    if (!ok || !result) return;
    const { created, skipped: left } = result as CopyShiftPresetsResult;
    const names = new Map((others ?? []).map((location) => [location.id, location.name]));
    notify.success(created.length === 1 ? "1 Schichtart kopiert" : `${created.length} Schichtarten kopiert`);
    setSkipped(left.map((skip) => `${skip.name} → ${names.get(skip.location_id) ?? "?"}: ${REASONS[skip.reason]}`));
    setOthers(null);
    onCopied();
  }

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <div className="mt-3">
      {others === null ? (
        <Button size="sm" variant="secondary" onClick={() => void open()} disabled={busy}>
          Auf andere Standorte kopieren…
        </Button>
      ) : (
        <fieldset className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3" disabled={busy}>
          <legend className="px-1 text-sm font-semibold text-slate-900">Schichtarten kopieren nach</legend>
          {others.length === 0 ? (
            <p className="text-sm text-slate-700">Es gibt noch keinen anderen Standort.</p>
          ) : (
            <div className="grid gap-x-4 sm:grid-cols-2">
              {others.map((location) => (
                <label key={location.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={chosen.includes(location.id)}
                    onChange={(event) => toggle(location.id, event.target.checked)}
                    className="size-5 shrink-0 rounded border-slate-300"
                  />
                  {location.name}
                </label>
              ))}
            </div>
          )}
          <p className="text-xs text-slate-600">Was ein Standort schon hat, bleibt, wie es ist.</p>
          {error && <p className="text-sm text-red-700">{error}</p>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" size="sm" onClick={() => setOthers(null)}>
              Abbrechen
            </Button>
            {others.length > 0 && (
              <Button size="sm" onClick={() => void copy()}>
                {busy ? "Wird kopiert..." : "Kopieren"}
              </Button>
            )}
          </div>
        </fieldset>
      )}
      {skipped.length > 0 && (
        <div role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="font-medium">Nicht kopiert:</p>
          <ul className="list-disc pl-5">
            {skipped.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
