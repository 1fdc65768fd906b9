import fc from "fast-check";
import { describe, expect, inject, test, vi } from "vitest";

/**
 * Bad input at every write endpoint of the scheduling API: generated bodies,
 * query strings and path ids (wrong types, missing and extra fields, huge and
 * unicode strings, impossible dates and times, odd ids). Never a 5xx; every
 * 4xx has the JSON error body without stack, SQL or Prisma text; and a
 * rejected request changes nothing in the database.
 *
 * Runs on a database of its own, because it compares whole tables.
 */
process.env.DATABASE_URL = inject("fuzzDatabaseUrl");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createIntegrationToken, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");

const RUNS = Number(process.env.FUZZ_RUNS) || 1000;
// A fixed seed keeps CI repeatable; FUZZ_SEED=random (or a number) explores new inputs.
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() : Number(process.env.FUZZ_SEED) || 20261122;

async function fingerprint(): Promise<string> {
  const [row] = await db.$queryRaw<{ print: string }[]>`
    SELECT concat_ws('|',
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM employees t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM locations t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM shifts t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM vacations t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM week_templates t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM week_template_shifts t),
      (SELECT count(*)::text FROM audit_log),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM time_entries t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM time_breaks t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM time_entry_revisions t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM time_corrections t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM absences t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY employee_id, month), '')) FROM timesheet_months t),
      -- PINs and terminals (§32.4); not terminal_pin_failures: a wrong PIN is a 400 that is counted by design.
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM terminals t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY employee_id), '')) FROM employee_pins t),
      -- The inbox (§33.1) and the published plan (§33.3).
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM notifications t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM published_shifts t),
      -- The own notification settings (§33.5) of every account.
      (SELECT md5(coalesce(string_agg(concat_ws(':', id, email, email_notifications), ',' ORDER BY id), ''))
       FROM users),
      -- The devices that receive push (§33.7).
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM push_subscriptions t),
      -- The time account and the payroll settings (§34).
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM time_account_bookings t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY employee_id), '')) FROM time_account_openings t),
      (SELECT md5(coalesce(string_agg(t.payroll::text, ','), '')) FROM company_settings t),
      -- Offers to give away or swap shifts (§35).
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM shift_swaps t),
      -- Unavailability, weekly too, and wishes (§26.4, §35.8).
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM unavailabilities t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM availability_wishes t),
      -- Integrations' access tokens (§36); not last_used_at, which a token's own request writes.
      (SELECT md5(coalesce(string_agg(concat_ws(':', id, name, scopes, expires_on, revoked_at), ',' ORDER BY id), ''))
       FROM access_tokens),
      -- Webhooks and their deliveries (§37).
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM webhooks t),
      (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY id), '')) FROM webhook_deliveries t)
    ) AS print`;
  return row.print;
}

const nasty = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ minLength: 490, maxLength: 2000 }),
  fc.integer(),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.constantFrom(0.25, 0.5, 168.5, 365.5, -0.5, 1e309, Number.MAX_SAFE_INTEGER, 2 ** 31),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "2026-02-30",
    "2026-13-01",
    "0000-00-00",
    "2026-1-1",
    "31.12.2026",
    "2026-11-23T25:00",
    "25:00",
    "24:00",
    "12:60",
    "9:00",
    "00:00",
    "#GGGGGG",
    "#fff",
    "",
    " ",
    "\u0000",
    "'; DROP TABLE shifts; --",
    "1.5",
    "-1",
    "NaN",
  ),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** Objects with some of the endpoint's keys (values nasty) plus extra keys. */
function bodies(keys: string[], nested?: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const shaped = fc.record(Object.fromEntries(keys.map((key) => [key, nested?.[key] ?? nasty])), { requiredKeys: [] });
  const withExtras = fc
    .tuple(shaped, fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 }))
    .map(([a, b]) => ({ ...b, ...a }));
  const raw = fc.oneof(
    fc.string({ maxLength: 50 }),
    fc.constantFrom("{", "[1,", '{"a":}', "null", "true", '"text"', "{bad"),
    // Deeper than the body reader's 64 levels (docs/PRODUCT-RULES.md §30.4): it overflowed the stack.
    fc.constantFrom("[".repeat(100_000) + "]".repeat(100_000), '{"a":'.repeat(65) + "1" + "}".repeat(65)),
  );
  return fc.oneof(
    { weight: 5, arbitrary: withExtras },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 2 }) },
    { weight: 1, arbitrary: raw.map((text) => ({ __raw: text })) },
  );
}

