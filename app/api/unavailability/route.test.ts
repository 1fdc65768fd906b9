import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import type { UnavailabilityDto } from "@/lib/shared/api-types";
import { unavailabilityDtoSchema } from "@/lib/shared/schemas/unavailability";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as dashboard } from "../dashboard/route";
import { GET as scheduleWeek } from "../schedule/week/route";
import { GET as warnings } from "../schedule/warnings/route";
import { POST as checkShift } from "../shifts/check/route";
import { GET, POST } from "./route";

type Finding = { code: string; shift_id: number; employee_id: number; message: string };

const entry = (employeeId: number, extra: Record<string, unknown> = {}) => ({
  employee_id: employeeId,
  start_date: "2038-03-05",
  end_date: "2038-03-05",
  ...extra,
});
const post = (token: string, body: unknown) => call(POST, { token, body, path: "/api/unavailability" });
const list = (token: string, query: string) => call(GET, { token, path: `/api/unavailability?${query}` });
const entries = (res: { json: unknown }) => res.json as UnavailabilityDto[];
const stored = (employeeId: number) => db.unavailability.count({ where: { employeeId } });

describe("POST /api/unavailability", () => {
  test("bad input: 400 with German fields, nothing stored", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    const archived = await fx.employee();
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const cases: [unknown, string, string][] = [
      [{ start_date: "2038-03-05", end_date: "2038-03-05" }, "employee_id", "Bitte wähle einen Mitarbeiter aus"],
      [entry(e.id, { end_date: "2038-03-04" }), "end_date", "Das Enddatum darf nicht vor dem Startdatum liegen"],
      [entry(e.id, { end_date: "2039-03-07" }), "end_date", "Höchstens ein Jahr auf einmal"],
      [entry(e.id, { start_date: "5.3.2038" }), "start_date", "Bitte gib ein gültiges Startdatum ein"],
      [entry(e.id, { start_time: "14:00" }), "end_time", "Bitte gib Beginn und Ende an, oder keines für ganze Tage"],
      [entry(e.id, { end_time: "14:00" }), "start_time", "Bitte gib Beginn und Ende an, oder keines für ganze Tage"],
      [entry(e.id, { start_time: "14:00", end_time: "14:00" }), "end_time", "Beginn und Ende dürfen nicht gleich sein"],
      [
        entry(e.id, { start_time: "25:00", end_time: "14:00" }),
        "start_time",
        "Bitte gib eine gültige Startzeit ein (HH:MM)",
      ],
      [entry(e.id, { note: "x".repeat(501) }), "note", "Höchstens 500 Zeichen"],
      [entry(archived.id), "employee_id", "Mitarbeiter nicht gefunden"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      expect((res.json.fields as Record<string, string>)[field], JSON.stringify(body)).toBe(message);
    }
    expect(await stored(e.id)).toBe(0);
    expect(await stored(archived.id)).toBe(0);
  });

  test("the database refuses what the schema refuses (checks of the migration)", async () => {
    const e = await fx.employee();
    const bad = [
      ["2038-03-05", "2038-03-04", null, null],
      ["2038-03-05", "2039-03-07", null, null],
      ["2038-03-05", "2038-03-05", "14:00", null],
      ["2038-03-05", "2038-03-05", "14:00", "14:00"],
    ] as const;
    for (const [start, end, from, to] of bad) {
      await expect(
        db.$executeRaw`INSERT INTO unavailabilities (employee_id, start_date, end_date, start_time, end_time)
          VALUES (${e.id}, ${start}::date, ${end}::date, ${from}::time, ${to}::time)`,
      ).rejects.toThrow();
    }
    expect(await stored(e.id)).toBe(0);
  });

  test("staff record their own (a window over midnight too); another employee or no link: 403", async () => {
    const own = await fx.employee();
    const other = await fx.employee();
    const { token, user } = await createUser("user", { employeeId: own.id });
    const res = await post(token, entry(own.id, { start_time: "22:00", end_time: "02:00", note: "  Kurs  " }));
    expect(res.status).toBe(201);
    expect(unavailabilityDtoSchema.parse(res.json)).toEqual({
      id: expect.any(Number),
      employee_id: own.id,
      start_date: "2038-03-05",
      end_date: "2038-03-05",
      // Every answer names its weekday since §35.8; null: every day of the range, as before.
      weekday: null,
      start_time: "22:00",
      end_time: "02:00",
      note: "Kurs",
    });
    const row = await db.unavailability.findUniqueOrThrow({ where: { id: res.json.id as number } });
    expect(row.createdBy).toBe(user.id);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "unavailability.create", entityId: res.json.id as number },
    });
    expect(audit).toMatchObject({ userId: user.id, entityType: "unavailability" });
    expect(audit.details).toMatchObject({ employee_id: own.id, start_time: "22:00", end_time: "02:00" });

    const forOther = await post(token, entry(other.id));
    expect(forOther.status).toBe(403);
    expect(forOther.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    const unlinked = await createUser("user");
    const noLink = await post(unlinked.token, entry(other.id));
    expect(noLink.status).toBe(403);
    expect(noLink.json.error).toBe("Dein Benutzer ist mit keinem Mitarbeiter verknüpft");
    expect(await stored(other.id)).toBe(0);
  });

  test("managers and admins record anyone's, without a linked employee", async () => {
    const e = await fx.employee();
    for (const role of ["manager", "admin"] as const) {
      const { token } = await createUser(role);
      expect((await post(token, entry(e.id))).status).toBe(201);
    }
    expect(await stored(e.id)).toBe(2);
  });
});

