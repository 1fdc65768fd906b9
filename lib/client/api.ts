/**
 * The browser's one way to the API. Every request carries the stored access
 * token. A 403 because the token is invalid or expired leads to one token
 * refresh and one retry (docs/PRODUCT-RULES.md §16.12); when the refresh is refused, the session
 * ends and the auth guard sends the user to /login.
 *
 * Refresh tokens rotate and a spent one revokes the whole session (reuse
 * detection), so refreshes must never race: parallel requests in a tab share
 * one refresh, and tabs take turns through a Web Lock, each first checking
 * whether another tab has already stored a fresh token.
 *
 * A 503 "service_unavailable" (the database is away, or the server still
 * waits for it at start) is retried a few times with back-off, POST and PUT
 * too: the server answers it before it writes anything (docs/PRODUCT-RULES.md §29.3). Meanwhile
 * one notice shows instead of an error per request; the caller (a dialog with
 * what the user typed) simply waits, and sees the normal error after the last try.
 */
import type { SessionTokens } from "@/lib/shared/api-types";
import type { ApiAnswer, ApiPath } from "@/lib/shared/contract/api-paths";
import { takeEarlyResponse } from "./early-requests";
import { isOffline, OFFLINE_WRITE_MESSAGE } from "./offline";
import { UserMessageError } from "./user-message-error";
import { retryNotice } from "./notify";
import { clearTokens, readAccessToken, readRefreshToken, writeTokens } from "./session-storage";

/**
 * An error answer of the API, `{ error, code, fields?, ... }` (docs/PRODUCT-RULES.md §3), as the browser
 * receives it. The server builds it from its own ApiError (lib/server/api/errors.ts).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  get fields(): Record<string, string> {
    return (this.body.fields as Record<string, string> | undefined) ?? {};
  }
}

/**
 * The server's German message, or `fallback` for network failures and answers without one
 * (docs/PRODUCT-RULES.md §20.2).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof UserMessageError) return error.message;
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

type SessionEndListener = () => void;
let onSessionEnd: SessionEndListener = () => {};

/** The auth store listens here to learn that the session is gone. */
export function setSessionEndListener(listener: SessionEndListener) {
  onSessionEnd = listener;
}

let refreshInFlight: Promise<string | null> | null = null;

/** A fresh access token, or null when the session is over. Network failures throw. */
function refreshAccessToken(rejectedToken: string | null): Promise<string | null> {
  refreshInFlight ??= withRefreshLock(async () => {
    const stored = readAccessToken();
    if (stored && stored !== rejectedToken) return stored; // another tab refreshed meanwhile
    const refreshToken = readRefreshToken();
    if (!refreshToken) return null;
    const response = await fetch("/api/auth/refresh", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refreshToken }),
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw await toRequestError(response);
    const tokens = (await response.json()) as SessionTokens;
    writeTokens(tokens.accessToken, tokens.refreshToken);
    return tokens.accessToken;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  // Web Locks exist in secure contexts (HTTPS, localhost); elsewhere one tab's own sharing has to do.
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? (locks.request("schichtwerk-token-refresh", task) as Promise<T>) : task();
}

async function toRequestError(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const message = typeof body.error === "string" ? body.error : "";
  return new ApiRequestError(response.status, message, typeof body.code === "string" ? body.code : "", body);
}

type RequestOptions = { body?: unknown; signal?: AbortSignal };

async function send(method: string, path: string, token: string | null, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    cache: "no-store",
  });
}

/** Waits before the retries of a 503: 1, 2, 4 s, or the server's Retry-After up to 10 s. */
const RETRY_DELAYS_MS = [1000, 2000, 4000];
const MAX_RETRY_AFTER_MS = 10_000;
let requestsWaiting = 0;

/**
 * A database 503 worth sending again: always for a read; for a write only when the server says it did nothing
 * (the start-up wait's X-Request-Unprocessed). A write that lost its database midway may have committed (a login's
 * spent 2FA code, a created shift), and sending it again would repeat it (docs/PRODUCT-RULES.md §29.3).
 */
