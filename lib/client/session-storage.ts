/**
 * Where the browser keeps the session (docs/PRODUCT-RULES.md §7.7): the tokens under
 * `access_token` and `refresh_token`, and the persisted auth state under
 * `auth-storage` as `{ state: { user, isAuthenticated }, version }`.
 * Every access is guarded: storage can be unavailable (private mode, quota).
 */
import type { UserDto } from "@/lib/shared/api-types";

export const ACCESS_TOKEN_KEY = "access_token";
export const REFRESH_TOKEN_KEY = "refresh_token";
export const AUTH_STATE_KEY = "auth-storage";

export type PersistedAuth = { user: UserDto | null; isAuthenticated: boolean };

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session then lasts as long as the page.
  }
}

export const readAccessToken = () => read(ACCESS_TOKEN_KEY);
export const readRefreshToken = () => read(REFRESH_TOKEN_KEY);

export function writeTokens(accessToken: string, refreshToken: string) {
  write(ACCESS_TOKEN_KEY, accessToken);
  write(REFRESH_TOKEN_KEY, refreshToken);
}

export function clearTokens() {
  write(ACCESS_TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
}

export function readAuthState(): PersistedAuth {
  try {
    const stored = JSON.parse(read(AUTH_STATE_KEY) ?? "null") as { state?: Partial<PersistedAuth> } | null;
    const user = stored?.state?.user ?? null;
    return { user, isAuthenticated: Boolean(stored?.state?.isAuthenticated && user) };
  } catch {
    return { user: null, isAuthenticated: false };
  }
}

export function writeAuthState(state: PersistedAuth) {
  write(AUTH_STATE_KEY, JSON.stringify({ state, version: 0 }));
}

/** Meine Schichten's offline copies (./offline-copy.ts), one key per path. */
export const OFFLINE_COPY_PREFIX = "offline-copy:";
/** The id of this browser's push device at the server (./push.ts), while it has one. */
export const PUSH_DEVICE_KEY = "push-device";

/** Every offline copy removed (sign-out): the next person on the phone sees nothing of the previous one's. */
export function clearOfflineCopies() {
  try {
    for (const key of Object.keys(window.localStorage))
      if (key.startsWith(OFFLINE_COPY_PREFIX)) window.localStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/** Whether this browser receives push (sign-out then ends it), without loading the push code. */
export const hasPushDevice = () => read(PUSH_DEVICE_KEY) !== null;
