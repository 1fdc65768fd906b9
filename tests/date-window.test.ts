import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import { z } from "zod";

/**
 * Dates at every route that takes one (docs/PRODUCT-RULES.md §30.1). The routes and their date fields are found in
 * the contracts (a field whose schema is dateSchema or weekDateSchema, and `year`), so a new route with a date is
 * covered, or fails here until it has a row in BASE. Each gets dates from the whole ISO range (years 0000–9999,
 * extended years, 29 February of leap and other years, impossible days) with an admin's token: every answer within
 * 2 s and never a 5xx, and a date outside 2000-01-01..2099-12-31 is refused with the window's German message. The
 * server's own side of it (health answering during and after): e2e/api/date-window.spec.ts.
 *
 * A database of its own: the generated requests create shifts and vacations all over the window.
 */
const { ownDatabase } = await import("@/tests/support/own-database");
process.env.DATABASE_URL = await ownDatabase("date_window");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { toDateColumn, toTimeColumn } = await import("@/lib/server/db/columns");
const { call, createUser, uniqueName } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { apiHandlers, openApiPath } = await import("@/tests/support/route-handlers");
const { OPERATIONS } = await import("@/lib/shared/contract");
const { DATE_WINDOW_MESSAGE } = await import("@/lib/shared/dates");
const { GET: health } = await import("@/app/api/health/route");

const RUNS = Number(process.env.DATE_RUNS) || 100;
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() : Number(process.env.FUZZ_SEED) || 20261127;
const ANSWER_MS = 2_000;

type Where = "query" | "params" | "body";
type DateField = { where: Where; key: string; kind: "date" | "year" };

/** The date fields of a contract's schema: dateSchema's description, or a key named `year`. */
function dateFields(schema: unknown, where: Where): DateField[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" });
  const found: DateField[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const { properties, allOf, anyOf } = node as Record<string, unknown>;
    type Field = { description?: string; anyOf?: { description?: string }[] };
    for (const [key, field] of Object.entries((properties ?? {}) as Record<string, Field>)) {
      // A date that may be null or left out (a weekly unavailability's end, docs/PRODUCT-RULES.md §35.8) is a date.
      const described = [field, ...(field.anyOf ?? [])].some((member) =>
        /^Date yyyy-MM-dd/.test(member.description ?? ""),
      );
      if (described) found.push({ where, key, kind: "date" });
      else if (key === "year") found.push({ where, key, kind: "year" });
    }
    for (const sub of [...((allOf ?? []) as unknown[]), ...((anyOf ?? []) as unknown[])]) walk(sub);
  };
  walk(json);
  return found;
}

// ---- dates from the whole ISO range ----

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Any y-m-d, also impossible ones (2026-02-30, 2026-13-01), years 0000–9999. */
const anyDate = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const EDGES = [
  "9999-12-31",
  "0000-01-01",
  "+010000-01-01",
  "-000001-01-01",
  "+275760-09-13",
  "1999-12-31",
  "2000-01-01",
  "2000-01-02",
  "2000-01-03",
  "2099-12-21",
  "2099-12-27",
  "2099-12-28",
  "2099-12-31",
  "2100-01-01",
  "2000-02-29",
  "2028-02-29",
  "2096-02-29",
  "2026-02-29",
  "2100-02-29",
  "1900-02-29",
  "2026-02-30",
  "2026-04-31",
  "2026-13-01",
  "2026-00-10",
  "2026-11-23T00:00:00",
  "9999-12-31T23:59:59Z",
];
/** Calendar dates near the window's edges, both sides, and anywhere inside it. */
const aroundWindow = fc.oneof(
  fc.integer({ min: -40, max: 40 }).map((days) => shiftDate("2000-01-01", days)),
  fc.integer({ min: -40, max: 40 }).map((days) => shiftDate("2099-12-31", days)),
  fc.integer({ min: 0, max: 36_524 }).map((days) => shiftDate("2000-01-01", days)),
);
const dateValue = fc.oneof(
  { weight: 3, arbitrary: anyDate },
  { weight: 3, arbitrary: fc.constantFrom(...EDGES) },
  { weight: 4, arbitrary: aroundWindow },
);
const yearValue = fc.oneof(
  fc.integer({ min: -1, max: 10_001 }).map(String),
  fc.constantFrom("1999", "2000", "2099", "2100", "9999", "10000", "+2026", "2026.5", "0"),
);

/** A date some days later in the proleptic calendar, written as toISOString does (+010000-01-01). */
function shiftDate(value: string, days: number): string {
  const match = /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, date.getUTCFullYear() > 9999 ? 13 : 10);
}

/** Values for an operation's date fields: the first anywhere, the others anywhere or a few days after it. */
function valuesFor(fields: DateField[]): fc.Arbitrary<string[]> {
  return fc
    .tuple(
      ...fields.map((field, i) =>
        field.kind === "year"
          ? yearValue
          : i === 0
            ? dateValue
            : fc.oneof(
                dateValue,
                fc.integer({ min: -3, max: 400 }).map((days) => ({ after: days })),
              ),
      ),
    )
    .map((values) =>
      values.map((value) => (typeof value === "string" ? value : shiftDate(String(values[0]), value.after))),
    );
}

