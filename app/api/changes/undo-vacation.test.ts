import { describe, expect, test } from "vitest";
import { PUT as updateShift } from "@/app/api/shifts/[id]/route";
import { GET as listShifts, POST as createShift } from "@/app/api/shifts/route";
import { POST as approveVacation } from "@/app/api/vacations/[id]/approve/route";
import { GET as listVacations, POST as createVacation } from "@/app/api/vacations/route";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as undo } from "./[id]/undo/route";

/**
 * "Rückgängig" for a vacation (docs/PRODUCT-RULES.md §31.6, §27.7): recording or approving a vacation opens the
 * person's shifts in its range; undoing it takes the vacation back and assigns the shifts again, never over a newer
 * change.
 */
type Json = Record<string, unknown>;

const undoCall = (token: string, changeId: unknown) =>
  call(undo, { method: "POST", token, params: { id: String(changeId) } });

/** The day's shifts at the test's own location (other test files plan the same days elsewhere). */
async function shiftsOn(token: string, date: string, locationId: number) {
  const res = await call(listShifts, { token, path: `/api/shifts?start_date=${date}&end_date=${date}` });
  return (res.json as unknown as Json[]).filter((shift) => shift.location_id === locationId);
}

async function vacationsOf(token: string, employeeId: number) {
  const res = await call(listVacations, { token, path: `/api/vacations?employee_id=${employeeId}` });
  return res.json as unknown as Json[];
}

async function plannedShift(token: string, employeeId: number, locationId: number, date: string) {
  const res = await call(createShift, {
    token,
    body: {
      employee_id: employeeId,
      location_id: locationId,
      shift_date: date,
      start_time: "09:00",
      end_time: "17:00",
      break_minutes: 30,
      is_custom: false,
    },
  });
  expect(res.status).toBe(201);
  return res.json;
}

