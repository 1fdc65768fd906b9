"use client";
import { useState } from "react";
import { Button } from "./Button";
import { Modal, ModalActions } from "./Modal";

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** The button's text while it runs. */
  busyLabel?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/**
 * Confirmation before anything destructive (docs/PRODUCT-RULES.md §19): Escape or "Abbrechen"
 * cancels, the red button says what it does.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Löschen",
  busyLabel = "Wird gelöscht...",
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
      <ModalActions>
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          Abbrechen
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
