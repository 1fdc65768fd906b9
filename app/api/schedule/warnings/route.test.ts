import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// One test changes the company settings, which every test file reads: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_schedule_warnings");
vi.resetModules();
const { db, sqlStatements } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { GET: warnings } = await import("./route");

type Finding = { code: string; severity: string; shift_id: number; employee_id: number; message: string };

const range = (start: string, end: string) => ({ path: `/api/schedule/warnings?start_date=${start}&end_date=${end}` });

describe("GET /api/schedule/warnings", () => {
  test("the findings of the range, with rest time and week totals right at its edges, in ≤ 2 statements", async () => {
    const { token } = await createUser("user");
    const e = await fx.employee({ firstName: "Lena", lastName: "Huber", weeklyHours: 20 });
    const l = await fx.location();
    // Sunday evening of the week before, then Monday 06:00: 7 h of rest across the week boundary.
    const sunday = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2037-01-04",
      start: "17:00",
      end: "23:00",
    });
    const monday = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2037-01-05",
      start: "06:00",
      end: "11:00",
    });
    for (const date of ["2037-01-06", "2037-01-07", "2037-01-08", "2037-01-09"])
      await fx.shift({ employeeId: e.id, locationId: l.id, date, start: "14:00", end: "19:00" });
    await fx.shift({ locationId: l.id, date: "2037-01-06" }); // open: never a finding

    const before = sqlStatements.count;
    const res = await call(warnings, { token, ...range("2037-01-05", "2037-01-11") });
    const statements = sqlStatements.count - before;
    expect(res.status).toBe(200);
    const mine = (res.json as unknown as Finding[]).filter((f) => f.employee_id === e.id);
    expect(mine.map((f) => f.code).sort()).toEqual(["overbooked", "rest_time"]);
    expect(mine.find((f) => f.code === "rest_time")).toMatchObject({ shift_id: monday.id, severity: "warning" });
    expect(mine.every((f) => f.shift_id !== sunday.id)).toBe(true);
    expect(statements).toBeLessThanOrEqual(2);
  });

  test("the answer follows everything the rules read: vacations, settings, contracts", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee({ weeklyHours: 40 });
    const l = await fx.location();
    const shift = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2037-02-03",
      start: "08:00",
      end: "13:00",
    });
    const codes = async () => {
      const res = await call(warnings, { token, ...range("2037-02-02", "2037-02-08") });
      return (res.json as unknown as Finding[]).filter((f) => f.shift_id === shift.id).map((f) => f.code);
    };
    expect(await codes()).toEqual([]);
    await codes(); // cached now

    // Changes made beside this process (another instance, psql) must show in the next answer.
    await db.$executeRaw`UPDATE employees SET weekly_hours = 4 WHERE id = ${e.id}`;
    expect(await codes()).toEqual(["overbooked"]);
    await db.$executeRaw`UPDATE employees SET is_hourly = true WHERE id = ${e.id}`;
    expect(await codes()).toEqual([]);
    await db.$executeRaw`UPDATE company_settings SET weekly_max_hours = 4 WHERE id = 1`;
    expect(await codes()).toEqual(["weekly_max"]);
    await db.$executeRaw`UPDATE company_settings SET weekly_max_hours = 50 WHERE id = 1`;
    expect(await codes()).toEqual([]);
    const vacation = await fx.vacation({ employeeId: e.id, start: "2037-02-03", end: "2037-02-03", days: 1 });
    expect(await codes()).toEqual(["vacation"]);
    await db.vacation.delete({ where: { id: vacation.id } });
    expect(await codes()).toEqual([]);
  });

  test("start_date and end_date are required; at most 366 days", async () => {
    const { token } = await createUser("user");
    expect((await call(warnings, { token, path: "/api/schedule/warnings" })).status).toBe(400);
    expect((await call(warnings, { token, ...range("2030-01-01", "2032-01-05") })).status).toBe(400);
  });
});
