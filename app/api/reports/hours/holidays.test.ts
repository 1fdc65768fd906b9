import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Sets the company's holiday region, which every test file reads: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_hours_holidays");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { GET: hours } = await import("./route");
const { POST: createVacation } = await import("../../vacations/route");

// May 2026 in Zurich: 21 Monday-Friday days; public holidays on them: Tag der Arbeit (Fri 01.05.),
// Auffahrt (Thu 14.05.), Pfingstmontag (Mon 25.05.). 18 working days.
const MAY = "/api/reports/hours?start_date=2026-05-01&end_date=2026-05-31";

describe("hours report and public holidays (docs/PRODUCT-RULES.md §22)", () => {
  test("target = weekly hours / 5 × (working days − holidays − vacation days)", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee({ weeklyHours: 40 });
    const target = async () =>
      (
        (await call(hours, { token, path: `${MAY}&employee_id=${e.id}` })).json.employees as unknown as {
          target_hours: number;
          vacation_days: number;
        }[]
      )[0];

    expect(await target()).toMatchObject({ target_hours: 8 * 21, vacation_days: 0 });

    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    expect(await target()).toMatchObject({ target_hours: 8 * 18, vacation_days: 0 });

    // Mon 11. – Fri 15.05.: Auffahrt is not charged, 4 vacation days.
    const res = await call(createVacation, {
      token,
      body: { employee_id: e.id, start_date: "2026-05-11", end_date: "2026-05-15" },
    });
    expect(res.json.days_count).toBe(4);
    expect(await target()).toMatchObject({ target_hours: 8 * (18 - 4), vacation_days: 4 });
  });
});
