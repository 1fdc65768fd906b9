"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { Field, integerInput } from "@/components/ui/Field";
import { api, ApiRequestError } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { useAction } from "@/lib/client/use-action";
import type { ShiftPresetDto } from "@/lib/shared/api-types";
import { parseDecimalInput } from "@/lib/shared/decimal-input";
import { crossesMidnight, formatHours, shiftHours } from "@/lib/shared/hours";
import { breakHint, suggestedBreak } from "@/lib/shared/rules/breaks";
import type { LabourRules } from "@/lib/shared/rules/types";
import { MAX_PRESETS_PER_LOCATION, shiftPresetInputSchema } from "@/lib/shared/schemas/shift-preset";

type Props = {
  locationId: number;
  presets: ShiftPresetDto[];
  /** After every write: the screen loads the locations again (the planner reads the presets from them). */
  onChanged: () => void;
  /** The company's labour rules (GET /api/settings): the break proposed follows them, as in the shift dialog. */
  labourRules: LabourRules;
};

type Draft = { name: string; start_time: string; end_time: string; break_minutes: string };
const EMPTY: Draft = { name: "", start_time: "", end_time: "", break_minutes: "0" };

/** "06:00–14:00 · 30 Min. Pause" (or "ohne Pause"), "(über Mitternacht)" when the end is before the start. */
export function presetTimes(preset: ShiftPresetDto): string {
  const pause = preset.break_minutes > 0 ? `${preset.break_minutes} Min. Pause` : "ohne Pause";
  const overnight = crossesMidnight(preset.start_time, preset.end_time) ? " (über Mitternacht)" : "";
  return `${preset.start_time}–${preset.end_time}${overnight} · ${pause}`;
}

/**
 * "Schichtarten" of a location (docs/PRODUCT-RULES.md §27.1), in the location dialog: the list with times and
 * break, and a small form to add or change one. Each change is saved at once, apart from the location's fields.
 */
