"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { RecoveryCodeField } from "@/components/ui/RecoveryCodeField";
import { inputClass } from "@/components/ui/Field";
import { errorMessage } from "@/lib/client/api";
import { login, startPage, useAuth, verifyTwoFactor } from "@/lib/client/auth-store";
import { notify } from "@/lib/client/notify";
import { isRecoveryCodeShape } from "@/lib/shared/recovery-code";
import { totpDigits } from "@/lib/shared/totp-digits";

/**
 * Login in two modes (docs/PRODUCT-RULES.md §16.2, §5.2): credentials, then the 2FA code when the
 * account has 2FA on – or one of the recovery codes instead (§29.1).
 */
export function LoginForm() {
  const router = useRouter();
  const { ready, isAuthenticated } = useAuth();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [tempToken, setTempToken] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const codeComplete = recovery ? isRecoveryCodeShape(code) : code.length === 6;

  // The code field has the focus whenever the 2FA step shows or switches (§29.1). autoFocus alone misses: the
  // field first renders disabled while the password step is still busy.
  useEffect(() => {
    if (tempToken && !busy) codeField.current?.focus();
  }, [tempToken, recovery, busy]);

  // A stored, valid session skips the login.
  useEffect(() => {
    if (ready && isAuthenticated) router.replace(startPage());
  }, [ready, isAuthenticated, router]);

  async function submitCredentials(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) return;
    setBusy(true);
    try {
      const result = await login(username.trim(), password);
      if (result.requires2FA) {
        setTempToken(result.tempToken);
        setCode("");
        setRecovery(false);
        notify.success("Bitte gib deinen 2FA-Code ein");
      } else {
        notify.success("Erfolgreich angemeldet!");
        router.replace(startPage());
      }
    } catch (error) {
      notify.error(errorMessage(error, "Anmeldung fehlgeschlagen"));
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!tempToken || !codeComplete) return;
    setBusy(true);
    try {
      await verifyTwoFactor(tempToken, code);
      notify.success("Erfolgreich angemeldet!");
      router.replace(startPage());
    } catch (error) {
      setCode("");
      notify.error(errorMessage(error, "2FA-Verifizierung fehlgeschlagen"));
    } finally {
      setBusy(false);
    }
  }

  function backToLogin() {
    setTempToken(null);
    setCode("");
    setPassword("");
  }

  function switchCodeKind() {
    setRecovery(!recovery);
    setCode("");
  }

  if (tempToken) {
    return (
      <form onSubmit={submitCode} className="space-y-4" noValidate>
        <div className="space-y-1 text-center">
          <h2 className="text-lg font-semibold">Zwei-Faktor-Authentifizierung</h2>
          <p className="text-sm text-slate-600">
            {recovery
              ? "Gib einen deiner Wiederherstellungscodes ein. Jeder Code gilt nur einmal."
              : "Öffne deine Authenticator-App und gib den 6-stelligen Code ein."}
          </p>
        </div>
        {recovery ? (
          <RecoveryCodeField
            ref={codeField}
            id="recovery-code"
            value={code}
            onChange={setCode}
            disabled={busy}
            className="text-center text-xl tracking-widest"
          />
        ) : (
          <div className="space-y-1">
            <label htmlFor="totp-code" className="block text-sm font-medium text-slate-700">
              Code
            </label>
            <input
              ref={codeField}
              id="totp-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="000000"
              disabled={busy}
              value={code}
              onChange={(event) => setCode(totpDigits(event.target.value))}
              className={`${inputClass} text-center font-mono text-2xl tracking-[0.4em]`}
            />
          </div>
        )}
        <Button type="submit" className="w-full" disabled={busy || !codeComplete}>
          {busy ? "Wird verifiziert..." : "Verifizieren"}
        </Button>
        <button
          type="button"
          onClick={switchCodeKind}
          disabled={busy}
          className="block w-full rounded-lg py-2 text-sm text-accent-dark hover:underline"
        >
          {recovery ? "Code aus der App verwenden" : "Wiederherstellungscode verwenden"}
        </button>
        <button
          type="button"
          onClick={backToLogin}
          disabled={busy}
          className="block w-full rounded-lg py-2 text-sm text-accent-dark hover:underline"
        >
          ← Zurück zur Anmeldung
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={submitCredentials} className="space-y-4" noValidate>
      <div className="space-y-1">
        <label htmlFor="username" className="block text-sm font-medium text-slate-700">
          Benutzername
        </label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          disabled={busy}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          className={inputClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          Passwort
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          disabled={busy}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          className={inputClass}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy || !username.trim() || !password}>
        {busy ? "Wird angemeldet..." : "Anmelden"}
      </Button>
    </form>
  );
}
