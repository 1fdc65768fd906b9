"use client";
import { useState } from "react";
import { TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import type { VacationDto } from "@/lib/shared/api-types";
import { formatDate } from "@/lib/shared/format";
import { vacationRejectionSchema } from "@/lib/shared/schemas/vacation";
import { employeeName } from "./vacation-text";

type Props = { vacation: VacationDto; onClose: () => void; onRejected: () => void };

/** "Ferienantrag ablehnen" with the required reason the requester will read (docs/PRODUCT-RULES.md §26.3). */
export function RejectVacationDialog({ vacation, onClose, onRejected }: Props) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(vacationRejectionSchema, { reason });
    setError(checked.errors?.reason ?? "");
    if (!checked.data) return;
    setBusy(true);
    try {
      await api.post(`/vacations/${vacation.id}/reject`, checked.data);
      notify.success("Ferienantrag abgelehnt!");
      onRejected();
    } catch (failure) {
      if (failure instanceof ApiRequestError) setError(failure.fields.reason ?? "");
      notify.error(errorMessage(failure, "Fehler beim Ablehnen"));
    } finally {
      setBusy(false);
    }
  }

  const range = `${formatDate(vacation.start_date)} – ${formatDate(vacation.end_date)}`;
  return (
    <Modal open title="Ferienantrag ablehnen" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-slate-700">
          {employeeName(vacation)}, {range} ({vacation.days_count === 1 ? "1 Tag" : `${vacation.days_count} Tage`})
        </p>
        <TextAreaField
          id="reject-reason"
          label="Begründung"
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError("");
          }}
          error={error}
          hint="Die Begründung sieht die Person, die den Antrag gestellt hat."
          disabled={busy}
          required
          autoFocus
        />
        <FormActions busy={busy} onCancel={onClose} label="Ablehnen" busyLabel="Wird abgelehnt..." />
      </form>
    </Modal>
  );
}
