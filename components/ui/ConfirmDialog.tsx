"use client";
import { useState, type ReactNode } from "react";
import { Button } from "./Button";
import { Modal, ModalActions } from "./Modal";

type Props = {
  open: boolean;
  title: string;
  message: string;
  /** A second line under the message: whom it concerns and what will happen (docs/PRODUCT-RULES.md §29.4). */
  detail?: ReactNode;
  confirmLabel?: string;
  /** The confirm button's busy text when it does not delete (e.g. "Wird geändert..."). */
  busyLabel?: string;
  /** "primary" for a confirmation of something that is not destructive (a role change, docs/PRODUCT-RULES.md §29.4). */
  tone?: "danger" | "primary";
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/**
 * Confirmation before anything destructive (docs/PRODUCT-RULES.md §19): Escape or "Abbrechen"
 * cancels, the red button says what it does; the focus starts on "Abbrechen" (§29.4).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel = "Löschen",
  busyLabel = "Wird gelöscht...",
  tone = "danger",
  onConfirm,
  onClose,
}: Props) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open={open} title={title} onClose={() => !busy && onClose()}>
      <p className="text-slate-700">{message}</p>
      {detail && <p className="mt-2 text-slate-700">{detail}</p>}
      <ModalActions>
        <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
          Abbrechen
        </Button>
        <Button variant={tone} onClick={confirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
