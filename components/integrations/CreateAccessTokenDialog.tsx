"use client";
import { useState } from "react";
import { CheckboxOptions } from "@/components/ui/CheckboxOptions";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { dateInput, Field } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { byTopField, validate } from "@/lib/client/form-errors";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import { accessTokenCreateSchema, type AccessTokenDto } from "@/lib/shared/schemas/access-token";
import { TOKEN_SCOPE_LABELS, TOKEN_SCOPES, type TokenScope } from "@/lib/shared/token-scopes";
import { ShownOnceSecret } from "./ShownOnceSecret";

type Props = {
  /** The token exists now (the list loads again behind the dialog). */
  onCreated: (token: AccessTokenDto) => void;
  onClose: () => void;
};

type Created = { accessToken: AccessTokenDto; token: string };

/** The control that takes the focus when its field has an error, in the form's order. */
const ERROR_FOCUS = [
  ["name", "token-name"],
  ["scopes", `token-scope-${TOKEN_SCOPES[0]}`],
  ["expires_on", "token-expires"],
] as const;

/**
 * "Token erstellen" (docs/PRODUCT-RULES.md §36.3): name, scopes, optionally the last day. On success the same dialog
 * shows the token, this once; closing it before it was copied asks first. A refusal keeps what was entered.
 */
export function CreateAccessTokenDialog({ onCreated, onClose }: Props) {
  const [form, setForm] = useState({ name: "", scopes: [] as TokenScope[], expires_on: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const focusErrorRef = useFocusFirstError(errors, busy, ERROR_FOCUS);

  function toggleScope(scope: TokenScope, on: boolean) {
    setForm((current) => ({
      ...current,
      // In the list's order, whatever the order of the clicks.
      scopes: TOKEN_SCOPES.filter((s) => (s === scope ? on : current.scopes.includes(s))),
    }));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(accessTokenCreateSchema, { ...form, expires_on: form.expires_on || null });
    setErrors(checked.errors ?? {});
    focusErrorRef.current = checked.errors !== null;
    if (!checked.data) return;
    setBusy(true);
    try {
      const answer = await api.post("/access-tokens", checked.data);
      setCreated({ accessToken: answer.access_token, token: answer.token });
      notify.success("Token erstellt!");
      onCreated(answer.access_token);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors(byTopField(error.fields));
        focusErrorRef.current = true;
      }
      notify.error(errorMessage(error, "Fehler beim Erstellen des Tokens"));
    } finally {
      setBusy(false);
    }
  }

  function close() {
    if (busy) return;
    if (created && !copied) setAsking(true);
    else onClose();
  }

  const scopesError = errors.scopes;
  return (
    <>
      <Modal
        open
        title={created ? `Token «${created.accessToken.name}» erstellt` : "Token erstellen"}
        onClose={close}
        size={created ? "md" : "lg"}
      >
        {created ? (
          <ShownOnceSecret
            id="token-secret"
            secret={created.token}
            label={`Token für «${created.accessToken.name}»`}
            warning="Kopiere das Token jetzt – es wird nur einmal angezeigt."
            hint={
              <>
                Im System als <code className="font-mono">Authorization: Bearer …</code> eintragen. Schichtwerk
                speichert nur einen Fingerabdruck davon: geht es verloren, widerrufst du es und erstellst ein neues.
              </>
            }
            copyFailed="Kopieren nicht möglich – das Token ist markiert, kopiere es mit Strg+C (Mac: ⌘+C)"
            onCopied={() => setCopied(true)}
            onDone={close}
          />
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            <Field
              id="token-name"
              label="Name"
              autoComplete="off"
              maxLength={100}
              value={form.name}
              onChange={(event) => setForm((current) => ({ ...current, name: event.target.value }))}
              error={errors.name}
              hint="Woran du das System erkennst, z. B. «Kasse Bahnhof» oder «Lohnbuchhaltung»."
              disabled={busy}
            />
            <fieldset className="space-y-1" disabled={busy}>
              <legend className="text-sm font-medium text-slate-700">Bereiche</legend>
              <p className="text-xs text-slate-500">Nur, was das System braucht.</p>
              <div className="grid gap-x-4 rounded-lg border border-slate-200 px-3 py-1 sm:grid-cols-2">
                <CheckboxOptions
                  idPrefix="token-scope"
                  options={TOKEN_SCOPES}
                  labels={TOKEN_SCOPE_LABELS}
                  selected={form.scopes}
                  onToggle={toggleScope}
                  errorId={scopesError ? "token-scopes-error" : undefined}
                />
              </div>
              {scopesError && (
                <p id="token-scopes-error" className="text-sm text-red-700">
                  {scopesError}
                </p>
              )}
            </fieldset>
            <Field
              id="token-expires"
              label="Gültig bis (letzter Tag)"
              {...dateInput}
              min={today()}
              value={form.expires_on}
              onChange={(event) => setForm((current) => ({ ...current, expires_on: event.target.value }))}
              error={errors.expires_on}
              hint="Leer lassen: gilt, bis du es widerrufst."
              disabled={busy}
              className="max-w-xs"
            />
            <FormActions busy={busy} onCancel={onClose} label="Erstellen" busyLabel="Wird erstellt..." />
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={asking}
        title="Token wirklich schliessen?"
        message="Es kann danach nicht mehr angezeigt werden."
        detail="Ohne das Token kommt das System nicht an die Daten; du müsstest ein neues erstellen."
        // Not just "Schliessen": the confirmation's own × is named so.
        confirmLabel="Ohne Kopieren schliessen"
        busyLabel="Ohne Kopieren schliessen"
        onConfirm={async () => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
