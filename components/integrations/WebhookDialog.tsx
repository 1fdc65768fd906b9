"use client";
import { useEffect, useRef, useState } from "react";
import { CheckboxOptions } from "@/components/ui/CheckboxOptions";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Field } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { byTopField, validate } from "@/lib/client/form-errors";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import { notify } from "@/lib/client/notify";
import { classNames } from "@/lib/shared/class-names";
import { WEBHOOK_EVENTS, webhookCreateSchema, type WebhookDto, type WebhookEvent } from "@/lib/shared/schemas/webhook";
import { ShownOnceSecret } from "./ShownOnceSecret";
import { WEBHOOK_EVENT_LABELS, webhookTitle } from "./webhook-text";

type Props = {
  /** The hook to change; none: "Webhook hinzufügen". */
  hook?: WebhookDto;
  /** Saved (the list loads again behind the dialog). */
  onSaved: (hook: WebhookDto) => void;
  onClose: () => void;
};

/** The control that takes the focus when its field has an error, in the form's order. */
const ERROR_FOCUS = [
  ["name", "webhook-name"],
  ["url", "webhook-url"],
  ["events", `webhook-event-${WEBHOOK_EVENTS[0]}`],
] as const;

/**
 * "Webhook hinzufügen" and "Bearbeiten" (docs/PRODUCT-RULES.md §37.6): name, URL, events; editing may ask for a new
 * secret. A new hook's secret (and a new one) is shown in the same dialog, this once; closing it before it was
 * copied asks first. A refusal keeps what was entered, the server's message at its field.
 */
