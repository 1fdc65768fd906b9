import { describe, expect, test } from "vitest";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { addDays } from "@/lib/shared/dates";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { DELETE as remove } from "../route";
import { GET as impact } from "./route";

const idParams = (id: number) => ({ params: { id: String(id) } });

describe("GET /api/employees/{id}/deletion-impact (docs/PRODUCT-RULES.md §29.4)", () => {
  test("counts open shifts, deleted and cut vacations, linked accounts: what the archive then does", async () => {
    const { token } = await createUser("admin");
    const e = await fx.employee();
    const other = await fx.employee();
    const l = await fx.location();
    const today = businessToday();
    await fx.shift({ employeeId: e.id, locationId: l.id, date: addDays(today, -1) });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: today });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: addDays(today, 30) });
    await fx.shift({ employeeId: other.id, locationId: l.id, date: addDays(today, 2) });
    await fx.vacation({ employeeId: e.id, start: addDays(today, -2), end: addDays(today, 2), days: 3 });
    await fx.vacation({ employeeId: e.id, start: addDays(today, 40), end: addDays(today, 41), days: 2 });
    await createUser("user", { employeeId: e.id });

    const res = await call(impact, { token, ...idParams(e.id) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ future_shifts: 2, future_vacations: 1, running_vacations: 1, linked_users: 1 });
    expect(await db.auditLog.count({ where: { entityType: "employee", entityId: e.id } })).toBe(0);

    expect((await call(remove, { token, ...idParams(e.id), method: "DELETE" })).status).toBe(200);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "employee.archive", entityId: e.id } });
    expect(audit.details).toMatchObject({
      shifts_unassigned: 2,
      vacations_deleted: 1,
      vacations_shortened: 1,
      users_unlinked: 1,
    });
  });

  test("nothing planned: zeros", async () => {
    const { token } = await createUser("admin");
    const e = await fx.employee();
    expect((await call(impact, { token, ...idParams(e.id) })).json).toEqual({
      future_shifts: 0,
      future_vacations: 0,
      running_vacations: 0,
      linked_users: 0,
    });
  });

  test("archived or unknown: 404; managers and users: 403", async () => {
    const { token } = await createUser("admin");
    const e = await fx.employee();
    await db.employee.update({ where: { id: e.id }, data: { archivedAt: new Date() } });
    const archived = await call(impact, { token, ...idParams(e.id) });
    expect(archived.status).toBe(404);
    expect(archived.json.error).toBe("Mitarbeiter nicht gefunden");
    expect((await call(impact, { token, ...idParams(2_000_000_000) })).status).toBe(404);
    const active = await fx.employee();
    for (const role of ["manager", "user"] as const) {
      const other = await createUser(role);
      expect((await call(impact, { token: other.token, ...idParams(active.id) })).status).toBe(403);
    }
  });
});
