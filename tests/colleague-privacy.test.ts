import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { COLLEAGUE_VIEW } from "@/lib/server/privacy/colleague-routes";
import { addDays } from "@/lib/shared/dates";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { apiHandlers } from "@/tests/support/route-handlers";

/**
 * Colleagues' data (docs/PRODUCT-RULES.md §31.2, PRODUCT §8): for every GET route in app/api, a linked staff member's
 * answer holds nothing private of anyone else — no hours, balances, employment, findings or notes — while the
 * unlinked view-only user and a manager still get them, and the linked user keeps their own. The route list comes
 * from the handlers on disk, so a new route fails here until `COLLEAGUE_VIEW` decides it.
 */

// Wednesday 13.05.2026 in Zurich; the week under test is the next one, Monday 18.05. to Sunday 24.05.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-05-13T10:00:00Z"));
});
afterAll(() => vi.useRealTimers());

const MONDAY = "2026-05-18";
const SUNDAY = addDays(MONDAY, 6);

/** Keys that carry a person's private data; no object about someone else may hold one in a colleague's answer. */
const PRIVATE_KEYS = [
  "weekly_hours",
  "is_hourly",
  "scheduled_hours",
  "remaining_hours",
  "target_hours",
  "vacation_days_total",
  "vacation_days_used",
  "vacation_days_pending",
  "vacation_days_remaining",
  "total",
  "used",
  "pending",
  "remaining",
  "message",
  "severity",
  "note",
  "location_ids",
];

/** Every place in `json` where someone other than `ownId` is shown with a private key or a note. */
function leaks(json: unknown, ownId: number, secrets: string[], text: string): string[] {
  const found = secrets.filter((secret) => text.includes(secret)).map((secret) => `text "${secret}"`);
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, `${path}[${index}]`));
    if (value === null || typeof value !== "object") return;
    const row = value as Record<string, unknown>;
    const person =
      typeof row.employee_id === "number"
        ? row.employee_id
        : "first_name" in row && typeof row.id === "number"
          ? row.id
          : null;
    if (person !== null && person !== ownId) {
      for (const key of PRIVATE_KEYS) if (key in row) found.push(`${path}.${key} of employee ${person}`);
      if (typeof row.notes === "string") found.push(`${path}.notes of employee ${person}`);
      // An absence's type is health data (§32.2): someone else's absence shows as away only.
      if ("start_date" in row && typeof row.type === "string") found.push(`${path}.type of employee ${person}`);
    }
    for (const [key, child] of Object.entries(row)) walk(child, `${path}.${key}`);
  };
  walk(json, "$");
  return found;
}

async function scene() {
  const location = await fx.location();
  const own = await fx.employee({ firstName: "Ole", weeklyHours: 30 });
  const colleague = await fx.employee({
    firstName: "Fatima",
    weeklyHours: 33.5,
    vacationDaysTotal: 23.5,
    isHourly: false,
  });
  const secrets = [
    `Unverfügbar-${colleague.lastName}`,
    `Ferien-${colleague.lastName}`,
    `Abwesend-${colleague.lastName}`,
  ];
  // Rest time: 14:00–23:00, then 06:00 the next day (7 h < 11 h); unavailable on the Wednesday she works.
  await fx.shift({ employeeId: colleague.id, locationId: location.id, date: MONDAY, start: "14:00", end: "23:00" });
  await fx.shift({
    employeeId: colleague.id,
    locationId: location.id,
    date: addDays(MONDAY, 1),
    start: "06:00",
    end: "14:00",
  });
  await fx.shift({
    employeeId: colleague.id,
    locationId: location.id,
    date: addDays(MONDAY, 2),
    start: "09:00",
    end: "17:00",
  });
  await db.unavailability.create({
    data: {
      employeeId: colleague.id,
      startDate: toDateColumn(addDays(MONDAY, 2)),
      endDate: toDateColumn(addDays(MONDAY, 2)),
      note: secrets[0],
    },
  });
  const vacation = await fx.vacation({
    employeeId: colleague.id,
    start: addDays(MONDAY, 3),
    end: addDays(MONDAY, 4),
    days: 2,
  });
  await db.vacation.update({ where: { id: vacation.id }, data: { notes: secrets[1] } });
  // Away on Saturday (docs/PRODUCT-RULES.md §32.2): colleagues may see that, never why.
  await db.absence.create({
    data: {
      employeeId: colleague.id,
      type: "militaer",
      startDate: toDateColumn(addDays(MONDAY, 5)),
      endDate: toDateColumn(addDays(MONDAY, 5)),
      note: secrets[2],
    },
  });
  // A wish (docs/PRODUCT-RULES.md §35.8): a day off the colleague wishes, and why, is theirs alone.
  await db.availabilityWish.create({
    data: { employeeId: colleague.id, kind: "day_off", date: toDateColumn(addDays(MONDAY, 4)), note: secrets[0] },
  });
  await db.availabilityWish.create({ data: { employeeId: colleague.id, kind: "prefer_late" } });
  await db.availabilityWish.create({ data: { employeeId: own.id, kind: "prefer_early", note: "Kita" } });
  // The linked user's own week: a shift on a day they said they cannot work.
  const ownShift = await fx.shift({
    employeeId: own.id,
    locationId: location.id,
    date: addDays(MONDAY, 2),
    start: "10:00",
    end: "15:00",
  });
  await db.unavailability.create({
    data: {
      employeeId: own.id,
      startDate: toDateColumn(addDays(MONDAY, 2)),
      endDate: toDateColumn(addDays(MONDAY, 2)),
      startTime: toTimeColumn("08:00"),
      endTime: toTimeColumn("12:00"),
    },
  });
  const linked = await createUser("user", { employeeId: own.id });
  const reader = await createUser("user");
  const manager = await createUser("manager");
  return { location, own, colleague, secrets, ownShift, linked, reader, manager };
}

