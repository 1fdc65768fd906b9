/**
 * The stored session's check (`GET /api/auth/me`, SPEC §2) started by an
 * inline script in the page's <head>, while the app's JavaScript is still
 * downloading, instead of after it has loaded and hydrated: every screen
 * behind the login waits for this answer before it asks for its own data.
 * The script only sends the request; `restoreSession` takes the answer and
 * handles it as its own first try (an expired token still gets one refresh
 * and one retry). No directive: the root layout (a server component) renders
 * the script text, the browser code takes the answer.
 */
import { ACCESS_TOKEN_KEY } from "./session-storage";

export type EarlySessionCheck = { token: string; response: Promise<Response> };

const GLOBAL = "__schichtwerkSessionCheck";

/** Runs before the app's code; never throws (storage may be unavailable). */
export const EARLY_SESSION_CHECK_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)});if(t){var r=fetch("/api/auth/me",{headers:{Authorization:"Bearer "+t},cache:"no-store"});r.catch(function(){});window.${GLOBAL}={token:t,response:r}}}catch(e){}`;

/** The early check, once (a later check sends its own request). */
export function takeEarlySessionCheck(): EarlySessionCheck | undefined {
  const holder = window as unknown as Record<string, EarlySessionCheck | undefined>;
  const check = holder[GLOBAL];
  holder[GLOBAL] = undefined;
  return check;
}
