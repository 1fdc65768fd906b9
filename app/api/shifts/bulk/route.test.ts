// POST /api/shifts/bulk (docs/PRODUCT-RULES.md §31.7): several shifts moved, copied or deleted in one change, all or
// nothing, undone as one.
import { randomInt } from "node:crypto";
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { bulkShiftsResultSchema } from "@/lib/shared/schemas/shift";
import { describeAudit } from "@/lib/server/audit/describe-audit";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as undo } from "../../changes/[id]/undo/route";
import { POST as bulk } from "./route";

const manager = () => createUser("manager").then((u) => u.token);

// A week no other test plans in: 2085–2095 (copy-week's tests use 2070–2082), a random start per run.
let nextWeek = randomInt(0, 500);
const freshMonday = () => addDays(mondayOf("2085-01-01"), 7 * nextWeek++);

type Answer = {
  action: string;
  count: number;
  opened: { shift_id: number; employee_id: number; reason: string }[];
  shifts: { id: number; shift_date: string; location_id: number; employee_id: number | null; start_time: string }[];
  change_id: string;
  error?: string;
  fields?: Record<string, string>;
};

async function send(token: string, body: unknown) {
  const res = await call(bulk, { token, body: body as Record<string, unknown> });
  if (res.status === 200) bulkShiftsResultSchema.parse(res.json);
  return { status: res.status, json: res.json as unknown as Answer };
}

async function state(ids: number[]) {
  const rows = await db.$queryRaw<{ id: number; row: string }[]>`
    SELECT id, concat_ws('|', employee_id, location_id, shift_date, start_time, end_time) AS row
    FROM shifts WHERE id = ANY(${ids}::int[]) ORDER BY id`;
  return rows.map((r) => `${r.id}:${r.row}`);
}

const dateOf = (shift: { shiftDate: Date }) => shift.shiftDate.toISOString().slice(0, 10);

describe("moving several shifts", () => {
  test("three shifts a day later keep employee and times; one change_id undoes all; audited", async () => {
    const token = await manager();
    const monday = freshMonday();
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna" });
    const a = await fx.shift({ employeeId: anna.id, locationId: l.id, date: monday, start: "08:00", end: "12:00" });
    // Anna's Tuesday shift moves to Wednesday while Monday's moves onto Tuesday: the set moves as a whole.
    const b = await fx.shift({ employeeId: anna.id, locationId: l.id, date: addDays(monday, 1), start: "08:00" });
    const c = await fx.shift({ locationId: l.id, date: addDays(monday, 3) });
    const ids = [a.id, b.id, c.id];
    const before = await state(ids);

    const res = await send(token, { action: "move", shift_ids: ids, days: 1 });
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(3);
    const moved = await db.shift.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(moved.map(dateOf)).toEqual([addDays(monday, 1), addDays(monday, 2), addDays(monday, 4)]);
    expect(moved.map((s) => s.employeeId)).toEqual([anna.id, anna.id, null]);

    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "shift.bulk_move" }, orderBy: { id: "desc" } });
    expect(
      describeAudit({ action: audit.action, actor: "Mia", entityType: null, entityId: null, details: audit.details }),
    ).toBe("Mia hat 3 Schichten um 1 Tag später verschoben.");

    const undone = await call(undo, { token, params: { id: res.json.change_id } });
    expect(undone.status).toBe(200);
    expect(await state(ids)).toEqual(before);
  });

  test("a day earlier and back: the undo (and its undo) put the shifts back together, not one by one", async () => {
    const token = await manager();
    const monday = freshMonday();
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna" });
    // Monday's shift has the lower id: put back first, it would land on Monday while Tuesday's still sat there.
    const mon = await fx.shift({ employeeId: anna.id, locationId: l.id, date: addDays(monday, 1), start: "08:00" });
    const tue = await fx.shift({ employeeId: anna.id, locationId: l.id, date: addDays(monday, 2), start: "08:00" });
    const ids = [mon.id, tue.id];
    const before = await state(ids);
    const res = await send(token, { action: "move", shift_ids: ids, days: -1 });
    expect(res.status).toBe(200);
    const after = await state(ids);

    const undone = await call(undo, { token, params: { id: res.json.change_id } });
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    expect(await state(ids)).toEqual(before);
    const redone = await call(undo, {
      token,
      params: { id: (undone.json as unknown as { change_id: string }).change_id },
    });
    expect(redone.status, JSON.stringify(redone.json)).toBe(200);
    expect(await state(ids)).toEqual(after);
  });

  test("to another location", async () => {
    const token = await manager();
    const monday = freshMonday();
    const [l, other] = [await fx.location(), await fx.location({ name: "Bahnhof Bulk" })];
    const a = await fx.shift({ locationId: l.id, date: monday });
    const b = await fx.shift({ locationId: l.id, date: addDays(monday, 1) });
    const res = await send(token, { action: "move", shift_ids: [a.id, b.id], location_id: other.id });
    expect(res.status).toBe(200);
    expect(res.json.shifts.map((s) => [s.location_id, s.shift_date])).toEqual([
      [other.id, monday],
      [other.id, addDays(monday, 1)],
    ]);

    // A selection partly at the location already: the others go there; all of it there already is refused.
    const c = await fx.shift({ locationId: l.id, date: addDays(monday, 2) });
    const partly = await send(token, { action: "move", shift_ids: [a.id, c.id], location_id: other.id });
    expect(partly.status).toBe(200);
    expect(partly.json.shifts.map((s) => s.location_id)).toEqual([other.id, other.id]);
    const none = await send(token, { action: "move", shift_ids: [a.id, c.id], location_id: other.id });
    expect(none.status).toBe(400);
    expect(none.json.error).toBe(
      "Die Schichten würden an ihrem Platz bleiben. Bitte wähle einen anderen Tag oder Standort.",
    );
  });

  test("a refused one (overlap, vacation) leaves every shift as it was, with the rule's German text", async () => {
    const token = await manager();
    const monday = freshMonday();
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna", lastName: "Bulkmeier" });
    const ben = await fx.employee({ firstName: "Ben", lastName: "Bulkmann" });
    const a = await fx.shift({ employeeId: anna.id, locationId: l.id, date: monday });
    const b = await fx.shift({ employeeId: ben.id, locationId: l.id, date: monday });
    // Ben already works on Tuesday at that time.
    await fx.shift({ employeeId: ben.id, locationId: l.id, date: addDays(monday, 1), start: "10:00", end: "14:00" });
    const ids = [a.id, b.id];
    const before = await state(ids);
    const res = await send(token, { action: "move", shift_ids: ids, days: 1 });
    expect(res.status).toBe(409);
    expect(res.json.error).toContain("Ben Bulkmann");
    expect(await state(ids)).toEqual(before);

    await fx.vacation({ employeeId: anna.id, start: addDays(monday, 2), end: addDays(monday, 2), days: 1 });
    const onVacation = await send(token, { action: "move", shift_ids: [a.id], days: 2 });
    expect(onVacation.status).toBe(409);
    expect(onVacation.json.error).toMatch(/Anna Bulkmeier.*Ferien/);
    expect(await state(ids)).toEqual(before);
  });
});

