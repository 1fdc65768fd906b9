import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as create } from "../route";
import { PUT as update } from "./route";

// docs/PRODUCT-RULES.md §25: recording a vacation leaves nothing planned on its days.
describe("a vacation opens the employee's shifts in its range", () => {
  test("POST: shifts in the range become open, others stay; opened_shifts and audit say which", async () => {
    const { token } = await createUser("manager");
    const deniz = await fx.employee({ firstName: "Deniz", lastName: "Şahin" });
    const other = await fx.employee();
    const l = await fx.location();
    const inRange = [
      await fx.shift({ employeeId: deniz.id, locationId: l.id, date: "2034-11-30" }),
      await fx.shift({ employeeId: deniz.id, locationId: l.id, date: "2034-12-04", start: "22:00", end: "06:00" }),
    ];
    const before = await fx.shift({ employeeId: deniz.id, locationId: l.id, date: "2034-11-29" });
    const after = await fx.shift({ employeeId: deniz.id, locationId: l.id, date: "2034-12-05" });
    const colleague = await fx.shift({ employeeId: other.id, locationId: l.id, date: "2034-12-01" });

    const res = await call(create, {
      token,
      body: { employee_id: deniz.id, start_date: "2034-11-30", end_date: "2034-12-04" },
    });
    expect(res.status).toBe(201);
    expect(res.json.opened_shifts).toBe(2);

    const employeeOf = async (id: number) => (await db.shift.findUniqueOrThrow({ where: { id } })).employeeId;
    for (const shift of inRange) expect(await employeeOf(shift.id)).toBeNull();
    expect(await employeeOf(before.id)).toBe(deniz.id);
    expect(await employeeOf(after.id)).toBe(deniz.id);
    expect(await employeeOf(colleague.id)).toBe(other.id);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "vacation.create", entityId: res.json.id as number },
    });
    expect(audit.details).toMatchObject({
      opened_shift_ids: inRange.map((shift) => shift.id),
      // Named as they were, for the history (docs/PRODUCT-RULES.md §31.6).
      opened_shifts: [
        { shift_date: "2034-11-30", location_name: l.name, start_time: "09:00", end_time: "17:00" },
        { shift_date: "2034-12-04", location_name: l.name, start_time: "22:00", end_time: "06:00" },
      ],
    });
  });

  test("PUT to a wider range opens the shifts on the added days; none left: 0", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    const l = await fx.location();
    const created = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2034-06-05", end_date: "2034-06-06" },
    });
    expect(created.json.opened_shifts).toBe(0);
    const added = await fx.shift({ employeeId: e.id, locationId: l.id, date: "2034-06-08" });
    const params = { id: String(created.json.id) };
    const wider = { employee_id: e.id, start_date: "2034-06-05", end_date: "2034-06-09" };
    const res = await call(update, { token, params, method: "PUT", body: wider });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ end_date: "2034-06-09", opened_shifts: 1 });
    expect((await db.shift.findUniqueOrThrow({ where: { id: added.id } })).employeeId).toBeNull();
  });

  test("a refused vacation changes no shift", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee({ vacationDaysTotal: 1 });
    const l = await fx.location();
    const shift = await fx.shift({ employeeId: e.id, locationId: l.id, date: "2034-09-05" });
    const res = await call(create, {
      token,
      body: { employee_id: e.id, start_date: "2034-09-04", end_date: "2034-09-08" },
    });
    expect(res.status).toBe(400);
    expect((await db.shift.findUniqueOrThrow({ where: { id: shift.id } })).employeeId).toBe(e.id);
  });
});
