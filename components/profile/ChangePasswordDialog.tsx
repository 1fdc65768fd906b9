"use client";
import { useState } from "react";
import { Field } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";

/** Change the own password (docs/PRODUCT-RULES.md §15): current required, new twice, at least 8 characters. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!form.current) found.current = "Bitte gib dein aktuelles Passwort ein";
    if (form.next !== form.confirm) found.confirm = "Neue Passwörter stimmen nicht überein!";
    else if (form.next.length < 8) found.next = "Passwort muss mindestens 8 Zeichen lang sein!";
    return found;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changed = await run(
      () => api.post("/auth/change-password", { currentPassword: form.current, newPassword: form.next }),
      {
        success: "Passwort erfolgreich geändert!",
        failure: "Fehler beim Ändern des Passworts",
      },
    );
    if (changed) onClose();
  }

  return (
    <Modal open title="Passwort ändern" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id="password-current"
          label="Aktuelles Passwort"
          type="password"
          autoComplete="current-password"
          value={form.current}
          onChange={set("current")}
          error={errors.current}
          disabled={busy}
          autoFocus
        />
        <Field
          id="password-new"
          label="Neues Passwort"
          type="password"
          autoComplete="new-password"
          value={form.next}
          onChange={set("next")}
          error={errors.next}
          hint="Mindestens 8 Zeichen, besser 12 oder mehr."
          disabled={busy}
        />
        <Field
          id="password-confirm"
          label="Neues Passwort bestätigen"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set("confirm")}
          error={errors.confirm}
          disabled={busy}
        />
        <p className="text-xs text-slate-500">Andere angemeldete Geräte werden dabei abgemeldet.</p>
        <FormActions busy={busy} onCancel={onClose} label="Passwort ändern" busyLabel="Wird geändert..." />
      </form>
    </Modal>
  );
}