const queryStrings = fc.oneof(
  fc.constant(""),
  fc
    .dictionary(
      fc.constantFrom("start_date", "end_date", "employee_id", "x", "year", "_"),
      fc.string({ maxLength: 12 }),
      { maxKeys: 3 },
    )
    .map((q) => `?${new URLSearchParams(q)}`),
);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function fuzz(
  name: string,
  handler: Handler,
  method: string,
  keys: string[],
  ids: fc.Arbitrary<string>[] = [],
  nested?: Record<string, fc.Arbitrary<unknown>>,
  /** The admin's linked employee, for the routes under /api/me (docs/PRODUCT-RULES.md §26). */
  employeeId?: number,
  /** Sent instead of the admin's token: a terminal's credential (docs/PRODUCT-RULES.md §32.4). */
  headers?: Record<string, string>,
  /** The operation reads no body: only its path id is judged, so most answers are 404, not 400. */
  bodiless = false,
) {
  const { token } = await createUser("admin", employeeId === undefined ? {} : { employeeId });
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      bodies(keys, nested),
      queryStrings,
      fc.oneof(...(ids.length ? ids : [fc.constant("")])),
      async (body, query, id) => {
        const before = await fingerprint();
        const res = await call(handler as never, {
          method,
          path: `/api/fuzz${query}`,
          ...(headers ? { headers } : { token }),
          body:
            typeof body === "object" && body !== null && "__raw" in body
              ? (body as { __raw: string }).__raw
              : body === undefined
                ? ""
                : JSON.stringify(body),
          params: { id },
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${name}: ${res.text}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.json?.error, `${name}: ${res.text}`).toBe("string");
          expect(typeof res.json?.code).toBe("string");
          expect(res.text).not.toMatch(/prisma|invalid `|\bSELECT\b|\bINSERT\b|\bUPDATE\b|node_modules|at \S+ \(/i);
          expect(await fingerprint(), `${name}: a rejected request changed the database`).toBe(before);
        }
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
  // Not vacuous: the admin got past authentication, and validation said no.
  expect(statuses.has(401) || statuses.has(403), `${name}: ${JSON.stringify([...statuses])}`).toBe(false);
  if (bodiless) expect(statuses.get(404) ?? 0, name).toBeGreaterThan(RUNS / 4);
  else expect(statuses.get(400) ?? 0, name).toBeGreaterThan(RUNS / 4);
  if (process.env.FUZZ_VERBOSE) console.log(name, Object.fromEntries(statuses));
}

const validOr = (id: number) => [
  fc.constant(String(id)),
  fc.constantFrom("0", "-1", "1.5", "abc", "99999999999", "1e3", "", "%00", "0x1", "+1", " 1", "01", "2147483648"),
];
const time = fc.oneof(fc.constantFrom("09:00", "17:00", "22:00", "06:00:00"), nasty);

describe("bad input never breaks the scheduling API", async () => {
  const employee = await fx.employee();
  const location = await fx.location();
  const shift = await fx.shift({ employeeId: employee.id, locationId: location.id, date: "2040-01-02" });
  const vacation = await fx.vacation({ employeeId: employee.id, start: "2040-02-06", end: "2040-02-06", days: 1 });
  const template = await db.weekTemplate.create({ data: { name: "Fuzz" } });
  const employeeId = fc.oneof(fc.constant(employee.id), nasty);
  const locationId = fc.oneof(fc.constant(location.id), nasty);
  const date = fc.oneof(fc.constantFrom("2040-03-05", "2040-03-09"), nasty);
  const templateShifts = fc.oneof(
    fc.array(
      fc.record(
        {
          day_of_week: fc.oneof(fc.integer({ min: -1, max: 7 }), nasty),
          location_id: locationId,
          start_time: time,
          end_time: time,
          notes: nasty,
        },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
    nasty,
  );

  const employees = await import("@/app/api/employees/route");
  const employeeById = await import("@/app/api/employees/[id]/route");
  const locations = await import("@/app/api/locations/route");
  const locationById = await import("@/app/api/locations/[id]/route");
  const shifts = await import("@/app/api/shifts/route");
  const shiftById = await import("@/app/api/shifts/[id]/route");
  const vacations = await import("@/app/api/vacations/route");
  const vacationById = await import("@/app/api/vacations/[id]/route");
  const templates = await import("@/app/api/week-templates/route");
  const templateById = await import("@/app/api/week-templates/[id]/route");
  const apply = await import("@/app/api/week-templates/[id]/apply/route");
  const copyWeek = await import("@/app/api/shifts/copy-week/route");
  const bulkShifts = await import("@/app/api/shifts/bulk/route");
  const applyAutoFill = await import("@/app/api/schedule/auto-fill/apply/route");
  const publishPlan = await import("@/app/api/schedule/publish/route");
  const absences = await import("@/app/api/absences/route");
  const absenceById = await import("@/app/api/absences/[id]/route");
  const sickReport = await import("@/app/api/me/sick/route");
  const unavailability = await import("@/app/api/unavailability/route");
  const unavailabilityById = await import("@/app/api/unavailability/[id]/route");
  const wishes = await import("@/app/api/wishes/route");
  const unavailableEntry = await db.unavailability.create({
    data: { employeeId: employee.id, startDate: new Date("2040-04-02"), endDate: new Date("2040-04-02") },
  });
  const absence = await db.absence.create({
    data: {
      employeeId: employee.id,
      type: "krank",
      startDate: new Date("2040-04-02"),
      endDate: new Date("2040-04-02"),
    },
  });
  const sickEmployee = await fx.employee();

  const employeeKeys = ["first_name", "last_name", "weekly_hours", "vacation_days_total", "is_hourly"];
  const shiftKeys = [
    "employee_id",
    "location_id",
    "shift_date",
    "start_time",
    "end_time",
    "break_minutes",
    "is_custom",
    "custom_name",
  ];
  const shiftArbs = {
    employee_id: employeeId,
    location_id: locationId,
    shift_date: date,
    start_time: time,
    end_time: time,
  };
  const vacationKeys = ["employee_id", "start_date", "end_date", "notes"];
  const vacationArbs = { employee_id: employeeId, start_date: date, end_date: date };
  // Ids beyond PostgreSQL's int4 answered 500 in auto-fill apply (docs/PRODUCT-RULES.md §30.4).
  const bigId = fc.constantFrom(2 ** 31, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
  const assignments = fc.oneof(
    fc.array(
      fc.record(
        {
          shift_id: fc.oneof(fc.constant(shift.id), bigId, nasty),
          employee_id: fc.oneof(fc.constant(employee.id), bigId, nasty),
          shift_updated_at: fc.oneof(fc.constant("2040-01-01T00:00:00.000Z"), nasty),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
    nasty,
  );

  // Absences (docs/PRODUCT-RULES.md §32.2).
  const absenceKeys = ["employee_id", "type", "start_date", "end_date", "hours", "note", "certificate_received"];
  const absenceArbs = {
    employee_id: employeeId,
    type: fc.oneof(fc.constantFrom("krank", "unbezahlt", "militaer", "weiterbildung", "kompensation"), nasty),
    start_date: date,
    end_date: date,
    hours: fc.oneof(fc.constantFrom(0.25, 2.5, 8, 24, 24.25), nasty),
  };

  // Unavailability, weekly too, and wishes (docs/PRODUCT-RULES.md §26.4, §35.8).
  const unavailabilityKeys = ["employee_id", "start_date", "end_date", "weekday", "start_time", "end_time", "note"];
  const unavailabilityArbs = {
    employee_id: employeeId,
    start_date: date,
    end_date: fc.oneof(date, fc.constant(null)),
    weekday: fc.oneof(fc.integer({ min: -1, max: 8 }), fc.constant(null), nasty),
    start_time: time,
    end_time: time,
  };
  const wishArbs = {
    employee_id: employeeId,
    kind: fc.oneof(fc.constantFrom("prefer_early", "prefer_late", "day_off"), nasty),
    date: fc.oneof(date, fc.constant(null)),
  };

  const cases: [
    string,
    Handler,
    string,
    string[],
    fc.Arbitrary<string>[],
    Record<string, fc.Arbitrary<unknown>>?,
    number?,
  ][] = [
    ["POST /employees", employees.POST as Handler, "POST", employeeKeys, []],
    ["PUT /employees/{id}", employeeById.PUT as Handler, "PUT", employeeKeys, validOr(employee.id)],
    ["POST /locations", locations.POST as Handler, "POST", ["name", "color", "address", "swap_needs_approval"], []],
    [
      "PUT /locations/{id}",
      locationById.PUT as Handler,
      "PUT",
      ["name", "color", "address", "swap_needs_approval"],
      validOr(location.id),
    ],
    ["POST /shifts", shifts.POST as Handler, "POST", shiftKeys, [], shiftArbs],
    ["PUT /shifts/{id}", shiftById.PUT as Handler, "PUT", shiftKeys, validOr(shift.id), shiftArbs],
    ["POST /vacations", vacations.POST as Handler, "POST", vacationKeys, [], vacationArbs],
    ["PUT /vacations/{id}", vacationById.PUT as Handler, "PUT", vacationKeys, validOr(vacation.id), vacationArbs],
    [
      "POST /week-templates",
      templates.POST as Handler,
      "POST",
      ["name", "description", "shifts"],
      [],
      { shifts: templateShifts },
    ],
    [
      "PUT /week-templates/{id}",
      templateById.PUT as Handler,
      "PUT",
      ["name", "description", "shifts"],
      validOr(template.id),
      { shifts: templateShifts },
    ],
    [
      "POST /week-templates/{id}/apply",
      apply.POST as Handler,
      "POST",
      ["start_date"],
      validOr(template.id),
      { start_date: date },
    ],
    [
      "POST /shifts/copy-week",
      copyWeek.POST as Handler,
      "POST",
      ["from_start_date", "to_start_date", "with_employees"],
      [],
      { from_start_date: date, to_start_date: date },
    ],
    [
      "POST /shifts/bulk",
      bulkShifts.POST as Handler,
      "POST",
      ["action", "shift_ids", "days", "location_id", "to_dates", "with_employees"],
      [],
      { action: fc.constantFrom("move", "copy", "delete"), to_dates: fc.array(date, { maxLength: 3 }) },
    ],
    ["POST /schedule/auto-fill/apply", applyAutoFill.POST as Handler, "POST", ["assignments"], [], { assignments }],
    [
      "POST /schedule/publish",
      publishPlan.POST as Handler,
      "POST",
      ["start_date", "end_date", "location_ids"],
      [],
      { start_date: date, end_date: date, location_ids: fc.array(fc.integer({ min: -2, max: 5 }), { maxLength: 3 }) },
    ],
    ["POST /absences", absences.POST as Handler, "POST", absenceKeys, [], absenceArbs],
    ["POST /unavailability", unavailability.POST as Handler, "POST", unavailabilityKeys, [], unavailabilityArbs],
    [
      "PUT /unavailability/{id}",
      unavailabilityById.PUT as Handler,
      "PUT",
      unavailabilityKeys,
      validOr(unavailableEntry.id),
      unavailabilityArbs,
    ],
    ["POST /wishes", wishes.POST as Handler, "POST", ["employee_id", "kind", "date", "note"], [], wishArbs],
    ["PUT /absences/{id}", absenceById.PUT as Handler, "PUT", absenceKeys, validOr(absence.id), absenceArbs],
    [
      "POST /me/sick",
      sickReport.POST as Handler,
      "POST",
      ["days", "note"],
      [],
      { days: fc.oneof(fc.integer({ min: -1, max: 16 }), nasty) },
      sickEmployee.id,
    ],
  ];

  test.each(cases)(
    "%s",
    async (name, handler, method, keys, ids, nested, linkedEmployeeId) => {
      await fuzz(name, handler, method, keys, ids, nested, linkedEmployeeId);
    },
    300_000,
  );

  test("GET query strings of the read endpoints", async () => {
    const { token } = await createUser("user");
    await fc.assert(
      fc.asyncProperty(
        queryStrings,
        fc.constantFrom(shifts.GET, vacations.GET, employees.GET) as fc.Arbitrary<Handler>,
        async (query, handler) => {
          const res = await call(handler as never, { path: `/api/fuzz${query}`, token });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400)
            expect(res.json).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);
});

describe("bad input never breaks the swaps (docs/PRODUCT-RULES.md §35)", async () => {
  const location = await fx.location();
  const lea = await fx.employee();
  const ben = await fx.employee();
  const leas = await fx.shift({ employeeId: lea.id, locationId: location.id, date: "2040-05-08" });
  const bens = await fx.shift({ employeeId: ben.id, locationId: location.id, date: "2040-05-09" });
  const swaps = await import("@/app/api/swaps/route");
  const accept = await import("@/app/api/swaps/[id]/accept/route");
  const approve = await import("@/app/api/swaps/[id]/approve/route");
  const reject = await import("@/app/api/swaps/[id]/reject/route");
  const withdraw = await import("@/app/api/swaps/[id]/withdraw/route");
  const { token, user } = await createUser("user", { employeeId: lea.id });
  const offered = await call(swaps.POST as never, {
    token,
    path: "/api/swaps",
    body: { shift_id: leas.id, kind: "swap", target_shift_id: bens.id },
  });
  expect(offered.status, offered.text).toBe(201);
  const swapId = Number(offered.json.id);
  // One user per employee: the fuzzing users are linked to Lea and Ben in turn.
  await db.user.update({ where: { id: user.id }, data: { employeeId: null } });
  const body = {
    shift_id: fc.oneof(fc.constant(leas.id), nasty),
    kind: fc.oneof(fc.constantFrom("give_away", "swap"), nasty),
    target_shift_id: fc.oneof(fc.constant(bens.id), nasty),
  };

  test("POST /swaps", async () => {
    await fuzz(
      "POST /swaps",
      swaps.POST as Handler,
      "POST",
      ["shift_id", "kind", "target_shift_id", "note"],
      [],
      body,
      lea.id,
    );
  }, 300_000);

  test("POST /swaps/{id}/reject", async () => {
    await fuzz("POST /swaps/{id}/reject", reject.POST as Handler, "POST", ["reason"], validOr(swapId));
  }, 300_000);

  test.each([
    ["POST /swaps/{id}/accept", accept.POST, ben.id],
    ["POST /swaps/{id}/withdraw", withdraw.POST, lea.id],
    ["POST /swaps/{id}/approve", approve.POST, undefined],
  ] as const)(
    "%s",
    async (name, handler, linked) => {
      if (linked !== undefined) await db.user.updateMany({ where: { employeeId: linked }, data: { employeeId: null } });
      await fuzz(name, handler as Handler, "POST", [], validOr(swapId), undefined, linked, undefined, true);
    },
    300_000,
  );
});

describe("bad input never breaks time recording (docs/PRODUCT-RULES.md §32.1)", async () => {
  // One user per employee (§26.1): the stamping admin, the entry's owner and the reader are three people.
  const employee = await fx.employee();
  const clocker = await fx.employee();
  const reader = await fx.employee();
  const location = await fx.location();
  const entry = await db.timeEntry.create({
    data: {
      employeeId: employee.id,
      locationId: location.id,
      date: new Date("2025-03-03T00:00:00.000Z"),
      startAt: new Date("2025-03-03T07:00:00.000Z"),
      endAt: new Date("2025-03-03T15:00:00.000Z"),
      source: "manager",
      status: "recorded",
    },
  });
  const correction = await db.timeCorrection.create({ data: { entryId: entry.id, note: "Fuzz" } });
  const instant = fc.oneof(
    fc.constantFrom(
      "2025-03-03T06:00:00Z",
      "2025-03-03T16:00:00+01:00",
      "2025-03-04T07:00:00.000Z",
      "2099-01-01T00:00:00Z",
    ),
    nasty,
  );
  const breaks = fc.oneof(
    fc.array(fc.record({ start_at: instant, end_at: instant }, { requiredKeys: [] }), { maxLength: 3 }),
    nasty,
  );
  const entryArbs = {
    employee_id: fc.oneof(fc.constant(employee.id), nasty),
    location_id: fc.oneof(fc.constant(location.id), nasty),
    start_at: instant,
    end_at: instant,
    breaks,
  };
  const entryKeys = ["employee_id", "location_id", "start_at", "end_at", "breaks", "note", "reason"];
  const clock = await import("@/app/api/me/clock/route");
  const correctionRoute = await import("@/app/api/me/time-entries/[id]/correction/route");
  const entries = await import("@/app/api/time-entries/route");
  const entryById = await import("@/app/api/time-entries/[id]/route");
  const voiding = await import("@/app/api/time-entries/[id]/void/route");
  const accept = await import("@/app/api/time-corrections/[id]/accept/route");
  const reject = await import("@/app/api/time-corrections/[id]/reject/route");
  const action = fc.oneof(fc.constantFrom("in", "break_start", "break_end", "out"), nasty);
  const approve = await import("@/app/api/timesheets/approve/route");
  const reopen = await import("@/app/api/timesheets/reopen/route");
  const monthArbs = {
    employee_id: entryArbs.employee_id,
    month: fc.oneof(fc.constantFrom("2025-03", "2025-13", "1999-12", "2100-01", "2025-3", "2099-12"), nasty),
  };

  const cases: [
    string,
    Handler,
    string,
    string[],
    fc.Arbitrary<string>[],
    Record<string, fc.Arbitrary<unknown>>?,
    number?,
  ][] = [
    [
      "POST /me/clock",
      clock.POST as Handler,
      "POST",
      ["action", "location_id"],
      [],
      { action, location_id: entryArbs.location_id },
      clocker.id,
    ],
    [
      "POST /me/time-entries/{id}/correction",
      correctionRoute.POST as Handler,
      "POST",
      ["note", "start_at", "end_at"],
      validOr(entry.id),
      { start_at: instant, end_at: instant },
      employee.id,
    ],
    ["POST /time-entries", entries.POST as Handler, "POST", entryKeys, [], entryArbs],
    ["PUT /time-entries/{id}", entryById.PUT as Handler, "PUT", entryKeys, validOr(entry.id), entryArbs],
    ["POST /time-entries/{id}/void", voiding.POST as Handler, "POST", ["reason"], validOr(entry.id)],
    ["POST /time-corrections/{id}/accept", accept.POST as Handler, "POST", ["note"], validOr(correction.id)],
    ["POST /time-corrections/{id}/reject", reject.POST as Handler, "POST", ["note"], validOr(correction.id)],
    // The monthly approval (docs/PRODUCT-RULES.md §32.3): the month of the entry above, and odd months.
    ["POST /timesheets/approve", approve.POST as Handler, "POST", ["employee_id", "month"], [], monthArbs],
    ["POST /timesheets/reopen", reopen.POST as Handler, "POST", ["employee_id", "month", "reason"], [], monthArbs],
  ];

  test.each(cases)(
    "%s",
    async (name, handler, method, keys, ids, nested, employeeId) => {
      await fuzz(name, handler, method, keys, ids, nested, employeeId);
    },
    300_000,
  );

  test("GET query strings of the time recording reads", async () => {
    const { token } = await createUser("admin", { employeeId: reader.id });
    const myEntries = await import("@/app/api/me/time-entries/route");
    const corrections = await import("@/app/api/time-corrections/route");
    const timesheets = await import("@/app/api/timesheets/route");
    await fc.assert(
      fc.asyncProperty(
        queryStrings,
        fc.constantFrom(
          entries.GET,
          myEntries.GET,
          corrections.GET,
          clock.GET,
          timesheets.GET,
        ) as fc.Arbitrary<Handler>,
        async (query, handler) => {
          const res = await call(handler as never, { path: `/api/fuzz${query}`, token });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400)
            expect(res.json).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);
});

describe("bad input never breaks the time account and the payroll settings (docs/PRODUCT-RULES.md §34)", async () => {
  const holder = await fx.employee({ firstName: "Konto" });
  const location = await fx.location();
  await db.timeEntry.create({
    data: {
      employeeId: holder.id,
      locationId: location.id,
      date: new Date("2025-03-04T00:00:00.000Z"),
      startAt: new Date("2025-03-04T07:00:00.000Z"),
      endAt: new Date("2025-03-04T15:00:00.000Z"),
      source: "manager",
      status: "recorded",
    },
  });
  const personnelNumber = await import("@/app/api/employees/[id]/personnel-number/route");
  const bookings = await import("@/app/api/time-accounts/bookings/route");
  const opening = await import("@/app/api/time-accounts/opening/route");
  const payroll = await import("@/app/api/settings/payroll/route");
  const accountArbs = {
    employee_id: fc.oneof(fc.constant(holder.id), nasty),
    month: fc.oneof(fc.constantFrom("2025-03", "2025-13", "1999-12", "2100-01", "2025-3", "2099-12"), nasty),
    kind: fc.oneof(fc.constantFrom("payout", "correction"), nasty),
    minutes: fc.oneof(fc.integer({ min: -700_000, max: 700_000 }), nasty),
  };
  const record = (keys: readonly string[], value: fc.Arbitrary<unknown>) =>
    fc.oneof(fc.dictionary(fc.constantFrom(...keys, "x"), value, { maxKeys: 3 }), nasty);
  const payrollArbs = {
    surcharge_percents: record(
      ["night", "night_core", "sunday", "holiday"],
      fc.oneof(fc.integer({ min: -5, max: 600 }), nasty),
    ),
    wage_types: record(
      ["worked", "night", "payout"],
      fc.oneof(fc.constantFrom("1", "9999", "10000", "0", " 12 "), nasty),
    ),
    csv_headings: record(["hours", "employee"], nasty),
  };

  const cases: [string, Handler, string, string[], Record<string, fc.Arbitrary<unknown>>, fc.Arbitrary<string>[]?][] = [
    [
      "PUT /employees/{id}/personnel-number",
      personnelNumber.PUT as Handler,
      "PUT",
      ["personnel_number"],
      // Valid numbers are taken by the fuzzed rows' own: only refused ones keep the database as it was.
      { personnel_number: fc.oneof(fc.constantFrom("-1", "12 34", "x".repeat(21), "/7"), nasty) },
      validOr(holder.id),
    ],
    [
      "POST /time-accounts/bookings",
      bookings.POST as Handler,
      "POST",
      ["employee_id", "month", "kind", "minutes", "reason"],
      accountArbs,
    ],
    [
      "PUT /time-accounts/opening",
      opening.PUT as Handler,
      "PUT",
      ["employee_id", "month", "minutes", "reason"],
      accountArbs,
    ],
    [
      "PUT /settings/payroll",
      payroll.PUT as Handler,
      "PUT",
      ["surcharge_percents", "wage_types", "csv_headings", "datev_consultant_number", "datev_client_number"],
      payrollArbs,
    ],
  ];

  test.each(cases)(
    "%s",
    async (name, handler, method, keys, nested, ids) => {
      await fuzz(name, handler, method, keys, ids ?? [], nested);
    },
    300_000,
  );

  test("GET query strings of the time accounts and the payroll export", async () => {
    const { token } = await createUser("admin", { employeeId: holder.id });
    const accounts = await import("@/app/api/time-accounts/route");
    const mine = await import("@/app/api/me/time-account/route");
    const payrollExport = await import("@/app/api/exports/payroll/route");
    const statement = await import("@/app/api/time-accounts/statement/pdf/route");
    const myStatement = await import("@/app/api/me/time-account/statement/pdf/route");
    const months = fc.oneof(
      fc.constant(""),
      fc
        .dictionary(
          fc.constantFrom("year", "month", "employee_id", "format", "x"),
          fc.oneof(
            fc.constantFrom("2025", "2026", "3", "12", "13", "0", "2099", "2025-03", "2099-01", String(holder.id)),
            fc.constantFrom("csv", "datev-lodas", "xlsx"),
            fc.string({ maxLength: 8 }),
          ),
          { maxKeys: 3 },
        )
        .map((q) => `?${new URLSearchParams(q)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        months,
        fc.constantFrom(
          accounts.GET,
          mine.GET,
          payrollExport.GET,
          statement.GET,
          myStatement.GET,
        ) as fc.Arbitrary<Handler>,
        async (query, handler) => {
          const res = await call(handler as never, { path: `/api/fuzz${query}`, token });
          expect(res.status, `${query}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400)
            expect(res.json).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);
});

describe("bad input never breaks PINs and the terminal (docs/PRODUCT-RULES.md §32.4)", async () => {
  const { pairedTerminal, setTestPin } = await import("@/tests/support/terminal");
  const staff = await fx.employee();
  const pinOwner = await fx.employee();
  const location = await fx.location();
  const paired = await pairedTerminal(location.id);
  await setTestPin(staff.id, "4711");
  const myPin = await import("@/app/api/me/pin/route");
  const employeePin = await import("@/app/api/employees/[id]/pin/route");
  const terminals = await import("@/app/api/terminals/route");
  const pair = await import("@/app/api/terminal/pair/route");
  const terminalClock = await import("@/app/api/terminal/clock/route");
  // The right PIN or a malformed one: a wrong PIN is a 400 that is counted, and five in a row lock (an audited write
  // on purpose), which app/api/terminal/clock/route.test.ts covers.
  const pin = fc.oneof(fc.constantFrom("4711", "1234567", "12a4", "47 11", "４７１１"), nasty);
  // A valid new PIN costs a bcrypt hash at cost 12 (~0.3 s): the PUTs are fuzzed with bad ones only.
  const badPin = fc.oneof(fc.constantFrom("0000", "12345", "1234567", "12a4", "４７１１"), nasty);

  const cases: [
    string,
    Handler,
    string,
    string[],
    fc.Arbitrary<string>[],
    Record<string, fc.Arbitrary<unknown>>?,
    number?,
    Record<string, string>?,
  ][] = [
    ["PUT /me/pin", myPin.PUT as Handler, "PUT", ["pin"], [], { pin: badPin }, pinOwner.id],
    ["PUT /employees/{id}/pin", employeePin.PUT as Handler, "PUT", ["pin"], validOr(pinOwner.id), { pin: badPin }],
    [
      "POST /terminals",
      terminals.POST as Handler,
      "POST",
      ["location_id", "name"],
      [],
      { location_id: fc.oneof(fc.constant(location.id), nasty) },
    ],
    ["POST /terminal/pair", pair.POST as Handler, "POST", ["token"], []],
    [
      "POST /terminal/clock",
      terminalClock.POST as Handler,
      "POST",
      ["employee_id", "pin", "action"],
      [],
      {
        employee_id: fc.oneof(fc.constant(staff.id), nasty),
        pin,
        action: fc.oneof(fc.constantFrom("in", "break_start", "break_end", "out"), nasty),
      },
      undefined,
      paired.headers,
    ],
  ];

  test.each(cases)(
    "%s",
    async (name, handler, method, keys, ids, nested, employeeId, headers) => {
      await fuzz(name, handler, method, keys, ids, nested, employeeId, headers);
    },
    300_000,
  );
});

describe("bad query strings never break the Arbeitszeitnachweis (docs/PRODUCT-RULES.md §32.7)", async () => {
  const employee = await fx.employee({ firstName: "Fuzz" });
  const location = await fx.location();
  await db.timeEntry.create({
    data: {
      employeeId: employee.id,
      locationId: location.id,
      date: new Date("2025-03-04T00:00:00.000Z"),
      startAt: new Date("2025-03-04T07:00:00.000Z"),
      endAt: new Date("2025-03-04T15:00:00.000Z"),
      source: "manager",
      status: "recorded",
    },
  });
  const { token } = await createUser("admin", { employeeId: employee.id });
  const routes = {
    "GET /timesheets/record/pdf": (await import("@/app/api/timesheets/record/pdf/route")).GET,
    "GET /timesheets/record/csv": (await import("@/app/api/timesheets/record/csv/route")).GET,
    "GET /me/time-record/pdf": (await import("@/app/api/me/time-record/pdf/route")).GET,
    "GET /me/time-record/csv": (await import("@/app/api/me/time-record/csv/route")).GET,
    "GET /me/timesheet": (await import("@/app/api/me/timesheet/route")).GET,
  };
  const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 12 }));
  // The real month (rendered, so rarely: a PDF costs ~0.1 s), months out of range or of the future, and junk.
  const month = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom("2025-03", "2099-12", "1999-12", "2100-01", "2025-13", "2025-3") },
    { weight: 3, arbitrary: text },
  );
  const employeeId = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(String(employee.id), "999999999", "0", "-1", "1e3", "1.5", " 1") },
    { weight: 3, arbitrary: text },
  );
  const query = fc
    .record({ month, employee_id: employeeId, x: text }, { requiredKeys: [] })
    .map((q) => `?${new URLSearchParams(q as Record<string, string>)}`);

  test.each(Object.entries(routes))(
    "%s",
    async (name, handler) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(query, async (search) => {
          const res = await call(handler as never, { path: `/api/fuzz${search}`, token });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, `${name}${search}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.json).toMatchObject({ error: expect.any(String), code: expect.any(String) });
            expect(res.text).not.toMatch(/prisma|invalid `|\bSELECT\b|node_modules|at \S+ \(/i);
          }
        }),
        // The real month and person once for certain: fewer runs (FUZZ_RUNS) may draw no valid pair.
        { numRuns: RUNS, seed: SEED, examples: [[`?month=2025-03&employee_id=${employee.id}`]] },
      );
      // Not vacuous: validation said no to most, and some were answered with the file.
      expect(statuses.get(400) ?? 0, name).toBeGreaterThan(RUNS / 4);
      expect(statuses.get(200) ?? 0, `${name}: ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
    },
    300_000,
  );
});

describe("bad input never breaks the inbox (docs/PRODUCT-RULES.md §33.1)", async () => {
  const read = await import("@/app/api/me/notifications/read/route");
  const list = await import("@/app/api/me/notifications/route");
  const settings = await import("@/app/api/me/notification-settings/route");

  test("PUT /me/notification-settings", async () => {
    const email = fc.oneof(fc.constantFrom("", null, "a@b.ch", "kein-mail", "x".repeat(250) + "@b.ch"), nasty);
    const on = fc.oneof(fc.constantFrom(true, false, "true", 1, null), nasty);
    await fuzz("PUT /me/notification-settings", settings.PUT as Handler, "PUT", ["email", "email_notifications"], [], {
      email,
      email_notifications: on,
    });
  }, 300_000);

  test("POST /me/notifications/read", async () => {
    const ids = fc.oneof(fc.array(fc.oneof(fc.integer({ min: -2, max: 5 }), nasty), { maxLength: 4 }), nasty);
    const all = fc.oneof(fc.constantFrom(true, false, "true", 1), nasty);
    await fuzz("POST /me/notifications/read", read.POST as Handler, "POST", ["ids", "all"], [], { ids, all });
  }, 300_000);

  test("GET /me/notifications query strings", async () => {
    const { token } = await createUser("user");
    const before = fc.oneof(
      fc.constantFrom("1", "0", "-1", "1.5", "abc", "2147483648", ""),
      fc.string({ maxLength: 8 }),
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(before, async (value) => {
        const res = await call(list.GET as never, {
          path: `/api/fuzz?${new URLSearchParams({ before: value })}`,
          token,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(res.json).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      }),
      { numRuns: Math.min(RUNS, 200), seed: SEED },
    );
    // Not vacuous: some pages were answered, most junk was refused.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  }, 300_000);
});

describe("bad input never breaks web push (docs/PRODUCT-RULES.md §33.7)", async () => {
  const { default: webpush } = await import("web-push");
  const { browserKeys } = await import("@/tests/support/push-service.mjs");
  const devices = await import("@/app/api/me/push-subscriptions/route");
  const valid = browserKeys().subscription("https://fcm.googleapis.com/fcm/send/x");

  test("POST /me/push-subscriptions", async () => {
    const vapid = webpush.generateVAPIDKeys();
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    try {
      const endpoint = fc.oneof(
        fc.constantFrom(
          valid.endpoint,
          "https://169.254.169.254/x",
          "http://fcm.googleapis.com/x",
          "https://fcm.googleapis.com/" + "a".repeat(1000),
        ),
        fc.string({ maxLength: 8 }).map((tail) => `https://fcm.googleapis.com/fcm/send/${tail}`),
        nasty,
      );
      const key = (good: string) => fc.oneof(fc.constantFrom(good, good.slice(1), `${good}==`, `${good}!`), nasty);
      const keys = fc.oneof(fc.record({ p256dh: key(valid.keys.p256dh), auth: key(valid.keys.auth) }), nasty);
      await fuzz("POST /me/push-subscriptions", devices.POST as Handler, "POST", ["endpoint", "keys"], [], {
        endpoint,
        keys,
      });
    } finally {
      delete process.env.VAPID_PUBLIC_KEY;
      delete process.env.VAPID_PRIVATE_KEY;
    }
  }, 300_000);
});

describe("bad input never breaks the access tokens (docs/PRODUCT-RULES.md §36)", async () => {
  const tokens = await import("@/app/api/access-tokens/route");
  const oneToken = await import("@/app/api/access-tokens/[id]/route");
  const { id } = await createIntegrationToken(["schedule:read"]);
  const scope = fc.oneof(fc.constantFrom("schedule:read", "time:write", "users:manage", "SCHEDULE:READ", ""), nasty);

  test("POST /access-tokens", async () => {
    await fuzz("POST /access-tokens", tokens.POST as Handler, "POST", ["name", "scopes", "expires_on"], [], {
      scopes: fc.oneof(fc.array(scope, { maxLength: 10 }), nasty),
      expires_on: fc.oneof(fc.constantFrom("2099-12-31", "2000-01-01", "2026-02-30", null), nasty),
    });
  }, 300_000);

  test("DELETE /access-tokens/{id}", async () => {
    // prettier-ignore
    await fuzz("DELETE /access-tokens/{id}", oneToken.DELETE as Handler, "DELETE", [], validOr(id), undefined,
      undefined, undefined, true);
  }, 300_000);
});

describe("bad input never breaks webhooks (docs/PRODUCT-RULES.md §37)", async () => {
  const hooks = await import("@/app/api/webhooks/route");
  const hook = await import("@/app/api/webhooks/[id]/route");
  const { seal } = await import("@/lib/server/auth/secret-box");
  const existing = await db.webhook.create({
    data: { url: "https://9.9.9.9/fuzz", events: ["swap.approved"], secret: seal("whsec_fuzz") },
  });
  // Addresses only, never a name: the guard would ask DNS for each generated host. Public ones are registered
  // (and never contacted), private and malformed ones refused.
  const url = fc.oneof(
    fc.constantFrom(
      "https://9.9.9.9/in",
      "http://10.0.0.1/x",
      "http://127.0.0.1:3000/",
      "http://[::1]/",
      "http://169.254.169.254/latest",
      "https://[::ffff:10.0.0.1]/",
      "ftp://9.9.9.9/",
      "https://user:pw@9.9.9.9/",
      "https://9.9.9.9/" + "a".repeat(2000),
      "javascript:alert(1)",
    ),
    nasty,
  );
  const events = fc.oneof(
    fc.subarray(["shift.created", "vacation.approved", "ping", "shift.moved", "swap.approved", "shift.created"]),
    nasty,
  );
  const flag = fc.oneof(fc.boolean(), nasty);

  test("POST /webhooks", async () => {
    await fuzz("POST /webhooks", hooks.POST as Handler, "POST", ["name", "url", "events"], [], { url, events });
  }, 300_000);

  test("PUT /webhooks/{id}", async () => {
    await fuzz(
      "PUT /webhooks/{id}",
      hook.PUT as Handler,
      "PUT",
      ["name", "url", "events", "active", "rotate_secret"],
      validOr(existing.id),
      { url, events, active: flag, rotate_secret: flag },
    );
  }, 300_000);
});
