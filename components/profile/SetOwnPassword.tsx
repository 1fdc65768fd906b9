"use client";
import { Button } from "@/components/ui/Button";
import { PageHeader } from "@/components/ui/PageHeader";
import { api } from "@/lib/client/api";
import { updateCurrentUser } from "@/lib/client/auth-store";
import { signOut } from "@/lib/client/sign-out";
import { PasswordChangeForm, type PasswordForm } from "./PasswordChangeForm";

function check(form: PasswordForm): Record<string, string> {
  const found: Record<string, string> = {};
  if (!form.current) found.current = "Bitte gib das Passwort ein, das du erhalten hast";
  if (form.next.length < 8) found.next = "Passwort muss mindestens 8 Zeichen lang sein!";
  else if (form.next === form.current) found.next = "Das neue Passwort muss sich vom bisherigen unterscheiden";
  else if (form.next !== form.confirm) found.confirm = "Neue Passwörter stimmen nicht überein!";
  return found;
}

/**
 * "Neues Passwort festlegen" (docs/PRODUCT-RULES.md §31.5): an account an admin created or whose password an admin
 * reset sets a password only its user knows before anything else; the API refuses other calls until then.
 */
export function SetOwnPassword() {
  return (
    <>
      <PageHeader
        title="Neues Passwort festlegen"
        description={
          "Dein Konto wurde mit einem Start-Passwort eingerichtet. Lege jetzt ein Passwort fest, das nur du kennst."
        }
      />
      <PasswordChangeForm
        idPrefix="own-password"
        currentLabel="Bisheriges Passwort"
        check={check}
        messages={{ success: "Passwort festgelegt!", failure: "Fehler beim Festlegen des Passworts" }}
        onChanged={async () => updateCurrentUser(await api.get("/auth/me"))}
        className="max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-5"
      >
        {(busy) => (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => void signOut()} disabled={busy}>
              Abmelden
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Wird gespeichert..." : "Passwort festlegen"}
            </Button>
          </div>
        )}
      </PasswordChangeForm>
    </>
  );
}
