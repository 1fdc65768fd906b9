import { describe, expect, test } from "vitest";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { addDays } from "@/lib/shared/dates";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as list } from "../route";
import { GET as availability } from "./availability/[date]/route";
import { DELETE as remove, GET as getOne, PUT as update } from "./route";

const idParams = (id: number) => ({ params: { id: String(id) } });

describe("GET/PUT /api/employees/{id}", () => {
  test("reads one employee; changes only the fields sent", async () => {
    const { token } = await createUser("admin");
    const e = await fx.employee({ weeklyHours: 30, vacationDaysTotal: 25 });
    expect((await call(getOne, { token, ...idParams(e.id) })).json).toMatchObject({
      id: e.id,
      weekly_hours: 30,
      vacation_days_total: 25,
    });
    const res = await call(update, {
      token,
      ...idParams(e.id),
      method: "PUT",
      body: { weekly_hours: 20.5, is_hourly: true },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      weekly_hours: 20.5,
      is_hourly: true,
      vacation_days_total: 25,
      first_name: "Test",
    });
    expect(await db.auditLog.count({ where: { action: "employee.update", entityId: e.id } })).toBe(1);
  });

  test("the personnel number: set by admins, unique, shown to admins only (docs/PRODUCT-RULES.md §34.2)", async () => {
    const { token: admin } = await createUser("admin");
    const { token: manager } = await createUser("manager");
    const number = String(Date.now() % 100_000_000);
    const lea = await fx.employee({ firstName: "Lea" });
    const ben = await fx.employee({ firstName: "Ben" });
    const set = await call(update, {
      token: admin,
      ...idParams(lea.id),
      method: "PUT",
      body: { personnel_number: ` ${number} ` },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json.personnel_number).toBe(number);
    expect((await call(getOne, { token: admin, ...idParams(lea.id) })).json.personnel_number).toBe(number);
    // Managers and staff never see it, not even as a key.
    const seen = (await call(getOne, { token: manager, ...idParams(lea.id) })).json;
    expect(seen).not.toHaveProperty("personnel_number");
    const listed = (await call(list, { token: manager })).json as unknown as Record<string, unknown>[];
    expect(listed.every((row) => !("personnel_number" in row))).toBe(true);
    const { token: own } = await createUser("user", { employeeId: lea.id });
    expect((await call(getOne, { token: own, ...idParams(lea.id) })).json).not.toHaveProperty("personnel_number");
    // Unique: taken by Lea (also once she is archived), refused for Ben with her name; nothing changes.
    const taken = await call(update, {
      token: admin,
      ...idParams(ben.id),
      method: "PUT",
      body: { personnel_number: number },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe(`Die Personalnummer ${number} hat bereits Lea ${lea.lastName}.`);
    expect((await db.employee.findUniqueOrThrow({ where: { id: ben.id } })).personnelNumber).toBeNull();
    // Digits are compared as numbers: DATEV reads "0…" as the same person.
    const zeros = await call(update, {
      token: admin,
      ...idParams(ben.id),
      method: "PUT",
      body: { personnel_number: `00${number}` },
    });
    expect(zeros.status).toBe(409);
    expect(zeros.json.error).toBe(`Die Personalnummer 00${number} hat bereits Lea ${lea.lastName} (als ${number}).`);
    const bad = await call(update, {
      token: admin,
      ...idParams(ben.id),
      method: "PUT",
      body: { personnel_number: "12 34" },
    });
    expect(bad.status).toBe(400);
    // Empty removes it; managers may not set one.
    const cleared = await call(update, {
      token: admin,
      ...idParams(lea.id),
      method: "PUT",
      body: { personnel_number: "" },
    });
    expect(cleared.json.personnel_number).toBeNull();
    expect(
      (await call(update, { token: manager, ...idParams(ben.id), method: "PUT", body: { personnel_number: "7" } }))
        .status,
    ).toBe(403);
  });

  test("bad values: 400 with the field's German message, nothing changes", async () => {
    const { token } = await createUser("admin");
    const e = await fx.employee();
    const res = await call(update, {
      token,
      ...idParams(e.id),
      method: "PUT",
      body: { weekly_hours: -1, last_name: "" },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      weekly_hours: "Wochenstunden muss zwischen 0 und 168 liegen",
      last_name: "Bitte gib einen Nachnamen ein",
    });
    expect((await db.employee.findUniqueOrThrow({ where: { id: e.id } })).weeklyHours.toNumber()).toBe(40);
  });

  test("managers may read but not change employees", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    expect((await call(getOne, { token, ...idParams(e.id) })).status).toBe(200);
    expect((await call(update, { token, ...idParams(e.id), method: "PUT", body: { weekly_hours: 10 } })).status).toBe(
      403,
    );
    expect((await call(remove, { token, ...idParams(e.id), method: "DELETE" })).status).toBe(403);
  });
});

describe("DELETE /api/employees/{id} archives (docs/PRODUCT-RULES.md §8)", () => {
  test(
    "future shifts become unassigned, past ones stay assigned; " +
      "future vacations go, a running one ends yesterday; the id answers 404",
    async () => {
      const { token } = await createUser("admin");
      const e = await fx.employee();
      const l = await fx.location();
      const today = businessToday();
      const past = await fx.shift({ employeeId: e.id, locationId: l.id, date: addDays(today, -3) });
      const todays = await fx.shift({ employeeId: e.id, locationId: l.id, date: today });
      const future = await fx.shift({ employeeId: e.id, locationId: l.id, date: addDays(today, 10) });
      const pastVacation = await fx.vacation({
        employeeId: e.id,
        start: addDays(today, -40),
        end: addDays(today, -38),
        days: 3,
      });
      const running = await fx.vacation({
        employeeId: e.id,
        start: addDays(today, -2),
        end: addDays(today, 2),
        days: 3,
      });
      const futureVacation = await fx.vacation({
        employeeId: e.id,
        start: addDays(today, 20),
        end: addDays(today, 21),
        days: 2,
      });

      const res = await call(remove, { token, ...idParams(e.id), method: "DELETE" });
      expect(res.status).toBe(200);

      const shifts = await db.shift.findMany({
        where: { id: { in: [past.id, todays.id, future.id] } },
        orderBy: { shiftDate: "asc" },
      });
      expect(shifts.map((s) => s.employeeId)).toEqual([e.id, null, null]);
      expect(await db.vacation.findUnique({ where: { id: pastVacation.id } })).not.toBeNull();
      expect(await db.vacation.findUnique({ where: { id: futureVacation.id } })).toBeNull();
      const shortened = await db.vacation.findUniqueOrThrow({ where: { id: running.id } });
      expect(shortened.endDate.toISOString().slice(0, 10)).toBe(addDays(today, -1));

      expect((await call(getOne, { token, ...idParams(e.id) })).status).toBe(404);
      expect((await call(update, { token, ...idParams(e.id), method: "PUT", body: { weekly_hours: 1 } })).status).toBe(
        404,
      );
      expect((await call(remove, { token, ...idParams(e.id), method: "DELETE" })).status).toBe(404);
      const listed = (await call(list, { token })).json as unknown as { id: number }[];
      expect(listed.some((x) => x.id === e.id)).toBe(false);
      expect(await db.auditLog.count({ where: { action: "employee.archive", entityId: e.id } })).toBe(1);
    },
  );
});

describe("GET /api/employees/{id}/availability/{date}", () => {
  test(
    "the Monday-Sunday week of the date: scheduled hours (overnight shifts included), " +
      "remaining, status, vacation dates",
    async () => {
      const { token } = await createUser("user");
      const e = await fx.employee({ weeklyHours: 16 });
      const l = await fx.location();
      // Monday, 8 h
      await fx.shift({ employeeId: e.id, locationId: l.id, date: "2030-03-04", start: "22:00", end: "06:00" });
      // Sunday, 10 h
      await fx.shift({ employeeId: e.id, locationId: l.id, date: "2030-03-10", start: "09:00", end: "19:00" });
      // next week
      await fx.shift({ employeeId: e.id, locationId: l.id, date: "2030-03-11", start: "09:00", end: "17:00" });
      await fx.vacation({ employeeId: e.id, start: "2030-03-06", end: "2030-03-07", days: 2 });

      const res = await call(availability, { token, params: { id: String(e.id), date: "2030-03-08" } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        employee_id: e.id,
        week_start: "2030-03-04",
        week_end: "2030-03-10",
        weekly_hours: 16,
        is_hourly: false,
        // Two vacation days take the target to 16 / 5 × 3 = 9.6 h (docs/PRODUCT-RULES.md §31.1).
        target_hours: 9.6,
        scheduled_hours: 18,
        remaining_hours: -8.4,
        status: "overbooked",
        vacation_dates: ["2030-03-06", "2030-03-07"],
      });
      expect((res.json.shifts as unknown as { shift_date: string }[]).map((s) => s.shift_date)).toEqual([
        "2030-03-04",
        "2030-03-10",
      ]);
    },
  );

  test("hourly employees are always free with no remaining hours; bad dates are 404", async () => {
    const { token } = await createUser("user");
    const e = await fx.employee({ isHourly: true });
    const res = await call(availability, { token, params: { id: String(e.id), date: "2030-03-08" } });
    expect(res.json).toMatchObject({ remaining_hours: null, status: "free", scheduled_hours: 0 });
    expect((await call(availability, { token, params: { id: String(e.id), date: "2030-02-30" } })).status).toBe(404);
  });
});
