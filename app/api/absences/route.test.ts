// Absences besides vacation (docs/PRODUCT-RULES.md §32.2): CRUD, validation, overlap, who reads whose, opening the
// plan and undoing it.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { absenceDtoSchema, recordedAbsenceSchema, sickReportResultSchema } from "@/lib/shared/schemas/absence";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as undo } from "../changes/[id]/undo/route";
import { GET as dashboardGet } from "../dashboard/route";
import { POST as sick } from "../me/sick/route";
import { POST as createShift } from "../shifts/route";
import { POST as createVacation } from "../vacations/route";
import { DELETE as remove, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

// Today is Wednesday 2034-03-08 in Zurich: the sick report starts from it.
const TODAY = "2034-03-08";
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${TODAY}T09:00:00Z`));
});
afterAll(() => vi.useRealTimers());

const manager = () => createUser("manager").then((u) => u.token);
const put = (token: string, id: number, body: unknown) =>
  call(update, { method: "PUT", token, params: { id: String(id) }, body });
const listOf = (token: string, query: string) => call(list, { token, path: `/api/absences?${query}` });

const assignedOn = async (employeeId: number, date: string) =>
  db.shift.count({ where: { employeeId, shiftDate: toDateColumn(date) } });

describe("POST /api/absences", () => {
  test("records whole days: opens the employee's shifts on them as one change, undone with the absence", async () => {
    const token = await manager();
    const e = await fx.employee({ firstName: "Şahin", lastName: "Ağaoğlu" });
    const where = await fx.location();
    const monday = await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-04-03" });
    const tuesday = await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-04-04" });
    const outside = await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-04-06" });
    const res = await call(create, {
      token,
      body: { employee_id: e.id, type: "militaer", start_date: "2034-04-03", end_date: "2034-04-05", note: "WK" },
    });
    expect(res.status, res.text).toBe(201);
    const recorded = recordedAbsenceSchema.parse(res.json);
    expect(recorded).toMatchObject({
      employee_id: e.id,
      first_name: "Şahin",
      last_name: "Ağaoğlu",
      type: "militaer",
      start_date: "2034-04-03",
      end_date: "2034-04-05",
      hours: null,
      note: "WK",
      certificate_received: false,
      certificate_due: false,
      self_reported: false,
      opened_shifts: 2,
    });
    expect(recorded.change_id).toBeDefined();
    const after = await db.shift.findMany({ where: { id: { in: [monday.id, tuesday.id, outside.id] } } });
    expect(Object.fromEntries(after.map((s) => [s.id, s.employeeId]))).toEqual({
      [monday.id]: null,
      [tuesday.id]: null,
      [outside.id]: e.id,
    });
    const audit = await db.auditLog.findFirst({ where: { action: "absence.create", entityId: recorded.id } });
    expect(audit?.details).toMatchObject({ change_id: recorded.change_id, opened_shift_ids: [monday.id, tuesday.id] });

    const undone = await call(undo, { token, params: { id: recorded.change_id! } });
    expect(undone.status, undone.text).toBe(200);
    expect(await db.absence.count({ where: { id: recorded.id } })).toBe(0);
    expect(await assignedOn(e.id, "2034-04-03")).toBe(1);
    expect(await assignedOn(e.id, "2034-04-04")).toBe(1);
  });

  test("hours on one day: credited, but the day's shifts stay assigned; no change to undo", async () => {
    const token = await manager();
    const e = await fx.employee();
    const where = await fx.location();
    await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-04-10", start: "13:00", end: "17:00" });
    const res = await call(create, {
      token,
      body: { employee_id: e.id, type: "weiterbildung", start_date: "2034-04-10", hours: 2.5 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ start_date: "2034-04-10", end_date: "2034-04-10", hours: 2.5, opened_shifts: 0 });
    expect(res.json.change_id).toBeUndefined();
    expect(await assignedOn(e.id, "2034-04-10")).toBe(1);
  });

  test("bad input: 400 with German messages per field, nothing written", async () => {
    const token = await manager();
    const e = await fx.employee();
    const cases: [unknown, Record<string, string>][] = [
      [{ type: "krank", start_date: "2034-05-01" }, { employee_id: "Bitte wähle einen Mitarbeiter aus" }],
      [
        { employee_id: e.id, type: "ferien", start_date: "2034-05-01" },
        { type: "Bitte wähle die Art: krank, unbezahlt, militaer, weiterbildung oder kompensation" },
      ],
      [
        { employee_id: e.id, type: "krank", start_date: "2034-05-02", end_date: "2034-05-01" },
        { end_date: "Das Enddatum darf nicht vor dem Startdatum liegen" },
      ],
      [
        { employee_id: e.id, type: "krank", start_date: "2034-05-01", end_date: "2034-05-02", hours: 2 },
        { hours: "Stunden gibt es nur bei einer Abwesenheit an einem einzigen Tag" },
      ],
      [
        { employee_id: e.id, type: "krank", start_date: "2034-05-01", hours: 0 },
        { hours: "Stunden müssen grösser als 0 und höchstens 24 sein" },
      ],
      [
        { employee_id: e.id, type: "krank", start_date: "2034-05-01", hours: 24.5 },
        { hours: "Stunden müssen grösser als 0 und höchstens 24 sein" },
      ],
      [
        { employee_id: e.id, type: "krank", start_date: "2034-05-01", hours: 2.1 },
        { hours: "Stunden nur in Schritten von 0.25" },
      ],
      [
        { employee_id: e.id, type: "unbezahlt", start_date: "2034-05-01", certificate_received: true },
        { certificate_received: "Ein Arztzeugnis gibt es nur bei Krankheit" },
      ],
      [
        { employee_id: e.id, type: "krank", start_date: "2034-05-01", note: "x".repeat(501) },
        { note: "Höchstens 500 Zeichen" },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await call(create, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields, JSON.stringify(body)).toEqual(fields);
      expect(res.json.error).toBe(Object.values(fields)[0]);
    }
    const unknown = await call(create, {
      token,
      body: { employee_id: 999_999_999, type: "krank", start_date: "2034-05-01" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields).toEqual({ employee_id: "Bitte wähle einen Mitarbeiter aus" });
    expect(await db.absence.count({ where: { employeeId: e.id } })).toBe(0);
  });

  test("the database refuses what the schema refuses (a write that skips zod)", async () => {
    const e = await fx.employee();
    const base = { employeeId: e.id, type: "krank" as const, startDate: toDateColumn("2034-05-01") };
    const bad = [
      { ...base, endDate: toDateColumn("2034-04-30") },
      { ...base, endDate: toDateColumn("2034-05-02"), hours: 3 },
      { ...base, endDate: toDateColumn("2034-05-01"), hours: 0 },
      { ...base, endDate: toDateColumn("2034-05-01"), hours: 25 },
      { ...base, type: "militaer" as const, endDate: toDateColumn("2034-05-01"), certificateReceived: true },
    ];
    for (const data of bad) await expect(db.absence.create({ data })).rejects.toThrow();
    expect(await db.absence.count({ where: { employeeId: e.id } })).toBe(0);
  });

  test("overlap with an absence or approved vacation: 409 in German, nothing written, nor a vacation", async () => {
    const token = await manager();
    const e = await fx.employee();
    const first = await call(create, {
      token,
      body: { employee_id: e.id, type: "krank", start_date: "2034-06-05", end_date: "2034-06-07" },
    });
    expect(first.status).toBe(201);
    const overlap = await call(create, {
      token,
      body: { employee_id: e.id, type: "weiterbildung", start_date: "2034-06-07", hours: 4 },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.json).toEqual({
      error: "Überschneidet sich mit einer bestehenden Abwesenheit (05.06.2034 – 07.06.2034)",
      code: "conflict",
    });
    await fx.vacation({ employeeId: e.id, start: "2034-06-12", end: "2034-06-16", days: 5 });
    const onVacation = await call(create, {
      token,
      body: { employee_id: e.id, type: "kompensation", start_date: "2034-06-09", end_date: "2034-06-12" },
    });
    expect(onVacation.status).toBe(409);
    expect(onVacation.json.error).toBe("Überschneidet sich mit bestehenden Ferien (12.06.2034 – 16.06.2034)");
    expect(await db.absence.count({ where: { employeeId: e.id } })).toBe(1);
    const vacation = await call(createVacation, {
      token,
      body: { employee_id: e.id, start_date: "2034-06-06", end_date: "2034-06-09" },
    });
    expect(vacation.status).toBe(409);
    expect(vacation.json.error).toBe("Überschneidet sich mit einer Abwesenheit (05.06.2034 – 07.06.2034)");
  });

  test("parallel absences on the same days: one wins, the others 409 (the employee lock)", async () => {
    const token = await manager();
    const e = await fx.employee();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(create, { token, body: { employee_id: e.id, type: "krank", start_date: "2034-07-03" } }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.absence.count({ where: { employeeId: e.id } })).toBe(1);
  });

  test("no shift on an absence day: refused as on a vacation day, saying 'abwesend', never why", async () => {
    const token = await manager();
    const e = await fx.employee({ firstName: "Lea", lastName: "Krank" });
    const where = await fx.location();
    await call(create, { token, body: { employee_id: e.id, type: "krank", start_date: "2034-07-10" } });
    const res = await call(createShift, {
      token,
      body: {
        employee_id: e.id,
        location_id: where.id,
        shift_date: "2034-07-10",
        start_time: "08:00",
        end_time: "12:00",
      },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("Lea Krank ist am 10.07.2034 abwesend");
    // An absence of hours leaves the day plannable.
    await call(create, {
      token,
      body: { employee_id: e.id, type: "weiterbildung", start_date: "2034-07-11", hours: 3 },
    });
    const hours = await call(createShift, {
      token,
      body: {
        employee_id: e.id,
        location_id: where.id,
        shift_date: "2034-07-11",
        start_time: "13:00",
        end_time: "17:00",
      },
    });
    expect(hours.status, hours.text).toBe(201);
  });
});

describe("GET /api/absences", () => {
  test("planners read anyone's; staff their own only (without employee_id), another's 403: health data", async () => {
    const token = await manager();
    const lea = await fx.employee();
    const ben = await fx.employee();
    await call(create, { token, body: { employee_id: lea.id, type: "krank", start_date: "2034-08-01" } });
    await call(create, { token, body: { employee_id: ben.id, type: "unbezahlt", start_date: "2034-08-02" } });
    const all = await listOf(token, "start_date=2034-08-01&end_date=2034-08-02");
    expect(all.status).toBe(200);
    const absences = z.array(absenceDtoSchema).parse(all.json);
    const mine = absences.filter((a) => [lea.id, ben.id].includes(a.employee_id));
    expect(mine.map((a) => a.type)).toEqual(["krank", "unbezahlt"]);

    const leaUser = await createUser("user", { employeeId: lea.id });
    const own = await listOf(leaUser.token, "start_date=2034-08-01&end_date=2034-08-02");
    expect(own.status).toBe(200);
    expect(
      z
        .array(absenceDtoSchema)
        .parse(own.json)
        .map((a) => a.employee_id),
    ).toEqual([lea.id]);
    const colleague = await listOf(leaUser.token, `start_date=2034-08-01&end_date=2034-08-02&employee_id=${ben.id}`);
    expect(colleague.status).toBe(403);
    expect(colleague.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    const unlinked = await listOf((await createUser("user")).token, "start_date=2034-08-01&end_date=2034-08-02");
    expect(unlinked.status).toBe(403);
    const badRange = await listOf(token, "start_date=2034-08-02&end_date=2034-08-01");
    expect(badRange.status).toBe(400);
    expect(badRange.json.fields).toEqual({ end_date: "end_date darf nicht vor start_date liegen" });
  });
});

describe("PUT and DELETE /api/absences/{id}", () => {
  test("PUT replaces it, opening the shifts of days it gains; DELETE removes it; both audited; 404 after", async () => {
    const token = await manager();
    const e = await fx.employee();
    const where = await fx.location();
    await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-09-05" });
    const created = await call(create, { token, body: { employee_id: e.id, type: "krank", start_date: "2034-09-04" } });
    const id = created.json.id as number;
    const changed = await put(token, id, {
      employee_id: e.id,
      type: "krank",
      start_date: "2034-09-04",
      end_date: "2034-09-06",
      certificate_received: true,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ end_date: "2034-09-06", certificate_received: true, opened_shifts: 1 });
    expect(await assignedOn(e.id, "2034-09-05")).toBe(0);
    const clash = await call(create, {
      token,
      body: { employee_id: e.id, type: "unbezahlt", start_date: "2034-09-08" },
    });
    const moved = await put(token, id, {
      employee_id: e.id,
      type: "krank",
      start_date: "2034-09-07",
      end_date: "2034-09-08",
    });
    expect(moved.status).toBe(409);
    expect((await db.absence.findUnique({ where: { id: clash.json.id as number } }))?.type).toBe("unbezahlt");

    const removed = await call(remove, { method: "DELETE", token, params: { id: String(id) } });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ message: "Abwesenheit gelöscht" });
    expect(await db.absence.count({ where: { id } })).toBe(0);
    const again = await call(remove, { method: "DELETE", token, params: { id: String(id) } });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ error: "Abwesenheit nicht gefunden", code: "not_found" });
    const missing = await put(token, id, { employee_id: e.id, type: "krank", start_date: "2034-09-04" });
    expect(missing.status).toBe(404);
    const actions = await db.auditLog.findMany({
      where: { entityType: "absence", entityId: id },
      orderBy: { id: "asc" },
    });
    expect(actions.map((row) => row.action)).toEqual(["absence.create", "absence.update", "absence.delete"]);
  });
});

describe("PUT /api/absences/{id}: undo, and after someone left", () => {
  test("days gained that opened shifts are one change: undo gives the shifts and the old end back", async () => {
    const token = await manager();
    const e = await fx.employee();
    const where = await fx.location();
    const later = await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-10-10" });
    const created = await call(create, { token, body: { employee_id: e.id, type: "krank", start_date: "2034-10-09" } });
    const id = created.json.id as number;
    // The end mistyped: the 30th instead of the 10th opens the shift of the 10th.
    const changed = await put(token, id, {
      employee_id: e.id,
      type: "krank",
      start_date: "2034-10-09",
      end_date: "2034-10-30",
    });
    expect(changed.status, changed.text).toBe(200);
    const recorded = recordedAbsenceSchema.parse(changed.json);
    expect(recorded.opened_shifts).toBe(1);
    expect(recorded.change_id).toBeDefined();
    expect((await db.shift.findUniqueOrThrow({ where: { id: later.id } })).employeeId).toBeNull();
    const undone = await call(undo, { token, params: { id: recorded.change_id! } });
    expect(undone.status, undone.text).toBe(200);
    expect((await db.shift.findUniqueOrThrow({ where: { id: later.id } })).employeeId).toBe(e.id);
    expect((await db.absence.findUniqueOrThrow({ where: { id } })).endDate).toEqual(toDateColumn("2034-10-09"));
    // A change that opens nothing has nothing to undo.
    const noted = await put(token, id, { employee_id: e.id, type: "krank", start_date: "2034-10-09", note: "Grippe" });
    expect(noted.status, noted.text).toBe(200);
    expect(noted.json.change_id).toBeUndefined();
  });

  test("an archived employee's sick leave takes its certificate; moving one to an archived person: 400", async () => {
    const token = await manager();
    const e = await fx.employee();
    const created = await call(create, { token, body: { employee_id: e.id, type: "krank", start_date: "2034-11-06" } });
    expect(created.status, created.text).toBe(201);
    await db.employee.update({ where: { id: e.id }, data: { archivedAt: new Date() } });
    const certified = await put(token, created.json.id as number, {
      employee_id: e.id,
      type: "krank",
      start_date: "2034-11-06",
      certificate_received: true,
    });
    expect(certified.status, certified.text).toBe(200);
    expect(certified.json.certificate_received).toBe(true);
    const other = await fx.employee();
    const theirs = await call(create, {
      token,
      body: { employee_id: other.id, type: "krank", start_date: "2034-11-13" },
    });
    const moved = await put(token, theirs.json.id as number, {
      employee_id: e.id,
      type: "krank",
      start_date: "2034-11-13",
    });
    expect(moved.status).toBe(400);
    expect((await db.absence.findUniqueOrThrow({ where: { id: theirs.json.id as number } })).employeeId).toBe(other.id);
  });
});

describe("POST /api/me/sick", () => {
  test("today and the following days: opens the caller's shifts as one change; undo restores them", async () => {
    const e = await fx.employee();
    const where = await fx.location();
    const { token } = await createUser("user", { employeeId: e.id });
    const today = await fx.shift({ employeeId: e.id, locationId: where.id, date: TODAY });
    const tomorrow = await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-03-09" });
    const later = await fx.shift({ employeeId: e.id, locationId: where.id, date: "2034-03-10" });
    const res = await call(sick, { token, body: { days: 2 } });
    expect(res.status, res.text).toBe(201);
    const report = sickReportResultSchema.parse(res.json);
    expect(report.opened_shifts).toBe(2);
    expect(report.absence).toMatchObject({
      employee_id: e.id,
      type: "krank",
      start_date: TODAY,
      end_date: "2034-03-09",
      self_reported: true,
    });
    const shifts = await db.shift.findMany({
      where: { id: { in: [today.id, tomorrow.id, later.id] } },
      orderBy: { id: "asc" },
    });
    expect(shifts.map((s) => s.employeeId)).toEqual([null, null, e.id]);
    expect(await db.auditLog.count({ where: { action: "absence.sick_report", entityId: report.absence.id } })).toBe(1);

    // The managers undo it (e.g. reported by mistake): the absence goes, the shifts are theirs again.
    const undone = await call(undo, { token: await manager(), params: { id: report.change_id } });
    expect(undone.status, undone.text).toBe(200);
    expect(await db.absence.count({ where: { id: report.absence.id } })).toBe(0);
    const back = await db.shift.findMany({ where: { id: { in: [today.id, tomorrow.id] } } });
    expect(back.map((s) => s.employeeId)).toEqual([e.id, e.id]);
  });

  test("reported again the next day: the running sick leave is extended, not doubled; days 1–14 only", async () => {
    const e = await fx.employee();
    const { token } = await createUser("user", { employeeId: e.id });
    await db.absence.create({
      data: {
        employeeId: e.id,
        type: "krank",
        startDate: toDateColumn("2034-03-07"),
        endDate: toDateColumn("2034-03-07"),
        selfReported: true,
      },
    });
    const res = await call(sick, { token, body: {} });
    expect(res.status, res.text).toBe(201);
    expect(res.json.absence).toMatchObject({ start_date: "2034-03-07", end_date: TODAY });
    expect(await db.absence.count({ where: { employeeId: e.id } })).toBe(1);
    // Undo shrinks it back to the day reported first; undoing the undo extends it again.
    const undone = await call(undo, { token: await manager(), params: { id: res.json.change_id as string } });
    expect(undone.status, undone.text).toBe(200);
    const back = await db.absence.findFirstOrThrow({ where: { employeeId: e.id } });
    expect(back.endDate).toEqual(toDateColumn("2034-03-07"));
    const redone = await call(undo, {
      token: await manager(),
      params: { id: (undone.json as unknown as { change_id: string }).change_id },
    });
    expect(redone.status, redone.text).toBe(200);
    expect((await db.absence.findFirstOrThrow({ where: { employeeId: e.id } })).endDate).toEqual(toDateColumn(TODAY));
    for (const days of [0, 15, 1.5, "2"]) {
      const bad = await call(sick, { token, body: { days } });
      expect(bad.status, String(days)).toBe(400);
      expect(bad.json.fields).toEqual({ days: "Bitte gib 1 bis 14 Tage an" });
    }
  });

  test("extending a sick leave a manager recorded: the managers see the report, the manager's note stays", async () => {
    const e = await fx.employee();
    const { token } = await createUser("user", { employeeId: e.id });
    const recorded = await db.absence.create({
      data: {
        employeeId: e.id,
        type: "krank",
        startDate: toDateColumn("2034-03-07"),
        endDate: toDateColumn("2034-03-07"),
        note: "Zeugnis angekündigt",
      },
    });
    const res = await call(sick, { token, body: { days: 2, note: "Fieber" } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.absence).toMatchObject({
      id: recorded.id,
      end_date: "2034-03-09",
      self_reported: true,
      note: "Zeugnis angekündigt · Fieber",
    });
    const dashboard = await call(dashboardGet, { token: await manager() });
    const reports = (dashboard.json.absences as unknown as { sick_reports: { absence_id: number }[] }).sick_reports;
    expect(reports.map((report) => report.absence_id)).toContain(recorded.id);
  });

  test("a sick leave of a year is not extended (409, nothing written); an archived employee is 404", async () => {
    const e = await fx.employee();
    const { token } = await createUser("user", { employeeId: e.id });
    await db.absence.create({
      data: {
        employeeId: e.id,
        type: "krank",
        startDate: toDateColumn("2033-03-07"),
        endDate: toDateColumn("2034-03-08"),
      },
    });
    const res = await call(sick, { token, body: { days: 2 } });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatch(/^Deine Krankmeldung läuft schon ein Jahr/);
    expect((await db.absence.findFirstOrThrow({ where: { employeeId: e.id } })).endDate).toEqual(
      toDateColumn("2034-03-08"),
    );
    const gone = await fx.employee();
    const linked = await createUser("user", { employeeId: gone.id });
    await db.employee.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });
    const archived = await call(sick, { token: linked.token, body: {} });
    expect(archived.status, archived.text).toBe(404);
    expect(await db.absence.count({ where: { employeeId: gone.id } })).toBe(0);
  });

  test("an unlinked user is refused; an approved vacation on those days is 409", async () => {
    const unlinked = await call(sick, { token: (await createUser("user")).token, body: {} });
    expect(unlinked.status).toBe(403);
    const e = await fx.employee();
    await fx.vacation({ employeeId: e.id, start: "2034-03-09", end: "2034-03-10", days: 2 });
    const { token } = await createUser("user", { employeeId: e.id });
    const res = await call(sick, { token, body: { days: 3 } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("Überschneidet sich mit bestehenden Ferien (09.03.2034 – 10.03.2034)");
    expect(await db.absence.count({ where: { employeeId: e.id } })).toBe(0);
  });
});