describe("copying", () => {
  test("a day to three days with employees; a refused assignment is copied open; undo deletes the copies", async () => {
    const token = await manager();
    const monday = freshMonday();
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna" });
    const a = await fx.shift({ employeeId: anna.id, locationId: l.id, date: monday, start: "07:00", end: "11:00" });
    const b = await fx.shift({ locationId: l.id, date: monday, start: "12:00", end: "18:00" });
    // Anna has Thursday off.
    await fx.vacation({ employeeId: anna.id, start: addDays(monday, 3), end: addDays(monday, 3), days: 1 });
    const to = [addDays(monday, 1), addDays(monday, 2), addDays(monday, 3)];
    const res = await send(token, { action: "copy", shift_ids: [a.id, b.id], to_dates: to });
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(6);
    const copies = res.json.shifts;
    expect(copies.map((s) => [s.shift_date, s.start_time, s.employee_id])).toEqual([
      [to[0], "07:00", anna.id],
      [to[0], "12:00", null],
      [to[1], "07:00", anna.id],
      [to[1], "12:00", null],
      [to[2], "07:00", null],
      [to[2], "12:00", null],
    ]);
    expect(res.json.opened).toEqual([expect.objectContaining({ employee_id: anna.id, reason: "vacation" })]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "shift.bulk_copy" }, orderBy: { id: "desc" } });
    expect(
      describeAudit({ action: audit.action, actor: "Mia", entityType: null, entityId: null, details: audit.details }),
    ).toMatch(/^Mia hat 6 Schichten auf \d\d\.\d\d\., \d\d\.\d\d\., \d\d\.\d\d\. kopiert \(1 davon offen\)\.$/);

    expect((await call(undo, { token, params: { id: res.json.change_id } })).status).toBe(200);
    expect(await db.shift.count({ where: { id: { in: copies.map((s) => s.id) } } })).toBe(0);
    expect(await db.shift.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
  });

  test("without employees every copy is open; by days to another location", async () => {
    const token = await manager();
    const monday = freshMonday();
    const [l, other] = [await fx.location(), await fx.location()];
    const anna = await fx.employee();
    const a = await fx.shift({ employeeId: anna.id, locationId: l.id, date: monday });
    const res = await send(token, {
      action: "copy",
      shift_ids: [a.id],
      to_dates: [addDays(monday, 4), addDays(monday, 5)],
      with_employees: false,
    });
    expect(res.status).toBe(200);
    expect(res.json.shifts.map((s) => s.employee_id)).toEqual([null, null]);
    expect(res.json.opened).toEqual([]);

    const byDays = await send(token, { action: "copy", shift_ids: [a.id], days: 7, location_id: other.id });
    expect(byDays.status).toBe(200);
    expect(byDays.json.shifts.map((s) => [s.shift_date, s.location_id, s.employee_id])).toEqual([
      [addDays(monday, 7), other.id, anna.id],
    ]);
  });
});