async function isRetryableUnavailable(method: string, response: Response): Promise<boolean> {
  if (response.status !== 503 || !response.headers.get("content-type")?.includes("json")) return false;
  if (method !== "GET" && response.headers.get("x-request-unprocessed") !== "1") return false;
  return (await toRequestError(response.clone())).code === "service_unavailable";
}

function retryDelayMs(response: Response, backoffMs: number): number {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : backoffMs;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

/** `first`, and while it is a retryable database 503, `again()` after each delay; the last answer, whatever it is. */
async function retryUnavailable(
  method: string,
  first: Promise<Response>,
  again: () => Promise<Response>,
  signal?: AbortSignal,
): Promise<Response> {
  let response = await first;
  if (!(await isRetryableUnavailable(method, response))) return response;
  requestsWaiting++;
  retryNotice.show();
  try {
    for (const backoffMs of RETRY_DELAYS_MS) {
      await pause(retryDelayMs(response, backoffMs), signal);
      response = await again();
      if (!(await isRetryableUnavailable(method, response))) break;
    }
  } finally {
    if (--requestsWaiting === 0) retryNotice.hide();
  }
  return response;
}

function endSession() {
  clearTokens();
  onSessionEnd();
}

/** Sends an authenticated request; refreshes once on an invalid or expired token. */
async function authorized(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  // Offline a write is not even tried: it could only fail, and the message says plainly that nothing was kept.
  if (method !== "GET" && isOffline()) throw new UserMessageError(OFFLINE_WRITE_MESSAGE);
  const token = readAccessToken();
  // The page's <head> may have sent this very GET already (early-requests.ts); a failed one is sent again.
  const early =
    method === "GET" ? takeEarlyResponse(path, token)?.catch(() => send(method, path, token, options)) : undefined;
  let response = await retryUnavailable(
    method,
    early ?? send(method, path, token, options),
    () => send(method, path, readAccessToken() ?? token, options),
    options.signal,
  );
  // 403 "forbidden" is the role, not the token: a refresh cannot change it.
  if (response.status === 403 && response.headers.get("content-type")?.includes("json")) {
    const error = await toRequestError(response.clone());
    // Nor is a password change that is due (docs/PRODUCT-RULES.md §31.5): the app asks for it instead.
    if (error.code !== "forbidden" && error.code !== "password_change_required") {
      const fresh = await refreshAccessToken(token);
      if (!fresh) {
        endSession();
        throw error;
      }
      response = await retryUnavailable(
        method,
        send(method, path, fresh, options),
        () => send(method, path, fresh, options),
        options.signal,
      );
    }
  }
  if (response.status === 401) endSession();
  return response;
}

async function jsonRequest<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  const response = await authorized(method, path, options);
  if (!response.ok) throw await toRequestError(response);
  // 204 No Content (withdrawing an application) has no body to read.
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** POSTs to a public auth endpoint (login, 2FA step, logout): no token, no refresh. */
export async function publicPost<P extends ApiPath<"POST">>(path: P, body: unknown): Promise<ApiAnswer<"POST", P>> {
  const again = () => send("POST", path, null, { body });
  const response = await retryUnavailable("POST", again(), again);
  if (!response.ok) throw await toRequestError(response);
  return (await response.json()) as ApiAnswer<"POST", P>;
}

/** A file from the API (PDFs) with the filename of its Content-Disposition. */
export async function download(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await authorized("GET", path);
  if (!response.ok) throw await toRequestError(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/**
 * The JSON API by method. Paths are those of the contract (lib/shared/contract), relative to /api, and the
 * answer's type is the contract's: `api.get("/employees")` resolves to EmployeeDto[].
 */
export const api = {
  get: <P extends ApiPath<"GET">>(path: P, signal?: AbortSignal) =>
    jsonRequest<ApiAnswer<"GET", P>>("GET", path, { signal }),
  post: <P extends ApiPath<"POST">>(path: P, body?: unknown) =>
    jsonRequest<ApiAnswer<"POST", P>>("POST", path, { body: body ?? {} }),
  put: <P extends ApiPath<"PUT">>(path: P, body: unknown) => jsonRequest<ApiAnswer<"PUT", P>>("PUT", path, { body }),
  delete: <P extends ApiPath<"DELETE">>(path: P) => jsonRequest<ApiAnswer<"DELETE", P>>("DELETE", path),
};
