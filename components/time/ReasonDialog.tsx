"use client";
import { useState, type ReactNode } from "react";
import { TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { ApiRequestError, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";

type Props = {
  title: string;
  /** Whom and what it concerns. */
  detail: ReactNode;
  label: string;
  busyLabel: string;
  success: string;
  failure: string;
  /** The field the API names the reason by ("reason", or "note" for a rejection). */
  field: "reason" | "note";
  hint?: string;
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
};

const REQUIRED = "Bitte gib eine Begründung ein";

/**
 * A change that needs a reason (docs/PRODUCT-RULES.md §32.6): "Stornieren", "Wieder öffnen", a rejected correction
 * request. The API's message for the field appears under it; any other refusal as a toast.
 */
export function ReasonDialog(props: Props) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await props.send(reason.trim());
      notify.success(props.success);
      props.onDone();
    } catch (failure) {
      if (failure instanceof ApiRequestError) setError(failure.fields[props.field] ?? "");
      notify.error(errorMessage(failure, props.failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={props.title} onClose={() => !busy && props.onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="text-slate-700">{props.detail}</div>
        <TextAreaField
          id="time-reason"
          label="Begründung"
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError("");
          }}
          error={error}
          hint={props.hint}
          disabled={busy}
          required
          autoFocus
        />
        <FormActions busy={busy} onCancel={props.onClose} label={props.label} busyLabel={props.busyLabel} />
      </form>
    </Modal>
  );
}