/** A calendar date (maybe with a time part) outside the window: it must never get through. */
const outsideWindow = (value: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(value) && (value.slice(0, 10) < "2000-01-01" || value.slice(0, 10) > "2099-12-31");

describe("dates at every route: answered in time, never a 5xx, the window refused in German", async () => {
  const { token } = await createUser("admin");
  await db.companySettings.upsert({
    where: { id: 1 },
    update: { holidayRegion: "CH-ZH" },
    create: { id: 1, holidayRegion: "CH-ZH" },
  });
  const employee = await fx.employee({ vacationDaysTotal: 365 });
  const location = await fx.location();
  const shift = await fx.shift({ employeeId: employee.id, locationId: location.id, date: "2050-03-02" });
  const vacation = await fx.vacation({ employeeId: employee.id, start: "2050-04-04", end: "2050-04-05", days: 2 });
  const unavailable = await db.unavailability.create({
    data: { employeeId: employee.id, startDate: toDateColumn("2050-05-02"), endDate: toDateColumn("2050-05-02") },
  });
  const absence = await db.absence.create({
    data: {
      employeeId: employee.id,
      type: "weiterbildung",
      startDate: toDateColumn("2050-06-01"),
      endDate: toDateColumn("2050-06-01"),
    },
  });
  const template = await db.weekTemplate.create({
    data: {
      name: uniqueName("Vorlage"),
      shifts: {
        create: [
          {
            dayOfWeek: 1,
            locationId: location.id,
            startTime: toTimeColumn("09:00"),
            endTime: toTimeColumn("12:00"),
          },
        ],
      },
    },
  });
  const times = { start_time: "09:00", end_time: "17:00" };

  /** What each route needs besides its dates, so that a date in the window reaches the domain code. */
  const BASE: Record<string, () => { params?: Record<string, string>; query?: Record<string, string>; body?: object }> =
    {
      "GET /api/employees/{id}/availability/{date}": () => ({ params: { id: String(employee.id) } }),
      "GET /api/shifts": () => ({}),
      "POST /api/shifts": () => ({ body: { location_id: location.id, ...times } }),
      "PUT /api/shifts/{id}": () => ({
        params: { id: String(shift.id) },
        body: { location_id: location.id, ...times },
      }),
      "POST /api/shifts/check": () => ({ body: { location_id: location.id, employee_id: employee.id, ...times } }),
      "POST /api/shifts/copy-week": () => ({ body: { with_employees: true } }),
      "POST /api/schedule/auto-fill": () => ({}),
      "POST /api/schedule/publish": () => ({}),
      "GET /api/schedule/warnings": () => ({}),
      "GET /api/schedule/week": () => ({}),
      "GET /api/vacations": () => ({}),
      "POST /api/vacations": () => ({ body: { employee_id: employee.id } }),
      "PUT /api/vacations/{id}": () => ({ params: { id: String(vacation.id) }, body: { employee_id: employee.id } }),
      "GET /api/vacations/balance/{id}": () => ({ params: { id: String(employee.id) } }),
      "GET /api/unavailability": () => ({ query: { employee_id: String(employee.id) } }),
      "POST /api/unavailability": () => ({ body: { employee_id: employee.id } }),
      "PUT /api/unavailability/{id}": () => ({
        params: { id: String(unavailable.id) },
        body: { employee_id: employee.id },
      }),
      "GET /api/wishes": () => ({ query: { employee_id: String(employee.id) } }),
      "POST /api/wishes": () => ({ body: { employee_id: employee.id, kind: "day_off" } }),
      "POST /api/week-templates/{id}/apply": () => ({ params: { id: String(template.id) } }),
      "POST /api/week-templates/from-week": () => ({ body: { name: uniqueName("Aus Woche") } }),
      "GET /api/dashboard": () => ({}),
      "GET /api/reports/hours": () => ({}),
      "GET /api/reports/hours/pdf": () => ({}),
      "GET /api/reports/schedule/pdf": () => ({}),
      "GET /api/holidays": () => ({}),
      "GET /api/audit": () => ({}),
      "GET /api/time-entries": () => ({}),
      "GET /api/timesheets": () => ({}),
      "GET /api/me/time-entries": () => ({}),
      "GET /api/time-accounts": () => ({}),
      "GET /api/me/time-account": () => ({}),
      "GET /api/absences": () => ({}),
      "POST /api/absences": () => ({ body: { employee_id: employee.id, type: "weiterbildung" } }),
      "PUT /api/absences/{id}": () => ({
        params: { id: String(absence.id) },
        body: { employee_id: employee.id, type: "weiterbildung" },
      }),
      "POST /api/access-tokens": () => ({ body: { name: uniqueName("Kasse"), scopes: ["schedule:read"] } }),
    };
  // Routes under /api/me need a linked caller (docs/PRODUCT-RULES.md §26).
  const linked = await createUser("admin", { employeeId: employee.id });
  const TOKEN_OF: Record<string, string> = {
    "GET /api/me/time-entries": linked.token,
    "GET /api/me/time-account": linked.token,
  };

  const handlers = new Map((await apiHandlers()).map((h) => [`${h.method} ${openApiPath(h.route)}`, h.handler]));
  const routes = OPERATIONS.map((operation) => ({
    key: `${operation.method} ${operation.path}`,
    fields: [
      ...dateFields(operation.params, "params"),
      ...dateFields(operation.query, "query"),
      ...dateFields(operation.body, "body"),
    ],
  })).filter((route) => route.fields.length > 0);

  async function send(key: string, fields: DateField[], values: string[]) {
    const base = BASE[key]();
    const params = { ...base.params };
    const query = new URLSearchParams(base.query);
    const body: Record<string, unknown> = { ...base.body };
    fields.forEach((field, i) => {
      if (field.where === "params") params[field.key] = values[i];
      else if (field.where === "query") query.set(field.key, values[i]);
      else body[field.key] = values[i];
    });
    const [method, path] = key.split(" ");
    const started = performance.now();
    const res = await call(handlers.get(key)! as never, {
      method,
      path: `${path}?${query}`,
      token: TOKEN_OF[key] ?? token,
      params,
      body: method === "GET" ? undefined : body,
    });
    return { ...res, ms: performance.now() - started };
  }

  test("every route with a date has a row here (a new one must be added)", () => {
    expect(routes.map((route) => route.key).sort()).toEqual(Object.keys(BASE).sort());
    for (const route of routes) expect(handlers.has(route.key), route.key).toBe(true);
  });

  test.each(Object.keys(BASE))(
    "%s: a date outside 2000-01-01..2099-12-31 is refused with the window's message",
    async (key) => {
      const { fields } = routes.find((route) => route.key === key)!;
      for (const [i, field] of fields.entries()) {
        const outside = field.kind === "year" ? ["1999", "2100", "9999"] : ["1999-12-31", "2100-01-01", "9999-12-31"];
        for (const value of outside) {
          // The other fields hold a week in the window: only this one is wrong.
          const values = fields.map((other, j) =>
            j === i ? value : other.kind === "year" ? "2050" : j === 0 ? "2050-03-01" : "2050-03-07",
          );
          const res = await send(key, fields, values);
          if (field.where === "params") {
            // A path naming no date names nothing (docs/PRODUCT-RULES.md §2.4).
            expect(res.status, `${key} ${field.key}=${value}: ${res.text}`).toBe(404);
            continue;
          }
          expect(res.status, `${key} ${field.key}=${value}: ${res.text}`).toBe(400);
          expect(res.json.code).toBe("validation_failed");
          const fieldsOf = res.json.fields as unknown as Record<string, string>;
          expect(fieldsOf[field.key], `${key} ${field.key}=${value}`).toBe(
            field.kind === "year" ? "Jahr muss zwischen 2000 und 2099 liegen" : DATE_WINDOW_MESSAGE,
          );
        }
      }
    },
    60_000,
  );

  test.each(Object.keys(BASE))(
    "%s: dates from the whole ISO range are answered within 2 s, never with a 5xx",
    async (key) => {
      const { fields } = routes.find((route) => route.key === key)!;
      const statuses = new Map<string, number>();
      // Warm: the first call of a route compiles its queries (and loads the PDF fonts).
      await send(
        key,
        fields,
        fields.map((field, i) => (field.kind === "year" ? "2050" : i === 0 ? "2050-03-01" : "2050-03-07")),
      );
      const same = (value: string) => fields.map((field) => (field.kind === "year" ? value.slice(0, 4) : value));
      await fc.assert(
        fc.asyncProperty(valuesFor(fields), async (values) => {
          const res = await send(key, fields, values);
          const outcome = res.json?.code === "validation_failed" ? "refused" : String(res.status);
          statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
          const shown = `${key} ${JSON.stringify(values)}: ${res.status} ${res.text.slice(0, 300)}`;
          expect(res.status, shown).toBeLessThan(500);
          expect(res.ms, shown).toBeLessThan(ANSWER_MS);
          if (res.status >= 400) expect(res.json, shown).toMatchObject({ error: expect.any(String) });
          // A calendar date outside the window never gets through.
          if (fields.some((field, i) => field.kind === "date" && outsideWindow(values[i])))
            expect(res.status, shown).toBeGreaterThanOrEqual(400);
        }),
        {
          numRuns: RUNS,
          seed: SEED,
          // The requests of the defect (docs/PRODUCT-RULES.md §30.1) first, then the generated ones.
          examples: [
            [same("9999-12-31")],
            [same("+010000-01-01")],
            [same("0000-01-01")],
            [same("2099-12-31")],
            [same("2000-01-01")],
            [same("2028-02-29")],
            [same("2026-02-29")],
          ],
        },
      );
      // Not vacuous: some dates got past validation to the domain code (which may still refuse them: 404, 409).
      expect(
        [...statuses.keys()].some((outcome) => outcome !== "refused"),
        JSON.stringify([...statuses]),
      ).toBe(true);
      const alive = await call(health as never, { path: "/api/health" });
      expect(alive.status).toBe(200);
    },
    300_000,
  );
});
