"use client";
import { useState } from "react";
import { dateInput, Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { SelectField } from "@/components/ui/SelectField";
import { withStartDate } from "@/lib/client/date-range";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import { useResource } from "@/lib/client/use-resource";
import type { UnavailabilityDto } from "@/lib/shared/api-types";
import { crossesMidnight } from "@/lib/shared/hours";
import { unavailabilityInputSchema } from "@/lib/shared/schemas/unavailability";

type Props = {
  /** A fixed employee (someone's own entries on "Meine Schichten"): no picker. Without it, planners pick anyone. */
  employeeId?: number;
  /** An entry to change (with `id`), or the values a new one starts with (e.g. a day). */
  initial?: Partial<UnavailabilityDto>;
  onSaved: (saved: UnavailabilityDto) => void;
  onClose: () => void;
};

/**
 * Record or change time an employee cannot work (docs/PRODUCT-RULES.md §26.4): whole days, or a window on each day
 * of the range (ending the next day when the end is at or before the start).
 */
export function UnavailabilityDialog({ employeeId, initial, onSaved, onClose }: Props) {
  const editing = initial?.id !== undefined ? initial : null;
  const day = initial?.start_date ?? today();
  const [form, setForm] = useState({
    employee_id: String(employeeId ?? initial?.employee_id ?? ""),
    start_date: day,
    end_date: initial?.end_date ?? day,
    whole_day: !initial?.start_time,
    start_time: initial?.start_time ?? "08:00",
    end_time: initial?.end_time ?? "12:00",
    note: initial?.note ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Only the planner's picker needs the list; with a fixed employee nothing is loaded.
  const employees = useResource(
    (signal) => (employeeId === undefined ? api.get("/employees", signal) : Promise.resolve([])),
    "Fehler beim Laden der Mitarbeiter",
  );

  const set =
    (key: keyof typeof form) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const target = event.target;
      const value = target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value;
      if (key === "start_date") {
        // The end follows (§31.4), and the two dates judge each other, so both messages go.
        setForm((current) => withStartDate(current, String(value)));
        setErrors((current) => ({ ...current, start_date: "", end_date: "" }));
        return;
      }
      setForm((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: "" }));
    };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(unavailabilityInputSchema, {
      employee_id: form.employee_id ? Number(form.employee_id) : undefined,
      start_date: form.start_date,
      end_date: form.end_date,
      start_time: form.whole_day ? null : form.start_time,
      end_time: form.whole_day ? null : form.end_time,
      note: form.note,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const saved = editing?.id
        ? await api.put(`/unavailability/${editing.id}`, checked.data)
        : await api.post("/unavailability", checked.data);
      notify.success(editing ? "Eintrag aktualisiert!" : "Nicht verfügbar eingetragen!");
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, editing ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={editing ? "Nicht verfügbar bearbeiten" : "Nicht verfügbar eintragen"}
      onClose={() => !busy && onClose()}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {employeeId === undefined && (
          <SelectField
            id="unavailability-employee"
            label="Mitarbeiter"
            value={form.employee_id}
            onChange={set("employee_id")}
            error={errors.employee_id}
            disabled={busy}
            autoFocus
          >
            <option value="">Mitarbeiter auswählen</option>
            {(employees.data ?? []).map((employee) => (
              <option key={employee.id} value={employee.id}>
                {employee.first_name} {employee.last_name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="unavailability-start"
            label="Von"
            {...dateInput}
            value={form.start_date}
            onChange={set("start_date")}
            error={errors.start_date}
            disabled={busy}
          />
          <Field
            id="unavailability-end"
            label="Bis"
            {...dateInput}
            value={form.end_date}
            min={form.start_date || dateInput.min}
            onChange={set("end_date")}
            error={errors.end_date}
            disabled={busy}
          />
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.whole_day}
            onChange={set("whole_day")}
            disabled={busy}
            className="size-5 rounded border-slate-300"
          />
          Ganzer Tag
        </label>
        {!form.whole_day && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="unavailability-start-time"
              label="Von (Uhrzeit)"
              type="time"
              value={form.start_time}
              onChange={set("start_time")}
              error={errors.start_time}
              disabled={busy}
            />
            <Field
              id="unavailability-end-time"
              label="Bis (Uhrzeit)"
              type="time"
              value={form.end_time}
              onChange={set("end_time")}
              error={errors.end_time}
              hint={crossesMidnight(form.start_time, form.end_time) ? "Endet am nächsten Tag" : undefined}
              disabled={busy}
            />
          </div>
        )}
        <TextAreaField
          id="unavailability-note"
          label="Notiz (optional)"
          value={form.note}
          onChange={set("note")}
          error={errors.note}
          disabled={busy}
        />
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
