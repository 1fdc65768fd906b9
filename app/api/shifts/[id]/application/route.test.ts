import { describe, expect, onTestFinished, test, vi } from "vitest";
import { PUT as updateShift, DELETE as deleteShift } from "@/app/api/shifts/[id]/route";
import { GET as openShifts } from "@/app/api/me/open-shifts/route";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import type { OpenShiftDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { DELETE as withdraw, POST as apply } from "./route";

const today = businessToday();
const path = (shiftId: number) => ({ path: `/api/shifts/${shiftId}/application`, params: { id: String(shiftId) } });

/** A user linked to a new employee, and an open shift of a new location in `days` days. */
async function setup(days = 3, times: { start?: string; end?: string } = {}) {
  const employee = await fx.employee({
    firstName: "Anna",
    lastName: `Muster ${Math.random().toString(36).slice(2, 7)}`,
  });
  const { token, user } = await createUser("user", { employeeId: employee.id });
  const location = await fx.location();
  const shift = await fx.shift({
    locationId: location.id,
    date: addDays(today, days),
    start: "09:00",
    end: "14:00",
    ...times,
  });
  return { employee, token, user, location, shift };
}

const applications = (shiftId: number) =>
  db.shiftApplication.findMany({ where: { shiftId }, orderBy: { employeeId: "asc" } });

describe("POST/DELETE /api/shifts/{id}/application", () => {
  test("a shift outside the employee's Einsatzorte is not offered, and applying for it is refused (409)", async () => {
    const { employee, token, user, location, shift } = await setup(4);
    const elsewhere = await fx.location();
    await db.employeeLocation.create({ data: { employeeId: employee.id, locationId: elsewhere.id } });
    const offered = async () => {
      const res = await call(openShifts, { token, path: "/api/me/open-shifts" });
      expect(res.status).toBe(200);
      return (res.json as OpenShiftDto[]).map((open) => open.id);
    };
    expect(await offered()).not.toContain(shift.id);

    const res = await call(apply, { method: "POST", token, ...path(shift.id) });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      error: "Diese Schicht ist an einem Standort, der nicht zu deinen Einsatzorten gehört.",
      code: "conflict",
    });
    expect(await applications(shift.id)).toEqual([]);
    expect(await db.auditLog.count({ where: { userId: user.id, action: "shift_application.create" } })).toBe(0);

    // Among the Einsatzorte (or none set: every location) it is offered and taken.
    await db.employeeLocation.create({ data: { employeeId: employee.id, locationId: location.id } });
    expect(await offered()).toContain(shift.id);
    expect((await call(apply, { method: "POST", token, ...path(shift.id) })).status).toBe(201);
  });

  test("a linked user applies (201, audited) and withdraws (204); withdrawing again is 404", async () => {
    const { employee, token, user, shift } = await setup(5);
    const res = await call(apply, { method: "POST", token, ...path(shift.id) });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ shift_id: shift.id, employee_id: employee.id, warnings: [] });
    expect(new Date(res.json.created_at as string).getTime()).not.toBeNaN();
    expect(await applications(shift.id)).toMatchObject([{ employeeId: employee.id }]);
    const audit = await db.auditLog.findFirst({ where: { userId: user.id, action: "shift_application.create" } });
    expect(audit).toMatchObject({ entityType: "shift", entityId: shift.id, details: { employee_id: employee.id } });

    const gone = await call(withdraw, { method: "DELETE", token, ...path(shift.id) });
    expect(gone.status).toBe(204);
    expect(gone.text).toBe("");
    expect(await applications(shift.id)).toEqual([]);
    expect(await db.auditLog.count({ where: { userId: user.id, action: "shift_application.delete" } })).toBe(1);

    const again = await call(withdraw, { method: "DELETE", token, ...path(shift.id) });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ error: "Du hast dich für diese Schicht nicht gemeldet", code: "not_found" });
  });

  test("without a linked employee: 403 and nothing written", async () => {
    const { shift } = await setup();
    for (const role of ["user", "manager", "admin"] as const) {
      const { token } = await createUser(role);
      const res = await call(apply, { method: "POST", token, ...path(shift.id) });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: "Dein Benutzer ist mit keinem Mitarbeiter verknüpft", code: "forbidden" });
      expect((await call(withdraw, { method: "DELETE", token, ...path(shift.id) })).status).toBe(403);
    }
    expect(await applications(shift.id)).toEqual([]);
  });

  test("unknown shift: 404 for applying and withdrawing", async () => {
    const { token } = await setup();
    const res = await call(apply, { method: "POST", token, ...path(2147483647) });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("Schicht nicht gefunden");
    expect((await call(withdraw, { method: "DELETE", token, ...path(2147483647) })).status).toBe(404);
  });

  test("an assigned shift is refused with 409, the caller's own shift too", async () => {
    const { employee, token, location } = await setup();
    const other = await fx.employee();
    const taken = await fx.shift({ employeeId: other.id, locationId: location.id, date: addDays(today, 2) });
    const mine = await fx.shift({ employeeId: employee.id, locationId: location.id, date: addDays(today, 4) });
    const res = await call(apply, { method: "POST", token, ...path(taken.id) });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "Diese Schicht ist bereits vergeben", code: "conflict" });
    const own = await call(apply, { method: "POST", token, ...path(mine.id) });
    expect(own.status).toBe(409);
    expect(own.json.error).toBe("Du bist für diese Schicht bereits eingeteilt");
    expect(await db.shiftApplication.count({ where: { shiftId: { in: [taken.id, mine.id] } } })).toBe(0);
  });

  test("past shifts and shifts beyond the four weeks are refused; today's unbegun and day 27 not", async () => {
    // Early morning of today in Zurich: today's 09:00 shift has not begun.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${today}T03:00:00Z`));
    onTestFinished(() => void vi.useRealTimers());
    const { token, location } = await setup();
    const at = (days: number) => fx.shift({ locationId: location.id, date: addDays(today, days) });
    const [yesterday, first, last, beyond] = await Promise.all([at(-1), at(0), at(27), at(28)]);
    const past = await call(apply, { method: "POST", token, ...path(yesterday.id) });
    expect(past.status).toBe(409);
    expect(past.json.error).toBe("Diese Schicht liegt in der Vergangenheit");
    const far = await call(apply, { method: "POST", token, ...path(beyond.id) });
    expect(far.status).toBe(409);
    expect(far.json.error).toBe("Du kannst dich nur für Schichten der nächsten vier Wochen melden");
    expect((await call(apply, { method: "POST", token, ...path(first.id) })).status).toBe(201);
    expect((await call(apply, { method: "POST", token, ...path(last.id) })).status).toBe(201);
  });

  test("a shift of today that has begun is refused (409), not offered; a later one is both", async () => {
    // 11:30 in Zurich today (10:30 UTC in winter, 09:30 UTC in summer): read in the business's time zone.
    const zurichOffset = new Intl.DateTimeFormat("en", { timeZone: "Europe/Zurich", timeZoneName: "shortOffset" })
      .formatToParts(new Date(`${today}T12:00:00Z`))
      .find((part) => part.type === "timeZoneName")!.value;
    const hoursAhead = Number(zurichOffset.replace("GMT", "") || 0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.parse(`${today}T11:30:00Z`) - hoursAhead * 3_600_000));
    onTestFinished(() => void vi.useRealTimers());

    const { user, token, location } = await setup();
    const at = (start: string, end: string) => fx.shift({ locationId: location.id, date: today, start, end });
    const [begun, startsNow, later] = [
      await at("11:00", "15:00"),
      await at("11:30", "16:00"),
      await at("11:31", "17:00"),
    ];
    const offered = (await call(openShifts, { token, path: "/api/me/open-shifts" })).json as OpenShiftDto[];
    const ids = offered.map((shift) => shift.id);
    expect(ids).not.toContain(begun.id);
    expect(ids).not.toContain(startsNow.id);
    expect(ids).toContain(later.id);

    for (const shift of [begun, startsNow]) {
      const res = await call(apply, { method: "POST", token, ...path(shift.id) });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({
        error: "Diese Schicht hat bereits begonnen – du kannst dich nicht mehr dafür melden.",
        code: "conflict",
      });
      expect(await applications(shift.id)).toEqual([]);
    }
    expect(await db.auditLog.count({ where: { userId: user.id, action: "shift_application.create" } })).toBe(0);
    expect((await call(apply, { method: "POST", token, ...path(later.id) })).status).toBe(201);
  });

  test("an open shift at an archived location is refused", async () => {
    const { token, location, shift } = await setup();
    await db.location.update({ where: { id: location.id }, data: { archivedAt: new Date() } });
    const res = await call(apply, { method: "POST", token, ...path(shift.id) });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("Der Standort dieser Schicht ist archiviert");
  });

  test("an overlap with an own shift or a vacation day is refused like an assignment", async () => {
    const { employee, token, location, shift } = await setup(6, { start: "09:00", end: "17:00" });
    await fx.shift({ employeeId: employee.id, locationId: location.id, date: addDays(today, 6), start: "16:00" });
    const overlap = await call(apply, { method: "POST", token, ...path(shift.id) });
    expect(overlap.status).toBe(409);
    expect(overlap.json.code).toBe("shift_overlap");
    expect(overlap.json.error).toContain("Anna Muster");

    const onVacation = await fx.shift({ locationId: location.id, date: addDays(today, 8) });
    const day = addDays(today, 8);
    await fx.vacation({ employeeId: employee.id, start: day, end: day, days: 1 });
    const vacation = await call(apply, { method: "POST", token, ...path(onVacation.id) });
    expect(vacation.status).toBe(409);
    expect(vacation.json.code).toBe("employee_on_vacation");
    expect(await db.shiftApplication.count({ where: { employeeId: employee.id } })).toBe(0);
  });

  test("the answer carries the warnings taking the shift would have", async () => {
    // Ten hours without a break: the legal minimum break is missing (docs/PRODUCT-RULES.md §23).
    const { token, shift } = await setup(3, { start: "08:00", end: "18:00" });
    const res = await call(apply, { method: "POST", token, ...path(shift.id) });
    expect(res.status).toBe(201);
    expect(res.json.warnings).toMatchObject([{ code: "break", severity: "warning", shift_id: shift.id }]);
  });

  test("applying twice: 409 with its own message, one row", async () => {
    const { token, shift } = await setup();
    expect((await call(apply, { method: "POST", token, ...path(shift.id) })).status).toBe(201);
    const again = await call(apply, { method: "POST", token, ...path(shift.id) });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: "Du hast dich bereits für diese Schicht gemeldet", code: "conflict" });
    expect(await applications(shift.id)).toHaveLength(1);
  });

  test("ten parallel applications of one employee: exactly one is stored", async () => {
    const { token, shift } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(apply, { method: "POST", token, ...path(shift.id) })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await applications(shift.id)).toHaveLength(1);
  });

  test("nobody withdraws or sees another employee's application", async () => {
    const anna = await setup();
    const ben = await fx.employee();
    const { token: benToken } = await createUser("user", { employeeId: ben.id });
    expect((await call(apply, { method: "POST", token: anna.token, ...path(anna.shift.id) })).status).toBe(201);

    const res = await call(withdraw, { method: "DELETE", token: benToken, ...path(anna.shift.id) });
    expect(res.status).toBe(404);
    expect(await applications(anna.shift.id)).toMatchObject([{ employeeId: anna.employee.id }]);
    const list = (await call(openShifts, { token: benToken })).json as unknown as OpenShiftDto[];
    expect(list.find((shift) => shift.id === anna.shift.id)).toMatchObject({ applied: false });
    expect(JSON.stringify(list)).not.toContain(anna.employee.lastName);
  });

  test("assigning the shift clears its applications in the same write, named in the audit row", async () => {
    const { employee, token, location, shift } = await setup();
    const other = await fx.employee();
    const { token: otherToken } = await createUser("user", { employeeId: other.id });
    expect((await call(apply, { method: "POST", token, ...path(shift.id) })).status).toBe(201);
    expect((await call(apply, { method: "POST", token: otherToken, ...path(shift.id) })).status).toBe(201);
    const manager = await createUser("manager");
    const body = {
      employee_id: employee.id,
      location_id: location.id,
      shift_date: addDays(today, 3),
      start_time: "09:00",
      end_time: "17:00",
      break_minutes: 30,
    };

    // Changing an open shift keeps its applications; giving it an employee ends them.
    const edit = { ...body, employee_id: null, start_time: "10:00" };
    const params = { id: String(shift.id) };
    expect((await call(updateShift, { method: "PUT", token: manager.token, body: edit, params })).status).toBe(200);
    expect(await applications(shift.id)).toHaveLength(2);
    const res = await call(updateShift, { method: "PUT", token: manager.token, body, params });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ employee_id: employee.id });
    expect(await applications(shift.id)).toEqual([]);
    const audit = await db.auditLog.findFirst({
      where: { userId: manager.user.id, action: "shift.update", entityId: shift.id },
      orderBy: { id: "desc" },
    });
    expect(audit?.details).toMatchObject({ applications_cleared: [employee.id, other.id].sort((a, b) => a - b) });
  });

  test("an assignment refused by the rules keeps the applications", async () => {
    const { employee, token, location, shift } = await setup(4);
    await fx.shift({ employeeId: employee.id, locationId: location.id, date: addDays(today, 9) });
    expect((await call(apply, { method: "POST", token, ...path(shift.id) })).status).toBe(201);
    // Another shift of the day for this employee lands after the application: the assignment is an overlap.
    await fx.shift({ employeeId: employee.id, locationId: location.id, date: addDays(today, 4), start: "12:00" });
    const manager = await createUser("manager");
    const body = {
      employee_id: employee.id,
      location_id: location.id,
      shift_date: addDays(today, 4),
      start_time: "09:00",
      end_time: "17:00",
      break_minutes: 30,
    };
    const res = await call(updateShift, {
      method: "PUT",
      token: manager.token,
      body,
      params: { id: String(shift.id) },
    });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("shift_overlap");
    expect(await applications(shift.id)).toHaveLength(1);
  });

  test("deleting the shift removes its applications", async () => {
    const { employee, token, shift } = await setup();
    expect((await call(apply, { method: "POST", token, ...path(shift.id) })).status).toBe(201);
    const manager = await createUser("manager");
    const res = await call(deleteShift, { method: "DELETE", token: manager.token, params: { id: String(shift.id) } });
    expect(res.status).toBe(200);
    expect(await applications(shift.id)).toEqual([]);
    const audit = await db.auditLog.findFirst({ where: { userId: manager.user.id, action: "shift.delete" } });
    expect(audit?.details).toMatchObject({ applications_cleared: [employee.id] });
  });
});
