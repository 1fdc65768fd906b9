"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { dateInput, decimalInput, Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { SelectField } from "@/components/ui/SelectField";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { withStartDate } from "@/lib/client/date-range";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { announceChange } from "@/lib/client/undo";
import type { AbsenceDto } from "@/lib/shared/api-types";
import { parseDecimalInput } from "@/lib/shared/decimal-input";
import { formatDate } from "@/lib/shared/format";
import { ABSENCE_TYPES, ABSENCE_TYPE_LABELS, absenceInputSchema, type AbsenceType } from "@/lib/shared/schemas/absence";
import { absenceSavedText, absenceSpan } from "./absence-text";

const employeeName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

/** Whom an absence can be recorded for: any employee list of the screens fits (id and name). */
export type AbsenceEmployee = { id: number; first_name: string; last_name: string };

export type AbsenceDialogProps = {
  /** Shown while true; the caller keeps the state (mount it once, flip `open`). */
  open: boolean;
  /** "Abbrechen", Escape, and after a save or delete (after `onSaved`). */
  onClose: () => void;
  /** The picker's employees (active ones); an edited absence's archived employee is added by the dialog. */
  employees: AbsenceEmployee[];
  /** A new absence prefilled: the employee (the planner's panel) and/or the first day (a day of the week). */
  initial?: { employee_id?: number; date?: string; type?: AbsenceType };
  /** The absence to change or delete (a full answer of GET /api/absences); left out: record a new one. */
  absence?: AbsenceDto | null;
  /** After a create, change or delete (and after its undo): reload what shows absences. */
  onSaved: () => void;
};

type Form = {
  type: AbsenceType;
  employee_id: string;
  mode: "days" | "hours";
  start_date: string;
  end_date: string;
  hours: string;
  note: string;
  certificate_received: boolean;
};

function formOf(absence: AbsenceDto | null | undefined, initial: AbsenceDialogProps["initial"]): Form {
  return {
    type: absence?.type ?? initial?.type ?? "krank",
    employee_id: String(absence?.employee_id ?? initial?.employee_id ?? ""),
    mode: absence?.hours != null ? "hours" : "days",
    start_date: absence?.start_date ?? initial?.date ?? "",
    end_date: absence?.end_date ?? initial?.date ?? "",
    hours: absence?.hours != null ? String(absence.hours) : "",
    note: absence?.note ?? "",
    certificate_received: absence?.certificate_received ?? false,
  };
}

/**
 * Record, change or delete an absence besides vacation (docs/PRODUCT-RULES.md §32.2, §32.8): the type, the employee,
 * whole days from–to or hours on one day, a note and, for sick leave, "Arztzeugnis erhalten". The server's German
 * field errors appear under the fields; the toast says how many shifts were opened and offers "Rückgängig". Used by
 * the planner's panel and the time screen.
 */
export function AbsenceDialog(props: AbsenceDialogProps) {
  if (!props.open) return null;
  // Mounted anew on each opening: the form starts from the props of that moment.
  return <AbsenceForm {...props} />;
}

