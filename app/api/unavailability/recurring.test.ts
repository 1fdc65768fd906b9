// Weekly unavailability (docs/PRODUCT-RULES.md §35.8): "jeden Montag bis 12:00 ab …", with or without an end, read
// by the rules' one reader for every window, so the warnings, the week and the check find it on its weekday only.
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import type { UnavailabilityDto } from "@/lib/shared/api-types";
import { unavailabilityDtoSchema } from "@/lib/shared/schemas/unavailability";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as scheduleWeek } from "../schedule/week/route";
import { GET as warnings } from "../schedule/warnings/route";
import { POST as checkShift } from "../shifts/check/route";
import { PUT } from "./[id]/route";
import { GET, POST } from "./route";

type Finding = { code: string; shift_id: number; message: string };

const post = (token: string, body: unknown) => call(POST, { token, body, path: "/api/unavailability" });
const list = (token: string, query: string) => call(GET, { token, path: `/api/unavailability?${query}` });

// 2039-03-07 is a Monday.
const weeklyMonday = (employeeId: number, extra: Record<string, unknown> = {}) => ({
  employee_id: employeeId,
  start_date: "2039-03-07",
  weekday: 1,
  start_time: "00:00",
  end_time: "12:00",
  ...extra,
});

describe("weekly unavailability: the entry", () => {
  test("staff record 'jeden Montag bis 12:00' without an end; it answers its weekday and no end date", async () => {
    const own = await fx.employee();
    const { token } = await createUser("user", { employeeId: own.id });
    const res = await post(token, weeklyMonday(own.id, { note: "Schule" }));
    expect(res.status, res.text).toBe(201);
    expect(unavailabilityDtoSchema.parse(res.json)).toEqual({
      id: expect.any(Number),
      employee_id: own.id,
      start_date: "2039-03-07",
      end_date: null,
      weekday: 1,
      start_time: "00:00",
      end_time: "12:00",
      note: "Schule",
    });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "unavailability.create", entityId: res.json.id as number },
    });
    expect(audit.details).toMatchObject({ weekday: 1, end_date: null, start_time: "00:00" });

    // Listed for a range that holds one of its Mondays, years later too; not for a range of other days only.
    const ids = async (query: string) => ((await list(token, query)).json as UnavailabilityDto[]).map((u) => u.id);
    expect(await ids("start_date=2041-06-03&end_date=2041-06-09")).toEqual([res.json.id]);
    expect(await ids("start_date=2041-06-04&end_date=2041-06-09")).toEqual([]);
    expect(await ids("start_date=2039-02-27&end_date=2039-03-06")).toEqual([]);
  });

  test("bad input: weekday out of range, a daily entry without an end, an end before the start", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    const cases: [unknown, string, string][] = [
      [weeklyMonday(e.id, { weekday: 8 }), "weekday", "Bitte wähle einen Wochentag (1 = Montag … 7 = Sonntag)"],
      [weeklyMonday(e.id, { weekday: "Mo" }), "weekday", "Bitte wähle einen Wochentag (1 = Montag … 7 = Sonntag)"],
      [weeklyMonday(e.id, { weekday: null }), "end_date", "Bitte gib ein gültiges Enddatum ein"],
      [weeklyMonday(e.id, { end_date: "2039-03-06" }), "end_date", "Das Enddatum darf nicht vor dem Startdatum liegen"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json.fields as Record<string, string>)[field], JSON.stringify(body)).toBe(message);
    }
    // A weekly entry may run longer than a year: its days are read only for the window asked.
    expect((await post(token, weeklyMonday(e.id, { end_date: "2041-03-04" }))).status).toBe(201);
    // The table refuses the same: a weekday 0, an open end without a weekday, a daily entry over a year.
    const bad = [
      [0, "2039-03-10"],
      [null, null],
      [null, "2041-03-04"],
    ] as const;
    for (const [weekday, end] of bad)
      await expect(
        db.$executeRaw`INSERT INTO unavailabilities (employee_id, start_date, end_date, weekday)
          VALUES (${e.id}, '2039-03-07'::date, ${end}::date, ${weekday}::smallint)`,
      ).rejects.toThrow();
  });

  test("PUT makes a daily entry weekly and back; the planner names another person's entry", async () => {
    const manager = await createUser("manager");
    const e = await fx.employee();
    const created = await post(manager.token, { employee_id: e.id, start_date: "2039-03-07", end_date: "2039-03-07" });
    const id = String(created.json.id);
    const weekly = await call(PUT, { token: manager.token, params: { id }, body: weeklyMonday(e.id), method: "PUT" });
    expect(weekly.status, weekly.text).toBe(200);
    expect(weekly.json).toMatchObject({ weekday: 1, end_date: null });
    const daily = await call(PUT, {
      token: manager.token,
      params: { id },
      method: "PUT",
      body: { employee_id: e.id, start_date: "2039-03-07", end_date: "2039-03-08" },
    });
    expect(daily.json).toMatchObject({ weekday: null, end_date: "2039-03-08" });
  });
});

