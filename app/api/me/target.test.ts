// docs/PRODUCT-RULES.md §31.1 "One target everywhere" on "Meine Schichten": each week carries the week's target,
// less public holidays and approved vacation days, as the planner and the hours report count it.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Sets the company's holiday region: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_me_target");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { myScheduleSchema } = await import("@/lib/shared/schemas/my-schedule");
const { GET } = await import("./route");
const { POST: createVacation } = await import("@/app/api/vacations/route");

// Wednesday 13.05.2026 in Zurich: the weeks start on Monday 11.05. (Auffahrt on Thursday 14.05., Pfingstmontag
// on 25.05. in Kanton Zürich).
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-05-13T10:00:00Z"));
});
afterAll(() => vi.useRealTimers());

describe("GET /api/me: the week's target (docs/PRODUCT-RULES.md §31.1)", () => {
  test("a holiday week and a vacation week show the reduced target; the hourly paid none", async () => {
    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    const anna = await fx.employee({ weeklyHours: 20 });
    const { token } = await createUser("user", { employeeId: anna.id });
    const manager = await createUser("manager");
    // Monday and Tuesday 01.–02.06.2026 away: two days of 4 h.
    const vacation = await call(createVacation, {
      token: manager.token,
      body: { employee_id: anna.id, start_date: "2026-06-01", end_date: "2026-06-02" },
    });
    expect(vacation.status, vacation.text).toBe(201);

    const me = myScheduleSchema.parse((await call(GET, { token })).json);
    expect(me.weeks.slice(0, 5).map((week) => [week.week_start, week.target_hours])).toEqual([
      ["2026-05-11", 16],
      ["2026-05-18", 20],
      ["2026-05-25", 16],
      ["2026-06-01", 12],
      ["2026-06-08", 20],
    ]);

    const hourly = await fx.employee({ isHourly: true });
    const ben = await createUser("user", { employeeId: hourly.id });
    const his = myScheduleSchema.parse((await call(GET, { token: ben.token })).json);
    expect(his.weeks.every((week) => week.target_hours === null)).toBe(true);
  });
});