export function WebhookDialog({ hook, onSaved, onClose }: Props) {
  const [form, setForm] = useState({
    name: hook?.name ?? "",
    url: hook?.url ?? "",
    events: hook?.events ?? ([] as WebhookEvent[]),
    rotate_secret: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ hook: WebhookDto; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const focusErrorRef = useFocusFirstError(errors, busy, ERROR_FOCUS);

  function toggleEvent(event: WebhookEvent, on: boolean) {
    setForm((current) => ({
      ...current,
      // In the list's order, whatever the order of the clicks.
      events: WEBHOOK_EVENTS.filter((e) => (e === event ? on : current.events.includes(e))),
    }));
  }

  const allChecked = form.events.length === WEBHOOK_EVENTS.length;
  // "Alle auswählen" is mixed while some, not all, are checked.
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = form.events.length > 0 && !allChecked;
  }, [form.events.length, allChecked]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(webhookCreateSchema, form);
    setErrors(checked.errors ?? {});
    focusErrorRef.current = checked.errors !== null;
    if (!checked.data) return;
    setBusy(true);
    try {
      const saved = hook
        ? await api.put(`/webhooks/${hook.id}`, {
            ...checked.data,
            active: hook.active,
            rotate_secret: form.rotate_secret,
          })
        : await api.post("/webhooks", checked.data);
      const { secret: newSecret, ...dto } = saved;
      onSaved(dto);
      if (newSecret) {
        notify.success(hook ? "Webhook gespeichert, neuer Schlüssel erzeugt!" : "Webhook hinzugefügt!");
        setSecret({ hook: dto, secret: newSecret });
      } else {
        notify.success("Webhook gespeichert!");
        onClose();
      }
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors(byTopField(error.fields));
        focusErrorRef.current = true;
      }
      notify.error(errorMessage(error, "Fehler beim Speichern"));
    } finally {
      setBusy(false);
    }
  }

  function close() {
    if (busy) return;
    if (secret && !copied) setAsking(true);
    else onClose();
  }

  const eventsError = errors.events;
  const title = secret
    ? hook
      ? `Neuer Schlüssel für «${webhookTitle(secret.hook)}»`
      : `Webhook «${webhookTitle(secret.hook)}» hinzugefügt`
    : hook
      ? `Webhook «${webhookTitle(hook)}» bearbeiten`
      : "Webhook hinzufügen";
  return (
    <>
      <Modal open title={title} onClose={close} size={secret ? "md" : "lg"}>
        {secret ? (
          <ShownOnceSecret
            id="webhook-secret"
            secret={secret.secret}
            label={`Signaturschlüssel für «${webhookTitle(secret.hook)}»`}
            warning="Kopiere den Signaturschlüssel jetzt – er wird nur einmal angezeigt."
            hint={
              <>
                Im empfangenden System eintragen: damit prüft es, dass jede Meldung von Schichtwerk kommt (Kopf{" "}
                <code className="font-mono whitespace-nowrap">X-Schichtwerk-Signature</code>, HMAC-SHA256; Beispiele in
                der{" "}
                <a href="/api-docs" className="font-medium text-accent-dark underline underline-offset-2">
                  API-Dokumentation
                </a>
                ). Geht er verloren, erzeugst du unter «Bearbeiten» einen neuen.
              </>
            }
            copyFailed="Kopieren nicht möglich – der Schlüssel ist markiert, kopiere ihn mit Strg+C (Mac: ⌘+C)"
            onCopied={() => setCopied(true)}
            onDone={close}
          />
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            <Field
              id="webhook-name"
              label="Name (freiwillig)"
              autoComplete="off"
              maxLength={100}
              value={form.name}
              onChange={(event) => setForm((current) => ({ ...current, name: event.target.value }))}
              error={errors.name}
              hint="Woran du das System erkennst, z. B. «Kasse». Leer: die Adresse."
              disabled={busy}
            />
            <Field
              id="webhook-url"
              label="Adresse (URL)"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              value={form.url}
              onChange={(event) => setForm((current) => ({ ...current, url: event.target.value }))}
              error={errors.url}
              hint="Wohin Schichtwerk die Meldungen sendet (POST)."
              disabled={busy}
            />
            <fieldset className="space-y-1" disabled={busy}>
              <legend className="text-sm font-medium text-slate-700">Ereignisse</legend>
              <p className="text-xs text-slate-500">Was das System erfahren soll, mindestens eines.</p>
              <div className="grid gap-x-4 rounded-lg border border-slate-200 px-3 py-1 sm:grid-cols-2">
                <label
                  className={classNames(
                    "flex min-h-11 cursor-pointer items-center gap-3",
                    "border-b border-slate-200 py-2 sm:col-span-2",
                  )}
                >
                  <input
                    ref={allBox}
                    id="webhook-events-all"
                    type="checkbox"
                    className="size-4 shrink-0"
                    checked={allChecked}
                    onChange={(event) =>
                      setForm((current) => ({ ...current, events: event.target.checked ? [...WEBHOOK_EVENTS] : [] }))
                    }
                  />
                  <span className="text-sm font-medium text-slate-900">Alle auswählen</span>
                </label>
                <CheckboxOptions
                  idPrefix="webhook-event"
                  options={WEBHOOK_EVENTS}
                  labels={WEBHOOK_EVENT_LABELS}
                  selected={form.events}
                  onToggle={toggleEvent}
                  errorId={eventsError ? "webhook-events-error" : undefined}
                />
              </div>
              {eventsError && (
                <p id="webhook-events-error" className="text-sm text-red-700">
                  {eventsError}
                </p>
              )}
            </fieldset>
            {hook && (
              <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2">
                <input
                  id="webhook-rotate"
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0"
                  checked={form.rotate_secret}
                  disabled={busy}
                  aria-describedby="webhook-rotate-hint"
                  onChange={(event) => setForm((current) => ({ ...current, rotate_secret: event.target.checked }))}
                />
                <span className="min-w-0 text-sm">
                  <span className="block text-slate-900">Neuen Schlüssel erzeugen</span>
                  <span id="webhook-rotate-hint" className="block text-xs text-slate-500">
                    Der alte signiert ab sofort nichts mehr; den neuen siehst du einmal, nach dem Speichern.
                  </span>
                </span>
              </label>
            )}
            <FormActions busy={busy} onCancel={onClose} />
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={asking}
        title="Schlüssel wirklich schliessen?"
        message="Er kann danach nicht mehr angezeigt werden."
        detail="Ohne ihn kann das System die Meldungen nicht prüfen; du müsstest einen neuen erzeugen."
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
