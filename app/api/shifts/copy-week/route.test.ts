// POST /api/shifts/copy-week (docs/PRODUCT-RULES.md §27.3): what is copied, which copies lose their employee and
// why, all or nothing, and the lock against a parallel assignment.
import { randomInt } from "node:crypto";
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import type { CopiedWeek } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { copiedWeekSchema } from "@/lib/shared/schemas/shift";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as undo } from "../../changes/[id]/undo/route";
import { POST as createShift } from "../route";
import { POST as copy } from "./route";

const manager = () => createUser("manager").then((u) => u.token);

// Every test copies whole weeks (all locations), so each takes two weeks no other test uses: 2070–2082, a stretch
// of the dates' window (docs/PRODUCT-RULES.md §30.1) no other test plans in (2070-01-06 is a Monday). One run
// counts on from a random start, so no two tests of a run share a week, and a rerun on the same database
// (watch mode) most likely starts elsewhere.
let nextPair = randomInt(0, 300);
function freshWeeks(): { from: string; to: string } {
  const from = addDays("2070-01-06", 14 * nextPair++);
  return { from, to: addDays(from, 7) };
}

type Row = { employeeId?: number | null; locationId: number; date: string; start?: string; end?: string };

async function shiftRow(row: Row & { breakMinutes?: number; customName?: string }) {
  return db.shift.create({
    data: {
      employeeId: row.employeeId ?? null,
      locationId: row.locationId,
      shiftDate: toDateColumn(row.date),
      startTime: toTimeColumn(row.start ?? "09:00"),
      endTime: toTimeColumn(row.end ?? "17:00"),
      breakMinutes: row.breakMinutes ?? 0,
      isCustom: row.customName !== undefined,
      customName: row.customName ?? null,
    },
  });
}

const weekShifts = (monday: string) =>
  db.shift.findMany({
    where: { shiftDate: { gte: toDateColumn(monday), lte: toDateColumn(addDays(monday, 6)) } },
    orderBy: [{ shiftDate: "asc" }, { startTime: "asc" }, { id: "asc" }],
  });

async function copyWeek(token: string, body: Record<string, unknown>) {
  const res = await call(copy, { token, body });
  if (res.status === 201) copiedWeekSchema.parse(res.json);
  return { status: res.status, json: res.json as unknown as CopiedWeek & { fields?: Record<string, string> } };
}

