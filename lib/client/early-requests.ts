/**
 * The first requests of a page load, sent by an inline script in the page's
 * <head> while the app's JavaScript is still downloading, instead of after it
 * has loaded and hydrated: the stored session's check (`GET /api/auth/me`,
 * SPEC §2), which every screen behind the login waits for, and the data
 * calls of the dashboard and the planner, the screens people open first.
 *
 * The script only sends them, with the stored access token. The app's own
 * GET of the same path (lib/client/api.ts) takes such an answer as its first
 * try instead of sending again, if the token is still the one stored, within
 * the page's first seconds, and once. Everything else is unchanged: a
 * refused token still gets one refresh and one retry, a failure is handled
 * as always.
 *
 * No directive: the root layout (a server component) renders the script
 * text; the browser code takes the answers.
 */
import { ACCESS_TOKEN_KEY } from "./session-storage";

/**
 * API paths (as api.get takes them) fetched early, by the page's path:
 * exactly what the screen asks for on load. {monday} and {sunday} are the
 * current week's, in the browser's time zone (the planner's first week:
 * mondayOf(today()) and six days on).
 */
const EARLY_GETS: Record<string, string[]> = {
  "/": ["/dashboard"],
  "/schedule": ["/employees", "/locations", "/shifts?start_date={monday}&end_date={sunday}"],
};

const GLOBAL = "__schichtwerkEarly";
const MAX_AGE_MS = 10_000;

type EarlyRequests = { token: string; at: number; responses: Record<string, Promise<Response> | undefined> };

/** Runs before the app's code and never throws (storage may be unavailable); sends what `api.get` would. */
export const EARLY_REQUESTS_SCRIPT = `try{(function(){var t=localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)});if(!t)return;
var n=new Date(),m=new Date(n.getFullYear(),n.getMonth(),n.getDate()-(n.getDay()+6)%7),s=new Date(m.getFullYear(),m.getMonth(),m.getDate()+6);
function d(x){return("000"+x.getFullYear()).slice(-4)+"-"+("0"+(x.getMonth()+1)).slice(-2)+"-"+("0"+x.getDate()).slice(-2)}
var g=${JSON.stringify(EARLY_GETS)}[location.pathname]||[],r={};
["/auth/me"].concat(g).forEach(function(q){var p=q.replace("{monday}",d(m)).replace("{sunday}",d(s));var f=fetch("/api"+p,{headers:{Authorization:"Bearer "+t},cache:"no-store"});f.catch(function(){});r[p]=f});
window.${GLOBAL}={token:t,at:performance.now(),responses:r}})()}catch(e){}`;

/** The early answer for a GET of `path` sent with `token`, once; undefined if there is none (or it is stale). */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  if (typeof window === "undefined" || !token) return undefined;
  const early = (window as unknown as Record<string, EarlyRequests | undefined>)[GLOBAL];
  const response = early?.responses[path];
  if (!early || !response) return undefined;
  early.responses[path] = undefined;
  return early.token === token && performance.now() - early.at < MAX_AGE_MS ? response : undefined;
}
