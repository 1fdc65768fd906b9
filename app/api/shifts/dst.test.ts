import { beforeEach, describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as hoursReport } from "../reports/hours/route";
import { GET as scheduleWeek } from "../schedule/week/route";
import { POST as apply } from "../week-templates/[id]/apply/route";
import { PUT as update } from "./[id]/route";
import { POST as bulk } from "./bulk/route";
import { POST as copyWeek } from "./copy-week/route";
import { POST as create } from "./route";

// The DST nights of 2083 in Europe/Zurich (the tests' APP_TIMEZONE), a year no other test plans in: clocks go
// forward on Sunday 28.03.2083 at 02:00 and back on Sunday 31.10.2083 at 03:00 (docs/PRODUCT-RULES.md §32.5).
const MARCH_SATURDAY = "2083-03-27";
const MARCH_SUNDAY = "2083-03-28";
const OCTOBER_SATURDAY = "2083-10-30";
const OCTOBER_SUNDAY = "2083-10-31";
const ORDINARY_SATURDAY = "2083-04-03";

let token: string;
beforeEach(async () => {
  token = (await createUser("manager")).token;
});

const night = (employeeId: number | null, locationId: number, shift_date: string, times = ["22:00", "06:00"]) => ({
  employee_id: employeeId,
  location_id: locationId,
  shift_date,
  start_time: times[0],
  end_time: times[1],
  break_minutes: 0,
});