describe("undoing a vacation (docs/PRODUCT-RULES.md §31.6)", () => {
  test("undo of a recorded vacation deletes it and assigns its shifts again; undoing that restores it", async () => {
    const { token } = await createUser("manager");
    const anna = await fx.employee();
    const location = await fx.location();
    const monday = await plannedShift(token, anna.id, location.id, "2041-06-03");
    const tuesday = await plannedShift(token, anna.id, location.id, "2041-06-04");

    const created = await call(createVacation, {
      token,
      body: { employee_id: anna.id, start_date: "2041-06-03", end_date: "2041-06-05" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ opened_shifts: 2, status: "approved" });
    expect(created.json.change_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await shiftsOn(token, "2041-06-03", location.id)).toMatchObject([{ id: monday.id, employee_id: null }]);

    const undone = await undoCall(token, created.json.change_id);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json).toMatchObject({ message: "Änderung rückgängig gemacht", shifts: 2 });
    expect(await vacationsOf(token, anna.id)).toEqual([]);
    expect(await db.vacationDay.count({ where: { vacationId: created.json.id as number } })).toBe(0);
    expect(await shiftsOn(token, "2041-06-03", location.id)).toMatchObject([{ id: monday.id, employee_id: anna.id }]);
    expect(await shiftsOn(token, "2041-06-04", location.id)).toMatchObject([{ id: tuesday.id, employee_id: anna.id }]);
    // The history's row names the undone vacation by person and dates (§31.6).
    const row = await db.auditLog.findFirst({
      where: {
        action: "change.undo",
        details: { path: ["undone_change_id"], equals: created.json.change_id as string },
      },
    });
    expect(row?.details).toMatchObject({
      undone_action: "vacation.create",
      vacation_id: created.json.id,
      undone: {
        employee_name: `${anna.firstName} ${anna.lastName}`,
        vacation_start: "2041-06-03",
        vacation_end: "2041-06-05",
        opened_shifts: [expect.objectContaining({ shift_date: "2041-06-03" }), expect.anything()],
      },
    });

    // "Wiederherstellen": the same vacation, its days charged again, the shifts open again.
    const restored = await undoCall(token, undone.json.change_id);
    expect(restored.status, restored.text).toBe(200);
    expect(await vacationsOf(token, anna.id)).toMatchObject([
      { id: created.json.id, start_date: "2041-06-03", end_date: "2041-06-05", days_count: 3, status: "approved" },
    ]);
    expect(await db.vacationDay.count({ where: { vacationId: created.json.id as number } })).toBe(3);
    expect(await shiftsOn(token, "2041-06-03", location.id)).toMatchObject([{ id: monday.id, employee_id: null }]);
  });

  test("409 when an opened shift was edited since: the vacation and the shifts stay as they are", async () => {
    const { token } = await createUser("manager");
    const [anna, ben] = [await fx.employee(), await fx.employee()];
    const location = await fx.location();
    const shift = await plannedShift(token, anna.id, location.id, "2041-06-10");
    const created = await call(createVacation, {
      token,
      body: { employee_id: anna.id, start_date: "2041-06-10", end_date: "2041-06-10" },
    });
    expect(created.json).toMatchObject({ opened_shifts: 1 });
    // Someone else takes the opened shift.
    const taken = await call(updateShift, {
      method: "PUT",
      token,
      params: { id: String(shift.id) },
      body: {
        employee_id: ben.id,
        location_id: location.id,
        shift_date: "2041-06-10",
        start_time: "09:00",
        end_time: "17:00",
        break_minutes: 30,
        is_custom: false,
      },
    });
    expect(taken.status, taken.text).toBe(200);

    const refused = await undoCall(token, created.json.change_id);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: "change_conflict",
      error: "Inzwischen geändert – Rückgängig nicht möglich",
      shift_ids: [shift.id],
    });
    expect(await vacationsOf(token, anna.id)).toMatchObject([{ id: created.json.id, status: "approved" }]);
    expect(await shiftsOn(token, "2041-06-10", location.id)).toMatchObject([{ id: shift.id, employee_id: ben.id }]);
  });

  test("409 when the vacation itself was changed since", async () => {
    const { token } = await createUser("manager");
    const anna = await fx.employee();
    const location = await fx.location();
    await plannedShift(token, anna.id, location.id, "2041-06-17");
    const created = await call(createVacation, {
      token,
      body: { employee_id: anna.id, start_date: "2041-06-17", end_date: "2041-06-17" },
    });
    await db.vacation.update({ where: { id: created.json.id as number }, data: { notes: "geändert" } });
    const refused = await undoCall(token, created.json.change_id);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "change_conflict" });
    expect(await shiftsOn(token, "2041-06-17", location.id)).toMatchObject([{ employee_id: null }]);
  });

  test("undo of an approval makes it a request again and assigns the shifts again", async () => {
    const { token } = await createUser("manager");
    const anna = await fx.employee();
    const location = await fx.location();
    const shift = await plannedShift(token, anna.id, location.id, "2041-06-24");
    const staff = await createUser("user", { employeeId: anna.id });
    const requested = await call(createVacation, {
      token: staff.token,
      body: { employee_id: anna.id, start_date: "2041-06-24", end_date: "2041-06-24" },
    });
    expect(requested.json).toMatchObject({ status: "requested", opened_shifts: 0 });
    expect(requested.json.change_id).toBeUndefined();

    const approved = await call(approveVacation, {
      method: "POST",
      token,
      params: { id: String(requested.json.id) },
    });
    expect(approved.json).toMatchObject({ status: "approved", opened_shifts: 1 });
    const undone = await undoCall(token, approved.json.change_id);
    expect(undone.status, undone.text).toBe(200);
    expect(await vacationsOf(token, anna.id)).toMatchObject([{ id: requested.json.id, status: "requested" }]);
    expect(await shiftsOn(token, "2041-06-24", location.id)).toMatchObject([{ id: shift.id, employee_id: anna.id }]);
  });
});
