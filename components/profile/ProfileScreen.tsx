"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { PageHeader } from "@/components/ui/PageHeader";
import { RoleBadge } from "@/components/ui/RoleBadge";
import { LoadingState } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { updateCurrentUser } from "@/lib/client/auth-store";
import { useResource } from "@/lib/client/use-resource";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import { NotificationSettingsSection } from "./NotificationSettingsSection";
import { TwoFactorSection } from "./TwoFactorSection";

const SECURITY_TIPS = [
  "Verwende ein Passwort mit mindestens 12 Zeichen, das du nirgends sonst benutzt.",
  "Ein Passwort-Manager merkt sich lange Passwörter für dich.",
  "Aktiviere die Zwei-Faktor-Authentifizierung: Ein gestohlenes Passwort allein reicht dann nicht.",
  "Gib deine Codes und dein Passwort nie weiter, auch nicht an Kolleginnen und Kollegen.",
  "Melde dich auf gemeinsam genutzten Geräten nach der Arbeit ab.",
];

/**
 * Profile (docs/PRODUCT-RULES.md §16.10): own account, password change, two-factor set-up, how messages come
 * (§33.5), security tips.
 */
export function ProfileScreen() {
  const me = useResource(async (signal) => {
    const user = await api.get("/auth/me", signal);
    updateCurrentUser(user);
    return user;
  }, "Fehler beim Laden der Benutzerdaten");
  const [changingPassword, setChangingPassword] = useState(false);
  const user = me.data;

  return (
    <>
      <PageHeader
        title="Einstellungen & 2FA"
        description="Dein Konto, dein Passwort und die Zwei-Faktor-Authentifizierung."
      />
      {!user ? (
        <LoadingState />
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <section aria-labelledby="profile-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 id="profile-heading" className="mb-4 text-lg font-semibold">
              Profil
            </h2>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-sm">
              <dt className="text-slate-500">Benutzername</dt>
              <dd className="font-medium">{user.username}</dd>
              <dt className="text-slate-500">E-Mail</dt>
              <dd>{user.email ?? <span className="text-slate-500">Keine E-Mail hinterlegt</span>}</dd>
              <dt className="text-slate-500">Rolle</dt>
              <dd>
                <RoleBadge role={user.role} />
              </dd>
            </dl>
            <Button variant="secondary" className="mt-6" onClick={() => setChangingPassword(true)}>
              Passwort ändern
            </Button>
          </section>

          <section aria-labelledby="two-factor-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 id="two-factor-heading" className="mb-4 text-lg font-semibold">
              Zwei-Faktor-Authentifizierung
            </h2>
            <TwoFactorSection user={user} onChanged={me.reload} />
          </section>

          <NotificationSettingsSection onSaved={() => void me.reload()} />

          <section
            aria-labelledby="tips-heading"
            className="rounded-xl border border-slate-200 bg-white p-6 xl:col-span-2"
          >
            <h2 id="tips-heading" className="mb-3 text-lg font-semibold">
              Sicherheitstipps
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {SECURITY_TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {changingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </>
  );
}