describe("weekly unavailability: the unavailable finding (docs/PRODUCT-RULES.md §24.4, §35.8)", () => {
  test("only on its weekday, from its first day on, far ahead, and within the window before its end", async () => {
    const e = await fx.employee({ firstName: "Lina", lastName: "Wyss" });
    const l = await fx.location();
    const manager = await createUser("manager");
    const staff = await createUser("user", { employeeId: e.id });
    expect((await post(staff.token, weeklyMonday(e.id, { end_date: "2039-12-31" }))).status).toBe(201);

    // A week in October 2039: Monday morning meets it, Monday afternoon and Tuesday morning do not.
    const monMorning = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2039-10-03",
      start: "08:00",
      end: "11:00",
    });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: "2039-10-03", start: "12:00", end: "16:00" });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: "2039-10-04", start: "08:00", end: "11:00" });
    // The Monday before its first day, and a Monday after its end: nothing.
    await fx.shift({ employeeId: e.id, locationId: l.id, date: "2039-02-28", start: "08:00", end: "11:00" });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: "2040-01-02", start: "08:00", end: "11:00" });

    const found = async (query: string) =>
      (
        (await call(warnings, { token: manager.token, path: `/api/schedule/warnings?${query}` }))
          .json as unknown as Finding[]
      )
        .filter((f) => f.code === "unavailable")
        .map((f) => [f.shift_id, f.message]);
    expect(await found("start_date=2039-10-03&end_date=2039-10-09")).toEqual([
      [monMorning.id, "Lina Wyss ist am 03.10.2039 nicht verfügbar (00:00–12:00)"],
    ]);
    expect(await found("start_date=2039-02-27&end_date=2039-03-05")).toEqual([]);
    expect(await found("start_date=2040-01-02&end_date=2040-01-08")).toEqual([]);

    // The week lists it for the planner; the staff member reads it spoken to them.
    const week = await call(scheduleWeek, {
      token: manager.token,
      path: "/api/schedule/week?start_date=2039-10-03&end_date=2039-10-09",
    });
    expect((week.json.unavailability as UnavailabilityDto[]).filter((u) => u.employee_id === e.id)).toEqual([
      expect.objectContaining({ weekday: 1, start_date: "2039-03-07" }),
    ]);
    const own = await call(warnings, {
      token: staff.token,
      path: "/api/schedule/warnings?start_date=2039-10-03&end_date=2039-10-09",
    });
    expect((own.json as unknown as Finding[]).map((f) => f.message)).toContain(
      "Du bist am 03.10.2039 nicht verfügbar (00:00–12:00)",
    );

    // The dialog's check finds it on a Monday of the open weeks, not on a Sunday.
    const check = async (date: string) =>
      (
        (
          await call(checkShift, {
            token: manager.token,
            path: "/api/shifts/check",
            body: { employee_id: e.id, location_id: l.id, shift_date: date, start_time: "09:00", end_time: "10:00" },
          })
        ).json as unknown as Finding[]
      ).some((f) => f.code === "unavailable");
    expect(await check("2039-11-14")).toBe(true);
    expect(await check("2039-11-13")).toBe(false);
  });

  test("a window over midnight on Sunday reaches into Monday morning", async () => {
    const e = await fx.employee();
    const l = await fx.location();
    const manager = await createUser("manager");
    const body = { employee_id: e.id, start_date: "2039-03-06", weekday: 7, start_time: "22:00", end_time: "06:00" };
    expect((await post(manager.token, body)).status).toBe(201);
    const monday = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2039-05-09",
      start: "05:00",
      end: "09:00",
    });
    const res = await call(warnings, {
      token: manager.token,
      path: "/api/schedule/warnings?start_date=2039-05-09&end_date=2039-05-09",
    });
    expect((res.json as unknown as Finding[]).filter((f) => f.code === "unavailable").map((f) => f.shift_id)).toEqual([
      monday.id,
    ]);
  });
});
