"use client";
import { useState } from "react";
import { decimalInput, Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { SelectField } from "@/components/ui/SelectField";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { parseDecimalInput } from "@/lib/shared/decimal-input";
import { monthLabel } from "@/lib/shared/periods";

type Props = {
  employeeId: number;
  employeeName: string;
  month: string;
  onClose: () => void;
  onDone: () => void;
};

type Kind = "payout" | "correction";

/**
 * "Buchen" on the time account (docs/PRODUCT-RULES.md §34.3): a payout of overtime or a correction, in hours with a
 * decimal comma, always with a reason. A booking is never changed afterwards, which the dialog says.
 */
export function BookingDialog({ employeeId, employeeName, month, onClose, onDone }: Props) {
  const [kind, setKind] = useState<Kind>("payout");
  const [hours, setHours] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = parseDecimalInput(hours.replace("−", "-"));
    const found: Record<string, string> = {};
    if (value === null || Number.isNaN(value)) found.minutes = "Bitte gib die Stunden als Zahl ein, z. B. 2,5";
    else if (kind === "payout" && value <= 0) found.minutes = "Eine Auszahlung braucht mehr als 0 Stunden";
    else if (value === 0) found.minutes = "Eine Korrektur um 0 Stunden ändert nichts";
    if (!reason.trim()) found.reason = "Bitte gib eine Begründung ein";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post("/time-accounts/bookings", {
        employee_id: employeeId,
        month,
        kind,
        minutes: Math.round((value as number) * 60),
        reason: reason.trim(),
      });
      notify.success(kind === "payout" ? "Auszahlung gebucht!" : "Korrektur gebucht!");
      onDone();
    } catch (failure) {
      if (failure instanceof ApiRequestError) setErrors(failure.fields);
      notify.error(errorMessage(failure, "Fehler beim Buchen"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="Auf dem Zeitkonto buchen" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-slate-700">
          {employeeName}, {monthLabel(month)}
        </p>
        <SelectField
          id="booking-kind"
          label="Art"
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          disabled={busy}
        >
          <option value="payout">Auszahlung (wird vom Saldo abgezogen)</option>
          <option value="correction">Korrektur (+ oder −)</option>
        </SelectField>
        <Field
          id="booking-hours"
          label="Stunden"
          {...decimalInput}
          // A correction may be negative: a keyboard with a minus sign.
          inputMode={kind === "correction" ? "text" : "decimal"}
          pattern="[-−+]?[0-9]*[.,]?[0-9]*"
          value={hours}
          onChange={(event) => {
            setHours(event.target.value);
            setErrors((current) => ({ ...current, minutes: "" }));
          }}
          error={errors.minutes}
          hint={kind === "payout" ? "z. B. 5 oder 2,5" : "z. B. 1,5 oder −0,75"}
          disabled={busy}
          required
        />
        <TextAreaField
          id="booking-reason"
          label="Begründung"
          rows={2}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((current) => ({ ...current, reason: "" }));
          }}
          error={errors.reason}
          hint="Eine Buchung lässt sich nicht mehr ändern; ein Fehler wird mit einer Korrektur ausgeglichen."
          disabled={busy}
          required
        />
        <FormActions busy={busy} onCancel={onClose} label="Buchen" busyLabel="Wird gebucht..." />
      </form>
    </Modal>
  );
}
