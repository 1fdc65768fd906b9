import { describe, expect, test } from "vitest";
import { DELETE as removeShift, PUT as updateShift } from "@/app/api/shifts/[id]/route";
import { GET as listShifts, POST as createShift } from "@/app/api/shifts/route";
import { POST as applyTemplate } from "@/app/api/week-templates/[id]/apply/route";
import { POST as createTemplate } from "@/app/api/week-templates/route";
import { db } from "@/lib/server/db/client";
import { call, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as listAudit } from "@/app/api/audit/route";
import { POST as undo } from "./[id]/undo/route";

type Json = Record<string, unknown>;

const undoCall = (token: string, changeId: unknown) =>
  call(undo, { method: "POST", token, params: { id: String(changeId) } });

async function shiftsOn(token: string, date: string) {
  const res = await call(listShifts, { token, path: `/api/shifts?start_date=${date}&end_date=${date}` });
  return res.json as unknown as Json[];
}

async function plannedShift(token: string, body: Json) {
  const res = await call(createShift, {
    token,
    body: { start_time: "09:00", end_time: "17:00", break_minutes: 30, is_custom: false, ...body },
  });
  expect(res.status).toBe(201);
  return res.json;
}

const shiftBody = (shift: Json, changes: Json = {}) => ({
  employee_id: shift.employee_id,
  location_id: shift.location_id,
  shift_date: shift.shift_date,
  start_time: shift.start_time,
  end_time: shift.end_time,
  break_minutes: shift.break_minutes,
  is_custom: false,
  ...changes,
});

