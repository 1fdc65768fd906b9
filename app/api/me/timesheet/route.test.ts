import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { timesheetSchema } from "@/lib/shared/schemas/timesheet";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET } from "./route";

/** GET /api/me/timesheet (docs/PRODUCT-RULES.md §32.7): the caller's own month, as managers see it on /time. */

const month = (token: string, query: string) => call(GET, { token, path: `/api/me/timesheet?${query}` });

describe("GET /api/me/timesheet", () => {
  test("the own month planned vs. worked per day, with totals; a colleague's days are not in it", async () => {
    const [mine, colleague] = [await fx.employee(), await fx.employee()];
    const location = await fx.location();
    const { token } = await createUser("user", { employeeId: mine.id });
    // Tuesday 03.11.2026 (UTC+1): 08–12 planned, worked 08:00–12:30; a colleague's shift the same day.
    await fx.shift({ employeeId: mine.id, locationId: location.id, date: "2026-11-03", start: "08:00", end: "12:00" });
    await fx.shift({ employeeId: colleague.id, locationId: location.id, date: "2026-11-03" });
    await db.timeEntry.create({
      data: {
        employeeId: mine.id,
        locationId: location.id,
        date: toDateColumn("2026-11-03"),
        startAt: new Date("2026-11-03T07:00:00Z"),
        endAt: new Date("2026-11-03T11:30:00Z"),
        source: "app",
        status: "recorded",
      },
    });
    const res = await month(token, "month=2026-11");
    expect(res.status, res.text).toBe(200);
    const sheet = timesheetSchema.parse(res.json);
    expect(sheet).toMatchObject({ start_date: "2026-11-01", end_date: "2026-11-30" });
    expect(sheet.employees.map((employee) => employee.employee_id)).toEqual([mine.id]);
    const day = sheet.employees[0].days.find((d) => d.date === "2026-11-03")!;
    expect(day).toMatchObject({ planned_minutes: 240, worked_minutes: 270, difference_minutes: 30 });
    expect(day.flags.map((flag) => flag.code)).toEqual(["end_off"]);
    // A month without a shift or an entry of theirs: the caller without a day, the month open.
    const empty = timesheetSchema.parse((await month(token, "month=2026-01")).json);
    expect(empty.employees).toMatchObject([{ employee_id: mine.id, days: [], months: [{ approved: false }] }]);
  });

  test("a bad month is a German 400; a user linked to no employee gets 403", async () => {
    const employee = await fx.employee();
    const { token } = await createUser("user", { employeeId: employee.id });
    const bad = await month(token, "month=2026-13");
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "validation_failed", fields: { month: expect.any(String) } });
    const unlinked = await createUser("manager");
    expect((await month(unlinked.token, "month=2026-11")).status).toBe(403);
  });
});