describe("GET /api/unavailability", () => {
  test("staff get only their own, also unasked; naming someone else is 403", async () => {
    const own = await fx.employee();
    const other = await fx.employee();
    const manager = await createUser("manager");
    // Before the range (March) and in it (April), for both.
    for (const id of [own.id, other.id]) {
      await post(manager.token, entry(id));
      await post(manager.token, entry(id, { start_date: "2038-04-06", end_date: "2038-04-07" }));
    }
    const { token } = await createUser("user", { employeeId: own.id });

    const mine = await list(token, "start_date=2038-04-01&end_date=2038-04-30");
    expect(mine.status).toBe(200);
    expect(entries(mine).map((u) => [u.employee_id, u.start_date])).toEqual([[own.id, "2038-04-06"]]);
    expect((await list(token, `start_date=2038-04-01&end_date=2038-04-30&employee_id=${own.id}`)).json).toEqual(
      mine.json,
    );
    const others = await list(token, `start_date=2038-04-01&end_date=2038-04-30&employee_id=${other.id}`);
    expect(others.status).toBe(403);
    expect(others.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    const bad = await list(token, "start_date=2038-04-30&end_date=2038-04-01");
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ end_date: "end_date darf nicht vor start_date liegen" });

    const all = await list(manager.token, "start_date=2038-04-07&end_date=2038-04-08");
    const employees = entries(all).map((u) => u.employee_id);
    expect(employees).toEqual(expect.arrayContaining([own.id, other.id]));
    const one = await list(manager.token, `start_date=2038-04-07&end_date=2038-04-08&employee_id=${other.id}`);
    expect(entries(one).map((u) => u.employee_id)).toEqual([other.id]);
  });
});

