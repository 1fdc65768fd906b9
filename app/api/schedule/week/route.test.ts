import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import type { ScheduleWeekDto } from "@/lib/shared/api-types";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as week } from "./route";

const range = (start: string, end: string) => ({ path: `/api/schedule/week?start_date=${start}&end_date=${end}` });

describe("GET /api/schedule/week", () => {
  test("shifts, their findings, vacations and labour rules of the range in one answer", async () => {
    const { token } = await createUser("user");
    const e = await fx.employee({ firstName: "Deniz", lastName: "Şahin" });
    const l = await fx.location();
    const shift = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2038-11-30",
      start: "08:00",
      end: "18:00",
    });
    const vacation = await fx.vacation({ employeeId: e.id, start: "2038-12-01", end: "2038-12-03", days: 3 });
    await fx.vacation({ employeeId: e.id, start: "2038-12-13", end: "2038-12-14", days: 2 }); // next week

    const res = await call(week, { token, ...range("2038-11-29", "2038-12-05") });
    expect(res.status).toBe(200);
    const body = res.json as unknown as ScheduleWeekDto;
    expect(body.shifts.filter((s) => s.location_id === l.id)).toMatchObject([{ id: shift.id, hours: 10 }]);
    expect(body.warnings.filter((f) => f.shift_id === shift.id)).toMatchObject([{ code: "break" }]);
    expect(body.vacations.filter((v) => v.employee_id === e.id)).toMatchObject([{ id: vacation.id }]);
    expect(body.labour_rules).toBe("CH");
  });

  test("a new location in another region is in the next answer's holidays", async () => {
    const { token } = await createUser("user");
    const holidaysOn = async (date: string) =>
      ((await call(week, { token, ...range("2038-01-01", "2038-01-07") })).json as unknown as ScheduleWeekDto).holidays
        .filter((h) => h.date === date)
        .flatMap((h) => h.location_ids);
    await holidaysOn("2038-01-02"); // cached now
    const geneva = await db.location.create({ data: { name: "Genf", color: "#10B981", holidayRegion: "CH-GE" } });
    const bern = await db.location.create({ data: { name: "Bern", color: "#10B981", holidayRegion: "CH-BE" } });
    // Berchtoldstag (02.01.) is a public holiday in Bern, not in Geneva.
    const ids = await holidaysOn("2038-01-02");
    expect(ids).toContain(bern.id);
    expect(ids).not.toContain(geneva.id);
    await db.location.deleteMany({ where: { id: { in: [geneva.id, bern.id] } } });
  });
});
