/**
 * The text of the inline script in the page's <head> that sends a page's
 * first GETs early (./early-requests.ts). The root layout, a server
 * component, renders it: at build time, as the pages are static.
 *
 * The script is made of the app's own functions as source text
 * (`Function.prototype.toString()`): the sending below, and for the planner's
 * first week `plannerWeek(location.search, today(), mondayOf)` (the address's
 * `?week=`, else this week) and six days on, from lib/shared/dates.ts,
 * ./today.ts and ./planner-week.ts, so those date maths exist once. Building the text checks that
 * the copies compute what the originals do (a minifier could break a copy),
 * so a broken script fails the build instead of slowing every start.
 */
import type { ApiPath } from "@/lib/shared/contract/api-paths";
import { addDays, mondayOf, WEEK_START_FUNCTIONS } from "@/lib/shared/dates";
import { EARLY_REQUESTS_GLOBAL, type EarlyRequests } from "./early-requests";
import { plannerWeek } from "./planner-week";
import { ACCESS_TOKEN_KEY } from "./session-storage";
import { today } from "./today";

/**
 * API paths (as api.get takes them) fetched early, by the page's path:
 * exactly what the screen asks for on load. {monday} and {sunday} are the
 * planner's first week: the address's `?week=` (docs/PRODUCT-RULES.md §27.4),
 * else the current week in the browser's time zone.
 */
const EARLY_GETS: Record<string, ApiPath<"GET">[]> = {
  "/": ["/dashboard"],
  // The start page of staff (docs/PRODUCT-RULES.md §26.6), mostly opened on a phone.
  "/me": ["/me", "/me/clock"],
  "/schedule": ["/employees", "/locations", "/schedule/week?start_date={monday}&end_date={sunday}"],
  // Where the bell leads (docs/PRODUCT-RULES.md §33.2); opened from a push message on a phone, too.
  "/notifications": ["/me/notifications"],
};

type Settings = { tokenKey: string; globalName: string; gets: Record<string, string[]> };

type WeekDates = {
  today: (now?: Date) => string;
  mondayOf: (isoDate: string) => string;
  addDays: (isoDate: string, days: number) => string;
  plannerWeek: typeof plannerWeek;
};

/**
 * Runs in the browser from its source text, before the app's code: it may use
 * only its parameters and the browser's globals. Sends what `api.get` would,
 * with the stored token, and leaves the answers for it.
 */
function sendEarlyRequests(settings: Settings, dates: WeekDates) {
  const token = localStorage.getItem(settings.tokenKey);
  if (!token) return;
  const monday = dates.plannerWeek(location.search, dates.today(), dates.mondayOf);
  const sunday = dates.addDays(monday, 6);
  const responses: EarlyRequests["responses"] = {};
  for (const get of ["/auth/me", ...(settings.gets[location.pathname] ?? [])]) {
    const path = get.replace("{monday}", monday).replace("{sunday}", sunday);
    const response = fetch(`/api${path}`, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
    response.catch(() => {});
    responses[path] = response;
  }
  const early: EarlyRequests = { token, at: performance.now(), responses };
  (window as unknown as Record<string, EarlyRequests>)[settings.globalName] = early;
}

type AnyFunction = (...args: never[]) => unknown;

/**
 * An expression for an object of the `exposed` functions, from source text.
 * `module` lists them and every function they call, all of one module: there
 * they call each other by their names (minified or not), so each is declared
 * under its own name, in a scope of its own.
 */
function functionsObject(module: readonly AnyFunction[], exposed: Record<string, AnyFunction>): string {
  const declarations = module.filter((fn) => fn.name).map((fn) => `var ${fn.name}=${fn.toString()};`);
  const members = Object.entries(exposed).map(
    ([key, fn]) => `${JSON.stringify(key)}:${fn.name && module.includes(fn) ? fn.name : `(${fn.toString()})`}`,
  );
  return `(function(){${declarations.join("")}return{${members.join(",")}}})()`;
}

const weekStartDates = functionsObject(WEEK_START_FUNCTIONS, { mondayOf, addDays });
const browserToday = functionsObject([today], { today });
const addressWeek = functionsObject([plannerWeek], { plannerWeek });
const weekDates = `Object.assign(${weekStartDates},${browserToday},${addressWeek})`;

/**
 * The copies must compute what the originals compute: around a change of year and both DST changes, and the week
 * of an address.
 */
function checkWeekDates(source: string) {
  // Evaluated on the server, once, while the layout is built: our own code, no input.
  const copy = new Function(`return ${source}`)() as WeekDates;
  const instant = new Date(2026, 11, 31, 23, 30);
  const same =
    copy.today(instant) === today(instant) &&
    ["2026-01-01", "2026-03-29", "2026-03-30", "2026-10-25", "2026-12-28", "2027-01-03"].every(
      (date) => copy.mondayOf(date) === mondayOf(date) && copy.addDays(date, 6) === addDays(date, 6),
    ) &&
    ["", "?week=2026-12-31", "?week=2026-02-30", "?week=x"].every(
      (search) => copy.plannerWeek(search, "2027-01-03", copy.mondayOf) === plannerWeek(search, "2027-01-03", mondayOf),
    );
  if (!same) throw new Error("early-requests-script: the copied date functions compute other dates");
}
checkWeekDates(weekDates);

const settings: Settings = { tokenKey: ACCESS_TOKEN_KEY, globalName: EARLY_REQUESTS_GLOBAL, gets: EARLY_GETS };

const sendEarlyRequestsSource = sendEarlyRequests.toString();
const settingsJson = JSON.stringify(settings);

/** Runs before the app's code and never throws (storage may be unavailable). */
export const EARLY_REQUESTS_SCRIPT = `try{(${sendEarlyRequestsSource})(${settingsJson},${weekDates})}catch(e){}`;
// Compiled, not run: a syntax error of the copies fails here, not silently in every browser.
new Function(EARLY_REQUESTS_SCRIPT);
