"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { WhenLoaded } from "@/components/ui/States";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { useResource } from "@/lib/client/use-resource";
import { notificationSettingsUpdateSchema, type NotificationSettingsDto } from "@/lib/shared/schemas/notification";

/**
 * "Mitteilungen" in the profile (docs/PRODUCT-RULES.md §33.5): one's own e-mail address and whether the inbox's
 * messages also come by e-mail.
 */
export function NotificationSettingsSection({ onSaved }: { onSaved: () => void }) {
  const settings = useResource(
    (signal) => api.get("/me/notification-settings", signal),
    "Fehler beim Laden der Mitteilungs-Einstellungen",
  );
  return (
    <section
      aria-labelledby="notification-settings-heading"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="notification-settings-heading" className="mb-4 text-lg font-semibold">
        Mitteilungen
      </h2>
      <WhenLoaded resource={settings} failedTitle="Die Einstellungen konnten nicht geladen werden.">
        {(data) => (
          <NotificationSettingsForm
            settings={data}
            onSaved={() => {
              void settings.reload();
              onSaved();
            }}
          />
        )}
      </WhenLoaded>
    </section>
  );
}

const MAILED = "Jede Mitteilung kommt zusätzlich als E-Mail an diese Adresse.";
const NOT_YET_MAILED =
  "Dieser Server verschickt noch keine E-Mails. Deine Wahl gilt, sobald die Administration den Mailversand einrichtet.";

function NotificationSettingsForm({ settings, onSaved }: { settings: NotificationSettingsDto; onSaved: () => void }) {
  const [email, setEmail] = useState(settings.email ?? "");
  const [byEmail, setByEmail] = useState(settings.email_notifications);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(notificationSettingsUpdateSchema, { email: email.trim(), email_notifications: byEmail });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      await api.put("/me/notification-settings", checked.data);
      notify.success("Einstellungen gespeichert!");
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, "Fehler beim Speichern"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Änderungen an deinen Schichten, Entscheide über deine Anträge und mehr findest du immer unter «Mitteilungen».
      </p>
      <Field
        id="notification-email"
        label="E-Mail-Adresse"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        disabled={busy}
      />
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={byEmail}
          onChange={(event) => setByEmail(event.target.checked)}
          disabled={busy}
        />
        <span>
          <span className="block font-medium text-slate-900">Mitteilungen auch per E-Mail erhalten</span>
          <span className="block text-sm text-slate-600">{settings.email_available ? MAILED : NOT_YET_MAILED}</span>
        </span>
      </label>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Wird gespeichert..." : "Speichern"}
      </Button>
    </form>
  );
}
