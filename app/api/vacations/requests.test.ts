import { describe, expect, test } from "vitest";
import { businessYear } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as dashboard } from "../dashboard/route";
import { GET as availability } from "../employees/[id]/availability/[date]/route";
import { GET as getEmployee } from "../employees/[id]/route";
import { GET as hoursReport } from "../reports/hours/route";
import { POST as approve } from "./[id]/approve/route";
import { POST as reject } from "./[id]/reject/route";
import { DELETE as remove, PUT as update } from "./[id]/route";
import { GET as balance } from "./balance/[id]/route";
import { GET as ofEmployee } from "./employee/[id]/route";
import { GET as list, POST as create } from "./route";
import { GET as scheduleWeek } from "../schedule/week/route";
import { PUT as updateShift } from "../shifts/[id]/route";

// docs/PRODUCT-RULES.md §26.3: vacation requests of linked employees, decided by managers and admins.

/** An employee and a user of `role` linked to them. */
async function linked(role: "user" | "manager" = "user", data: { vacationDaysTotal?: number } = {}) {
  const employee = await fx.employee(data);
  const { token } = await createUser(role, { employeeId: employee.id });
  return { employee, token };
}

const manager = () => createUser("manager").then((u) => u.token);

const request = (token: string, employeeId: number, start: string, end = start) =>
  call(create, { token, body: { employee_id: employeeId, start_date: start, end_date: end } });

const idParams = (id: unknown) => ({ params: { id: String(id) } });

const balanceOf = async (token: string, id: number, year: number) =>
  (await call(balance, { token, params: { id: String(id) }, path: `/api/vacations/balance/${id}?year=${year}` })).json;

const statusOf = async (id: unknown) => (await db.vacation.findUnique({ where: { id: Number(id) } }))?.status;

