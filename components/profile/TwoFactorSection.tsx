"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { inputClass } from "@/components/ui/Field";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";
import { totpDigits } from "@/lib/shared/totp-digits";
import type { UserDto } from "@/lib/shared/api-types";

function CodeInput({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        6-stelliger Code aus der App
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="000000"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(totpDigits(event.target.value))}
        className={`${inputClass} max-w-48 font-mono text-lg tracking-[0.3em]`}
      />
    </div>
  );
}

/**
 * Two-factor set-up (docs/PRODUCT-RULES.md §5.3): disabled → set-up with QR code and manual
 * secret → enabled by a 6-digit code; disabling needs a code too.
 */
export function TwoFactorSection({ user, onChanged }: { user: UserDto; onChanged: () => Promise<void> }) {
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null);
  const [code, setCode] = useState("");
  const { busy, run } = useAction();

  async function startSetup() {
    setCode("");
    await run(async () => setSetup(await api.post("/auth/setup-2fa")), {
      failure: "Fehler beim Einrichten von 2FA",
    });
  }

  async function enable(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const enabled = await run(() => api.post("/auth/enable-2fa", { token: code }), {
      success: "2FA erfolgreich aktiviert!",
      failure: "Ungültiger Token",
    });
    setCode(""); // a code is used up either way
    if (!enabled) return;
    setSetup(null);
    await onChanged();
  }

  async function disable(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const disabled = await run(() => api.post("/auth/disable-2fa", { token: code }), {
      success: "2FA wurde deaktiviert",
      failure: "Ungültiger Token oder Fehler beim Deaktivieren",
    });
    setCode("");
    if (disabled) await onChanged();
  }

  if (user.two_factor_enabled) {
    return (
      <form onSubmit={disable} className="space-y-4">
        <p className="flex items-center gap-2 text-sm">
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900">
            Aktiviert
          </span>
          Bei der Anmeldung wird nach dem Passwort ein Code aus deiner Authenticator-App verlangt.
        </p>
        <p className="text-sm text-slate-600">Zum Deaktivieren gib einen aktuellen Code ein.</p>
        <CodeInput id="disable-2fa-code" value={code} onChange={setCode} disabled={busy} />
        <Button type="submit" variant="danger" disabled={busy || code.length !== 6}>
          {busy ? "Wird deaktiviert..." : "2FA deaktivieren"}
        </Button>
      </form>
    );
  }

  if (!setup) {
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm">
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
            Deaktiviert
          </span>
          Schütze dein Konto zusätzlich mit einem Code aus einer Authenticator-App.
        </p>
        <Button onClick={startSetup} disabled={busy}>
          {busy ? "Wird eingerichtet..." : "2FA einrichten"}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={enable} className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>
          Scanne den QR-Code mit deiner Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator,
          1Password).
        </li>
        <li>Oder gib den Schlüssel von Hand ein.</li>
        <li>Gib den 6-stelligen Code ein, den die App anzeigt.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        {/* A data: URL from our own API; next/image adds nothing for it. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={setup.qrCode}
          alt="QR-Code für die Authenticator-App"
          width={180}
          height={180}
          className="rounded-lg border border-slate-200"
        />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-700">Schlüssel zur manuellen Eingabe</p>
          <code
            className="block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm"
            data-testid="totp-secret"
          >
            {setup.secret}
          </code>
        </div>
      </div>
      <CodeInput id="enable-2fa-code" value={code} onChange={setCode} disabled={busy} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || code.length !== 6}>
          {busy ? "Wird aktiviert..." : "2FA aktivieren"}
        </Button>
        <Button variant="secondary" onClick={() => setSetup(null)} disabled={busy}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
