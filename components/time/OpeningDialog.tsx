"use client";
import { useState } from "react";
import { Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import type { TimeAccountDto } from "@/lib/shared/api-types";
import { MIN_MONTH } from "@/lib/shared/dates";
import { formatTimestampDate } from "@/lib/shared/format";
import { monthLabel } from "@/lib/shared/periods";
import { MAX_ACCOUNT_MINUTES, openingInputSchema } from "@/lib/shared/schemas/time-account";
import { formatDifference, parseSignedHours } from "./time-view";

type Props = {
  account: TimeAccountDto;
  /** The month the screen shows: where an account that has not begun starts unless another is chosen. */
  month: string;
  onClose: () => void;
  onDone: () => void;
};

/** The fields the dialog shows; a refusal naming another one, or none, is shown above the buttons. */
const SHOWN_FIELDS = ["month", "minutes", "reason"];

/**
 * "Anfangssaldo setzen" on the time account (docs/PRODUCT-RULES.md §34.3, §34.6): the month the account starts with
 * and the balance brought into it, in h:mm with a sign (or hours with a decimal comma), always with a reason. Set
 * again, it replaces the earlier one. The server's refusal (a month approved, 409) stays in the dialog: it is long,
 * and what to do about it is read while the dialog is open.
 */
export function OpeningDialog({ account, month, onClose, onDone }: Props) {
  const opening = account.opening;
  const [form, setForm] = useState({
    month: opening?.month ?? account.starts_on?.slice(0, 7) ?? month,
    balance: opening ? formatDifference(opening.minutes).replace("±", "") : "",
    reason: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key === "balance" ? "minutes" : key]: "" }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal("");
    const minutes = parseSignedHours(form.balance);
    const found: Record<string, string> = {};
    if (minutes === null) found.minutes = "Bitte gib den Saldo ein, z. B. 12:30 oder −3:15";
    else if (Number.isNaN(minutes)) found.minutes = "Bitte gib den Saldo in Stunden:Minuten an, z. B. 12:30 oder −3:15";
    else if (Math.abs(minutes) > MAX_ACCOUNT_MINUTES) found.minutes = "Der Saldo darf höchstens ±10000:00 h betragen";
    const checked = validate(openingInputSchema, {
      employee_id: account.employee_id,
      month: form.month,
      minutes: found.minutes ? 0 : minutes,
      reason: form.reason,
    });
    setErrors({ ...checked.errors, ...found });
    if (!checked.data || found.minutes) return;
    setBusy(true);
    try {
      await api.put("/time-accounts/opening", checked.data);
      notify.success("Anfangssaldo gesetzt!");
      onDone();
    } catch (failure) {
      const fields = failure instanceof ApiRequestError ? failure.fields : {};
      setErrors(fields);
      if (!SHOWN_FIELDS.some((field) => fields[field]))
        setRefusal(errorMessage(failure, "Fehler beim Setzen des Anfangssaldos"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="Anfangssaldo setzen" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="text-slate-700">
          <p className="font-medium">{account.employee_name}</p>
          <p className="text-sm text-slate-600">
            {opening
              ? `Bisher: ${formatDifference(opening.minutes)} h ab ${monthLabel(opening.month)} ` +
                `(${opening.reason}), gesetzt${opening.set_by_name ? ` von ${opening.set_by_name}` : ""} am ` +
                `${formatTimestampDate(opening.set_at)}.`
              : "Noch kein Anfangssaldo: Das Zeitkonto beginnt sonst mit dem ersten Zeiteintrag."}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="opening-month"
            label="Ab Monat"
            type="month"
            min={MIN_MONTH}
            max={today().slice(0, 7)}
            value={form.month}
            onChange={set("month")}
            error={errors.month || undefined}
            hint="Zeiteinträge davor zählen nicht auf dem Zeitkonto."
            disabled={busy}
            required
          />
          <Field
            id="opening-balance"
            label="Saldo (Stunden:Minuten)"
            type="text"
            // A minus sign must be typeable: not the phone's digits-only keyboard.
            inputMode="text"
            autoComplete="off"
            value={form.balance}
            onChange={set("balance")}
            error={errors.minutes || undefined}
            hint="z. B. 12:30 für Überstunden, −3:15 für Minusstunden"
            disabled={busy}
            required
          />
        </div>
        <TextAreaField
          id="opening-reason"
          label="Begründung"
          rows={2}
          value={form.reason}
          onChange={set("reason")}
          error={errors.reason || undefined}
          hint="Steht im Verlauf, z. B. «Übertrag aus der alten Zeiterfassung»."
          disabled={busy}
          required
        />
        {refusal && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {refusal}
          </p>
        )}
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