describe("requesting a vacation", () => {
  test("a linked user's vacation is stored requested: pending days, no shift opened, audited", async () => {
    const { employee, token } = await linked();
    const shift = await fx.shift({ employeeId: employee.id, locationId: (await fx.location()).id, date: "2042-03-04" });
    const res = await request(token, employee.id, "2042-03-03", "2042-03-07");
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      employee_id: employee.id,
      days_count: 5,
      status: "requested",
      rejection_reason: null,
      opened_shifts: 0,
    });
    expect((await db.shift.findUniqueOrThrow({ where: { id: shift.id } })).employeeId).toBe(employee.id);
    expect(await balanceOf(token, employee.id, 2042)).toEqual({
      employee_id: employee.id,
      year: 2042,
      total: 20,
      used: 0,
      pending: 5,
      remaining: 20,
    });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "vacation.request", entityId: res.json.id as number },
    });
    expect(audit.details).toMatchObject({ employee_id: employee.id, days: 5, status: "requested" });
  });

  test("another employee's id: 403 and nothing stored; without a link: 403", async () => {
    const { token } = await linked();
    const other = await fx.employee();
    const res = await request(token, other.id, "2042-04-07");
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    expect(await db.vacation.count({ where: { employeeId: other.id } })).toBe(0);

    const { token: unlinked } = await createUser("user");
    const refused = await request(unlinked, other.id, "2042-04-07");
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("Dein Benutzer ist mit keinem Mitarbeiter verknüpft");
  });

  test("a request starting before today: 400 with a German field message, nothing stored", async () => {
    const { employee, token } = await linked();
    const res = await request(token, employee.id, "2020-03-02", "2020-03-04");
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: "Ferien kannst du nur ab heute beantragen",
      fields: { start_date: "Ferien kannst du nur ab heute beantragen" },
    });
    expect(await db.vacation.count({ where: { employeeId: employee.id } })).toBe(0);
    // A manager may still record a past vacation after the fact.
    const recorded = await request(await manager(), employee.id, "2020-03-02", "2020-03-04");
    expect(recorded.status).toBe(201);
  });

  test("a manager's vacation is approved at once, also for their own linked employee", async () => {
    const { employee, token } = await linked("manager");
    const own = await request(token, employee.id, "2042-05-05");
    expect(own.json).toMatchObject({ status: "approved" });
    const other = await fx.employee();
    expect((await request(token, other.id, "2042-05-05")).json).toMatchObject({ status: "approved" });
  });

  test("pending days count against the balance: approved + pending + new > total is refused", async () => {
    const { employee, token } = await linked("user", { vacationDaysTotal: 5 });
    await fx.vacation({ employeeId: employee.id, start: "2042-06-02", end: "2042-06-03", days: 2 });
    expect((await request(token, employee.id, "2042-06-09", "2042-06-10")).status).toBe(201);
    const res = await request(token, employee.id, "2042-06-16", "2042-06-17");
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: "Nicht genügend Ferientage",
      code: "insufficient_vacation_days",
      required: 2,
      available: 1,
      year: 2042,
    });
    // A manager's vacation is held to the same sum.
    const byManager = await request(await manager(), employee.id, "2042-06-16", "2042-06-17");
    expect(byManager.json).toMatchObject({ code: "insufficient_vacation_days", available: 1 });
  });

  test("20 parallel requests against 3 days left: exactly 3 are stored", async () => {
    const { employee, token } = await linked("user", { vacationDaysTotal: 5 });
    await fx.vacation({ employeeId: employee.id, start: "2043-01-05", end: "2043-01-06", days: 2 });
    // 20 different single weekdays of 2043, one day each.
    const days: string[] = [];
    for (let d = new Date("2043-02-02T00:00:00Z"); days.length < 20; d.setUTCDate(d.getUTCDate() + 1)) {
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
    }
    const results = await Promise.all(days.map((day) => request(token, employee.id, day)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400 && r.json.code === "insufficient_vacation_days")).toHaveLength(17);
    expect(await db.vacation.count({ where: { employeeId: employee.id, status: "requested" } })).toBe(3);
    expect(await balanceOf(token, employee.id, 2043)).toMatchObject({ used: 2, pending: 3, remaining: 3 });
  });

  test("overlap: 409 against a request or an approved vacation, never against a rejected one", async () => {
    const { employee, token } = await linked();
    const first = await request(token, employee.id, "2042-07-07", "2042-07-09");
    const overlap = await request(token, employee.id, "2042-07-09", "2042-07-10");
    expect(overlap.status).toBe(409);
    expect(overlap.json.error).toBe("Überschneidet sich mit bestehenden Ferien (07.07.2042 – 09.07.2042)");
    const rejected = await call(reject, {
      token: await manager(),
      ...idParams(first.json.id),
      body: { reason: "Inventur" },
    });
    expect(rejected.status).toBe(200);
    expect((await request(token, employee.id, "2042-07-09", "2042-07-10")).status).toBe(201);
  });
});

