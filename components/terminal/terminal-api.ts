import type { TerminalClockResult, TerminalScreen } from "@/lib/shared/schemas/terminal";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";

/**
 * The terminal's own calls (docs/PRODUCT-RULES.md §32.4): `Authorization: Terminal <credential>`, never a user's
 * token, and no refresh or retry — a stamp that did not reach the server is shown as not made, never sent later.
 */
const KEY = "schichtwerk.terminal";

export function storedCredential(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeCredential(credential: string): void {
  window.localStorage.setItem(KEY, credential);
}

export function forgetCredential(): void {
  window.localStorage.removeItem(KEY);
}

/** No network: nothing was sent (or no answer came back). */
export class Offline extends Error {}

export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string>; retryAfter?: number };

async function send<T>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new Offline();
  const credential = storedCredential();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      cache: "no-store",
      headers: {
        ...(init.body ? { "Content-Type": "application/json" } : {}),
        ...(credential ? { Authorization: `Terminal ${credential}` } : {}),
      },
    });
  } catch {
    throw new Offline();
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, data: body as T };
  return {
    ok: false,
    status: response.status,
    error: typeof body.error === "string" ? body.error : "Unerwarteter Fehler",
    fields: body.fields as Record<string, string> | undefined,
    retryAfter: Number(response.headers.get("retry-after")) || undefined,
  };
}

export const terminalApi = {
  screen: () => send<TerminalScreen>("/terminal"),
  clock: (employeeId: number, pin: string, action: ClockAction) =>
    send<TerminalClockResult>("/terminal/clock", {
      method: "POST",
      body: JSON.stringify({ employee_id: employeeId, pin, action }),
    }),
  pair: (token: string) =>
    send<{ credential: string; terminal_name: string; location_name: string }>("/terminal/pair", {
      method: "POST",
      body: JSON.stringify({ token }),
    }),
};
