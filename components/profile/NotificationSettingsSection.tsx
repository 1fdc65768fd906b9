"use client";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { WhenLoaded } from "@/components/ui/States";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { currentSubscription, disablePush, enablePush, pushSupported } from "@/lib/client/push";
import { useAction } from "@/lib/client/use-action";
import { useResource } from "@/lib/client/use-resource";
import { notificationSettingsUpdateSchema, type NotificationSettingsDto } from "@/lib/shared/schemas/notification";
import type { PushStatusDto } from "@/lib/shared/schemas/push";

/**
 * "Mitteilungen" in the profile (docs/PRODUCT-RULES.md §33.5, §33.7): one's own e-mail address, whether the inbox's
 * messages also come by e-mail, and push on the device at hand.
 */
export function NotificationSettingsSection({ onSaved }: { onSaved: () => void }) {
  const settings = useResource(
    (signal) => api.get("/me/notification-settings", signal),
    "Fehler beim Laden der Mitteilungs-Einstellungen",
  );
  const push = useResource((signal) => api.get("/me/push-subscriptions", signal), "Fehler beim Laden der Push-Geräte");
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
      {push.data && <PushOnThisDevice status={push.data} onChanged={() => void push.reload()} />}
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

const PUSH_TEXT = "Jede Mitteilung erscheint auch als Benachrichtigung auf diesem Gerät, auch wenn Schichtwerk zu ist.";

/**
 * "Push-Mitteilungen auf diesem Gerät" (docs/PRODUCT-RULES.md §33.7): push is per device, so the switch is about the
 * browser it is pressed in; other devices of the user are listed by number only.
 */
function PushOnThisDevice({ status, onChanged }: { status: PushStatusDto; onChanged: () => void }) {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const { busy, run } = useAction();
  useEffect(() => {
    if (!pushSupported()) return;
    void currentSubscription().then(
      (subscription) => setSubscribed(status.devices.some((device) => device.endpoint === subscription?.endpoint)),
      () => setSubscribed(false),
    );
  }, [status]);

  let note: string;
  let action: ReactNode = null;
  if (!pushSupported()) {
    note =
      "Dieser Browser kann keine Push-Mitteilungen empfangen. Auf dem iPhone: Schichtwerk im Safari über «Teilen» → " +
      "«Zum Home-Bildschirm» hinzufügen und von dort öffnen.";
  } else if (!status.available) {
    note = "Dieser Server verschickt keine Push-Mitteilungen.";
  } else if (subscribed) {
    note = `Eingeschaltet. ${PUSH_TEXT}`;
    action = (
      <Button
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          if (
            await run(() => disablePush(status.devices), {
              success: "Push auf diesem Gerät ausgeschaltet",
              failure: "Ausschalten fehlgeschlagen",
            })
          )
            onChanged();
        }}
      >
        Auf diesem Gerät ausschalten
      </Button>
    );
  } else {
    note = PUSH_TEXT;
    action = (
      <Button
        variant="secondary"
        disabled={busy || subscribed === null}
        onClick={async () => {
          const done = await run(() => enablePush(status.public_key!), {
            success: "Push auf diesem Gerät eingeschaltet",
            failure: "Push konnte auf diesem Gerät nicht eingeschaltet werden",
          });
          if (done) onChanged();
        }}
      >
        Auf diesem Gerät einschalten
      </Button>
    );
  }
  const others = status.devices.length - (subscribed ? 1 : 0);
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-medium text-slate-900">Push-Mitteilungen auf diesem Gerät</h3>
      <p className="text-sm text-slate-600">{note}</p>
      {others > 0 && (
        <p className="text-sm text-slate-600">
          {others === 1 ? "Ein weiteres Gerät erhält" : `${others} weitere Geräte erhalten`} deine Mitteilungen als
          Push.
        </p>
      )}
      {action}
    </div>
  );
}