describe("planned hours on the DST nights", () => {
  test("a night shift is 7 h in March, 9 h in October, 8 h otherwise; the shift, week and report agree", async () => {
    const e = await fx.employee({ firstName: "Nora", lastName: "Nacht", isHourly: true });
    const l = await fx.location();
    const hours: Record<string, number> = {};
    for (const date of [MARCH_SATURDAY, ORDINARY_SATURDAY, OCTOBER_SATURDAY]) {
      const res = await call(create, { token, body: night(e.id, l.id, date) });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      hours[date] = Number(res.json.hours);
    }
    expect(hours).toEqual({ [MARCH_SATURDAY]: 7, [ORDINARY_SATURDAY]: 8, [OCTOBER_SATURDAY]: 9 });

    const week = await call(scheduleWeek, {
      token,
      path: `/api/schedule/week?start_date=2083-03-22&end_date=2083-03-28`,
    });
    expect(week.status).toBe(200);
    const shifts = (week.json.shifts as { employee_id: number; hours: number }[]).filter(
      (s: { employee_id: number }) => s.employee_id === e.id,
    );
    expect(shifts.map((s: { hours: number }) => s.hours)).toEqual([7]);

    const report = await call(hoursReport, {
      token,
      path: `/api/reports/hours?start_date=2083-03-01&end_date=2083-10-31&employee_id=${e.id}`,
    });
    expect(report.status).toBe(200);
    const [row] = report.json.employees as { scheduled_hours: number }[];
    expect(row.scheduled_hours).toBe(24);
  });

  test("the repeated October hour is read as its first occurrence, as the rules do: 02:30–03:30 is 2 h", async () => {
    const e = await fx.employee({ isHourly: true });
    const l = await fx.location();
    const res = await call(create, { token, body: night(e.id, l.id, OCTOBER_SUNDAY, ["02:30", "03:30"]) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.hours).toBe(2);
  });
});

describe("the hour the clocks skip in March is refused", () => {
  test("a start or an end at 02:xx on the March Sunday: 400 naming the day, nothing written", async () => {
    const e = await fx.employee();
    const l = await fx.location();
    const start = await call(create, { token, body: night(e.id, l.id, MARCH_SUNDAY, ["02:30", "08:00"]) });
    expect(start.status).toBe(400);
    expect(start.json.fields).toEqual({ start_time: "Am 28.03.2083 gibt es 02:30 nicht (Zeitumstellung)" });
    const end = await call(create, { token, body: night(e.id, l.id, MARCH_SATURDAY, ["20:00", "02:15"]) });
    expect(end.status).toBe(400);
    expect(end.json.fields).toEqual({ end_time: "Am 28.03.2083 gibt es 02:15 nicht (Zeitumstellung)" });
    expect(await db.shift.count({ where: { employeeId: e.id } })).toBe(0);

    // 03:00 exists (it follows 01:59), and so does 02:30 on the October Sunday.
    const after = await call(create, { token, body: night(e.id, l.id, MARCH_SUNDAY, ["03:00", "08:00"]) });
    expect(after.status).toBe(201);
    expect(after.json.hours).toBe(5);
    const edited = await call(update, {
      token,
      params: { id: String(after.json.id) },
      body: night(e.id, l.id, MARCH_SUNDAY, ["02:00", "08:00"]),
    });
    expect(edited.status).toBe(400);
    expect(edited.json.fields).toEqual({ start_time: "Am 28.03.2083 gibt es 02:00 nicht (Zeitumstellung)" });
  });

  test("moving or copying a selection onto the March Sunday at 02:30 is refused, nothing changes", async () => {
    const l = await fx.location();
    const early = await call(create, {
      token,
      body: { ...night(null, l.id, "2083-03-21", ["02:30", "06:00"]) },
    });
    expect(early.status).toBe(201);
    const id = Number(early.json.id);
    const moved = await call(bulk, { token, body: { action: "move", shift_ids: [id], days: 7 } });
    expect(moved.status).toBe(400);
    expect(moved.json.fields).toEqual({ days: "Am 28.03.2083 gibt es 02:30 nicht (Zeitumstellung)" });
    const copied = await call(bulk, { token, body: { action: "copy", shift_ids: [id], to_dates: [MARCH_SUNDAY] } });
    expect(copied.status).toBe(400);
    expect(copied.json.fields).toEqual({ to_dates: "Am 28.03.2083 gibt es 02:30 nicht (Zeitumstellung)" });
    const kept = await db.shift.findUniqueOrThrow({ where: { id } });
    expect(kept.shiftDate).toEqual(toDateColumn("2083-03-21"));
    expect(await db.shift.count({ where: { locationId: l.id } })).toBe(1);
  });

  test("a break as long as the real night is refused, though shorter than the clock's", async () => {
    const e = await fx.employee();
    const l = await fx.location();
    const res = await call(create, {
      token,
      body: { ...night(e.id, l.id, MARCH_SATURDAY, ["23:00", "03:00"]), break_minutes: 180 },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ break_minutes: "Die Pause muss kürzer als die Schicht sein" });
  });

  test("copying a week or applying a template onto the March Sunday at 02:30 is refused whole", async () => {
    const l = await fx.location();
    // The Sunday a week before the change, 02:30: copied a week on it does not exist.
    await db.shift.create({
      data: {
        locationId: l.id,
        shiftDate: toDateColumn("2083-03-21"),
        startTime: toTimeColumn("02:30"),
        endTime: toTimeColumn("06:00"),
      },
    });
    const copied = await call(copyWeek, {
      token,
      body: { from_start_date: "2083-03-15", to_start_date: "2083-03-22", with_employees: false },
    });
    expect(copied.status).toBe(400);
    expect(copied.json.fields).toEqual({ to_start_date: "Am 28.03.2083 gibt es 02:30 nicht (Zeitumstellung)" });

    const template = await db.weekTemplate.create({
      data: {
        name: "Nachtbäckerei",
        shifts: {
          create: [
            { dayOfWeek: 0, locationId: l.id, startTime: toTimeColumn("02:30"), endTime: toTimeColumn("06:00") },
          ],
        },
      },
    });
    const applied = await call(apply, {
      token: (await createUser("admin")).token,
      params: { id: String(template.id) },
      body: { start_date: "2083-03-22" },
    });
    expect(applied.status).toBe(400);
    expect(applied.json.fields).toEqual({ start_date: "Am 28.03.2083 gibt es 02:30 nicht (Zeitumstellung)" });
    expect(await db.shift.count({ where: { shiftDate: toDateColumn(MARCH_SUNDAY), locationId: l.id } })).toBe(0);
  });
});
