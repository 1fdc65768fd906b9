"use client";
import { useState } from "react";
import { FormActions, Modal } from "@/components/ui/Modal";
import { PasswordChangeForm, type PasswordForm } from "./PasswordChangeForm";

function check(form: PasswordForm): Record<string, string> {
  const found: Record<string, string> = {};
  if (!form.current) found.current = "Bitte gib dein aktuelles Passwort ein";
  if (form.next !== form.confirm) found.confirm = "Neue Passwörter stimmen nicht überein!";
  else if (form.next.length < 8) found.next = "Passwort muss mindestens 8 Zeichen lang sein!";
  return found;
}

/** Change the own password (docs/PRODUCT-RULES.md §15): current required, new twice, at least 8 characters. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title="Passwort ändern" onClose={() => !busy && onClose()}>
      <PasswordChangeForm
        idPrefix="password"
        currentLabel="Aktuelles Passwort"
        check={check}
        messages={{ success: "Passwort erfolgreich geändert!", failure: "Fehler beim Ändern des Passworts" }}
        onChanged={onClose}
        className="space-y-4"
        onBusy={setBusy}
      >
        {(busy) => (
          <>
            <p className="text-xs text-slate-500">Andere angemeldete Geräte werden dabei abgemeldet.</p>
            <FormActions busy={busy} onCancel={onClose} label="Passwort ändern" busyLabel="Wird geändert..." />
          </>
        )}
      </PasswordChangeForm>
    </Modal>
  );
}