describe("approving and rejecting", () => {
  test("approve: approved, used instead of pending, the range's shifts opened, audited", async () => {
    const { employee, token } = await linked();
    const l = await fx.location();
    const inRange = await fx.shift({ employeeId: employee.id, locationId: l.id, date: "2044-03-08" });
    const outside = await fx.shift({ employeeId: employee.id, locationId: l.id, date: "2044-03-14" });
    const asked = await request(token, employee.id, "2044-03-07", "2044-03-11");
    const planner = await manager();

    const res = await call(approve, { token: planner, ...idParams(asked.json.id) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: asked.json.id, status: "approved", days_count: 5, opened_shifts: 1 });
    expect((await db.shift.findUniqueOrThrow({ where: { id: inRange.id } })).employeeId).toBeNull();
    expect((await db.shift.findUniqueOrThrow({ where: { id: outside.id } })).employeeId).toBe(employee.id);
    expect(await balanceOf(token, employee.id, 2044)).toMatchObject({ used: 5, pending: 0, remaining: 15 });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "vacation.approve", entityId: res.json.id as number },
    });
    expect(audit.details).toMatchObject({ employee_id: employee.id, opened_shift_ids: [inRange.id] });

    const again = await call(approve, { token: planner, ...idParams(asked.json.id) });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: "Über diesen Ferienantrag wurde bereits entschieden", code: "conflict" });
    expect((await call(approve, { token: planner, ...idParams(999999999) })).status).toBe(404);
  });

  test("approve withdraws the employee's applications for open shifts in its range, not others", async () => {
    const { employee, token } = await linked();
    const l = await fx.location();
    const inRange = await fx.shift({ employeeId: null, locationId: l.id, date: "2045-03-08" });
    const outside = await fx.shift({ employeeId: null, locationId: l.id, date: "2045-03-14" });
    const colleague = await fx.employee();
    await db.shiftApplication.createMany({
      data: [
        { shiftId: inRange.id, employeeId: employee.id },
        { shiftId: outside.id, employeeId: employee.id },
        { shiftId: inRange.id, employeeId: colleague.id },
      ],
    });
    const asked = await request(token, employee.id, "2045-03-07", "2045-03-09");
    const res = await call(approve, { token: await manager(), ...idParams(asked.json.id) });
    expect(res.status).toBe(200);
    const left = await db.shiftApplication.findMany({ where: { shiftId: { in: [inRange.id, outside.id] } } });
    expect(left.map((a) => [a.shiftId, a.employeeId]).sort()).toEqual(
      [
        [inRange.id, colleague.id],
        [outside.id, employee.id],
      ].sort(),
    );
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "vacation.approve", entityId: asked.json.id as number },
    });
    expect(audit.details).toMatchObject({ withdrawn_application_shift_ids: [inRange.id] });
  });

  test("approving while a shift of its range is edited: both finish, no deadlock (5 rounds)", async () => {
    const planner = await manager();
    const l = await fx.location();
    for (let round = 0; round < 5; round++) {
      const { employee, token } = await linked();
      const other = await fx.employee();
      const date = `2046-03-${String(2 + round * 7).padStart(2, "0")}`;
      const times = [
        ["06:00", "08:00"],
        ["09:00", "11:00"],
        ["12:00", "14:00"],
      ];
      const shifts = await Promise.all(
        times.map(([start, end]) => fx.shift({ employeeId: employee.id, locationId: l.id, date, start, end })),
      );
      const asked = await request(token, employee.id, date);
      const [approved, edited] = await Promise.all([
        call(approve, { token: planner, ...idParams(asked.json.id) }),
        call(updateShift, {
          method: "PUT",
          token: planner,
          ...idParams(shifts[1].id),
          body: { employee_id: other.id, location_id: l.id, shift_date: date, start_time: "09:00", end_time: "11:00" },
        }),
      ]);
      expect(approved.status, approved.text).toBe(200);
      expect(edited.status, edited.text).toBe(200);
      // Whichever came first, nothing of the employee is left on the vacation day.
      const left = await db.shift.count({ where: { id: { in: shifts.map((s) => s.id) }, employeeId: employee.id } });
      expect(left).toBe(0);
    }
  });

  test("approving while the same person's shift that day gets new times: no deadlock (5 rounds)", async () => {
    const planner = await manager();
    const l = await fx.location();
    for (let round = 0; round < 5; round++) {
      const { employee, token } = await linked();
      const date = `2046-06-${String(4 + round).padStart(2, "0")}`;
      const shift = await fx.shift({ employeeId: employee.id, locationId: l.id, date, start: "09:00", end: "11:00" });
      const asked = await request(token, employee.id, date);
      const [approved, edited] = await Promise.all([
        call(approve, { token: planner, ...idParams(asked.json.id) }),
        call(updateShift, {
          method: "PUT",
          token: planner,
          ...idParams(shift.id),
          body: {
            employee_id: employee.id,
            location_id: l.id,
            shift_date: date,
            start_time: "10:00",
            end_time: "12:00",
          },
        }),
      ]);
      expect(approved.status, approved.text).toBe(200);
      // The edit came first and the approval opened the shift, or the approval came first and the edit was refused.
      expect([200, 409], edited.text).toContain(edited.status);
      expect(await db.shift.count({ where: { id: shift.id, employeeId: employee.id } })).toBe(0);
    }
  });

  test("approve checks the balance again: a total lowered meanwhile refuses it, nothing changes", async () => {
    const { employee, token } = await linked("user", { vacationDaysTotal: 10 });
    const l = await fx.location();
    const shift = await fx.shift({ employeeId: employee.id, locationId: l.id, date: "2044-05-03" });
    const asked = await request(token, employee.id, "2044-05-02", "2044-05-06");
    await fx.vacation({ employeeId: employee.id, start: "2044-06-06", end: "2044-06-08", days: 3 });
    await db.employee.update({ where: { id: employee.id }, data: { vacationDaysTotal: 6 } });

    const res = await call(approve, { token: await manager(), ...idParams(asked.json.id) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "insufficient_vacation_days", required: 5, available: 3, year: 2044 });
    expect(await statusOf(asked.json.id)).toBe("requested");
    expect((await db.shift.findUniqueOrThrow({ where: { id: shift.id } })).employeeId).toBe(employee.id);
  });

  test("reject needs a reason (1–500 characters); then rejected with it and the days freed", async () => {
    const { employee, token } = await linked();
    const asked = await request(token, employee.id, "2044-08-08", "2044-08-12");
    const planner = await manager();
    const send = (body: unknown) => call(reject, { token: planner, ...idParams(asked.json.id), body });

    for (const body of [{}, { reason: "   " }, { reason: 5 }]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields).toEqual({ reason: "Bitte gib eine Begründung ein" });
    }
    expect((await send({ reason: "x".repeat(501) })).json.fields).toEqual({ reason: "Höchstens 500 Zeichen" });
    expect(await statusOf(asked.json.id)).toBe("requested");

    const res = await send({ reason: "  Inventur in dieser Woche  " });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "rejected", rejection_reason: "Inventur in dieser Woche" });
    expect(await balanceOf(token, employee.id, 2044)).toMatchObject({ used: 0, pending: 0, remaining: 20 });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "vacation.reject", entityId: res.json.id as number },
    });
    expect(audit.details).toMatchObject({ employee_id: employee.id, reason: "Inventur in dieser Woche" });
    expect(audit.username).toMatch(/^test-manager-/);

    expect((await send({ reason: "nochmals" })).status).toBe(409);
    expect((await call(approve, { token: planner, ...idParams(asked.json.id) })).status).toBe(409);
    // A rejected request is closed: PUT cannot bring it back.
    const put = await call(update, {
      token: planner,
      method: "PUT",
      ...idParams(asked.json.id),
      body: { employee_id: employee.id, start_date: "2044-08-08", end_date: "2044-08-09" },
    });
    expect(put.status).toBe(409);
  });

  test("PUT of a request keeps it requested and opens no shift", async () => {
    const { employee, token } = await linked();
    const shift = await fx.shift({ employeeId: employee.id, locationId: (await fx.location()).id, date: "2044-09-07" });
    const asked = await request(token, employee.id, "2044-09-05");
    const res = await call(update, {
      token: await manager(),
      method: "PUT",
      ...idParams(asked.json.id),
      body: { employee_id: employee.id, start_date: "2044-09-05", end_date: "2044-09-09" },
    });
    expect(res.json).toMatchObject({ status: "requested", days_count: 5, opened_shifts: 0 });
    expect((await db.shift.findUniqueOrThrow({ where: { id: shift.id } })).employeeId).toBe(employee.id);
  });
});