describe("deleting", () => {
  test("four shifts and their applications; undo brings them back with their ids", async () => {
    const token = await manager();
    const monday = freshMonday();
    const l = await fx.location();
    const ben = await fx.employee();
    const shifts = await Promise.all([0, 1, 2, 3].map((d) => fx.shift({ locationId: l.id, date: addDays(monday, d) })));
    await db.shiftApplication.create({ data: { shiftId: shifts[0].id, employeeId: ben.id } });
    const ids = shifts.map((s) => s.id);
    const before = await state(ids);
    const res = await send(token, { action: "delete", shift_ids: ids });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ action: "delete", count: 4, shifts: [] });
    expect(await db.shift.count({ where: { id: { in: ids } } })).toBe(0);

    expect((await call(undo, { token, params: { id: res.json.change_id } })).status).toBe(200);
    expect(await state(ids)).toEqual(before);
    expect(await db.shiftApplication.count({ where: { shiftId: shifts[0].id } })).toBe(1);
  });
});

describe("refusals", () => {
  test("bad bodies: 400 with German fields, nothing written", async () => {
    const token = await manager();
    const monday = freshMonday();
    const l = await fx.location();
    const a = await fx.shift({ locationId: l.id, date: monday });
    const b = await fx.shift({ locationId: l.id, date: addDays(monday, 1) });
    const before = await db.shift.count();
    const cases: [unknown, string, RegExp][] = [
      [{ action: "move", shift_ids: [] }, "shift_ids", /Bitte wähle Schichten aus/],
      [{ action: "move", shift_ids: [a.id, a.id], days: 1 }, "shift_ids", /nur einmal/],
      [{ action: "move", shift_ids: Array.from({ length: 201 }, (_, i) => i + 1), days: 1 }, "shift_ids", /200/],
      [{ action: "fly", shift_ids: [a.id] }, "action", /verschieben, kopieren oder löschen/],
      [{ action: "move", shift_ids: [a.id] }, "days", /Ziel/],
      [{ action: "move", shift_ids: [a.id], days: 0 }, "days", /an ihrem Platz/],
      [{ action: "move", shift_ids: [a.id], days: 1.5 }, "days", /ganzen Tagen/],
      [{ action: "move", shift_ids: [a.id], to_dates: [monday] }, "to_dates", /nur kopiert/],
      [{ action: "delete", shift_ids: [a.id], days: 1 }, "days", /kein Ziel/],
      [{ action: "copy", shift_ids: [a.id, b.id], to_dates: [addDays(monday, 3)] }, "shift_ids", /eines Tages/],
      [{ action: "copy", shift_ids: [a.id], to_dates: [monday] }, "to_dates", /an ihrem Platz/],
      [{ action: "copy", shift_ids: [a.id], to_dates: ["2100-01-01"] }, "to_dates.0", /01\.01\.2000 und 31\.12\.2099/],
      [{ action: "move", shift_ids: [a.id], location_id: 2_000_000_000 }, "location_id", /Standort nicht gefunden/],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(`${res.json.fields?.[field]}`, JSON.stringify([body, res.json])).toMatch(message);
    }
    // A move past the window's end.
    const late = await fx.shift({ locationId: l.id, date: "2099-12-31" });
    const past = await send(token, { action: "move", shift_ids: [late.id], days: 1 });
    expect(past.status).toBe(400);
    expect(past.json.fields?.days).toMatch(/01\.01\.2000 und 31\.12\.2099/);
    expect(await db.shift.count()).toBe(before + 1);
  });

  test("an unknown shift is 404 as for the single routes; staff may not; a write of others stays", async () => {
    const token = await manager();
    const monday = freshMonday();
    const l = await fx.location();
    const a = await fx.shift({ locationId: l.id, date: monday });
    const missing = await send(token, { action: "delete", shift_ids: [a.id, 2_000_000_000] });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe("Schicht nicht gefunden");
    expect(await db.shift.count({ where: { id: a.id } })).toBe(1);
    const staff = await createUser("user");
    const refused = await send(staff.token, { action: "delete", shift_ids: [a.id] });
    expect(refused.status).toBe(403);
    expect(await db.shift.count({ where: { id: a.id } })).toBe(1);
  });
});
