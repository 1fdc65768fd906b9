"use client";
import { useState } from "react";
import { Field, inputClass } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { useAction } from "@/lib/client/use-action";
import type { LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { crossesMidnight, formatHours, shiftHours } from "@/lib/shared/hours";
import { shiftInputSchema } from "@/lib/shared/schemas/shift";
import type { EmployeeAvailability } from "./week-model";

export type ShiftDraft = { shift: ShiftDto } | { locationId: number; date: string };

type Props = {
  draft: ShiftDraft;
  employees: EmployeeAvailability[];
  locations: LocationDto[];
  onClose: () => void;
  onSaved: () => void;
};

function remainingLabel(entry: EmployeeAvailability) {
  if (entry.remaining === null) return "Stundenlohn";
  return entry.remaining < 0
    ? `+${formatHours(-entry.remaining)} h Überstunden`
    : `${formatHours(entry.remaining)} h frei`;
}

/** Create or edit a shift, with a live preview of its hours (over midnight when the end is before the start). */
export function ShiftDialog({ draft, employees, locations, onClose, onSaved }: Props) {
  const editing = "shift" in draft ? draft.shift : null;
  const [form, setForm] = useState({
    employee_id: editing?.employee_id ? String(editing.employee_id) : "",
    location_id: String(editing?.location_id ?? ("locationId" in draft ? draft.locationId : "")),
    shift_date: editing?.shift_date ?? ("date" in draft ? draft.date : ""),
    start_time: editing?.start_time ?? "09:00",
    end_time: editing?.end_time ?? "17:00",
    is_custom: editing?.is_custom ?? false,
    custom_name: editing?.custom_name ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({
      ...current,
      [key]:
        event.target instanceof HTMLInputElement && event.target.type === "checkbox"
          ? event.target.checked
          : event.target.value,
    }));

  const hours = shiftHours(form.start_time, form.end_time);
  const overnight = crossesMidnight(form.start_time, form.end_time);
  // The archived location of an old shift stays selectable for that shift.
  const locationOptions =
    editing && !locations.some((l) => l.id === editing.location_id)
      ? [...locations, { id: editing.location_id, name: editing.location_name }]
      : locations;
  const employeeKnown = !editing?.employee_id || employees.some((entry) => entry.employee.id === editing.employee_id);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(shiftInputSchema, {
      employee_id: form.employee_id ? Number(form.employee_id) : null,
      location_id: form.location_id ? Number(form.location_id) : undefined,
      shift_date: form.shift_date,
      start_time: form.start_time,
      end_time: form.end_time,
      break_minutes: 0,
      is_custom: form.is_custom,
      custom_name: form.is_custom ? form.custom_name : null,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const body = { ...checked.data, break_minutes: 0 };
    const saved = await run(() => (editing ? api.put(`/shifts/${editing.id}`, body) : api.post("/shifts", body)), {
      success: editing ? "Schicht aktualisiert!" : "Schicht erstellt!",
      failure: editing ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen",
    });
    if (saved) onSaved();
  }

  return (
    <Modal open title={editing ? "Schicht bearbeiten" : "Neue Schicht"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-1">
          <label htmlFor="shift-employee" className="block text-sm font-medium text-slate-700">
            Mitarbeiter
          </label>
          <select
            id="shift-employee"
            value={form.employee_id}
            onChange={set("employee_id")}
            disabled={busy}
            className={inputClass}
          >
            <option value="">Nicht zugewiesen (offen)</option>
            {!employeeKnown && editing && (
              <option value={String(editing.employee_id)}>{editing.employee_name} (archiviert)</option>
            )}
            {employees.map((entry) => (
              <option key={entry.employee.id} value={String(entry.employee.id)}>
                {entry.employee.first_name} {entry.employee.last_name} – {remainingLabel(entry)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor="shift-location" className="block text-sm font-medium text-slate-700">
              Standort
            </label>
            <select
              id="shift-location"
              value={form.location_id}
              onChange={set("location_id")}
              disabled={busy}
              className={inputClass}
              aria-invalid={errors.location_id ? true : undefined}
            >
              <option value="">Bitte wählen</option>
              {locationOptions.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.name}
                </option>
              ))}
            </select>
            {errors.location_id && <p className="text-sm text-red-700">{errors.location_id}</p>}
          </div>
          <Field
            id="shift-date"
            label="Datum"
            type="date"
            value={form.shift_date}
            onChange={set("shift_date")}
            error={errors.shift_date}
            disabled={busy}
          />
          <Field
            id="shift-start"
            label="Beginn"
            type="time"
            value={form.start_time}
            onChange={set("start_time")}
            error={errors.start_time}
            disabled={busy}
          />
          <Field
            id="shift-end"
            label="Ende"
            type="time"
            value={form.end_time}
            onChange={set("end_time")}
            error={errors.end_time}
            disabled={busy}
          />
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.is_custom}
            onChange={set("is_custom")}
            disabled={busy}
            className="size-5 rounded border-slate-300"
          />
          Sonderschicht mit eigenem Namen
        </label>
        {form.is_custom && (
          <Field
            id="shift-custom-name"
            label="Name der Sonderschicht"
            value={form.custom_name}
            onChange={set("custom_name")}
            error={errors.custom_name}
            disabled={busy}
            placeholder="z. B. Inventur"
          />
        )}
        <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          Vorschau:{" "}
          {hours === null ? (
            <span className="text-red-700">Beginn und Ende dürfen nicht gleich sein</span>
          ) : (
            <strong>
              {form.start_time}–{form.end_time} · {formatHours(hours)} h{overnight ? " (über Mitternacht)" : ""}
            </strong>
          )}
        </p>
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
