import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { timesheetSchema } from "@/lib/shared/schemas/timesheet";
import * as dashboardRoute from "@/app/api/dashboard/route";
import * as clockRoute from "@/app/api/me/clock/route";
import { dashboardDtoSchema } from "@/lib/shared/schemas/dashboard";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET } from "./route";

/** Planned vs. worked (docs/PRODUCT-RULES.md §32.3). Europe/Zurich: UTC+1 in winter, UTC+2 in summer. */

type Entry = {
  employeeId: number;
  locationId: number;
  start: string;
  end: string | null;
  date: string;
  shiftId?: number;
  breaks?: [string, string][];
  status?: "recorded" | "void" | "running";
};

function entry({ employeeId, locationId, start, end, date, shiftId, breaks = [], status }: Entry) {
  return db.timeEntry.create({
    data: {
      employeeId,
      locationId,
      shiftId: shiftId ?? null,
      date: toDateColumn(date),
      startAt: new Date(start),
      endAt: end === null ? null : new Date(end),
      source: "app",
      status: status ?? (end === null ? "running" : "recorded"),
      breaks: { create: breaks.map(([from, to]) => ({ startAt: new Date(from), endAt: new Date(to) })) },
    },
  });
}

async function sheet(token: string, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const res = await call(GET, { token, path: `/api/timesheets?${params}` });
  return res;
}

async function setting() {
  const employee = await fx.employee({ firstName: "Lea" });
  const location = await fx.location();
  const { token } = await createUser("manager");
  return { employee, location, token };
}

const dayOf = (body: unknown, date: string) => {
  const parsed = timesheetSchema.parse(body);
  return parsed.employees[0].days.find((day) => day.date === date);
};

