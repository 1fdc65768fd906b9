"use client";
import { WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useResource } from "@/lib/client/use-resource";
import { formatTimestamp } from "@/lib/shared/format";

/**
 * "E-Mail" on Betrieb (admins, docs/PRODUCT-RULES.md §33.5): whether the server sends the inbox's messages by
 * e-mail (set on the server: SMTP_URL, MAIL_FROM), how many wait, and the mails given up on after the last try.
 */
export function MailSection() {
  const status = useResource((signal) => api.get("/mail-status", signal), "Fehler beim Laden des E-Mail-Status");
  return (
    <section aria-labelledby="mail-title" className="mt-10 max-w-3xl space-y-4">
      <h2 id="mail-title" className="text-lg font-semibold text-slate-900">
        E-Mail
      </h2>
      <WhenLoaded resource={status} failedTitle="Der E-Mail-Status konnte nicht geladen werden.">
        {(mail) => (
          <>
            {mail.enabled ? (
              <p className="text-sm text-slate-700" data-testid="mail-state">
                E-Mail ist an: Mitteilungen gehen an alle, die sie im Profil per E-Mail bestellt haben. Absender:{" "}
                <span className="font-medium">{mail.from}</span>
                {mail.waiting > 0 &&
                  ` · ${mail.waiting} ${mail.waiting === 1 ? "E-Mail wartet" : "E-Mails warten"} auf Zustellung`}
              </p>
            ) : (
              <p className="text-sm text-slate-700" data-testid="mail-state">
                E-Mail ist aus: Der Server hat keinen Mailserver. Damit Mitteilungen auch per E-Mail kommen können,
                setze auf dem Server <code>SMTP_URL</code> und <code>MAIL_FROM</code> (README, «Konfiguration»).
              </p>
            )}
            {mail.failed.length > 0 && (
              <div className="space-y-2">
                <h3 className="font-medium text-red-800">Nicht zugestellt ({mail.failed.length})</h3>
                <p className="text-sm text-slate-600">
                  Jede dieser E-Mails wurde über mehrere Stunden erfolglos versucht. Die Mitteilung steht weiterhin im
                  Postfach der Person in Schichtwerk.
                </p>
                <ul className="divide-y divide-slate-200 rounded-lg border border-red-200 bg-white">
                  {mail.failed.map((failure) => (
                    <li key={failure.notification_id} className="p-3 text-sm">
                      <p className="font-medium text-slate-900">{failure.title}</p>
                      <p className="text-slate-600">
                        An {failure.username} · zuletzt versucht am {formatTimestamp(failure.failed_at)}
                      </p>
                      <p className="break-words text-red-800">Antwort des Mailservers: {failure.error}</p>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </WhenLoaded>
    </section>
  );
}