describe("withdrawing", () => {
  test("the requester withdraws their own request; an approved one stays (409)", async () => {
    const { employee, token } = await linked();
    const asked = await request(token, employee.id, "2045-02-06");
    const withdrawn = await call(remove, { token, method: "DELETE", ...idParams(asked.json.id) });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toEqual({ message: "Ferienantrag zurückgezogen" });
    expect(await statusOf(asked.json.id)).toBeUndefined();
    expect(await db.auditLog.count({ where: { action: "vacation.withdraw", entityId: Number(asked.json.id) } })).toBe(
      1,
    );

    const approved = await request(token, employee.id, "2045-02-07");
    await call(approve, { token: await manager(), ...idParams(approved.json.id) });
    const refused = await call(remove, { token, method: "DELETE", ...idParams(approved.json.id) });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      "Nur beantragte Ferien kannst du zurückziehen. Für genehmigte Ferien wende dich an deine Planung.",
    );
    expect(await statusOf(approved.json.id)).toBe("approved");
  });

  test("another employee's request: 403 and kept; a manager deletes any", async () => {
    const anna = await linked();
    const ben = await linked();
    const asked = await request(anna.token, anna.employee.id, "2045-03-06");
    const res = await call(remove, { token: ben.token, method: "DELETE", ...idParams(asked.json.id) });
    expect(res.status).toBe(403);
    expect(await statusOf(asked.json.id)).toBe("requested");
    const byManager = await call(remove, { token: await manager(), method: "DELETE", ...idParams(asked.json.id) });
    expect(byManager.json).toEqual({ message: "Ferien gelöscht" });
  });
});

