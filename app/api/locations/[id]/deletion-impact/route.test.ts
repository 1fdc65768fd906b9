import { describe, expect, test } from "vitest";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { toTimeColumn } from "@/lib/server/db/columns";
import { addDays } from "@/lib/shared/dates";
import { call, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { DELETE as remove } from "../route";
import { GET as impact } from "./route";

const idParams = (id: number) => ({ params: { id: String(id) } });
const row = (locationId: number, dayOfWeek: number) => ({
  dayOfWeek,
  locationId,
  startTime: toTimeColumn("08:00"),
  endTime: toTimeColumn("12:00"),
});

describe("GET /api/locations/{id}/deletion-impact (docs/PRODUCT-RULES.md §29.4)", () => {
  test("counts the future shifts and template rows: what the archive then deletes", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location();
    const other = await fx.location();
    const e = await fx.employee();
    const today = businessToday();
    await fx.shift({ locationId: l.id, date: addDays(today, -1) });
    await fx.shift({ locationId: l.id, date: today });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: addDays(today, 9) });
    await fx.shift({ locationId: l.id, date: addDays(today, 400) });
    await fx.shift({ locationId: other.id, date: addDays(today, 1) });
    await db.weekTemplate.create({
      data: { name: uniqueName("Vorlage"), shifts: { create: [row(l.id, 1), row(l.id, 2), row(other.id, 3)] } },
    });
    await db.weekTemplate.create({ data: { name: uniqueName("Vorlage"), shifts: { create: [row(l.id, 5)] } } });
    // Two employees have it among their Einsatzorte, one of them another one too.
    const onlyHere = await fx.employee();
    await db.employeeLocation.createMany({
      data: [
        { employeeId: e.id, locationId: l.id },
        { employeeId: e.id, locationId: other.id },
        { employeeId: onlyHere.id, locationId: l.id },
      ],
    });

    const res = await call(impact, { token, ...idParams(l.id) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ future_shifts: 3, template_rows: 3, einsatzort_employees: 2 });

    expect((await call(remove, { token, ...idParams(l.id), method: "DELETE" })).status).toBe(200);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "location.archive", entityId: l.id } });
    expect(audit.details).toMatchObject({ shifts_deleted: 3, template_shifts_deleted: 3, employees_unlinked: 2 });
  });

  test("archived or unknown: 404; managers and users: 403", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location();
    await db.location.update({ where: { id: l.id }, data: { archivedAt: new Date() } });
    const archived = await call(impact, { token, ...idParams(l.id) });
    expect(archived.status).toBe(404);
    expect(archived.json.error).toBe("Standort nicht gefunden");
    expect((await call(impact, { token, ...idParams(2_000_000_000) })).status).toBe(404);
    const active = await fx.location();
    expect((await call(impact, { token, ...idParams(active.id) })).json).toEqual({
      future_shifts: 0,
      template_rows: 0,
      einsatzort_employees: 0,
    });
    for (const role of ["manager", "user"] as const) {
      const other = await createUser(role);
      expect((await call(impact, { token: other.token, ...idParams(active.id) })).status).toBe(403);
    }
  });
});