describe("POST /api/changes/{id}/undo", () => {
  test("undoing a create removes the shift; twice → 409; undoing the undo brings it back", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    const l = await fx.location();
    const created = await plannedShift(token, { employee_id: e.id, location_id: l.id, shift_date: "2041-03-04" });
    expect(created.change_id).toMatch(/^[0-9a-f-]{36}$/);

    const undone = await undoCall(token, created.change_id);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ message: "Änderung rückgängig gemacht", shifts: 1 });
    expect(await shiftsOn(token, "2041-03-04")).toEqual([]);

    const again = await undoCall(token, created.change_id);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: "change_undone" });

    const redone = await undoCall(token, undone.json.change_id);
    expect(redone.status).toBe(200);
    expect(await shiftsOn(token, "2041-03-04")).toMatchObject([
      { id: created.id, employee_id: e.id, start_time: "09:00", break_minutes: 30 },
    ]);
  });

  test("undoing a move puts day, location and employee back; the audit row says what undid what", async () => {
    const { token, user } = await createUser("manager");
    const [anna, ben] = [await fx.employee(), await fx.employee()];
    const [zentrum, bahnhof] = [await fx.location(), await fx.location()];
    const shift = await plannedShift(token, {
      employee_id: anna.id,
      location_id: zentrum.id,
      shift_date: "2041-03-11",
    });
    const moved = await call(updateShift, {
      method: "PUT",
      token,
      params: { id: String(shift.id) },
      body: shiftBody(shift, { employee_id: ben.id, location_id: bahnhof.id, shift_date: "2041-03-12" }),
    });
    expect(moved.status).toBe(200);
    expect(moved.json.change_id).not.toBe(shift.change_id);

    const undone = await undoCall(token, moved.json.change_id);
    expect(undone.status).toBe(200);
    expect(await shiftsOn(token, "2041-03-12")).toEqual([]);
    expect(await shiftsOn(token, "2041-03-11")).toMatchObject([
      { id: shift.id, employee_id: anna.id, location_id: zentrum.id },
    ]);
    const audit = await db.auditLog.findFirst({ where: { action: "change.undo", userId: user.id } });
    expect(audit?.details).toMatchObject({
      change_id: undone.json.change_id,
      undone_change_id: moved.json.change_id,
      shifts: 1,
    });
  });

  test("undoing a delete re-creates the shift with its id, employee and times", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    const l = await fx.location();
    const shift = await plannedShift(token, {
      employee_id: e.id,
      location_id: l.id,
      shift_date: "2041-03-18",
      start_time: "22:00",
      end_time: "06:00",
    });
    const removed = await call(removeShift, { method: "DELETE", token, params: { id: String(shift.id) } });
    expect(removed.json).toMatchObject({ message: "Schicht gelöscht", change_id: expect.any(String) });
    expect((await undoCall(token, removed.json.change_id)).status).toBe(200);
    expect(await shiftsOn(token, "2041-03-18")).toMatchObject([
      { id: shift.id, employee_id: e.id, start_time: "22:00", end_time: "06:00", break_minutes: 30, hours: 7.5 },
    ]);
  });

  test("a shift changed by someone else since → 409 naming it; the newer change stays", async () => {
    const first = await createUser("manager");
    const second = await createUser("admin");
    const l = await fx.location();
    const shift = await plannedShift(first.token, { employee_id: null, location_id: l.id, shift_date: "2041-03-25" });
    const mine = await call(updateShift, {
      method: "PUT",
      token: first.token,
      params: { id: String(shift.id) },
      body: shiftBody(shift, { start_time: "10:00" }),
    });
    const theirs = await call(updateShift, {
      method: "PUT",
      token: second.token,
      params: { id: String(shift.id) },
      body: shiftBody(shift, { start_time: "10:00", end_time: "19:00" }),
    });
    expect(theirs.status).toBe(200);

    const refused = await undoCall(first.token, mine.json.change_id);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      error: "Inzwischen geändert – Rückgängig nicht möglich",
      code: "change_conflict",
      shift_ids: [shift.id],
    });
    expect(await shiftsOn(first.token, "2041-03-25")).toMatchObject([{ start_time: "10:00", end_time: "19:00" }]);
    // Saving the same values again is a change since, too: the newer write is never overwritten.
    await call(updateShift, {
      method: "PUT",
      token: second.token,
      params: { id: String(shift.id) },
      body: shiftBody(shift, { start_time: "10:00", end_time: "19:00" }),
    });
    expect((await undoCall(second.token, theirs.json.change_id)).status).toBe(409);
  });

  test("putting a shift back that would overlap a newer one → the rule's 409, nothing written", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    const l = await fx.location();
    const shift = await plannedShift(token, { employee_id: e.id, location_id: l.id, shift_date: "2041-04-01" });
    const removed = await call(removeShift, { method: "DELETE", token, params: { id: String(shift.id) } });
    await plannedShift(token, {
      employee_id: e.id,
      location_id: l.id,
      shift_date: "2041-04-01",
      start_time: "12:00",
      end_time: "14:00",
      break_minutes: 0,
    });
    const refused = await undoCall(token, removed.json.change_id);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("shift_overlap");
    expect(await shiftsOn(token, "2041-04-01")).toMatchObject([{ start_time: "12:00" }]);
    expect(await db.planChange.count({ where: { id: removed.json.change_id as string, undoneAt: null } })).toBe(1);
  });

  test("a template import is undone as a whole, or not at all when one of its shifts changed", async () => {
    const admin = await createUser("admin");
    const l = await fx.location();
    const row = { location_id: l.id, start_time: "08:00", end_time: "12:00", break_minutes: 0 };
    const template = await call(createTemplate, {
      token: admin.token,
      body: { name: uniqueName("Woche"), shifts: [1, 2, 3].map((day) => ({ ...row, day_of_week: day })) },
    });
    const apply = (start: string) =>
      call(applyTemplate, {
        method: "POST",
        token: admin.token,
        params: { id: String(template.json.id) },
        body: { start_date: start },
      });

    const whole = await apply("2041-05-06");
    expect(whole.json).toMatchObject({ created: 3, change_id: expect.any(String) });
    expect((await undoCall(admin.token, whole.json.change_id)).json).toMatchObject({ shifts: 3 });
    const week = await call(listShifts, {
      token: admin.token,
      path: "/api/shifts?start_date=2041-05-06&end_date=2041-05-12",
    });
    expect(week.json).toEqual([]);

    const partly = await apply("2041-05-13");
    const [edited] = partly.json.shifts as Json[];
    await call(removeShift, { method: "DELETE", token: admin.token, params: { id: String(edited.id) } });
    const refused = await undoCall(admin.token, partly.json.change_id);
    expect(refused.status).toBe(409);
    expect(refused.json.shift_ids).toEqual([edited.id]);
    const left = await call(listShifts, {
      token: admin.token,
      path: "/api/shifts?start_date=2041-05-13&end_date=2041-05-19",
    });
    expect(left.json).toHaveLength(2);
  });

  test("an open shift someone applied for since cannot be undone away", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee();
    const l = await fx.location();
    const shift = await plannedShift(token, { employee_id: null, location_id: l.id, shift_date: "2041-06-03" });
    await db.shiftApplication.create({ data: { shiftId: shift.id as number, employeeId: e.id } });
    const refused = await undoCall(token, shift.change_id);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "change_conflict", shift_ids: [shift.id] });
  });

  test("20 parallel undos of one change: exactly one succeeds", async () => {
    const { token } = await createUser("manager");
    const l = await fx.location();
    const shift = await plannedShift(token, { employee_id: null, location_id: l.id, shift_date: "2041-06-10" });
    const results = await Promise.all(Array.from({ length: 20 }, () => undoCall(token, shift.change_id)));
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(results.filter((res) => res.status === 409)).toHaveLength(19);
    expect(
      await db.planChange.count({ where: { kind: "change.undo", shifts: { some: { shiftId: shift.id as number } } } }),
    ).toBe(1);
  });

  test("an unknown change or an id that is no uuid → 404", async () => {
    const { token } = await createUser("manager");
    const unknown = await undoCall(token, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: "Änderung nicht gefunden", code: "not_found" });
    const garbage = await undoCall(token, "123");
    expect(garbage.status).toBe(404);
  });
  test("the history names what an undo undid and what a restore brought back, and links to the week", async () => {
    const { token, user } = await createUser("manager");
    const anna = await fx.employee({ firstName: "Anna", lastName: uniqueName("Undo") });
    const [zentrum, bahnhof] = [await fx.location({ name: uniqueName("Zentrum") }), await fx.location()];
    const shift = await plannedShift(token, {
      employee_id: anna.id,
      location_id: zentrum.id,
      shift_date: "2041-04-01",
    });
    const moved = await call(updateShift, {
      method: "PUT",
      token,
      params: { id: String(shift.id) },
      body: shiftBody(shift, { location_id: bahnhof.id, shift_date: "2041-04-02" }),
    });
    const undone = await undoCall(token, moved.json.change_id);
    expect(undone.status).toBe(200);
    expect((await undoCall(token, undone.json.change_id)).status).toBe(200);

    const res = await call(listAudit, { token, path: `/api/audit?user_id=${user.id}&kind=shifts&limit=3` });
    expect(res.status).toBe(200);
    const [restore, undo, move] = (res.json as unknown as { entries: Json[] }).entries;
    const what =
      `»Schicht von Anna ${anna.lastName} vom Mo 01.04. (${zentrum.name}) auf Di 02.04. (${bahnhof.name}) ` +
      "verschoben«";
    expect(move).toMatchObject({ action: "shift.update", week: "2041-04-01" });
    expect(undo).toMatchObject({
      action: "change.undo",
      sentence: `${user.username} hat ${what} rückgängig gemacht (1 Schicht).`,
      week: "2041-04-01",
    });
    expect(restore).toMatchObject({
      action: "change.undo",
      sentence: `${user.username} hat ${what} wiederhergestellt (1 Schicht).`,
      week: "2041-04-01",
    });
  });
});
