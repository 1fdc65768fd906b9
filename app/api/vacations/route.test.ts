import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as balance } from "./balance/[id]/route";
import { GET as ofEmployee } from "./employee/[id]/route";
import { DELETE as remove, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

const manager = () => createUser("manager").then((u) => u.token);
const balanceOf = async (token: string, id: number, year: number) =>
  (await call(balance, { token, params: { id: String(id) }, path: `/api/vacations/balance/${id}?year=${year}` })).json;

describe("POST /api/vacations", () => {
  test("records a vacation: days_count = Monday-Friday days, status approved, names joined", async () => {
    const token = await manager();
    const e = await fx.employee({ firstName: "Łukasz", lastName: "Nowak" });
    const res = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2033-03-03", end_date: "2033-03-13", notes: "Skiferien" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      employee_id: e.id,
      first_name: "Łukasz",
      last_name: "Nowak",
      start_date: "2033-03-03",
      end_date: "2033-03-13",
      days_count: 7,
      status: "approved",
      notes: "Skiferien",
    });
    expect(await balanceOf(token, e.id, 2033)).toEqual({
      employee_id: e.id,
      year: 2033,
      total: 20,
      used: 7,
      pending: 0,
      remaining: 13,
    });
    expect(await db.auditLog.count({ where: { action: "vacation.create", entityId: res.json.id as number } })).toBe(1);
  });

  test("validation: employee required, end not before start; German messages", async () => {
    const token = await manager();
    const e = await fx.employee();
    const missing = await call(create, { token, body: { start_date: "2033-03-03", end_date: "2033-03-04" } });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      error: "Bitte wähle einen Mitarbeiter aus",
      fields: { employee_id: "Bitte wähle einen Mitarbeiter aus" },
    });
    const backwards = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2033-03-04", end_date: "2033-03-03" },
    });
    expect(backwards.json.fields).toEqual({ end_date: "Das Enddatum darf nicht vor dem Startdatum liegen" });
    const weekend = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2033-03-05", end_date: "2033-03-06" },
    });
    expect(weekend.status).toBe(400);
    expect(await db.vacation.count({ where: { employeeId: e.id } })).toBe(0);
  });

  test("not enough days left: 400 with required and available", async () => {
    const token = await manager();
    const e = await fx.employee({ vacationDaysTotal: 5 });
    await fx.vacation({ employeeId: e.id, start: "2033-01-10", end: "2033-01-12", days: 3 });
    const res = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2033-02-07", end_date: "2033-02-09" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: "Nicht genügend Ferientage",
      code: "insufficient_vacation_days",
      required: 3,
      available: 2,
    });
  });

  test("a vacation across New Year is charged to each year separately", async () => {
    const token = await manager();
    const e = await fx.employee({ vacationDaysTotal: 4 });
    // 2034-12-27 (Wed) .. 2035-01-05 (Fri): 3 days in 2034, 5 days in 2035 → 2035 lacks one day.
    const tooMuch = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2034-12-27", end_date: "2035-01-05" },
    });
    expect(tooMuch.json).toMatchObject({ code: "insufficient_vacation_days", required: 5, available: 4, year: 2035 });
    const fits = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2034-12-27", end_date: "2035-01-04" },
    });
    expect(fits.status).toBe(201);
    expect(fits.json.days_count).toBe(7);
    expect(await balanceOf(token, e.id, 2034)).toMatchObject({ used: 3, remaining: 1 });
    expect(await balanceOf(token, e.id, 2035)).toMatchObject({ used: 4, remaining: 0 });
  });

  test("overlapping vacations of one employee: 409", async () => {
    const token = await manager();
    const e = await fx.employee();
    await fx.vacation({ employeeId: e.id, start: "2033-05-02", end: "2033-05-06", days: 5 });
    const res = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2033-05-06", end_date: "2033-05-10" },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      error: "Überschneidet sich mit bestehenden Ferien (02.05.2033 – 06.05.2033)",
      code: "conflict",
    });
    // Another employee may be away at the same time.
    const other = await fx.employee();
    expect(
      (await call(create, { token, body: { employee_id: other.id, start_date: "2033-05-06", end_date: "2033-05-10" } }))
        .status,
    ).toBe(201);
  });

  test("50 parallel requests against a small balance: never below zero, exactly as many succeed as fit", async () => {
    const token = await manager();
    const e = await fx.employee({ vacationDaysTotal: 7 });
    // 50 different single weekdays in 2036, one day each: 7 fit.
    const days: string[] = [];
    for (let d = new Date("2036-01-05T00:00:00Z"); days.length < 50; d.setUTCDate(d.getUTCDate() + 1)) {
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
    }
    const results = await Promise.all(
      days.map((day) => call(create, { token, body: { employee_id: e.id, start_date: day, end_date: day } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(7);
    expect(results.filter((r) => r.status === 400 && r.json.code === "insufficient_vacation_days")).toHaveLength(43);
    expect(await balanceOf(token, e.id, 2036)).toMatchObject({ used: 7, remaining: 0 });
  });
});

describe("reading, changing and deleting vacations", () => {
  test("filters by employee and by overlap with a range; the employee's list; deleting returns the days", async () => {
    const token = await manager();
    const e = await fx.employee();
    const other = await fx.employee();
    const early = await fx.vacation({ employeeId: e.id, start: "2037-02-02", end: "2037-02-06", days: 5 });
    const late = await fx.vacation({ employeeId: e.id, start: "2037-07-06", end: "2037-07-10", days: 5 });
    await fx.vacation({ employeeId: other.id, start: "2037-02-03", end: "2037-02-03", days: 1 });

    const ids = (res: { json: unknown }) => (res.json as { id: number }[]).map((v) => v.id);
    expect(ids(await call(list, { token, path: `/api/vacations?employee_id=${e.id}` }))).toEqual([early.id, late.id]);
    expect(
      ids(
        await call(list, {
          token,
          path: `/api/vacations?employee_id=${e.id}&start_date=2037-02-06&end_date=2037-03-01`,
        }),
      ),
    ).toEqual([early.id]);
    expect(ids(await call(ofEmployee, { token, params: { id: String(e.id) } }))).toEqual([early.id, late.id]);

    expect(await balanceOf(token, e.id, 2037)).toMatchObject({ used: 10, remaining: 10 });
    expect((await call(remove, { token, method: "DELETE", params: { id: String(late.id) } })).status).toBe(200);
    expect(await balanceOf(token, e.id, 2037)).toMatchObject({ used: 5, remaining: 15 });
  });

  test("PUT replaces a vacation; its own days do not count against it", async () => {
    const token = await manager();
    const e = await fx.employee({ vacationDaysTotal: 5 });
    const v = await fx.vacation({ employeeId: e.id, start: "2038-03-01", end: "2038-03-05", days: 5 });
    const res = await call(update, {
      token,
      method: "PUT",
      params: { id: String(v.id) },
      body: { employee_id: e.id, start_date: "2038-03-02", end_date: "2038-03-05", notes: "kürzer" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ days_count: 4, notes: "kürzer" });
    expect(
      (
        await call(update, {
          token,
          method: "PUT",
          params: { id: "999999999" },
          body: { employee_id: e.id, start_date: "2038-03-02", end_date: "2038-03-05" },
        })
      ).status,
    ).toBe(404);
  });

  // Since §26.3 a user with a linked employee may request vacations (requests.test.ts); without a link: none.
  test("users without a linked employee may read but not write vacations", async () => {
    const { token } = await createUser("user");
    const e = await fx.employee();
    expect((await call(list, { token })).status).toBe(200);
    const res = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2033-03-03", end_date: "2033-03-03" },
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "Dein Benutzer ist mit keinem Mitarbeiter verknüpft", code: "forbidden" });
  });

  test("balance: 404 for unknown or archived employees, current year by default", async () => {
    const { token } = await createUser("user");
    expect((await call(balance, { token, params: { id: "999999999" } })).status).toBe(404);
    const e = await fx.employee();
    const res = await call(balance, { token, params: { id: String(e.id) } });
    expect(res.json).toMatchObject({ employee_id: e.id, total: 20, used: 0, remaining: 20, year: expect.any(Number) });
  });
});
