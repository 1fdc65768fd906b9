"use client";
import { useState } from "react";
import { formatDays, saveErrorToast, workingDaysLabel } from "@/components/vacations/vacation-text";
import { dateInput, Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { withStartDate } from "@/lib/client/date-range";
import { api, ApiRequestError } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import { isDateInWindow, workingDays } from "@/lib/shared/dates";
import { vacationInputSchema } from "@/lib/shared/schemas/vacation";

type Props = {
  employeeId: number;
  /** Days still free this year: not yet approved or requested (the hint under the dates). */
  available: number;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * "Ferien beantragen" on Meine Schichten (docs/PRODUCT-RULES.md §26.3): the request goes to the managers as
 * "Beantragt"; the server counts its days against the year's balance less what is pending already.
 */
export function VacationRequestDialog({ employeeId, available, onClose, onSaved }: Props) {
  const [form, setForm] = useState({ start_date: "", end_date: "", notes: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setForm((current) => (key === "start_date" ? withStartDate(current, value) : { ...current, [key]: value }));
    const cleared = key === "notes" ? ["notes"] : ["start_date", "end_date"];
    setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, ""])) }));
  };
  const year = Number(today().slice(0, 4));
  // Dates in the API's window only (docs/PRODUCT-RULES.md §30.1): the counts below loop over the years between.
  const datesValid =
    isDateInWindow(form.start_date) && isDateInWindow(form.end_date) && form.start_date <= form.end_date;
  const count = datesValid ? workingDays(form.start_date, form.end_date) : null;
  // The hint knows this year's balance only: for dates in another year the server's check decides alone.
  const thisYear = !datesValid || (form.start_date.startsWith(String(year)) && form.end_date.startsWith(String(year)));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(vacationInputSchema, { ...form, employee_id: employeeId });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      await api.post("/vacations", checked.data);
      notify.success("Ferienantrag gesendet!");
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(...saveErrorToast(error, "Fehler beim Senden des Antrags", year));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="Ferien beantragen" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="request-start"
            label="Von"
            {...dateInput}
            value={form.start_date}
            min={today()}
            onChange={set("start_date")}
            error={errors.start_date}
            disabled={busy}
            autoFocus
          />
          <Field
            id="request-end"
            label="Bis"
            {...dateInput}
            value={form.end_date}
            min={form.start_date || today()}
            onChange={set("end_date")}
            error={errors.end_date}
            disabled={busy}
          />
        </div>
        <div aria-live="polite" className="min-h-6 text-sm">
          {thisYear && (
            <p className="text-slate-600">
              Noch {formatDays(available)} {available === 1 ? "Tag" : "Tage"} frei in {year}.
            </p>
          )}
          {count !== null && (
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-slate-900">{workingDaysLabel(count)}</span>
              <span className="text-slate-600">(Montag bis Freitag)</span>
              {thisYear && count > available && (
                <span className="font-medium text-red-700">Mehr als dein Guthaben</span>
              )}
            </p>
          )}
        </div>
        <TextAreaField
          id="request-notes"
          label="Notiz an die Planung (optional)"
          value={form.notes}
          onChange={set("notes")}
          error={errors.notes}
          disabled={busy}
        />
        <FormActions busy={busy} onCancel={onClose} label="Beantragen" busyLabel="Wird gesendet..." />
      </form>
    </Modal>
  );
}
