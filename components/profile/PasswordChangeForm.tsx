"use client";
import { useEffect, useState } from "react";
import { Field } from "@/components/ui/Field";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";

/** The three fields' values: the password now, the new one and its repetition. */
export type PasswordForm = { current: string; next: string; confirm: string };

type Props = {
  /** Prefix of the fields' ids, one per screen ("password", "own-password"). */
  idPrefix: string;
  /** The label of the first field: "Aktuelles Passwort", or "Bisheriges Passwort" for a start password. */
  currentLabel: string;
  /** The screen's own checks before sending, by field (each screen keeps its texts and order). */
  check: (form: PasswordForm) => Record<string, string>;
  messages: { success: string; failure: string };
  /** After the server took the new password. */
  onChanged: () => void | Promise<void>;
  className?: string;
  /** Told when a save starts and ends (a dialog does not close meanwhile). */
  onBusy?: (busy: boolean) => void;
  /** The buttons (and a note), which differ between the dialog and the screen. */
  children: (busy: boolean) => React.ReactNode;
};

/**
 * The form that changes one's own password (docs/PRODUCT-RULES.md §15, §31.5), shared by "Passwort ändern" on the
 * profile and "Neues Passwort festlegen" at the first login: three password fields, the screen's checks, then
 * `POST /api/auth/change-password`; a field the server refuses gets its message under it, the toast says the rest.
 */
export function PasswordChangeForm(props: Props) {
  const { idPrefix, currentLabel, check, messages, onChanged, className, onBusy, children } = props;
  const [form, setForm] = useState<PasswordForm>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  useEffect(() => onBusy?.(busy), [busy, onBusy]);
  const set = (key: keyof PasswordForm) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let refused: Record<string, string> = {};
    const changed = await run(async () => {
      try {
        await api.post("/auth/change-password", { currentPassword: form.current, newPassword: form.next });
      } catch (error) {
        const fields = (error as { fields?: Record<string, string> }).fields ?? {};
        refused = { current: fields.currentPassword ?? "", next: fields.newPassword ?? "" };
        throw error;
      }
    }, messages);
    if (!changed) {
      setErrors(Object.fromEntries(Object.entries(refused).filter(([, message]) => message)));
      return;
    }
    await onChanged();
  }

  return (
    <form onSubmit={submit} noValidate className={className}>
      <Field
        id={`${idPrefix}-current`}
        label={currentLabel}
        type="password"
        autoComplete="current-password"
        value={form.current}
        onChange={set("current")}
        error={errors.current}
        disabled={busy}
        autoFocus
      />
      <Field
        id={`${idPrefix}-new`}
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
        id={`${idPrefix}-confirm`}
        label="Neues Passwort bestätigen"
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={set("confirm")}
        error={errors.confirm}
        disabled={busy}
      />
      {children(busy)}
    </form>
  );
}
