"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { inputClass } from "@/components/ui/Field";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { RecoveryCodeField } from "@/components/ui/RecoveryCodeField";
import { api } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { saveFile } from "@/lib/client/save-file";
import { useAction } from "@/lib/client/use-action";
import { isRecoveryCodeShape } from "@/lib/shared/recovery-code";
import { totpDigits } from "@/lib/shared/totp-digits";
import type { CurrentUserDto } from "@/lib/shared/api-types";

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

const codesLeftText = (count: number) =>
  count === 1 ? "Noch 1 Wiederherstellungscode" : `Noch ${count} Wiederherstellungscodes`;

/** The file "Herunterladen" saves: the codes, one a line, with what they are for. */
function recoveryCodesFile(username: string, codes: string[]): Blob {
  const lines = [
    `Schichtwerk – Wiederherstellungscodes für ${username}`,
    "Jeder Code gilt einmal anstelle des Codes aus der Authenticator-App.",
    "",
    ...codes,
    "",
  ];
  return new Blob([lines.join("\n")], { type: "text/plain;charset=utf-8" });
}

/**
 * The ten new recovery codes, shown this once (docs/PRODUCT-RULES.md §29.1): the server keeps only their hashes.
 * Stays until the user says they are stored.
 */
function RecoveryCodesPanel({ username, codes, onDone }: { username: string; codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      notify.success("Codes kopiert");
    } catch {
      notify.error("Kopieren nicht möglich – bitte lade die Codes herunter");
    }
  }
  return (
    <section aria-labelledby="recovery-codes-heading" className="space-y-4">
      <h3 id="recovery-codes-heading" className="font-semibold">
        Deine Wiederherstellungscodes
      </h3>
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        Diese Codes werden nur jetzt angezeigt. Bewahre sie sicher auf, zum Beispiel ausgedruckt oder im
        Passwort-Manager: Ohne Handy meldest du dich mit einem davon an, jeder Code gilt nur einmal.
      </p>
      <ul
        aria-label="Wiederherstellungscodes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-100 px-4 py-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          Kopieren
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveFile(recoveryCodesFile(username, codes), `schichtwerk-wiederherstellungscodes.txt`)}
        >
          Herunterladen
        </Button>
        <Button onClick={onDone}>Ich habe die Codes gespeichert</Button>
      </div>
    </section>
  );
}

/** "Neue Codes erzeugen": asks for a code from the app, answers the new codes (the old ones stop working). */
function RenewCodesDialog({ onClose, onRenewed }: { onClose: () => void; onRenewed: (codes: string[]) => void }) {
  const [code, setCode] = useState("");
  const { busy, run } = useAction();
  async function renew(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let codes: string[] = [];
    const renewed = await run(
      async () => {
        codes = (await api.post("/auth/recovery-codes", { token: code })).recovery_codes;
      },
      { success: "Neue Wiederherstellungscodes erzeugt", failure: "Ungültiger Token" },
    );
    setCode("");
    if (renewed) onRenewed(codes);
  }
  return (
    <Modal open title="Neue Wiederherstellungscodes" onClose={() => !busy && onClose()}>
      <form onSubmit={renew} className="space-y-4">
        <p className="text-sm text-slate-700">
          Die bisherigen Codes gelten danach nicht mehr. Bestätige mit einem Code aus deiner Authenticator-App.
        </p>
        <CodeInput id="renew-codes-code" value={code} onChange={setCode} disabled={busy} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={busy || code.length !== 6}>
            {busy ? "Wird erzeugt..." : "Codes erzeugen"}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/**
 * Two-factor set-up (docs/PRODUCT-RULES.md §5.3): disabled → set-up with QR code and manual
 * secret → enabled by a 6-digit code; disabling needs a code too. Enabling shows the recovery codes once; new ones
 * need a code from the app (§29.1).
 */
export function TwoFactorSection({ user, onChanged }: { user: CurrentUserDto; onChanged: () => Promise<void> }) {
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null);
  const [code, setCode] = useState("");
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const [disableWithRecovery, setDisableWithRecovery] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const { busy, run } = useAction();

  async function startSetup() {
    setCode("");
    await run(async () => setSetup(await api.post("/auth/setup-2fa")), {
      failure: "Fehler beim Einrichten von 2FA",
    });
  }

  async function enable(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let codes: string[] = [];
    const enabled = await run(
      async () => {
        codes = (await api.post("/auth/enable-2fa", { token: code })).recovery_codes;
      },
      { success: "2FA erfolgreich aktiviert!", failure: "Ungültiger Token" },
    );
    setCode(""); // a code is used up either way
    if (!enabled) return;
    setSetup(null);
    setFreshCodes(codes);
    await onChanged();
  }

  async function disable(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const disabled = await run(() => api.post("/auth/disable-2fa", { token: code.trim() }), {
      success: "2FA wurde deaktiviert",
      failure: "Ungültiger Token oder Fehler beim Deaktivieren",
    });
    setCode("");
    if (disabled) await onChanged();
  }

  if (freshCodes) {
    return <RecoveryCodesPanel username={user.username} codes={freshCodes} onDone={() => setFreshCodes(null)} />;
  }

  if (user.two_factor_enabled) {
    return (
      <div className="space-y-6">
        <form onSubmit={disable} className="space-y-4">
          <p className="flex items-center gap-2 text-sm">
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900">
              Aktiviert
            </span>
            Bei der Anmeldung wird nach dem Passwort ein Code aus deiner Authenticator-App verlangt.
          </p>
          <p className="text-sm text-slate-600">
            {disableWithRecovery
              ? "Handy verloren? Ein Wiederherstellungscode schaltet 2FA aus; danach kannst du sie auf dem neuen " +
                "Handy wieder einrichten."
              : "Zum Deaktivieren gib einen aktuellen Code ein."}
          </p>
          {disableWithRecovery ? (
            // The phone is lost: one of the recovery codes turns 2FA off instead (docs/PRODUCT-RULES.md §29.1).
            <RecoveryCodeField
              id="disable-2fa-recovery-code"
              value={code}
              onChange={setCode}
              disabled={busy}
              className="max-w-64 text-lg tracking-wider"
            />
          ) : (
            <CodeInput id="disable-2fa-code" value={code} onChange={setCode} disabled={busy} />
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              variant="danger"
              disabled={busy || !(disableWithRecovery ? isRecoveryCodeShape(code) : code.length === 6)}
            >
              {busy ? "Wird deaktiviert..." : "2FA deaktivieren"}
            </Button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setDisableWithRecovery(!disableWithRecovery);
                setCode("");
              }}
              className="rounded-lg py-2 text-sm text-accent-dark hover:underline"
            >
              {disableWithRecovery ? "Code aus der App verwenden" : "Wiederherstellungscode verwenden"}
            </button>
          </div>
        </form>
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <h3 className="font-semibold">Wiederherstellungscodes</h3>
          <p className="text-sm text-slate-700">
            <span className="font-medium" data-testid="recovery-codes-left">
              {codesLeftText(user.recovery_codes_left)}
            </span>
            {" – "}
            für die Anmeldung ohne Handy, jeder Code einmal.
          </p>
          <Button variant="secondary" onClick={() => setRenewing(true)} disabled={busy}>
            Neue Codes erzeugen
          </Button>
        </div>
        {renewing && (
          <RenewCodesDialog
            onClose={() => setRenewing(false)}
            onRenewed={(codes) => {
              setRenewing(false);
              setFreshCodes(codes);
              void onChanged();
            }}
          />
        )}
      </div>
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
