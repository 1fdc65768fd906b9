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
import { isoWeekday } from "@/lib/shared/dates";
import { crossesMidnight } from "@/lib/shared/hours";
import { unavailabilityInputSchema } from "@/lib/shared/schemas/unavailability";
import { firstDay, unavailabilityPeriod, WEEKDAYS_LONG } from "@/lib/shared/unavailability-text";

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
 * of the range (ending the next day when the end is at or before the start). "Wiederholen: jede Woche am Montag"
 * makes it weekly (§35.8): the weekday is the first date's, the last date may stay empty.
 */
export function UnavailabilityDialog({ employeeId, initial, onSaved, onClose }: Props) {
  const editing = initial?.id !== undefined ? initial : null;
  const weekly = initial?.weekday != null && initial.start_date !== undefined;
  // A weekly entry starts on its weekday's first day, so the checkbox names the weekday it has.
  const day = weekly
    ? firstDay({ start_date: initial.start_date!, end_date: null, weekday: initial.weekday! })
    : (initial?.start_date ?? today());
  const [form, setForm] = useState({
    employee_id: String(employeeId ?? initial?.employee_id ?? ""),
    start_date: day,
    end_date: weekly ? (initial?.end_date ?? "") : (initial?.end_date ?? day),
    weekly,
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
      if (key === "weekly") {
        // Weekly: the end may stay open, so it starts empty; daily again: it follows the start (§31.4).
        setForm((current) => ({
          ...current,
          weekly: Boolean(value),
          end_date: value ? "" : current.end_date || current.start_date,
        }));
        setErrors((current) => ({ ...current, end_date: "" }));
        return;
      }
      if (key === "start_date") {
        // The end follows (§31.4), and the two dates judge each other, so both messages go; an open weekly end stays.
        setForm((current) =>
          current.weekly && current.end_date === ""
            ? { ...current, start_date: String(value) }
            : withStartDate(current, String(value)),
        );
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
      end_date: form.weekly && form.end_date === "" ? null : form.end_date,
      weekday: form.weekly && validDate(form.start_date) ? isoWeekday(form.start_date) : null,
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
            label={form.weekly ? "Ab (erster Tag)" : "Von"}
            {...dateInput}
            value={form.start_date}
            onChange={set("start_date")}
            error={errors.start_date}
            disabled={busy}
          />
          <Field
            id="unavailability-end"
            label={form.weekly ? "Bis (optional)" : "Bis"}
            {...dateInput}
            value={form.end_date}
            min={form.start_date || dateInput.min}
            onChange={set("end_date")}
            error={errors.end_date}
            hint={form.weekly && form.end_date === "" ? "Leer lassen: ohne Ende" : undefined}
            disabled={busy}
          />
        </div>
        <div>
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={form.weekly}
              onChange={set("weekly")}
              disabled={busy}
              aria-describedby={form.weekly ? "unavailability-weekly-hint" : undefined}
              className="size-5 rounded border-slate-300"
            />
            Wiederholen: jede Woche am{" "}
            {validDate(form.start_date) ? WEEKDAYS_LONG[isoWeekday(form.start_date) - 1] : "gewählten Tag"}
          </label>
          {form.weekly && validDate(form.start_date) && (
            <p id="unavailability-weekly-hint" className="text-sm text-slate-600">
              {unavailabilityPeriod({
                start_date: form.start_date,
                end_date: validDate(form.end_date) ? form.end_date : null,
                weekday: isoWeekday(form.start_date),
              })}
            </p>
          )}
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

const validDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