describe("colleagues' data (docs/PRODUCT-RULES.md §31.2)", async () => {
  const handlers = (await apiHandlers()).filter((handler) => handler.method === "GET");
  const s = await scene();

  const send = (handler: (typeof handlers)[number], token: string, employeeId: number, query: string) => {
    const params: Record<string, string | string[]> = {};
    for (const [, name] of handler.route.matchAll(/\[(?:\.\.\.)?(\w+)\]/g))
      params[name] =
        name === "date"
          ? addDays(MONDAY, 2)
          : name === "path"
            ? ["nirgends"]
            : name === "file"
              ? "x.ics"
              : String(employeeId);
    // A location's routes name the location; the rest of the [id] routes name a person.
    if (handler.route.startsWith("/api/locations/")) params.id = String(s.location.id);
    const path = handler.route.replace(/\[(?:\.\.\.)?\w+\]/g, "x") + query;
    return call(handler.handler as never, { path, token, params: params as Record<string, string> });
  };
  const queries = (employeeId: number) => [
    `?start_date=${MONDAY}&end_date=${SUNDAY}&date=${MONDAY}`,
    `?start_date=${MONDAY}&end_date=${SUNDAY}&date=${MONDAY}&employee_id=${employeeId}`,
  ];

  test("every GET route has a decision", () => {
    expect(handlers.map((handler) => handler.key).sort()).toEqual(Object.keys(COLLEAGUE_VIEW).sort());
  });

  test.each(handlers.map((handler) => [handler.key, handler] as const))(
    "%s shows a linked user nothing private of colleagues",
    async (key, handler) => {
      const view = COLLEAGUE_VIEW[key];
      for (const query of queries(s.colleague.id)) {
        const res = await send(handler, s.linked.token, s.colleague.id, query);
        if (view === "not-for-staff") {
          expect(res.status, `${key}: ${res.text}`).toBe(403);
          continue;
        }
        if (view === "terminal-only") {
          expect(res.status, `${key}: ${res.text}`).toBe(401);
          continue;
        }
        if (view === "refused") {
          expect(res.status, `${key}${query}: ${res.text}`).toBe(403);
          expect(res.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
        }
        expect(leaks(res.json, s.own.id, s.secrets, res.text), `${key}${query}`).toEqual([]);
      }
    },
  );

  test("the detector finds the colleague's data in what a manager and the unlinked reader get", async () => {
    const leaked = new Set<string>();
    for (const who of [s.manager, s.reader])
      for (const handler of handlers)
        for (const query of queries(s.colleague.id)) {
          const res = await send(handler, who.token, s.colleague.id, query);
          if (res.status === 200 && leaks(res.json, s.own.id, s.secrets, res.text).length > 0) leaked.add(handler.key);
        }
    expect([...leaked].sort()).toEqual(
      expect.arrayContaining([
        "GET /api/dashboard",
        "GET /api/employees",
        "GET /api/employees/[id]",
        "GET /api/employees/[id]/availability/[date]",
        "GET /api/schedule/warnings",
        "GET /api/schedule/week",
        "GET /api/vacations/balance/[id]",
        "GET /api/wishes",
      ]),
    );
  });

  const get = (key: string, token: string, employeeId: number, query = queries(0)[0]) =>
    send(
      handlers.find((handler) => handler.key === key)!,
      token,
      employeeId,
      query,
    );

  test("the unlinked reader keeps the seed's read access; the manager everything", async () => {
    for (const who of [s.reader, s.manager]) {
      const one = await get("GET /api/employees/[id]", who.token, s.colleague.id);
      expect(one.json).toMatchObject({
        id: s.colleague.id,
        weekly_hours: 33.5,
        vacation_days_total: 23.5,
        is_hourly: false,
      });
      const warnings = await get("GET /api/schedule/warnings", who.token, 0);
      expect(warnings.json).toContainEqual(expect.objectContaining({ code: "rest_time", employee_id: s.colleague.id }));
      expect((await get("GET /api/vacations/balance/[id]", who.token, s.colleague.id)).json).toMatchObject({
        total: 23.5,
      });
      expect((await get("GET /api/employees/[id]/availability/[date]", who.token, s.colleague.id)).json).toMatchObject({
        weekly_hours: 33.5,
      });
      const dashboard = await get("GET /api/dashboard", who.token, 0);
      expect(dashboard.json.employee_weeks).toContainEqual(
        expect.objectContaining({ employee_id: s.colleague.id, weekly_hours: 33.5 }),
      );
      const week = await get("GET /api/schedule/week", who.token, 0);
      // 33.5 h less her two vacation days (§31.1).
      expect(week.json.targets).toContainEqual({ employee_id: s.colleague.id, target_hours: 20.1 });
    }
    const managerWarnings = await get("GET /api/schedule/warnings", s.manager.token, 0);
    expect(managerWarnings.json).toContainEqual(
      expect.objectContaining({ code: "unavailable", employee_id: s.colleague.id }),
    );
  });

  test("a linked user keeps their own data, findings spoken to them, and colleagues' names and shifts", async () => {
    const list = await get("GET /api/employees", s.linked.token, 0);
    expect(list.json).toContainEqual(expect.objectContaining({ id: s.own.id, weekly_hours: 30 }));
    expect(list.json).toContainEqual({ id: s.colleague.id, first_name: "Fatima", last_name: s.colleague.lastName });
    expect((await get("GET /api/vacations/balance/[id]", s.linked.token, s.own.id)).status).toBe(200);
    expect((await get("GET /api/employees/[id]/availability/[date]", s.linked.token, s.own.id)).json).toMatchObject({
      weekly_hours: 30,
    });

    const week = await get("GET /api/schedule/week", s.linked.token, 0);
    const shifts = week.json.shifts as unknown as { employee_id: number; employee_name: string }[];
    expect(shifts.filter((shift) => shift.employee_id === s.colleague.id)).toHaveLength(3);
    expect(week.json.warnings).toEqual([
      expect.objectContaining({
        code: "unavailable",
        shift_id: s.ownShift.id,
        message: "Du bist am 20.05.2026 nicht verfügbar (08:00–12:00)",
      }),
    ]);
    expect(week.json.unavailability).toEqual([expect.objectContaining({ employee_id: s.own.id })]);
    // Their own wishes only (§35.8).
    const wishes = await get("GET /api/wishes", s.linked.token, 0);
    expect(wishes.json).toEqual([
      expect.objectContaining({ employee_id: s.own.id, kind: "prefer_early", note: "Kita" }),
    ]);
    // Their own target of the week (30 h, no holiday, §31.1), nobody else's.
    expect(week.json.targets).toEqual([{ employee_id: s.own.id, target_hours: 30 }]);
    // Offers are the planners' to decide (docs/PRODUCT-RULES.md §35.7).
    expect(week.json.swaps).toEqual({ running: 0, marks: [] });
    const warnings = await get("GET /api/schedule/warnings", s.linked.token, 0);
    expect(warnings.json).toEqual(week.json.warnings);
    const dashboard = await get("GET /api/dashboard", s.linked.token, 0);
    expect(dashboard.json.employee_weeks).toEqual([
      expect.objectContaining({ employee_id: s.own.id, weekly_hours: 30 }),
    ]);
    // What waits for the planners is theirs: no count of colleagues' swaps (docs/PRODUCT-RULES.md §35.7).
    expect(dashboard.json.pending_swaps).toBe(0);
  });
});
