"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { dateInput, Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { SelectField } from "@/components/ui/SelectField";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { timeEntryCreateSchema, timeEntryUpdateSchema } from "@/lib/shared/schemas/time-entry";
import { entryInstants, type EntryForm } from "./time-view";
import type { Option } from "./types";

const FIELD_OF: Partial<Record<keyof EntryForm, string>> = { start: "start_at", end: "end_at" };

type Props = {
  /** The entry corrected; null: a new one. */
  entryId: number | null;
  initial: EntryForm;
  employees: Option[];
  locations: Option[];
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * "Eintrag hinzufügen" and "Korrigieren" (docs/PRODUCT-RULES.md §32.6): date and wall-clock times of the business,
 * breaks, a required reason. An end at or before the start is the next day (a night); the server's German `fields`
 * appear under the fields.
 */
export function EntryDialog({ entryId, initial, employees, locations, timeZone, onClose, onSaved }: Props) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const editing = entryId !== null;

  function set<K extends keyof EntryForm>(key: K, value: EntryForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    // A field's message goes once it is changed (the API names the times start_at and end_at).
    const field = FIELD_OF[key] ?? key;
    setErrors((current) => (field in current ? { ...current, [field]: "" } : current));
  }

  function setBreak(index: number, key: "start" | "end", value: string) {
    set(
      "breaks",
      form.breaks.map((pause, i) => (i === index ? { ...pause, [key]: value } : pause)),
    );
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ...(editing ? {} : { employee_id: Number(form.employee_id) || form.employee_id }),
      location_id: Number(form.location_id) || form.location_id,
      ...entryInstants(timeZone, form),
      note: form.note,
      reason: form.reason,
    };
    const dateError = /^\d{4}-\d{2}-\d{2}$/.test(form.date) ? null : "Bitte gib ein Datum an";
    const checked = validate(editing ? timeEntryUpdateSchema : timeEntryCreateSchema, body);
    const found = { ...(checked.errors ?? {}), ...(dateError ? { date: dateError } : {}) };
    setErrors(found);
    if (!checked.data || dateError) return;
    setBusy(true);
    try {
      if (editing) await api.put(`/time-entries/${entryId}`, body);
      else await api.post("/time-entries", body);
      notify.success(editing ? "Eintrag korrigiert!" : "Eintrag hinzugefügt!");
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiRequestError) setErrors(failure.fields);
      notify.error(errorMessage(failure, "Fehler beim Speichern"));
    } finally {
      setBusy(false);
    }
  }

  // The browser's check names the list ("breaks"), the server's answer a break's field ("breaks.0.end_at").
  const breakError =
    errors.breaks || Object.entries(errors).find(([key, text]) => key.startsWith("breaks.") && text)?.[1];
  return (
    <Modal
      open
      title={editing ? "Eintrag korrigieren" : "Eintrag hinzufügen"}
      onClose={() => !busy && onClose()}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {!editing && (
          <SelectField
            id="entry-employee"
            label="Mitarbeiter"
            value={form.employee_id}
            onChange={(event) => set("employee_id", event.target.value)}
            error={errors.employee_id}
            disabled={busy}
            required
          >
            <option value="">Bitte wählen</option>
            {employees.map((employee) => (
              <option key={employee.id} value={employee.id}>
                {employee.name}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          id="entry-location"
          label="Standort"
          value={form.location_id}
          onChange={(event) => set("location_id", event.target.value)}
          error={errors.location_id}
          disabled={busy}
          required
        >
          <option value="">Bitte wählen</option>
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="entry-date"
            label="Datum"
            {...dateInput}
            value={form.date}
            onChange={(event) => set("date", event.target.value)}
            error={errors.date}
            disabled={busy}
            required
          />
          <Field
            id="entry-start"
            label="Beginn"
            type="time"
            value={form.start}
            onChange={(event) => set("start", event.target.value)}
            error={errors.start_at}
            disabled={busy}
            required
          />
          <Field
            id="entry-end"
            label="Ende"
            type="time"
            value={form.end}
            onChange={(event) => set("end", event.target.value)}
            error={errors.end_at}
            hint="Vor dem Beginn: am nächsten Tag (Nachtschicht)."
            disabled={busy}
            required
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Pausen</legend>
          {form.breaks.length === 0 && <p className="text-sm text-slate-600">Keine Pause erfasst.</p>}
          {form.breaks.map((pause, index) => (
            <div key={index} className="flex flex-wrap items-end gap-2">
              <Field
                id={`entry-break-${index}-start`}
                label={`Pause ${index + 1} von`}
                type="time"
                value={pause.start}
                onChange={(event) => setBreak(index, "start", event.target.value)}
                disabled={busy}
                className="w-36"
              />
              <Field
                id={`entry-break-${index}-end`}
                label="bis"
                type="time"
                value={pause.end}
                onChange={(event) => setBreak(index, "end", event.target.value)}
                disabled={busy}
                className="w-36"
              />
              <Button
                variant="secondary"
                onClick={() =>
                  set(
                    "breaks",
                    form.breaks.filter((_, i) => i !== index),
                  )
                }
                disabled={busy}
              >
                Pause {index + 1} entfernen
              </Button>
            </div>
          ))}
          {breakError && <p className="text-sm text-red-700">{breakError}</p>}
          <Button
            variant="secondary"
            onClick={() => set("breaks", [...form.breaks, { start: "", end: "" }])}
            disabled={busy || form.breaks.length >= 20}
          >
            + Pause
          </Button>
        </fieldset>
        <TextAreaField
          id="entry-note"
          label="Notiz (optional)"
          rows={2}
          value={form.note}
          onChange={(event) => set("note", event.target.value)}
          error={errors.note}
          disabled={busy}
        />
        <TextAreaField
          id="entry-reason"
          label="Begründung"
          rows={2}
          value={form.reason}
          onChange={(event) => set("reason", event.target.value)}
          error={errors.reason}
          hint="Wird mit der Änderung im Verlauf des Eintrags gespeichert."
          disabled={busy}
          required
        />
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
