"use client";
import { useState } from "react";
import { Field, integerInput, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import { addDays } from "@/lib/shared/dates";
import { formatDate } from "@/lib/shared/format";
import { MAX_SICK_DAYS, sickReportSchema } from "@/lib/shared/schemas/absence";

type Props = { onClose: () => void; onSaved: () => void };

/** The toast after the report: "Gute Besserung! 2 Schichten wurden freigegeben." */
export function sickReportedText(openedShifts: number): string {
  if (openedShifts === 0) return "Gute Besserung! Keine deiner Schichten ist betroffen.";
  const shifts = openedShifts === 1 ? "1 Schicht wurde" : `${openedShifts} Schichten wurden`;
  return `Gute Besserung! ${shifts} freigegeben.`;
}

/**
 * "Ich bin krank" (docs/PRODUCT-RULES.md §32.2): today and the following days, in all `days`. The server records
 * the absence, opens the person's shifts of those days like a vacation and lists the report on the managers'
 * dashboard; the toast says how many shifts opened.
 */
export function SickReportDialog({ onClose, onSaved }: Props) {
  const [form, setForm] = useState({ days: "1", note: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const days = Number(form.days);
  const lastDay = Number.isInteger(days) && days >= 1 && days <= MAX_SICK_DAYS ? addDays(today(), days - 1) : null;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(sickReportSchema, {
      days: form.days.trim() === "" ? undefined : Number(form.days),
      note: form.note,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const result = await api.post("/me/sick", checked.data);
      // Longer than a plain success: it says what happened to the plan.
      notify.success(sickReportedText(result.opened_shifts), { duration: 5000 });
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, "Krankmeldung fehlgeschlagen"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="Ich bin krank" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id="sick-days"
          label="Wie viele Tage (ab heute)?"
          {...integerInput}
          value={form.days}
          onChange={(event) => {
            setForm((current) => ({ ...current, days: event.target.value }));
            setErrors((current) => ({ ...current, days: "" }));
          }}
          error={errors.days}
          hint={lastDay ? `Bis und mit ${formatDate(lastDay)}` : undefined}
          disabled={busy}
          autoFocus
        />
        <TextAreaField
          id="sick-note"
          label="Nachricht an die Planung (optional)"
          value={form.note}
          onChange={(event) => setForm((current) => ({ ...current, note: event.target.value }))}
          error={errors.note}
          disabled={busy}
        />
        <p className="text-sm text-slate-600">
          Deine Schichten an diesen Tagen werden freigegeben. Den Grund sehen nur die Planenden.
        </p>
        <FormActions onCancel={onClose} busy={busy} label="Krank melden" busyLabel="Wird gemeldet..." />
      </form>
    </Modal>
  );
}
