import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { addDays, mondayOf, todayIn } from "@/lib/shared/dates";
import { EARLY_REQUESTS_SCRIPT } from "./early-requests-script";

type Run = { fetched: string[]; early: { token: string; paths: string[] } | null };

/**
 * Runs the head script as a browser would, in a Node process of its own with
 * TZ=Europe/Zurich (the browser's time zone is what the script reads), once
 * per instant: the clock stands still at that instant, storage holds `token`.
 */
function runScript(pathname: string, instants: string[], token: string | null = "token-1", search = ""): Run[] {
  const harness = `
    const { script, instants, pathname, token, search } = JSON.parse(process.env.EARLY_TEST);
    const RealDate = Date;
    const define = (name, value) =>
      Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
    const runs = instants.map((instant) => {
      define("Date", class extends RealDate {
        constructor(...args) { if (args.length) super(...args); else super(instant); }
      });
      const fetched = [];
      define("localStorage", { getItem: (key) => (key === "access_token" ? token : null) });
      define("location", { pathname, search });
      define("fetch", (url) => { fetched.push(url); return Promise.resolve({}); });
      define("window", globalThis);
      delete globalThis.__schichtwerkEarly;
      (0, eval)(script);
      const early = globalThis.__schichtwerkEarly;
      return { fetched, early: early ? { token: early.token, paths: Object.keys(early.responses) } : null };
    });
    process.stdout.write(JSON.stringify(runs));
  `;
  const result = spawnSync(process.execPath, ["-e", harness], {
    env: {
      ...process.env,
      TZ: "Europe/Zurich",
      EARLY_TEST: JSON.stringify({ script: EARLY_REQUESTS_SCRIPT, instants, pathname, token, search }),
    },
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as Run[];
}

describe("the page head's early-request script", () => {
  // UTC instants: a Sunday night in Zurich on both sides of midnight, both DST
  // changes (Sundays), and New Year's night.
  const instants = [
    "2026-11-22T22:59:00Z", // Sun 23:59 in Zurich
    "2026-11-22T23:00:00Z", // Mon 00:00 in Zurich, still Sunday in UTC
    "2026-03-29T00:30:00Z", // Sun 01:30, before the clocks go forward
    "2026-03-29T01:30:00Z", // Sun 03:30, after
    "2026-03-29T22:30:00Z", // Mon 00:30 (CEST)
    "2026-10-25T00:30:00Z", // Sun 02:30 CEST, before the clocks go back
    "2026-10-25T22:59:00Z", // Sun 23:59 CET
    "2026-10-25T23:00:00Z", // Mon 00:00 CET
    "2026-12-31T23:30:00Z", // Fri 00:30 of the new year
  ];

  test("asks for the planner's week as lib/shared/dates.ts computes it in the browser's time zone", () => {
    const runs = runScript("/schedule", instants);
    runs.forEach((run, index) => {
      const monday = mondayOf(todayIn("Europe/Zurich", new Date(instants[index])));
      const shifts = `/schedule/week?start_date=${monday}&end_date=${addDays(monday, 6)}`;
      expect(run.fetched).toEqual(["/api/auth/me", "/api/employees", "/api/locations", `/api${shifts}`]);
      expect(run.early).toEqual({ token: "token-1", paths: ["/auth/me", "/employees", "/locations", shifts] });
    });
    // Spot checks, independent of dates.ts: the Sunday stays in its week, the Monday starts the next.
    expect(runs[0].fetched[3]).toBe("/api/schedule/week?start_date=2026-11-16&end_date=2026-11-22");
    expect(runs[1].fetched[3]).toBe("/api/schedule/week?start_date=2026-11-23&end_date=2026-11-29");
    expect(runs[8].fetched[3]).toBe("/api/schedule/week?start_date=2026-12-28&end_date=2027-01-03");
  });

  // docs/PRODUCT-RULES.md §27.4: the address names the week; any day of it names its Monday, anything else is ignored.
  test("asks for the week of the planner's ?week= (or ?date=) address, this week when it names no date", () => {
    const week = (search: string) => runScript("/schedule", instants.slice(0, 1), "token-1", search)[0].fetched[3];
    const named = (monday: string, sunday: string) => `/api/schedule/week?start_date=${monday}&end_date=${sunday}`;
    const thisWeek = named("2026-11-16", "2026-11-22");
    expect(week("?week=2026-12-28")).toBe(named("2026-12-28", "2027-01-03"));
    expect(week("?week=2027-01-03")).toBe(named("2026-12-28", "2027-01-03"));
    expect(week("?view=employees&week=2026-03-04")).toBe(named("2026-03-02", "2026-03-08"));
    // A planner's message about a swap links with ?date= (docs/PRODUCT-RULES.md §35.7); a week named wins.
    expect(week("?date=2026-12-31")).toBe(named("2026-12-28", "2027-01-03"));
    expect(week("?date=2026-12-31&week=2026-03-04")).toBe(named("2026-03-02", "2026-03-08"));
    for (const garbage of ["?week=2026-02-30", "?week=next", "?week=1999-12-27", "?week=2026-1-5", "?weeks=2026-12-28"])
      expect(week(garbage), garbage).toBe(thisWeek);
  });

  test("asks for the dashboard's data on /, only for the session elsewhere, nothing without a token", () => {
    expect(runScript("/", instants.slice(0, 1))[0].fetched).toEqual(["/api/auth/me", "/api/dashboard"]);
    expect(runScript("/employees", instants.slice(0, 1))[0].fetched).toEqual(["/api/auth/me"]);
    expect(runScript("/schedule", instants.slice(0, 1), null)[0]).toEqual({ fetched: [], early: null });
  });
});
