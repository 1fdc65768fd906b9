"use client";

import { useState } from "react";

/**
 * Login, mode 1 (SPEC §2), against the real API. The two-factor step, the
 * session store and the redirect to the dashboard arrive with the UI issue.
 */
export function LoginForm() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) setError(typeof data.error === "string" ? data.error : "Anmeldung fehlgeschlagen");
      else setNotice(data.requires2FA ? "Bitte gib deinen 2FA-Code ein" : "Erfolgreich angemeldet!");
    } catch {
      setError("Anmeldung fehlgeschlagen");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
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
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base disabled:bg-slate-100"
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
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base disabled:bg-slate-100"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="text-sm text-green-700">
          {notice}
        </p>
      )}
      <button
        type="submit"
        disabled={busy || !username || !password}
        className="min-h-11 w-full rounded-lg bg-accent px-4 py-2.5 font-medium text-white hover:bg-accent-dark disabled:opacity-60"
      >
        {busy ? "Wird angemeldet..." : "Anmelden"}
      </button>
    </form>
  );
}