describe("the unavailable finding (docs/PRODUCT-RULES.md §24.4, §26.4)", () => {
  test("a timed window and a whole day: planners see it in warnings, week and check", async () => {
    const e = await fx.employee({ firstName: "Nora", lastName: "Keller" });
    const l = await fx.location();
    const manager = await createUser("manager");
    const staff = await createUser("user", { employeeId: e.id });
    // Tuesday 15:00–19:00 meets a window 14:00–18:00; Wednesday is a whole day; Thursday's shift ends at 14:00,
    // where the window starts (half-open: no finding); Friday 01:00–05:00 meets Thursday's 22:00–02:00.
    const tue = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2038-05-04",
      start: "15:00",
      end: "19:00",
    });
    const wed = await fx.shift({ employeeId: e.id, locationId: l.id, date: "2038-05-05" });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: "2038-05-06", start: "08:00", end: "14:00" });
    const fri = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2038-05-07",
      start: "01:00",
      end: "05:00",
    });
    const week = "start_date=2038-05-03&end_date=2038-05-09";
    const ofNora = (res: { json: unknown }) =>
      (res.json as { unavailability: UnavailabilityDto[] }).unavailability.filter((u) => u.employee_id === e.id);
    const before = await call(scheduleWeek, { token: manager.token, path: `/api/schedule/week?${week}` });
    expect(ofNora(before)).toEqual([]);

    const add = (body: Record<string, unknown>) => post(staff.token, { employee_id: e.id, ...body });
    expect(
      (await add({ start_date: "2038-05-04", end_date: "2038-05-04", start_time: "14:00", end_time: "18:00" })).status,
    ).toBe(201);
    expect((await add({ start_date: "2038-05-05", end_date: "2038-05-05" })).status).toBe(201);
    expect(
      (await add({ start_date: "2038-05-06", end_date: "2038-05-06", start_time: "14:00", end_time: "18:00" })).status,
    ).toBe(201);
    expect(
      (await add({ start_date: "2038-05-06", end_date: "2038-05-06", start_time: "22:00", end_time: "02:00" })).status,
    ).toBe(201);

    const res = await call(warnings, { token: manager.token, path: `/api/schedule/warnings?${week}` });
    const unavailable = (res.json as unknown as Finding[]).filter((f) => f.code === "unavailable");
    expect(unavailable.map((f) => [f.shift_id, f.message])).toEqual([
      [tue.id, "Nora Keller ist am 04.05.2038 nicht verfügbar (14:00–18:00)"],
      [wed.id, "Nora Keller ist am 05.05.2038 nicht verfügbar"],
      [fri.id, "Nora Keller ist am 06.05.2038 nicht verfügbar (22:00–02:00)"],
    ]);

    // The cached week moved with the writes (the schedule version trigger).
    const after = await call(scheduleWeek, { token: manager.token, path: `/api/schedule/week?${week}` });
    expect(ofNora(after)).toHaveLength(4);
    expect((after.json.warnings as Finding[]).filter((f) => f.code === "unavailable")).toEqual(unavailable);

    // A linked staff member sees their own, spoken to them, a colleague none of it (docs/PRODUCT-RULES.md §31.2).
    const staffWarnings = await call(warnings, { token: staff.token, path: `/api/schedule/warnings?${week}` });
    expect(
      (staffWarnings.json as unknown as Finding[]).filter((f) => f.code === "unavailable").map((f) => f.message),
    ).toEqual([
      "Du bist am 04.05.2038 nicht verfügbar (14:00–18:00)",
      "Du bist am 05.05.2038 nicht verfügbar",
      "Du bist am 06.05.2038 nicht verfügbar (22:00–02:00)",
    ]);
    const staffWeek = await call(scheduleWeek, { token: staff.token, path: `/api/schedule/week?${week}` });
    expect(ofNora(staffWeek)).toHaveLength(4);
    const colleague = await createUser("user", { employeeId: (await fx.employee()).id });
    const colleagueWarnings = await call(warnings, { token: colleague.token, path: `/api/schedule/warnings?${week}` });
    expect(colleagueWarnings.json).toEqual([]);
    const colleagueWeek = await call(scheduleWeek, { token: colleague.token, path: `/api/schedule/week?${week}` });
    expect(colleagueWeek.json.unavailability).toEqual([]);
    // The unlinked view-only user keeps the read access it had: the week without anyone's unavailability, and the
    // dashboard's count of findings leaves out the three the planners see.
    const reader = await createUser("user");
    const readerWeek = await call(scheduleWeek, { token: reader.token, path: `/api/schedule/week?${week}` });
    expect(readerWeek.json.unavailability).toEqual([]);
    const counts = async (token: string) =>
      (await call(dashboard, { token, path: "/api/dashboard?date=2038-05-04" })).json.findings as { warnings: number };
    const [plannerCount, readerCount] = await Promise.all([counts(manager.token), counts(reader.token)]);
    expect(plannerCount.warnings - readerCount.warnings).toBe(3);
    expect(await counts(colleague.token)).toEqual({ errors: 0, warnings: 0 });

    const check = await call(checkShift, {
      token: manager.token,
      path: "/api/shifts/check",
      body: { employee_id: e.id, location_id: l.id, shift_date: "2038-05-05", start_time: "06:00", end_time: "08:00" },
    });
    expect(check.status).toBe(200);
    expect(check.json).toContainEqual(
      expect.objectContaining({
        code: "unavailable",
        shift_id: 0,
        message: "Nora Keller ist am 05.05.2038 nicht verfügbar",
      }),
    );
  });
});
