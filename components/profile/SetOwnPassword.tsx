"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { PageHeader } from "@/components/ui/PageHeader";
import { api } from "@/lib/client/api";
import { logout, updateCurrentUser } from "@/lib/client/auth-store";
import { useAction } from "@/lib/client/use-action";

/**
 * "Neues Passwort festlegen" (docs/PRODUCT-RULES.md §31.5): an account an admin created or whose password an admin
 * reset sets a password only its user knows before anything else; the API refuses other calls until then.
 */
export function SetOwnPassword() {
  const [form, setForm] = useState({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!form.current) found.current = "Bitte gib das Passwort ein, das du erhalten hast";
    if (form.next.length < 8) found.next = "Passwort muss mindestens 8 Zeichen lang sein!";
    else if (form.next === form.current) found.next = "Das neue Passwort muss sich vom bisherigen unterscheiden";
    else if (form.next !== form.confirm) found.confirm = "Neue Passwörter stimmen nicht überein!";
    return found;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    let refused: Record<string, string> = {};
    const changed = await run(
      async () => {
        try {
          await api.post("/auth/change-password", { currentPassword: form.current, newPassword: form.next });
        } catch (error) {
          const fields = (error as { fields?: Record<string, string> }).fields ?? {};
          refused = { current: fields.currentPassword ?? "", next: fields.newPassword ?? "" };
          throw error;
        }
      },
      { success: "Passwort festgelegt!", failure: "Fehler beim Festlegen des Passworts" },
    );
    if (!changed) {
      setErrors(Object.fromEntries(Object.entries(refused).filter(([, message]) => message)));
      return;
    }
    updateCurrentUser(await api.get("/auth/me"));
  }

  return (
    <>
      <PageHeader
        title="Neues Passwort festlegen"
        description={
          "Dein Konto wurde mit einem Start-Passwort eingerichtet. Lege jetzt ein Passwort fest, das nur du kennst."
        }
      />
      <form onSubmit={submit} noValidate className="max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-5">
        <Field
          id="own-password-current"
          label="Bisheriges Passwort"
          type="password"
          autoComplete="current-password"
          value={form.current}
          onChange={set("current")}
          error={errors.current}
          disabled={busy}
          autoFocus
        />
        <Field
          id="own-password-new"
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
          id="own-password-confirm"
          label="Neues Passwort bestätigen"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set("confirm")}
          error={errors.confirm}
          disabled={busy}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void logout()} disabled={busy}>
            Abmelden
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Wird gespeichert..." : "Passwort festlegen"}
          </Button>
        </div>
      </form>
    </>
  );
}