describe("copying a week", () => {
  test("with employees: same weekdays, times, break, special name and employee; audited", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const anna = await fx.employee({ firstName: "Anna" });
    const ben = await fx.employee({ firstName: "Ben" });
    const l = await fx.location();
    await shiftRow({
      employeeId: anna.id,
      locationId: l.id,
      date: from,
      start: "08:00",
      end: "16:30",
      breakMinutes: 30,
    });
    await shiftRow({ employeeId: ben.id, locationId: l.id, date: addDays(from, 6), start: "22:00", end: "06:00" });
    await shiftRow({ locationId: l.id, date: addDays(from, 2), start: "10:00", end: "14:00", customName: "Inventur" });

    // Any day names its week: Wednesday of the source, Sunday of the target.
    const res = await copyWeek(token, { from_start_date: addDays(from, 2), to_start_date: addDays(to, 6) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ created: 3, opened: [], skipped: 0 });
    expect(
      res.json.shifts.map((s) => [
        s.shift_date,
        s.start_time,
        s.end_time,
        s.break_minutes,
        s.employee_id,
        s.custom_name,
      ]),
    ).toEqual([
      [to, "08:00", "16:30", 30, anna.id, null],
      [addDays(to, 2), "10:00", "14:00", 0, null, "Inventur"],
      [addDays(to, 6), "22:00", "06:00", 0, ben.id, null],
    ]);
    expect(res.json.shifts[1].is_custom).toBe(true);
    expect((await weekShifts(to)).map((s) => s.id)).toEqual(res.json.shifts.map((s) => s.id));
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "shift.copy_week", details: { path: ["to_start_date"], equals: to } },
    });
    expect(audit.details).toEqual(
      expect.objectContaining({ change_id: res.json.change_id, from_start_date: from, to_start_date: to, created: 3 }),
    );
    expect(audit.details).toMatchObject({ opened: 0 });

    // Undo (docs/PRODUCT-RULES.md §27.7) removes every copy again and leaves the source week alone.
    const undone = await call(undo, { method: "POST", token, params: { id: res.json.change_id } });
    expect(undone.status).toBe(200);
    expect(await weekShifts(to)).toHaveLength(0);
    expect(await weekShifts(from)).toHaveLength(3);
  });

  test("without employees every copy is open and none is listed as opened", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const anna = await fx.employee();
    const l = await fx.location();
    await shiftRow({ employeeId: anna.id, locationId: l.id, date: addDays(from, 1) });
    const res = await copyWeek(token, { from_start_date: from, to_start_date: to, with_employees: false });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ created: 1, opened: [] });
    expect(res.json.shifts[0]).toMatchObject({ shift_date: addDays(to, 1), employee_id: null });
  });

  test("a vacation day and an overlapping shift in the target week each open one copy", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const cara = await fx.employee({ firstName: "Cara", lastName: "Ferien" });
    const dino = await fx.employee({ firstName: "Dino", lastName: "Doppel" });
    const l = await fx.location();
    const other = await fx.location();
    for (const day of [0, 1]) {
      await shiftRow({ employeeId: cara.id, locationId: l.id, date: addDays(from, day) });
      await shiftRow({ employeeId: dino.id, locationId: l.id, date: addDays(from, day), start: "12:00", end: "20:00" });
    }
    // Cara is away on the target Tuesday; Dino already works the target Monday morning somewhere else.
    await fx.vacation({ employeeId: cara.id, start: addDays(to, 1), end: addDays(to, 1), days: 1 });
    await shiftRow({ employeeId: dino.id, locationId: other.id, date: to, start: "07:00", end: "13:00" });

    const res = await copyWeek(token, { from_start_date: from, to_start_date: to });
    expect(res.status).toBe(201);
    expect(res.json.created).toBe(4);
    const byKey = new Map(res.json.shifts.map((s) => [`${s.shift_date} ${s.start_time}`, s]));
    expect(res.json.opened).toEqual([
      {
        shift_id: byKey.get(`${to} 12:00`)!.id,
        employee_id: dino.id,
        employee_name: "Dino Doppel",
        reason: "overlap",
      },
      {
        shift_id: byKey.get(`${addDays(to, 1)} 09:00`)!.id,
        employee_id: cara.id,
        employee_name: "Cara Ferien",
        reason: "vacation",
      },
    ]);
    expect(byKey.get(`${to} 09:00`)!.employee_id).toBe(cara.id);
    expect(byKey.get(`${to} 12:00`)!.employee_id).toBeNull();
    expect(byKey.get(`${addDays(to, 1)} 09:00`)!.employee_id).toBeNull();
    expect(byKey.get(`${addDays(to, 1)} 12:00`)!.employee_id).toBe(dino.id);
  });

  test("a copy on a day of an absence besides vacation opens as 'absent', never naming its type", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const emil = await fx.employee({ firstName: "Emil", lastName: "Krank" });
    const l = await fx.location();
    await shiftRow({ employeeId: emil.id, locationId: l.id, date: from });
    await db.absence.create({
      data: { employeeId: emil.id, type: "krank", startDate: toDateColumn(to), endDate: toDateColumn(to) },
    });

    const res = await copyWeek(token, { from_start_date: from, to_start_date: to });
    expect(res.status).toBe(201);
    expect(res.json.opened).toEqual([
      { shift_id: res.json.shifts[0].id, employee_id: emil.id, employee_name: "Emil Krank", reason: "absent" },
    ]);
    expect(res.json.shifts[0].employee_id).toBeNull();
  });

  test("two copies that would overlap each other: the earlier keeps the employee", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const eva = await fx.employee();
    const l = await fx.location();
    // Written past the rules on purpose (the API refuses such a pair): a copy must not repeat it.
    await shiftRow({ employeeId: eva.id, locationId: l.id, date: addDays(from, 3), start: "08:00", end: "12:00" });
    await shiftRow({ employeeId: eva.id, locationId: l.id, date: addDays(from, 3), start: "11:00", end: "15:00" });
    const res = await copyWeek(token, { from_start_date: from, to_start_date: to });
    expect(res.json.shifts.map((s) => [s.start_time, s.employee_id])).toEqual([
      ["08:00", eva.id],
      ["11:00", null],
    ]);
    expect(res.json.opened).toMatchObject([{ shift_id: res.json.shifts[1].id, reason: "overlap" }]);
  });

  test("an archived employee's shift is copied open; a shift at an archived location is skipped", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const gone = await fx.employee({ firstName: "Fritz", lastName: "Weg" });
    const l = await fx.location();
    const closed = await fx.location();
    await shiftRow({ employeeId: gone.id, locationId: l.id, date: addDays(from, 4) });
    await shiftRow({ locationId: closed.id, date: addDays(from, 4) });
    await db.employee.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });
    await db.location.update({ where: { id: closed.id }, data: { archivedAt: new Date() } });
    const res = await copyWeek(token, { from_start_date: from, to_start_date: to });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      created: 1,
      skipped: 1,
      opened: [{ employee_id: gone.id, employee_name: "Fritz Weg", reason: "archived" }],
    });
    expect(res.json.shifts).toMatchObject([{ location_id: l.id, employee_id: null }]);
  });

  test("the same week (any two of its days), bad dates and a bad flag: 400, nothing written", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const l = await fx.location();
    await shiftRow({ locationId: l.id, date: from });
    const same = await copyWeek(token, { from_start_date: addDays(from, 1), to_start_date: addDays(from, 5) });
    expect(same.status).toBe(400);
    expect(same.json.fields).toEqual({ to_start_date: "Die Zielwoche muss eine andere Woche sein" });
    const bad = await copyWeek(token, { from_start_date: "2071-02-30", to_start_date: to, with_employees: "ja" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      from_start_date: "Bitte gib from_start_date als JJJJ-MM-TT an",
      with_employees: "with_employees muss ja oder nein sein",
    });
    const missing = await copyWeek(token, {});
    expect(Object.keys(missing.json.fields ?? {}).sort()).toEqual(["from_start_date", "to_start_date"]);
    expect(await weekShifts(from)).toHaveLength(1);
    expect(await weekShifts(to)).toHaveLength(0);
  });

  test("all or nothing: a failure after the shifts were inserted leaves the target week empty", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const l = await fx.location();
    await shiftRow({ locationId: l.id, date: from });
    await shiftRow({ locationId: l.id, date: addDays(from, 1) });
    // The audit row is written after the INSERT of the copies; a trigger makes that one row (this week's) fail.
    const fn = `fail_copy_${from.replaceAll("-", "_")}`;
    await db.$executeRawUnsafe(`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'shift.copy_week' AND NEW.details->>'to_start_date' = '${to}' THEN
          RAISE EXCEPTION 'test failure';
        END IF;
        RETURN NEW;
      END $$`);
    await db.$executeRawUnsafe(`CREATE TRIGGER ${fn} BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const res = await copyWeek(token, { from_start_date: from, to_start_date: to });
      expect(res.status).toBe(500);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER ${fn} ON audit_log`);
      await db.$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
    expect(await weekShifts(to)).toHaveLength(0);
    const again = await copyWeek(token, { from_start_date: from, to_start_date: to });
    expect(again.json.created).toBe(2);
  });

  test("a parallel assignment of the same employee at the same time: never both assigned", async () => {
    const token = await manager();
    for (let round = 0; round < 5; round++) {
      const { from, to } = freshWeeks();
      const gina = await fx.employee();
      const l = await fx.location();
      await shiftRow({ employeeId: gina.id, locationId: l.id, date: from, start: "08:00", end: "16:00" });
      const body = { employee_id: gina.id, location_id: l.id, shift_date: to, start_time: "10:00", end_time: "18:00" };
      const [copied, created] = await Promise.all([
        copyWeek(token, { from_start_date: from, to_start_date: to }),
        call(createShift, { token, body }),
      ]);
      expect(copied.status).toBe(201);
      const assigned = (await weekShifts(to)).filter((s) => s.employeeId === gina.id);
      expect(assigned).toHaveLength(1);
      // Whichever came second gave way: the copy opened, or the new shift was refused.
      if (created.status === 201) expect(copied.json.opened).toMatchObject([{ reason: "overlap" }]);
      else expect(created.status).toBe(409);
    }
  });

  test("a full week (300 shifts, 60 people): every shift copied, exactly the 10 busy ones open", async () => {
    const token = await manager();
    const { from, to } = freshWeeks();
    const people = await Promise.all(Array.from({ length: 60 }, () => fx.employee()));
    const places = await Promise.all(Array.from({ length: 5 }, () => fx.location()));
    const rows = people.flatMap((person, p) =>
      [0, 1, 2, 3, 4].map((day) => ({
        employeeId: person.id,
        locationId: places[p % 5].id,
        shiftDate: toDateColumn(addDays(from, day)),
        startTime: toTimeColumn("08:00"),
        endTime: toTimeColumn("16:30"),
        breakMinutes: 30,
      })),
    );
    await db.shift.createMany({ data: rows });
    // Some of them are busy in the target week already, so the rules have something to refuse.
    for (const person of people.slice(0, 10))
      await shiftRow({ employeeId: person.id, locationId: places[0].id, date: addDays(to, 2), start: "12:00" });
    const res = await copyWeek(token, { from_start_date: from, to_start_date: to });
    expect(res.status).toBe(201);
    expect(res.json.created).toBe(300);
    const busy = new Set(people.slice(0, 10).map((person) => person.id));
    const opened = res.json.opened as { employee_id: number; reason: string }[];
    expect(opened).toHaveLength(10);
    expect(opened.every((copy) => busy.has(copy.employee_id) && copy.reason === "overlap")).toBe(true);
  });
});