describe("GET /api/timesheets: planned vs. worked per employee and day", () => {
  test("the flags: on plan, start and end off, no stamp, unplanned; difference and totals", async () => {
    const { employee, location, token } = await setting();
    const id = employee.id;
    const at = { employeeId: id, locationId: location.id };
    // Monday 09.03.2026: on plan (08:00–16:00 local, 30 min break): 450 worked, 480 planned.
    const monday = await fx.shift({ ...at, date: "2026-03-09", start: "08:00", end: "16:00" });
    await entry({
      ...at,
      date: "2026-03-09",
      shiftId: monday.id,
      start: "2026-03-09T07:05:00Z",
      end: "2026-03-09T15:00:00Z",
      breaks: [["2026-03-09T11:00:00Z", "2026-03-09T11:25:00Z"]],
    });
    // Tuesday: 20 min late, 30 min early, and not linked: matched by overlapping the shift.
    await fx.shift({ ...at, date: "2026-03-10", start: "08:00", end: "16:00" });
    await entry({ ...at, date: "2026-03-10", start: "2026-03-10T07:20:00Z", end: "2026-03-10T14:30:00Z" });
    // Wednesday: planned, never stamped.
    const wednesday = await fx.shift({ ...at, date: "2026-03-11", start: "08:00", end: "12:00" });
    // Thursday: work without a planned shift; and a void entry that counts no more.
    await entry({ ...at, date: "2026-03-12", start: "2026-03-12T08:00:00Z", end: "2026-03-12T10:00:00Z" });
    await entry({
      ...at,
      date: "2026-03-12",
      start: "2026-03-12T11:00:00Z",
      end: "2026-03-12T12:00:00Z",
      status: "void",
    });

    const res = await sheet(token, { start_date: "2026-03-09", end_date: "2026-03-15", employee_id: id });
    expect(res.status, res.text).toBe(200);
    const body = timesheetSchema.parse(res.json);
    expect(body.employees).toHaveLength(1);
    const [person] = body.employees;
    expect(person.employee_name).toBe(`Lea ${employee.lastName}`);
    const day = (date: string) => person.days.find((d) => d.date === date)!;

    expect(day("2026-03-09")).toMatchObject({ planned_minutes: 480, worked_minutes: 450, difference_minutes: -30 });
    expect(day("2026-03-09").flags).toEqual([]);
    expect(day("2026-03-09").entries[0]).toMatchObject({ break_minutes: 25, worked_minutes: 450, source: "app" });

    expect(day("2026-03-10").flags).toEqual([
      {
        code: "start_off",
        label: "Beginn 20 min später als geplant",
        shift_id: expect.any(Number),
        entry_id: expect.any(Number),
      },
      {
        code: "end_off",
        label: "Ende 30 min früher als geplant",
        shift_id: expect.any(Number),
        entry_id: expect.any(Number),
      },
    ]);
    expect(day("2026-03-10").difference_minutes).toBe(-50);

    expect(day("2026-03-11")).toMatchObject({ planned_minutes: 240, worked_minutes: 0, difference_minutes: -240 });
    expect(day("2026-03-11").flags).toEqual([
      { code: "missing_stamp", label: "Nicht gestempelt", shift_id: wednesday.id, entry_id: null },
    ]);

    const thursday = day("2026-03-12");
    expect(thursday).toMatchObject({ planned_minutes: 0, worked_minutes: 120, difference_minutes: 120 });
    expect(thursday.entries.map((e) => e.status)).toEqual(["recorded", "void"]);
    expect(thursday.flags).toEqual([
      { code: "unplanned", label: "Ohne geplante Schicht", shift_id: null, entry_id: thursday.entries[0].id },
    ]);

    expect(person.totals).toEqual({ planned_minutes: 1200, worked_minutes: 1000, difference_minutes: -200 });
    expect(person.months).toEqual([expect.objectContaining({ employee_id: id, month: "2026-03", approved: false })]);
  });

  test("the planning rules on the worked times, with the planner's texts: a short break, too little rest", async () => {
    const { employee, location, token } = await setting();
    const at = { employeeId: employee.id, locationId: location.id };
    const name = `Lea ${employee.lastName}`;
    // 8.5 h without a break (CH: 30 min from 7 h), planned as a short shift that had its break.
    await entry({ ...at, date: "2026-02-02", start: "2026-02-02T07:00:00Z", end: "2026-02-02T15:30:00Z" });
    // 14:00–23:00 and the next day from 06:00: 7 h of rest (at least 11 h).
    await entry({
      ...at,
      date: "2026-02-03",
      start: "2026-02-03T13:00:00Z",
      end: "2026-02-03T22:00:00Z",
      breaks: [["2026-02-03T17:00:00Z", "2026-02-03T17:30:00Z"]],
    });
    await entry({ ...at, date: "2026-02-04", start: "2026-02-04T05:00:00Z", end: "2026-02-04T09:00:00Z" });
    const res = await sheet(token, { start_date: "2026-02-01", end_date: "2026-02-28", employee_id: employee.id });
    expect(res.status, res.text).toBe(200);
    expect(dayOf(res.json, "2026-02-02")!.findings).toEqual([
      {
        code: "break",
        severity: "warning",
        message: `Die Pause von ${name} am 02.02.2026 (08:00–16:30) ist 0 min, nötig sind mindestens 30 min`,
        entry_id: expect.any(Number),
      },
    ]);
    expect(dayOf(res.json, "2026-02-04")!.findings).toEqual([
      expect.objectContaining({
        code: "rest_time",
        message: expect.stringMatching(
          /^Lea .* hat nach der Schicht am 03\.02\.2026 bis 23:00 \(.*\) nur 7\.0 h Ruhezeit bis 06:00/,
        ),
      }),
    ]);
  });

  test("an entry of 24 h or more is checked on its real length, not folded into one day's clock times", async () => {
    const { employee, location, token } = await setting();
    const at = { employeeId: employee.id, locationId: location.id };
    // A forgotten stamp ended the next day: 08:00 on 09.02. to 10:00 on 10.02. (26 h; the clock says 08:00–10:00).
    await entry({ ...at, date: "2026-02-09", start: "2026-02-09T07:00:00Z", end: "2026-02-10T09:00:00Z" });
    const res = await sheet(token, { start_date: "2026-02-01", end_date: "2026-02-28", employee_id: employee.id });
    expect(res.status, res.text).toBe(200);
    const codes = (date: string) => dayOf(res.json, date)?.findings.map((finding) => finding.code) ?? [];
    expect(codes("2026-02-09")).toEqual(expect.arrayContaining(["break", "daily_max"]));
    expect(dayOf(res.json, "2026-02-09")!.worked_minutes).toBe(26 * 60);
  });

  test("the nights the clocks change (29.03. and 25.10.2026) show no false difference and no flag", async () => {
    const { employee, location, token } = await setting();
    const at = { employeeId: employee.id, locationId: location.id };
    // 22:00–06:00 over the night into summer time: 7 real hours; stamped 21:00Z–04:00Z.
    const march = await fx.shift({ ...at, date: "2026-03-28", start: "22:00", end: "06:00" });
    await entry({
      ...at,
      date: "2026-03-28",
      shiftId: march.id,
      start: "2026-03-28T21:00:00Z",
      end: "2026-03-29T04:00:00Z",
    });
    // Over the night back to winter time: 9 real hours; stamped 20:00Z–05:00Z.
    const october = await fx.shift({ ...at, date: "2026-10-24", start: "22:00", end: "06:00" });
    await entry({
      ...at,
      date: "2026-10-24",
      shiftId: october.id,
      start: "2026-10-24T20:00:00Z",
      end: "2026-10-25T05:00:00Z",
    });

    const spring = await sheet(token, { start_date: "2026-03-23", end_date: "2026-03-29", employee_id: employee.id });
    expect(dayOf(spring.json, "2026-03-28")).toMatchObject({
      planned_minutes: 420,
      worked_minutes: 420,
      difference_minutes: 0,
      flags: [],
    });
    const autumn = await sheet(token, { start_date: "2026-10-19", end_date: "2026-10-25", employee_id: employee.id });
    expect(dayOf(autumn.json, "2026-10-24")).toMatchObject({
      planned_minutes: 540,
      worked_minutes: 540,
      difference_minutes: 0,
      flags: [],
    });
  });

  test("a running entry over 14 h is a forgotten clock-out, on the timesheet and the managers' dashboard", async () => {
    const { employee, location, token } = await setting();
    const start = new Date(Date.now() - 15 * 3_600_000);
    const running = await entry({
      employeeId: employee.id,
      locationId: location.id,
      date: start.toLocaleDateString("sv-SE", { timeZone: "Europe/Zurich" }),
      start: start.toISOString(),
      end: null,
    });
    const date = running.date.toISOString().slice(0, 10);
    const res = await sheet(token, { start_date: date, end_date: date, employee_id: employee.id });
    expect(dayOf(res.json, date)!.flags).toContainEqual({
      code: "forgotten_clock_out",
      label: "Ausstempeln vergessen?",
      shift_id: null,
      entry_id: running.id,
    });

    const dashboard = await call(dashboardRoute.GET, { token, path: "/api/dashboard" });
    const parsed = dashboardDtoSchema.parse(dashboard.json);
    expect(parsed.clocked_in).toBeGreaterThanOrEqual(1);
    expect(parsed.forgotten_clock_outs).toContainEqual({
      entry_id: running.id,
      employee_id: employee.id,
      employee_name: `Lea ${employee.lastName}`,
      since: start.toISOString(),
    });
    // Staff learn nothing of who is stamped in.
    const { token: staff } = await createUser("user", { employeeId: (await fx.employee()).id });
    const own = dashboardDtoSchema.parse(
      (await call(dashboardRoute.GET, { token: staff, path: "/api/dashboard" })).json,
    );
    expect([own.clocked_in, own.forgotten_clock_outs]).toEqual([0, []]);
  });

  test("4 h past the stamped shift's end: forgotten on /me, the timesheet and the dashboard alike", async () => {
    const { employee, location, token } = await setting();
    // Stamped in 9 h ago against a shift that ended 5 h ago; the shift was handed on to Tom since.
    const zone = "Europe/Zurich";
    const start = new Date(Date.now() - 9 * 3_600_000);
    const shiftEnd = new Date(Date.now() - 5 * 3_600_000);
    const clockOf = (at: Date) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
        at,
      );
    const date = start.toLocaleDateString("sv-SE", { timeZone: zone });
    const tom = await fx.employee({ firstName: "Tom" });
    const shift = await fx.shift({
      employeeId: tom.id,
      locationId: location.id,
      date,
      start: clockOf(start),
      end: clockOf(shiftEnd),
    });
    const running = await entry({
      employeeId: employee.id,
      locationId: location.id,
      date,
      shiftId: shift.id,
      start: start.toISOString(),
      end: null,
    });
    const res = await sheet(token, { start_date: date, end_date: date, employee_id: employee.id });
    expect(dayOf(res.json, date)!.flags).toContainEqual(
      expect.objectContaining({ code: "forgotten_clock_out", entry_id: running.id, shift_id: shift.id }),
    );
    const dashboard = dashboardDtoSchema.parse(
      (await call(dashboardRoute.GET, { token, path: "/api/dashboard" })).json,
    );
    expect(dashboard.forgotten_clock_outs.map((item) => item.entry_id)).toContain(running.id);
    const lea = await createUser("user", { employeeId: employee.id });
    const me = await call(clockRoute.GET, { token: lea.token, path: "/api/me/clock" });
    expect(me.json).toMatchObject({ state: "in", forgotten: true });
  });

  test("which employees: a shift or an entry in the range, at the location when given; absences per day", async () => {
    const { employee, location, token } = await setting();
    const other = await fx.location();
    const elsewhere = await fx.employee();
    const range = { start_date: "2025-06-02", end_date: "2025-06-08" };
    await entry({
      employeeId: employee.id,
      locationId: location.id,
      date: "2025-06-02",
      start: "2025-06-02T06:00:00Z",
      end: "2025-06-02T10:00:00Z",
    });
    await fx.shift({ employeeId: elsewhere.id, locationId: other.id, date: "2025-06-03" });
    await db.absence.create({
      data: {
        employeeId: employee.id,
        type: "weiterbildung",
        startDate: toDateColumn("2025-06-04"),
        endDate: toDateColumn("2025-06-04"),
        hours: 2.5,
      },
    });

    const here = timesheetSchema.parse((await sheet(token, { ...range, location_id: location.id })).json);
    expect(here.employees.map((e) => e.employee_id)).toEqual([employee.id]);
    expect(here.employees[0].days.find((d) => d.date === "2025-06-04")!.absences).toEqual([
      { id: expect.any(Number), type: "weiterbildung", hours: 2.5 },
    ]);
    const there = timesheetSchema.parse((await sheet(token, { ...range, location_id: other.id })).json);
    expect(there.employees.map((e) => e.employee_id)).toEqual([elsewhere.id]);
    const all = timesheetSchema.parse((await sheet(token, range)).json);
    expect(all.employees.map((e) => e.employee_id)).toEqual(expect.arrayContaining([employee.id, elsewhere.id]));
  });

  test("one entry through two shifts in a row stamps both; a recorded absence explains a missing stamp", async () => {
    const { employee, location, token } = await setting();
    const at = { employeeId: employee.id, locationId: location.id };
    // Monday 04.05.2026 (UTC+2): 08–12 and 12–16 planned, stamped once 08:00–16:00 against the first.
    const first = await fx.shift({ ...at, date: "2026-05-04", start: "08:00", end: "12:00" });
    await fx.shift({ ...at, date: "2026-05-04", start: "12:00", end: "16:00" });
    await entry({
      ...at,
      date: "2026-05-04",
      shiftId: first.id,
      start: "2026-05-04T06:00:00Z",
      end: "2026-05-04T14:00:00Z",
    });
    // Tuesday planned, but sick for two hours of it; Wednesday planned and sick all day; Thursday nothing recorded.
    for (const date of ["2026-05-05", "2026-05-06", "2026-05-07"])
      await fx.shift({ ...at, date, start: "08:00", end: "12:00" });
    await db.absence.create({
      data: {
        employeeId: employee.id,
        type: "krank",
        startDate: toDateColumn("2026-05-05"),
        endDate: toDateColumn("2026-05-05"),
        hours: 2,
      },
    });
    await db.absence.create({
      data: {
        employeeId: employee.id,
        type: "militaer",
        startDate: toDateColumn("2026-05-06"),
        endDate: toDateColumn("2026-05-06"),
      },
    });
    const res = await sheet(token, { start_date: "2026-05-04", end_date: "2026-05-07", employee_id: employee.id });
    expect(res.status, res.text).toBe(200);
    const flags = (date: string) => dayOf(res.json, date)!.flags.map((flag) => flag.code);
    expect(flags("2026-05-04")).toEqual([]);
    expect(dayOf(res.json, "2026-05-04")).toMatchObject({ planned_minutes: 480, worked_minutes: 480 });
    expect(flags("2026-05-05")).toEqual([]);
    expect(flags("2026-05-06")).toEqual([]);
    expect(flags("2026-05-07")).toEqual(["missing_stamp"]);
  });

  test("two entries against two shifts in a row are compared each with its own shift, even across the handover", async () => {
    const { employee, location, token } = await setting();
    const at = { employeeId: employee.id, locationId: location.id, date: "2026-05-11" };
    // Monday 11.05.2026 (UTC+2): 08–12 and 12–16 planned; stamped 08:00–12:30 and 13:00–16:00.
    const morning = await fx.shift({ ...at, start: "08:00", end: "12:00" });
    const afternoon = await fx.shift({ ...at, start: "12:00", end: "16:00" });
    const late = await entry({
      ...at,
      shiftId: morning.id,
      start: "2026-05-11T06:00:00Z",
      end: "2026-05-11T10:30:00Z",
    });
    const after = await entry({ ...at, start: "2026-05-11T11:00:00Z", end: "2026-05-11T14:00:00Z" });
    const res = await sheet(token, { start_date: "2026-05-11", end_date: "2026-05-11", employee_id: employee.id });
    expect(res.status, res.text).toBe(200);
    expect(dayOf(res.json, "2026-05-11")!.flags).toEqual([
      expect.objectContaining({
        code: "end_off",
        shift_id: morning.id,
        entry_id: late.id,
        label: "Ende 30 min später als geplant",
      }),
      expect.objectContaining({
        code: "start_off",
        shift_id: afternoon.id,
        entry_id: after.id,
        label: "Beginn 60 min später als geplant",
      }),
    ]);
  });

  test("an employee who does not exist is a 404; an archived one is answered, here without a day", async () => {
    const { token } = await setting();
    const range = { start_date: "2026-05-04", end_date: "2026-05-10" };
    const unknown = await sheet(token, { ...range, employee_id: 2_000_000_000 });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: "Mitarbeiter nicht gefunden", code: "not_found" });
    const archived = await fx.employee();
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const empty = await sheet(token, { ...range, employee_id: archived.id });
    expect(empty.status).toBe(200);
    const [person] = timesheetSchema.parse(empty.json).employees;
    expect(person).toMatchObject({ employee_id: archived.id, days: [] });
    expect(person.totals).toEqual({ planned_minutes: 0, worked_minutes: 0, difference_minutes: 0 });
  });

  test("a range of at most 42 days, in order; staff are refused", async () => {
    const { token } = await setting();
    const long = await sheet(token, { start_date: "2026-01-01", end_date: "2026-02-12" });
    expect(long.status).toBe(400);
    expect(long.json.fields).toEqual({ end_date: "Der Zeitraum darf höchstens 42 Tage umfassen" });
    expect((await sheet(token, { start_date: "2026-01-01", end_date: "2026-02-11" })).status).toBe(200);
    expect((await sheet(token, { start_date: "2026-01-02", end_date: "2026-01-01" })).status).toBe(400);
    const { token: staff } = await createUser("user", { employeeId: (await fx.employee()).id });
    expect((await sheet(staff, { start_date: "2026-01-01", end_date: "2026-01-31" })).status).toBe(403);
  });
});
