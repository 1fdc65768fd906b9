// Absences credit the target like vacation days (docs/PRODUCT-RULES.md §32.2, §31.1 "One target everywhere"):
// readTargets (planner, /me, dashboard, availability, auto-fill) and the hours report agree.
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { readTargets } from "@/lib/server/hours/read-targets";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as availabilityOf } from "../employees/[id]/availability/[date]/route";
import { GET as hoursReport } from "../reports/hours/route";
import { POST as create } from "./route";

const MONDAY = "2035-01-08";
const SUNDAY = "2035-01-14";

describe("absences credit the target", () => {
  test("a 40 h week: 2 sick days → 24 h (16 credited); unpaid 40; 2.5 h training 37.5; Saturday hours 40", async () => {
    const { token } = await createUser("manager");
    const sick = await fx.employee({ weeklyHours: 40 });
    const unpaid = await fx.employee({ weeklyHours: 40 });
    const training = await fx.employee({ weeklyHours: 40 });
    const saturday = await fx.employee({ weeklyHours: 40 });
    const hourly = await fx.employee({ isHourly: true });
    const record = async (body: Record<string, unknown>) => {
      const res = await call(create, { token, body });
      expect(res.status, res.text).toBe(201);
    };
    await record({ employee_id: sick.id, type: "krank", start_date: "2035-01-09", end_date: "2035-01-10" });
    await record({ employee_id: unpaid.id, type: "unbezahlt", start_date: "2035-01-09", end_date: "2035-01-10" });
    await record({ employee_id: training.id, type: "weiterbildung", start_date: "2035-01-08", hours: 2.5 });
    await record({ employee_id: saturday.id, type: "kompensation", start_date: "2035-01-13", hours: 4 });
    await record({ employee_id: hourly.id, type: "krank", start_date: "2035-01-09" });

    const people = [sick, unpaid, training, saturday, hourly];
    const targets = await readTargets(db, { startDate: MONDAY, endDate: SUNDAY, employeeIds: people.map((e) => e.id) });
    const of = (e: (typeof people)[number]) =>
      targets.of({ id: e.id, is_hourly: e.isHourly, weekly_hours: e.weeklyHours.toNumber() });
    expect(people.map(of)).toEqual([24, 40, 37.5, 40, null]);
    // One day of the week: Tuesday is credited whole for the sick one.
    const tuesday = { startDate: "2035-01-09", endDate: "2035-01-09" };
    expect(targets.of({ id: sick.id, is_hourly: false, weekly_hours: 40 }, tuesday)).toBe(0);

    // The planner's availability reads the same target.
    const avail = await call(availabilityOf, {
      token,
      params: { id: String(sick.id), date: MONDAY },
      path: `/api/employees/${sick.id}/availability/${MONDAY}`,
    });
    expect(avail.json).toMatchObject({ target_hours: 24, remaining_hours: 24 });

    // The hours report: the same targets, and the hours absences credited.
    const report = await call(hoursReport, {
      token,
      path: `/api/reports/hours?start_date=${MONDAY}&end_date=${SUNDAY}`,
    });
    expect(report.status).toBe(200);
    const rows = (report.json as unknown as { employees: Record<string, unknown>[] }).employees;
    const rowOf = (id: number) => rows.find((row) => row.employee_id === id)!;
    expect(people.map((e) => [rowOf(e.id).target_hours, rowOf(e.id).absence_hours])).toEqual([
      [24, 16],
      [40, 0],
      [37.5, 2.5],
      [40, 0],
      [null, null],
    ]);
  });
});