describe("who sees which vacation", () => {
  test("staff see others' vacations only approved, their own in every status", async () => {
    const anna = await linked();
    const ben = await linked();
    const planner = await manager();
    const requested = await request(anna.token, anna.employee.id, "2046-01-08");
    const rejected = await request(anna.token, anna.employee.id, "2046-01-09");
    await call(reject, { token: planner, ...idParams(rejected.json.id), body: { reason: "Engpass" } });
    const approved = await request(planner, anna.employee.id, "2046-01-10");

    const ids = (res: { json: unknown }) => (res.json as { id: number }[]).map((v) => v.id);
    const annaQuery = `/api/vacations?employee_id=${anna.employee.id}`;
    expect(ids(await call(list, { token: ben.token, path: annaQuery }))).toEqual([approved.json.id]);
    expect(ids(await call(ofEmployee, { token: ben.token, ...idParams(anna.employee.id) }))).toEqual([
      approved.json.id,
    ]);
    const { token: unlinked } = await createUser("user");
    expect(ids(await call(list, { token: unlinked, path: annaQuery }))).toEqual([approved.json.id]);

    const all = [requested.json.id, rejected.json.id, approved.json.id];
    expect(ids(await call(list, { token: anna.token, path: annaQuery }))).toEqual(all);
    const own = await call(ofEmployee, { token: anna.token, ...idParams(anna.employee.id) });
    expect(own.json[1]).toMatchObject({ status: "rejected", rejection_reason: "Engpass" });
    expect(ids(await call(list, { token: planner, path: annaQuery }))).toEqual(all);
  });

  test("a note is for the planners: staff read it on their own vacations, not on colleagues'", async () => {
    const own = await linked();
    const colleague = await fx.employee();
    const planner = await manager();
    const record = (employeeId: number, start: string) =>
      call(create, {
        token: planner,
        body: { employee_id: employeeId, start_date: start, end_date: start, notes: "Hochzeit der Schwester" },
      });
    const ownVacation = await record(own.employee.id, "2047-06-03");
    const theirs = await record(colleague.id, "2047-06-04");
    const notesAs = async (token: string) => {
      const res = await call(list, { token, path: "/api/vacations?start_date=2047-06-01&end_date=2047-06-07" });
      return Object.fromEntries((res.json as { id: number; notes: string | null }[]).map((v) => [v.id, v.notes]));
    };
    expect(await notesAs(own.token)).toMatchObject({
      [ownVacation.json.id as number]: "Hochzeit der Schwester",
      [theirs.json.id as number]: null,
    });
    expect(await notesAs(planner)).toMatchObject({ [theirs.json.id as number]: "Hochzeit der Schwester" });
    const week = await call(scheduleWeek, {
      token: own.token,
      path: "/api/schedule/week?start_date=2047-06-02&end_date=2047-06-08",
    });
    // In the week too: their own note, none of a colleague's (docs/PRODUCT-RULES.md §31.2).
    const weekNotes = Object.fromEntries(
      (week.json.vacations as { id: number; notes: string | null }[]).map((v) => [v.id, v.notes]),
    );
    expect(weekNotes).toMatchObject({
      [ownVacation.json.id as number]: "Hochzeit der Schwester",
      [theirs.json.id as number]: null,
    });
  });

  test("status filter; an unknown status is 400 with a German message", async () => {
    const { employee, token } = await linked();
    const planner = await manager();
    const requested = await request(token, employee.id, "2046-02-05");
    const approved = await request(planner, employee.id, "2046-02-06");
    const path = (status: string) => `/api/vacations?employee_id=${employee.id}&status=${status}`;
    const ids = (res: { json: unknown }) => (res.json as { id: number }[]).map((v) => v.id);
    expect(ids(await call(list, { token: planner, path: path("requested") }))).toEqual([requested.json.id]);
    expect(ids(await call(list, { token: planner, path: path("approved") }))).toEqual([approved.json.id]);
    expect(ids(await call(list, { token: planner, path: path("rejected") }))).toEqual([]);
    const bad = await call(list, { token: planner, path: path("offen") });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ status: "Ungültiger Status (beantragt, genehmigt oder abgelehnt)" });
  });
});