export function PresetSection({ locationId, presets: initial, onChanged, labourRules }: Props) {
  const [presets, setPresets] = useState(initial);
  const [editing, setEditing] = useState<ShiftPresetDto | "new" | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<ShiftPresetDto | null>(null);
  // The break follows the times (the legal minimum, as in the shift dialog, §31.4) until it is typed in; a saved
  // preset's break follows when it is the minimum of its times.
  const [breakFollows, setBreakFollows] = useState(true);
  const { busy, run } = useAction();
  const returnFocus = useRef(false);
  // Back to the add button once the form that replaced it has gone (keyboard users add the next one from there).
  useEffect(() => {
    if (editing !== null || !returnFocus.current) return;
    returnFocus.current = false;
    document.getElementById("preset-add")?.focus();
  }, [editing]);
  const full = presets.length >= MAX_PRESETS_PER_LOCATION;
  const path = `/locations/${locationId}/presets` as const;

  function open(preset: ShiftPresetDto | "new") {
    setEditing(preset);
    setErrors({});
    setBreakFollows(
      preset === "new" || preset.break_minutes === suggestedBreak(preset.start_time, preset.end_time, labourRules),
    );
    setDraft(
      preset === "new"
        ? EMPTY
        : {
            name: preset.name,
            start_time: preset.start_time,
            end_time: preset.end_time,
            break_minutes: String(preset.break_minutes),
          },
    );
  }

  function close() {
    setEditing(null);
    setErrors({});
    returnFocus.current = true;
  }

  async function reload() {
    setPresets(await api.get(path));
    onChanged();
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(shiftPresetInputSchema, {
      ...draft,
      break_minutes: parseDecimalInput(breakText) ?? 0,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data || editing === null) return;
    const input = checked.data;
    let refused: unknown = null;
    const saved = await run(
      async () => {
        try {
          if (editing === "new") await api.post(path, input);
          else await api.put(`${path}/${editing.id}`, input);
        } catch (error) {
          refused = error;
          throw error;
        }
      },
      {
        success: editing === "new" ? "Schichtart hinzugefügt!" : "Schichtart aktualisiert!",
        failure: "Fehler beim Speichern",
      },
    );
    // The server's field messages (a name already in use) go under the field, as the browser's own do.
    if (refused instanceof ApiRequestError) setErrors(refused.fields);
    if (!saved) return;
    close();
    await reload();
  }

  const suggested = suggestedBreak(draft.start_time, draft.end_time, labourRules);
  const breakText = breakFollows ? String(suggested) : draft.break_minutes.trim();
  const previewHours = shiftHours(draft.start_time, draft.end_time, parseDecimalInput(breakText) || 0);

  return (
    <section aria-labelledby="location-presets" className="mt-6 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="location-presets" className="font-semibold text-slate-900">
          Schichtarten
        </h3>
        {editing === null && (
          <Button id="preset-add" size="sm" variant="secondary" onClick={() => open("new")} disabled={full}>
            + Schichtart hinzufügen
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {full
          ? `Höchstens ${MAX_PRESETS_PER_LOCATION} Schichtarten pro Standort.`
          : "Erscheinen im Schichtdialog als Knöpfe, die Beginn, Ende und Pause ausfüllen."}
      </p>
      {presets.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">Noch keine Schichtarten.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {presets.map((preset) => (
            <li key={preset.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{preset.name}</span>
                <span className="block text-sm text-slate-600 tabular-nums">{presetTimes(preset)}</span>
              </span>
              <span className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => open(preset)}
                  disabled={busy}
                  aria-label={`Schichtart ${preset.name} bearbeiten`}
                >
                  Bearbeiten
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => setDeleting(preset)}
                  disabled={busy}
                  aria-label={`Schichtart ${preset.name} löschen`}
                >
                  Löschen
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing !== null && (
        <form
          onSubmit={save}
          noValidate
          aria-labelledby="preset-form-title"
          className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          <h4 id="preset-form-title" className="text-sm font-semibold text-slate-900">
            {editing === "new" ? "Neue Schichtart" : `Schichtart ${editing.name} bearbeiten`}
          </h4>
          <Field
            id="preset-name"
            label="Name"
            value={draft.name}
            maxLength={50}
            placeholder="z. B. Früh"
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            error={errors.name}
            disabled={busy}
            autoFocus
          />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Field
              id="preset-start"
              label="Von"
              type="time"
              value={draft.start_time}
              onChange={(event) => setDraft({ ...draft, start_time: event.target.value })}
              error={errors.start_time}
              disabled={busy}
            />
            <Field
              id="preset-end"
              label="Bis"
              type="time"
              value={draft.end_time}
              onChange={(event) => setDraft({ ...draft, end_time: event.target.value })}
              error={errors.end_time}
              disabled={busy}
            />
            <Field
              id="preset-break"
              label="Pause (Minuten)"
              {...integerInput}
              className="max-sm:col-span-2"
              value={breakFollows ? String(suggested) : draft.break_minutes}
              onChange={(event) => {
                setBreakFollows(false);
                setDraft({ ...draft, break_minutes: event.target.value });
              }}
              error={errors.break_minutes}
              disabled={busy}
              hint={breakHint(suggested, labourRules)}
            />
          </div>
          {previewHours !== null && (
            <p className="text-sm text-slate-700">
              {formatHours(previewHours)} h
              {crossesMidnight(draft.start_time, draft.end_time) ? " (über Mitternacht)" : ""}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" size="sm" onClick={close} disabled={busy}>
              Abbrechen
            </Button>
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? "Wird gespeichert..." : "Schichtart speichern"}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDelete
        item={deleting}
        title="Schichtart löschen"
        message={(preset) => `Schichtart ${preset.name} (${presetTimes(preset)}) wirklich löschen?`}
        remove={(preset) => api.delete(`${path}/${preset.id}`)}
        success="Schichtart gelöscht!"
        onClose={() => setDeleting(null)}
        onDeleted={reload}
      />
    </section>
  );
}