function AbsenceForm({ onClose, employees, initial, absence, onSaved }: AbsenceDialogProps) {
  const [form, setForm] = useState<Form>(() => formOf(absence, initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = (patch: Partial<Form>, cleared: string[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, ""])) }));
  };
  const missing = absence && !employees.some((employee) => employee.id === absence.employee_id) ? absence : null;
  const hoursMode = form.mode === "hours";

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const hours = hoursMode ? parseDecimalInput(form.hours) : null;
    const checked = validate(absenceInputSchema, {
      type: form.type,
      employee_id: form.employee_id ? Number(form.employee_id) : undefined,
      start_date: form.start_date,
      end_date: hoursMode ? form.start_date : form.end_date || form.start_date,
      // Empty in "Stunden" mode is not "whole days": the schema then says a number is missing.
      hours: hoursMode ? (hours ?? Number.NaN) : null,
      note: form.note,
      certificate_received: form.type === "krank" ? form.certificate_received : false,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const saved = absence
        ? await api.put(`/absences/${absence.id}`, checked.data)
        : await api.post("/absences", checked.data);
      const message = absenceSavedText(saved, !!absence);
      // Whole days are a plan write: "Rückgängig" takes the absence back with the shifts it opened (§32.2).
      if (saved.change_id) announceChange({ message, changeId: saved.change_id, onUndone: onSaved });
      else notify.success(message, { duration: 5000 });
      onSaved();
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, absence ? "Fehler beim Aktualisieren" : "Fehler beim Erfassen"));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!absence) return;
    try {
      await api.delete(`/absences/${absence.id}`);
      notify.success("Abwesenheit gelöscht. Freigegebene Schichten bleiben offen.");
      onSaved();
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Löschen"));
      setConfirmDelete(false);
    }
  }

  if (confirmDelete && absence)
    return (
      <ConfirmDialog
        open
        title="Abwesenheit löschen?"
        message={`${ABSENCE_TYPE_LABELS[absence.type]} von ${employeeName(absence)}, ${absenceSpan(absence)}.`}
        detail="Schichten, die dabei freigegeben wurden, bleiben offen."
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    );

  return (
    <Modal open title={absence ? "Abwesenheit bearbeiten" : "Abwesenheit erfassen"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <SelectField
          id="absence-type"
          label="Art"
          value={form.type}
          onChange={(event) => update({ type: event.target.value as AbsenceType }, ["type", "certificate_received"])}
          error={errors.type}
          disabled={busy}
          autoFocus
        >
          {ABSENCE_TYPES.map((type) => (
            <option key={type} value={type}>
              {ABSENCE_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="absence-employee"
          label="Mitarbeiter"
          value={form.employee_id}
          onChange={(event) => update({ employee_id: event.target.value }, ["employee_id"])}
          error={errors.employee_id}
          disabled={busy}
        >
          <option value="">Mitarbeiter auswählen</option>
          {missing && (
            <option value={missing.employee_id}>
              {missing.first_name} {missing.last_name}
            </option>
          )}
          {employees.map((employee) => (
            <option key={employee.id} value={employee.id}>
              {employee.first_name} {employee.last_name}
            </option>
          ))}
        </SelectField>
        <fieldset disabled={busy}>
          <legend className="text-sm font-medium text-slate-700">Dauer</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            {(
              [
                ["days", "Ganze Tage"],
                ["hours", "Stunden an einem Tag"],
              ] as const
            ).map(([mode, label]) => (
              <label key={mode} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="absence-mode"
                  value={mode}
                  checked={form.mode === mode}
                  onChange={() => update({ mode }, ["end_date", "hours"])}
                  className="size-5 border-slate-300"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="absence-start"
            label={hoursMode ? "Tag" : "Von"}
            {...dateInput}
            value={form.start_date}
            onChange={(event) => {
              const value = event.target.value;
              setForm((current) => withStartDate(current, value));
              setErrors((current) => ({ ...current, start_date: "", end_date: "", hours: "" }));
            }}
            error={errors.start_date}
            disabled={busy}
          />
          {hoursMode ? (
            <Field
              id="absence-hours"
              label="Stunden"
              {...decimalInput}
              value={form.hours}
              onChange={(event) => update({ hours: event.target.value }, ["hours"])}
              error={errors.hours}
              hint="z. B. 2,5 (in Viertelstunden)"
              disabled={busy}
            />
          ) : (
            <Field
              id="absence-end"
              label="Bis"
              {...dateInput}
              value={form.end_date}
              min={form.start_date || dateInput.min}
              onChange={(event) => update({ end_date: event.target.value }, ["start_date", "end_date"])}
              error={errors.end_date}
              hint={form.start_date && !form.end_date ? `Leer: nur ${formatDate(form.start_date)}` : undefined}
              disabled={busy}
            />
          )}
        </div>
        {form.type === "krank" && (
          <div>
            <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={form.certificate_received}
                onChange={(event) => update({ certificate_received: event.target.checked }, ["certificate_received"])}
                disabled={busy}
                className="size-5 rounded border-slate-300"
              />
              Arztzeugnis erhalten
            </label>
            {errors.certificate_received && <p className="text-sm text-red-700">{errors.certificate_received}</p>}
            {absence?.certificate_due && !form.certificate_received && (
              <p className="text-sm font-medium text-amber-900">⚠ Arztzeugnis fehlt</p>
            )}
          </div>
        )}
        <TextAreaField
          id="absence-note"
          label="Notiz (optional)"
          hint="Die Person sieht die Notiz unter «Meine Schichten», bei ihren Abwesenheiten."
          value={form.note}
          onChange={(event) => update({ note: event.target.value }, ["note"])}
          error={errors.note}
          disabled={busy}
        />
        <p className="text-sm text-slate-600">
          {hoursMode
            ? "Stunden an einem Tag geben keine Schicht frei."
            : "Schichten der Person an diesen Tagen werden freigegeben."}{" "}
          Kollegen sehen nur «abwesend», nie die Art.
        </p>
        {absence && (
          <Button variant="danger" size="sm" onClick={() => setConfirmDelete(true)} disabled={busy}>
            Abwesenheit löschen
          </Button>
        )}
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
