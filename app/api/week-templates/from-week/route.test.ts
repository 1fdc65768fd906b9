// POST /api/week-templates/from-week (docs/PRODUCT-RULES.md §27.3): a week's shifts become a template's rows.
import { randomInt } from "node:crypto";
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { addDays } from "@/lib/shared/dates";
import { weekTemplateDtoSchema } from "@/lib/shared/schemas/week-template";
import { call, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as fromWeek } from "./route";

// A week no other test uses: 2085–2091 of the dates' window (docs/PRODUCT-RULES.md §30.1; 2085-01-01 is a
// Monday), counted on from a random start so the tests of one run never share one.
let nextWeek = randomInt(0, 300);
const freshMonday = () => addDays("2085-01-01", 7 * nextWeek++);

describe("saving a week as a template", () => {
  test("rows: weekday (Sunday 0), location, times, break, special name as note; no employee", async () => {
    const { token } = await createUser("admin");
    const monday = freshMonday();
    const anna = await fx.employee();
    const l = await fx.location();
    const closed = await fx.location();
    const row = (date: string, start: string, end: string, extra: object = {}) =>
      db.shift.create({
        data: {
          locationId: l.id,
          shiftDate: toDateColumn(date),
          startTime: toTimeColumn(start),
          endTime: toTimeColumn(end),
          ...extra,
        },
      });
    await row(addDays(monday, 6), "22:00", "06:00");
    await row(monday, "08:00", "16:30", { breakMinutes: 30, employeeId: anna.id });
    await row(addDays(monday, 2), "10:00", "14:00", { isCustom: true, customName: "Inventur" });
    await fx.shift({ locationId: closed.id, date: monday });
    await db.location.update({ where: { id: closed.id }, data: { archivedAt: new Date() } });

    const name = uniqueName("Woche");
    // Any day of the week names it.
    const res = await call(fromWeek, { token, body: { name, description: "aus KW", start_date: addDays(monday, 3) } });
    expect(res.status).toBe(201);
    const template = weekTemplateDtoSchema.parse(res.json);
    expect(template).toMatchObject({ name, description: "aus KW", shift_count: 3, day_count: 3 });
    expect(
      template.shifts.map((s) => [s.day_of_week, s.location_id, s.start_time, s.end_time, s.break_minutes, s.notes]),
    ).toEqual([
      [1, l.id, "08:00", "16:30", 30, null],
      [3, l.id, "10:00", "14:00", 0, "Inventur"],
      [0, l.id, "22:00", "06:00", 0, null],
    ]);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "week_template.create", entityId: template.id },
    });
    expect(audit.details).toEqual({ from_week: monday, shifts: 3 });

    // Names need not be unique, as for POST /api/week-templates.
    const again = await call(fromWeek, { token, body: { name, start_date: monday } });
    expect(again.status).toBe(201);
    expect(again.json.id).not.toBe(template.id);
  });

  test("a week without shifts (or only at archived locations): 400 on start_date, nothing saved", async () => {
    const { token } = await createUser("admin");
    const monday = freshMonday();
    const closed = await fx.location();
    await fx.shift({ locationId: closed.id, date: addDays(monday, 1) });
    await db.location.update({ where: { id: closed.id }, data: { archivedAt: new Date() } });
    const name = uniqueName("Leer");
    const res = await call(fromWeek, { token, body: { name, start_date: monday } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      start_date: "Diese Woche hat keine Schichten, die als Vorlage gespeichert werden können",
    });
    expect(await db.weekTemplate.count({ where: { name } })).toBe(0);
  });

  test("name and date are checked; managers may not save templates (403)", async () => {
    const admin = await createUser("admin");
    const bad = await call(fromWeek, { token: admin.token, body: { name: " ", start_date: "morgen" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      name: "Bitte gib einen Namen ein",
      start_date: "Bitte gib start_date als JJJJ-MM-TT an",
    });
    const manager = await createUser("manager");
    const monday = freshMonday();
    const l = await fx.location();
    await fx.shift({ locationId: l.id, date: monday });
    const name = uniqueName("Manager");
    const res = await call(fromWeek, { token: manager.token, body: { name, start_date: monday } });
    expect(res.status).toBe(403);
    expect(await db.weekTemplate.count({ where: { name } })).toBe(0);
  });
});
