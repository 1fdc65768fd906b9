"use client";
/**
 * The signed-in user, shared by every screen, persisted under `auth-storage`
 * (docs/PRODUCT-RULES.md §7.7). `ready` turns true once the stored session has been checked
 * against `/api/auth/me` at start-up; until then the guard shows only the
 * page's heading.
 */
import { useSyncExternalStore } from "react";
import type { CurrentUserDto, SessionTokens, UserDto } from "@/lib/shared/api-types";
import { api, ApiRequestError, publicPost, setSessionEndListener } from "./api";
import { setUnreadCount } from "./inbox-store";
import {
  ACCESS_TOKEN_KEY,
  clearTokens,
  readAccessToken,
  readRefreshToken,
  clearOfflineCopies,
  readAuthState,
  writeAuthState,
  writeTokens,
} from "./session-storage";

export type AuthSnapshot = { user: UserDto | null; isAuthenticated: boolean; ready: boolean };

const signedOut: AuthSnapshot = { user: null, isAuthenticated: false, ready: true };
let snapshot: AuthSnapshot = { user: null, isAuthenticated: false, ready: false };
const listeners = new Set<() => void>();

function setSnapshot(next: AuthSnapshot) {
  snapshot = next;
  if (!next.isAuthenticated) setUnreadCount(null);
  if (next.ready) writeAuthState({ user: next.user, isAuthenticated: next.isAuthenticated });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: AuthSnapshot = { user: null, isAuthenticated: false, ready: false };

export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => serverSnapshot,
  );
}

setSessionEndListener(() => {
  if (snapshot.isAuthenticated || !snapshot.ready) setSnapshot(signedOut);
});

let restoring: Promise<void> | null = null;

/** A logout in another tab removes the tokens there: end this tab's session too. */
function watchOtherTabs() {
  window.addEventListener("storage", (event) => {
    if (event.key === ACCESS_TOKEN_KEY && event.newValue === null && snapshot.isAuthenticated) setSnapshot(signedOut);
  });
}

/**
 * Start-up: with a stored access token, load the current user; on any
 * failure both tokens are removed silently (docs/PRODUCT-RULES.md §16.12).
 */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    watchOtherTabs();
    if (!readAccessToken()) {
      clearTokens();
      setSnapshot(signedOut);
      return;
    }
    try {
      // Usually answered already: the page's <head> sent it (early-requests.ts).
      updateCurrentUser(await api.get("/auth/me"));
    } catch (error) {
      // Only a refusal by the server ends the session; a lost connection (or
      // a navigation that aborted the request) keeps the tokens for the next start.
      if (error instanceof ApiRequestError) {
        clearTokens();
        setSnapshot(signedOut);
        return;
      }
      // Offline (the installed app on the phone, docs/PRODUCT-RULES.md §33.8): the user last signed in stays, so
      // Meine Schichten can show its copy; the next request online checks the session as always.
      const stored = readAuthState();
      setSnapshot(stored.isAuthenticated ? { user: stored.user, isAuthenticated: true, ready: true } : signedOut);
    }
  })();
  return restoring;
}

function startSession(tokens: SessionTokens, user: UserDto) {
  writeTokens(tokens.accessToken, tokens.refreshToken);
  restoring = Promise.resolve();
  setSnapshot({ user, isAuthenticated: true, ready: true });
}

/** Step 1 of the login. Answers whether the two-factor step follows. */
export async function login(
  username: string,
  password: string,
): Promise<{ requires2FA: true; tempToken: string } | { requires2FA: false }> {
  const result = await publicPost("/auth/login", { username, password });
  if ("requires2FA" in result) return { requires2FA: true, tempToken: result.tempToken };
  startSession(result, result.user);
  return { requires2FA: false };
}

/** Step 2: the code from the authenticator app. */
export async function verifyTwoFactor(tempToken: string, code: string): Promise<void> {
  const result = await publicPost("/auth/verify-2fa", { tempToken, token: code });
  startSession(result, result.user);
}

/** The signed-in user's id, or null: for what the browser keeps per user (the last change undo finds). */
export function currentUserId(): number | null {
  return snapshot.user?.id ?? null;
}

/** Ends the session on the server (best effort) and here; the sign-out button calls `signOut` (./sign-out.ts). */
export async function logout(): Promise<void> {
  const refreshToken = readRefreshToken();
  clearTokens();
  clearOfflineCopies();
  setSnapshot(signedOut);
  if (refreshToken) await publicPost("/auth/logout", { refreshToken }).catch(() => undefined);
}

/**
 * Where a signed-in user starts: staff linked to an employee on Meine Schichten (docs/PRODUCT-RULES.md §26.6),
 * everyone else on the dashboard.
 */
export function startPage(): string {
  const user = snapshot.user;
  return user?.role === "user" && user.employee_id !== null ? "/me" : "/";
}

/**
 * Takes the session check's answer (at start-up, or after a change of one's own profile such as 2FA on or off): the
 * session keeps the plain user; the bell takes its count, and the recovery-code count is only the profile's (§29.1).
 */
export function updateCurrentUser(me: CurrentUserDto) {
  const { recovery_codes_left: _codes, unread_notifications: unread, ...user } = me;
  setSnapshot({ user, isAuthenticated: true, ready: true });
  setUnreadCount(unread);
}

// The check starts as soon as this module runs in the browser (while the
// page hydrates), not in an effect after hydration: the screen's own data
// waits for it, so it sits on every first load's critical path.
if (typeof window !== "undefined") void restoreSession();
