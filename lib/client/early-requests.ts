/**
 * The first requests of a page load, sent by an inline script in the page's
 * <head> while the app's JavaScript is still downloading, instead of after it
 * has loaded and hydrated: the stored session's check (`GET /api/auth/me`,
 * docs/PRODUCT-RULES.md §16.12), which every screen behind the login waits for, and the data
 * calls of the dashboard and the planner, the screens people open first.
 *
 * The script only sends them, with the stored access token. The app's own
 * GET of the same path (lib/client/api.ts) takes such an answer as its first
 * try instead of sending again, if the token is still the one stored, within
 * the page's first seconds, and once. Everything else is unchanged: a
 * refused token still gets one refresh and one retry, a failure is handled
 * as always.
 *
 * The script is built by ./early-requests-script.ts; this module is the
 * browser's side, where `api.get` takes the answers.
 */

/** Where the script leaves its requests for the app (a property of `window`). */
export const EARLY_REQUESTS_GLOBAL = "__schichtwerkEarly";
const MAX_AGE_MS = 10_000;

/** What the script leaves: the token it sent, when, and the answers by path (as api.get takes them). */
export type EarlyRequests = {
  token: string;
  at: number;
  responses: Record<string, Promise<Response> | undefined>;
};

/** The early answer for a GET of `path` sent with `token`, once; undefined if there is none (or it is stale). */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  if (typeof window === "undefined" || !token) return undefined;
  const early = (window as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_GLOBAL];
  const response = early?.responses[path];
  if (!early || !response) return undefined;
  early.responses[path] = undefined;
  return early.token === token && performance.now() - early.at < MAX_AGE_MS ? response : undefined;
}
