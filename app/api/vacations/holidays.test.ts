import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// docs/PRODUCT-RULES.md §22: public holidays of the company's region are not charged. Sets the
// region, which every test file reads: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_vacation_holidays");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { POST: create } = await import("./route");
const { PUT: update } = await import("./[id]/route");
const { GET: balance } = await import("./balance/[id]/route");
const { DELETE: archiveEmployee } = await import("../employees/[id]/route");
const { PUT: putSettings } = await import("../settings/route");

const region = (holidayRegion: string | null) =>
  db.companySettings.update({ where: { id: 1 }, data: { holidayRegion } });
const balanceOf = async (token: string, id: number, year: number) =>
  (await call(balance, { token, params: { id: String(id) }, path: `/api/vacations/balance/${id}?year=${year}` })).json;
const daysOf = async (vacationId: number) =>
  (await db.vacationDay.findMany({ where: { vacationId }, orderBy: { day: "asc" } })).map((row) =>
    row.day.toISOString().slice(0, 10),
  );

// Mon 28.12.2026 – Fri 08.01.2027: ten Monday-Friday days, four in 2026 and six in 2027.
// Zurich: Neujahr (Fri 01.01.) is a public holiday; Berchtoldstag (Sat 02.01.) is none there
// and falls on a Saturday anyway; Stephanstag (Sat 26.12.) is outside. 10 − 1 = 9: 4 + 5.
// Geneva: also the Restauration (Thu 31.12.): 10 − 2 = 8: 3 + 5.
const SPAN = { start_date: "2026-12-28", end_date: "2027-01-08" };

describe("vacations and public holidays", () => {
  test("Zurich: days_count leaves out Neujahr; each year charged separately; one row per day", async () => {
    const { token } = await createUser("manager");
    await region("CH-ZH");
    const e = await fx.employee({ vacationDaysTotal: 20 });
    const res = await call(create, { token, body: { employee_id: e.id, ...SPAN } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ days_count: 9 });
    expect(await daysOf(res.json.id as number)).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-04",
      "2027-01-05",
      "2027-01-06",
      "2027-01-07",
      "2027-01-08",
    ]);
    expect(await balanceOf(token, e.id, 2026)).toMatchObject({ used: 4, remaining: 16 });
    expect(await balanceOf(token, e.id, 2027)).toMatchObject({ used: 5, remaining: 15 });
  });

  test("a vacation keeps its days when the region changes; later ones use the new region", async () => {
    const { token } = await createUser("admin");
    await region("CH-ZH");
    const anna = await fx.employee({ vacationDaysTotal: 20 });
    const before = await call(create, { token, body: { employee_id: anna.id, ...SPAN } });
    expect(before.json.days_count).toBe(9);

    expect((await call(putSettings, { method: "PUT", token, body: { holiday_region: "CH-GE" } })).status).toBe(200);
    const ben = await fx.employee({ vacationDaysTotal: 20 });
    const after = await call(create, { token, body: { employee_id: ben.id, ...SPAN } });
    expect(after.json.days_count).toBe(8);
    expect(await balanceOf(token, ben.id, 2026)).toMatchObject({ used: 3 });
    expect(await balanceOf(token, ben.id, 2027)).toMatchObject({ used: 5 });

    // Anna's vacation still counts what it was charged: 9 days, 4 of them in 2026.
    const kept = await db.vacation.findUniqueOrThrow({ where: { id: before.json.id as number } });
    expect(kept.daysCount).toBe(9);
    expect(await balanceOf(token, anna.id, 2026)).toMatchObject({ used: 4, remaining: 16 });

    // Changing her vacation writes it anew, with today's region.
    const id = String(before.json.id);
    const changed = await call(update, {
      token,
      method: "PUT",
      params: { id },
      body: { employee_id: anna.id, ...SPAN },
    });
    expect(changed.json.days_count).toBe(8);
    expect(await balanceOf(token, anna.id, 2026)).toMatchObject({ used: 3, remaining: 17 });
  });

  test("the balance check counts each year's charged days; holidays and weekends only: 400", async () => {
    const { token } = await createUser("manager");
    await region("CH-ZH");
    const e = await fx.employee({ vacationDaysTotal: 4 });
    // 2026: 4 days of 4; 2027: 5 days of 4.
    const res = await call(create, { token, body: { employee_id: e.id, ...SPAN } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "insufficient_vacation_days", required: 5, available: 4, year: 2027 });
    // Fri 01.01.2027 (Neujahr) to Sun 03.01.2027: no day to charge.
    const none = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2027-01-01", end_date: "2027-01-03" },
    });
    expect(none.status).toBe(400);
    expect(none.json.fields).toEqual({ end_date: "Der Zeitraum enthält keine Arbeitstage" });
    expect(await db.vacation.count({ where: { employeeId: e.id } })).toBe(0);
  });

  test("archiving an employee shortens a running vacation to the days charged up to yesterday", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Wednesday 06.01.2027 in Zurich.
      vi.setSystemTime(new Date("2027-01-06T10:00:00Z"));
      const { token } = await createUser("admin");
      await region("CH-ZH");
      const e = await fx.employee({ vacationDaysTotal: 20 });
      const res = await call(create, { token, body: { employee_id: e.id, ...SPAN } });
      expect((await call(archiveEmployee, { token, method: "DELETE", params: { id: String(e.id) } })).status).toBe(200);
      // Up to Tue 05.01.: 28.–31.12. and 04.–05.01.
      const vacation = await db.vacation.findUniqueOrThrow({ where: { id: res.json.id as number } });
      expect(vacation.daysCount).toBe(6);
      expect(await daysOf(vacation.id)).toEqual([
        "2026-12-28",
        "2026-12-29",
        "2026-12-30",
        "2026-12-31",
        "2027-01-04",
        "2027-01-05",
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