describe("a request is no absence until approved", () => {
  test("employee JSON: vacation_days_pending this year; used and remaining count approved only", async () => {
    const { employee, token } = await linked();
    const year = businessYear();
    // Any week of this year has five Monday-Friday days; a past one too (the figures are per calendar year).
    const vacation = await fx.vacation({
      employeeId: employee.id,
      start: `${year}-06-01`,
      end: `${year}-06-07`,
      days: 5,
    });
    const figures = async () => (await call(getEmployee, { token, ...idParams(employee.id) })).json;
    await db.vacation.update({ where: { id: vacation.id }, data: { status: "requested" } });
    expect(await figures()).toMatchObject({
      vacation_days_used: 0,
      vacation_days_pending: 5,
      vacation_days_remaining: 20,
    });
    await db.vacation.update({ where: { id: vacation.id }, data: { status: "approved" } });
    expect(await figures()).toMatchObject({
      vacation_days_used: 5,
      vacation_days_pending: 0,
      vacation_days_remaining: 15,
    });
  });

  test("hours report, availability and dashboard ignore requested days", async () => {
    const { employee, token } = await linked();
    const planner = await manager();
    // 2047-04-01 is a Monday.
    const asked = await request(token, employee.id, "2047-04-01", "2047-04-03");
    const report = async () => {
      const path = `/api/reports/hours?start_date=2047-04-01&end_date=2047-04-30&employee_id=${employee.id}`;
      return (await call(hoursReport, { token: planner, path })).json as unknown as {
        employees: { vacation_days: number }[];
      };
    };
    const vacationDates = async () =>
      (await call(availability, { token, params: { id: String(employee.id), date: "2047-04-02" } })).json
        .vacation_dates;
    expect((await report()).employees[0].vacation_days).toBe(0);
    expect(await vacationDates()).toEqual([]);

    const board = await call(dashboard, { token: planner, path: "/api/dashboard?date=2047-04-01" });
    expect(board.json.pending_vacation_requests).toBeGreaterThanOrEqual(1);
    const staffBoard = await call(dashboard, { token, path: "/api/dashboard?date=2047-04-01" });
    expect(staffBoard.json.pending_vacation_requests).toBe(0);

    await call(approve, { token: planner, ...idParams(asked.json.id) });
    expect((await report()).employees[0].vacation_days).toBe(3);
    expect(await vacationDates()).toEqual(["2047-04-01", "2047-04-02", "2047-04-03"]);
  });
});
