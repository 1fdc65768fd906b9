// POST /api/schedule/auto-fill and /apply (docs/PRODUCT-RULES.md §28.2–§28.3): what is proposed and why, what stays
// open, that nothing is written, and the all-or-nothing, race-proof apply with one change_id.
import { beforeEach, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// The proposal weighs every active employee of the company: a database of its own, where each test archives the
// people of the tests before it.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_auto_fill_route");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { appliedAutoFillSchema, autoFillProposalSchema } = await import("@/lib/shared/schemas/auto-fill");
const { POST: propose } = await import("./route");
const { POST: apply } = await import("./apply/route");
const { POST: undo } = await import("../../changes/[id]/undo/route");
const { PUT: updateShift } = await import("../../shifts/[id]/route");

type Proposal = import("@/lib/shared/schemas/auto-fill").AutoFillProposal;

const MONDAY = "2031-03-03";
const TUESDAY = "2031-03-04";

const manager = () => createUser("manager").then((u) => u.token);

async function proposal(token: string, body: Record<string, unknown>): Promise<Proposal> {
  const res = await call(propose, { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return autoFillProposalSchema.parse(res.json);
}

const employeeOf = async (shiftId: number) => (await db.shift.findUniqueOrThrow({ where: { id: shiftId } })).employeeId;

beforeEach(async () => {
  await db.employee.updateMany({ where: { archivedAt: null }, data: { archivedAt: new Date() } });
  await db.shift.deleteMany({});
});

describe("POST /api/schedule/auto-fill", () => {
  test("proposes a legal plan with reasons and figures, and writes nothing", async () => {
    const token = await manager();
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna", weeklyHours: 40 });
    const ben = await fx.employee({ firstName: "Ben", isHourly: true });
    const early = await fx.shift({ locationId: l.id, date: MONDAY, start: "08:00", end: "16:00" });
    const late = await fx.shift({ locationId: l.id, date: MONDAY, start: "12:00", end: "20:00" });
    const tuesday = await fx.shift({ locationId: l.id, date: TUESDAY, start: "08:00", end: "16:00" });
    await fx.vacation({ employeeId: anna.id, start: TUESDAY, end: TUESDAY, days: 1 });

    const plan = await proposal(token, { start_date: MONDAY, end_date: "2031-03-09" });
    const byShift = new Map(plan.assignments.map((a) => [a.shift_id, a]));
    // Overlapping Monday shifts go to two people; Anna is on vacation on Tuesday, so Ben takes it.
    expect(new Set([byShift.get(early.id)?.employee_id, byShift.get(late.id)?.employee_id])).toEqual(
      new Set([anna.id, ben.id]),
    );
    expect(byShift.get(tuesday.id)?.employee_id).toBe(ben.id);
    const annas = plan.assignments.find((a) => a.employee_id === anna.id)!;
    // Her vacation day leaves a target of 32 h for the week (docs/PRODUCT-RULES.md §31.1).
    expect(annas.reasons).toContain("hat noch 32.0 h frei");
    expect(byShift.get(tuesday.id)?.reasons).toContain("arbeitet im Stundenlohn");
    expect(plan.unfilled).toEqual([]);
    expect(plan.stats).toMatchObject({ open: 3, filled: 3, overtime_hours: 0, optimal: true });
    expect(plan.stats.solve_ms).toBeGreaterThanOrEqual(0);
    for (const shift of [early, late, tuesday]) expect(await employeeOf(shift.id)).toBeNull();
  });

  test("fixed staff with free hours before hourly staff, and overtime only when nobody else fits", async () => {
    const token = await manager();
    const l = await fx.location();
    const full = await fx.employee({ firstName: "Voll", weeklyHours: 8 });
    const free = await fx.employee({ firstName: "Frei", weeklyHours: 20 });
    const hourly = await fx.employee({ firstName: "Stunde", isHourly: true });
    // Voll's 8 contract hours are used up on Monday already.
    await fx.shift({ employeeId: full.id, locationId: l.id, date: MONDAY, start: "06:00", end: "14:00" });
    const open = await fx.shift({ locationId: l.id, date: TUESDAY, start: "09:00", end: "17:00" });
    const plan = await proposal(token, { start_date: MONDAY, end_date: "2031-03-09" });
    expect(plan.assignments).toEqual([expect.objectContaining({ shift_id: open.id, employee_id: free.id })]);
    expect(plan.stats.overtime_hours).toBe(0);

    // Without Frei and Stunde, Voll is the only one: 8 h above the contract, said so.
    await db.employee.updateMany({ where: { id: { in: [free.id, hourly.id] } }, data: { archivedAt: new Date() } });
    const only = await proposal(token, { start_date: MONDAY, end_date: "2031-03-09" });
    expect(only.assignments).toEqual([
      expect.objectContaining({ employee_id: full.id, reasons: ["8.0 h über den Sollstunden"] }),
    ]);
    expect(only.stats.overtime_hours).toBe(8);
  });

  test("an applicant is preferred among equals", async () => {
    const token = await manager();
    const l = await fx.location();
    const people = [];
    for (const firstName of ["Aaron", "Berta", "Carla"]) people.push(await fx.employee({ firstName, weeklyHours: 30 }));
    const open = await fx.shift({ locationId: l.id, date: TUESDAY, start: "09:00", end: "13:00" });
    await db.shiftApplication.create({ data: { shiftId: open.id, employeeId: people[2].id } });
    const plan = await proposal(token, { start_date: TUESDAY, end_date: TUESDAY });
    expect(plan.assignments).toEqual([expect.objectContaining({ employee_id: people[2].id })]);
    expect(plan.assignments[0].reasons).toContain("hat sich beworben");
  });

  test("Einsatzorte, the location filter and the reasons a shift stays open", async () => {
    const token = await manager();
    const altstadt = await fx.location({ name: "Altstadt" });
    const bahnhof = await fx.location({ name: "Bahnhof" });
    const anna = await fx.employee({ firstName: "Anna", lastName: "Muster" });
    await db.employeeLocation.create({ data: { employeeId: anna.id, locationId: altstadt.id } });
    const atBahnhof = await fx.shift({ locationId: bahnhof.id, date: MONDAY, start: "08:00", end: "16:00" });
    const atAltstadt = await fx.shift({ locationId: altstadt.id, date: MONDAY, start: "08:00", end: "16:00" });
    const clash = await fx.shift({ locationId: altstadt.id, date: MONDAY, start: "10:00", end: "18:00" });

    const all = await proposal(token, { start_date: MONDAY, end_date: MONDAY });
    expect(all.assignments.map((a) => a.shift_id).sort()).toHaveLength(1);
    const unfilled = new Map(all.unfilled.map((u) => [u.shift_id, u.reason]));
    expect(unfilled.get(atBahnhof.id)).toBe("niemand arbeitet an diesem Standort");
    const taken = all.assignments[0].shift_id;
    const other = taken === atAltstadt.id ? clash.id : atAltstadt.id;
    expect(unfilled.get(other)).toMatch(
      /^niemand ohne Konflikt verfügbar: Anna Muster \(für Mo 03\.03\. .* vorgeschlagen\)$/,
    );

    const onlyBahnhof = await proposal(token, { start_date: MONDAY, end_date: MONDAY, location_ids: [bahnhof.id] });
    expect(onlyBahnhof.stats).toMatchObject({ open: 1, filled: 0 });
  });

  test("a shift nobody may take says who is on vacation and who is absent, never an absence's type", async () => {
    const token = await manager();
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna", lastName: "Ferien" });
    const ben = await fx.employee({ firstName: "Ben", lastName: "Krank" });
    await fx.vacation({ employeeId: anna.id, start: TUESDAY, end: TUESDAY, days: 1 });
    await db.absence.create({
      data: { employeeId: ben.id, type: "krank", startDate: new Date(TUESDAY), endDate: new Date(TUESDAY) },
    });
    const open = await fx.shift({ locationId: l.id, date: TUESDAY, start: "08:00", end: "16:00" });

    const plan = await proposal(token, { start_date: TUESDAY, end_date: TUESDAY });
    expect(plan.assignments).toEqual([]);
    const reason = plan.unfilled.find((u) => u.shift_id === open.id)?.reason;
    expect(reason).toContain("Anna Ferien (Ferien)");
    expect(reason).toContain("Ben Krank (abwesend)");
    expect(reason).not.toContain("krank)");
  });

  test("bad input: 400 with German fields; only planners", async () => {
    const token = await manager();
    const tooLong = await call(propose, { token, body: { start_date: MONDAY, end_date: "2031-04-03" } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ fields: { end_date: "Der Zeitraum darf höchstens 31 Tage umfassen" } });
    const archived = await fx.location();
    await db.location.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const unknown = await call(propose, {
      token,
      body: { start_date: MONDAY, end_date: MONDAY, location_ids: [archived.id] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ fields: { location_ids: "Unbekannter Standort" } });
    const staff = await createUser("user");
    expect((await call(propose, { token: staff.token, body: { start_date: MONDAY, end_date: MONDAY } })).status).toBe(
      403,
    );
  });
});

describe("POST /api/schedule/auto-fill/apply", () => {
  async function twoOpenShifts() {
    const token = await manager();
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna" });
    const ben = await fx.employee({ firstName: "Ben" });
    const first = await fx.shift({ locationId: l.id, date: MONDAY, start: "08:00", end: "16:00" });
    const second = await fx.shift({ locationId: l.id, date: TUESDAY, start: "08:00", end: "16:00" });
    return { token, l, anna, ben, first, second };
  }

  test("writes every assignment, clears applications, audits, and one change_id undoes it all", async () => {
    const { token, anna, first, second } = await twoOpenShifts();
    await db.shiftApplication.create({ data: { shiftId: first.id, employeeId: anna.id } });
    const plan = await proposal(token, { start_date: MONDAY, end_date: TUESDAY });
    expect(plan.assignments).toHaveLength(2);

    const res = await call(apply, { token, body: { assignments: plan.assignments } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const applied = appliedAutoFillSchema.parse(res.json);
    expect(applied.assigned).toBe(2);
    for (const a of plan.assignments) expect(await employeeOf(a.shift_id)).toBe(a.employee_id);
    expect(await db.shiftApplication.count({ where: { shiftId: first.id } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "shift.auto_fill" }, orderBy: { id: "desc" } });
    expect(audit.details).toMatchObject({ change_id: applied.change_id, assigned: 2, start_date: MONDAY });

    const undone = await call(undo, { token, params: { id: applied.change_id } });
    expect(undone.status).toBe(200);
    expect(await employeeOf(first.id)).toBeNull();
    expect(await employeeOf(second.id)).toBeNull();
  });

  test("undo puts back the applications the apply cleared, except where the employee can no longer apply", async () => {
    const { token, anna, ben, first, second } = await twoOpenShifts();
    const cara = await fx.employee({ firstName: "Cara" });
    const at = (minute: number) => new Date(`2025-01-02T10:${minute}:00.123Z`);
    await db.shiftApplication.createMany({
      data: [
        { shiftId: first.id, employeeId: anna.id, createdAt: at(10) },
        { shiftId: first.id, employeeId: ben.id, createdAt: at(11) },
        { shiftId: second.id, employeeId: cara.id, createdAt: at(12) },
      ],
    });
    const applicationsNow = () =>
      db.shiftApplication.findMany({
        where: { shiftId: { in: [first.id, second.id] } },
        orderBy: [{ shiftId: "asc" }, { employeeId: "asc" }],
        select: { shiftId: true, employeeId: true, createdAt: true },
      });
    const plan = await proposal(token, { start_date: MONDAY, end_date: TUESDAY });
    const res = await call(apply, { token, body: { assignments: plan.assignments } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const applied = appliedAutoFillSchema.parse(res.json);
    expect(await applicationsNow()).toEqual([]);

    // Ben no longer works at the shift's location: his application stays gone (docs/PRODUCT-RULES.md §27.7).
    const elsewhere = await fx.location();
    await db.employeeLocation.create({ data: { employeeId: ben.id, locationId: elsewhere.id } });
    const undone = await call(undo, { token, params: { id: applied.change_id } });
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    expect(await employeeOf(first.id)).toBeNull();
    expect(await applicationsNow()).toEqual([
      { shiftId: first.id, employeeId: anna.id, createdAt: at(10) },
      { shiftId: second.id, employeeId: cara.id, createdAt: at(12) },
    ]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "change.undo" }, orderBy: { id: "desc" } });
    expect(audit.details).toMatchObject({ undone_change_id: applied.change_id, applications_restored: 2 });

    // Undoing the undo assigns the shifts again, which clears the applications again; undoing that brings them back.
    const redo = await call(undo, { token, params: { id: String(undone.json.change_id) } });
    expect(redo.status, JSON.stringify(redo.json)).toBe(200);
    for (const a of plan.assignments) expect(await employeeOf(a.shift_id)).toBe(a.employee_id);
    expect(await applicationsNow()).toEqual([]);
    const again = await call(undo, { token, params: { id: String(redo.json.change_id) } });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect((await applicationsNow()).map((a) => a.employeeId)).toEqual([anna.id, cara.id]);
  });

  test("undo puts back no application for a past shift, and counts only the rows it inserted", async () => {
    const { token, anna, ben, first, second } = await twoOpenShifts();
    const cara = await fx.employee({ firstName: "Cara" });
    const at = (minute: number) => new Date(`2025-01-02T10:${minute}:00.123Z`);
    await db.shiftApplication.createMany({
      data: [
        { shiftId: first.id, employeeId: anna.id, createdAt: at(10) },
        { shiftId: second.id, employeeId: ben.id, createdAt: at(11) },
        { shiftId: second.id, employeeId: cara.id, createdAt: at(12) },
      ],
    });
    const plan = await proposal(token, { start_date: MONDAY, end_date: TUESDAY });
    const res = await call(apply, { token, body: { assignments: plan.assignments } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const applied = appliedAutoFillSchema.parse(res.json);
    // Ben's application is back already (older than the change, so it does not stop the undo): not counted twice.
    await db.shiftApplication.create({ data: { shiftId: second.id, employeeId: ben.id, createdAt: at(11) } });

    // Tuesday morning: Monday's shift is in the past, applying for it is refused, so Anna's does not come back.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(`${TUESDAY}T06:00:00Z`));
      const undone = await call(undo, { token: await manager(), params: { id: applied.change_id } });
      expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const applications = await db.shiftApplication.findMany({
      where: { shiftId: { in: [first.id, second.id] } },
      orderBy: [{ shiftId: "asc" }, { employeeId: "asc" }],
      select: { shiftId: true, employeeId: true },
    });
    expect(applications).toEqual([
      { shiftId: second.id, employeeId: ben.id },
      { shiftId: second.id, employeeId: cara.id },
    ]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "change.undo" }, orderBy: { id: "desc" } });
    expect(audit.details).toMatchObject({ undone_change_id: applied.change_id, applications_restored: 1 });
  });

  test("a shift edited after the proposal: 409 naming it, nothing written", async () => {
    const { token, l, first, second } = await twoOpenShifts();
    const plan = await proposal(token, { start_date: MONDAY, end_date: TUESDAY });
    const edited = await call(updateShift, {
      method: "PUT",
      token,
      params: { id: String(second.id) },
      body: { employee_id: null, location_id: l.id, shift_date: TUESDAY, start_time: "09:00", end_time: "17:00" },
    });
    expect(edited.status).toBe(200);
    const res = await call(apply, { token, body: { assignments: plan.assignments } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "auto_fill_conflict", shift_ids: [second.id] });
    expect(await employeeOf(first.id)).toBeNull();
    expect(await employeeOf(second.id)).toBeNull();
  });

  test("two managers applying overlapping proposals at once: one wins, nobody is double-booked", async () => {
    const { token, l, anna, first } = await twoOpenShifts();
    const overlapping = await fx.shift({ locationId: l.id, date: MONDAY, start: "12:00", end: "20:00" });
    const stamp = async (id: number) => (await db.shift.findUniqueOrThrow({ where: { id } })).updatedAt.toISOString();
    const mine = [{ shift_id: first.id, employee_id: anna.id, shift_updated_at: await stamp(first.id) }];
    const theirs = [{ shift_id: overlapping.id, employee_id: anna.id, shift_updated_at: await stamp(overlapping.id) }];
    const other = await manager();
    const answers = await Promise.all([
      call(apply, { token, body: { assignments: mine } }),
      call(apply, { token: other, body: { assignments: theirs } }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const lost = answers.find((res) => res.status === 409)!;
    expect(lost.json).toMatchObject({ code: "auto_fill_conflict" });
    const annas = await db.shift.count({ where: { employeeId: anna.id } });
    expect(annas).toBe(1);
  });

  test("a shift assigned meanwhile, an archived employee, bad bodies", async () => {
    const { token, anna, ben, first, second } = await twoOpenShifts();
    const plan = await proposal(token, { start_date: MONDAY, end_date: TUESDAY });
    await db.shift.update({ where: { id: first.id }, data: { employeeId: ben.id } });
    await db.employee.update({ where: { id: anna.id }, data: { archivedAt: new Date() } });
    const res = await call(apply, { token, body: { assignments: plan.assignments } });
    expect(res.status).toBe(409);
    const named = (res.json as unknown as { shift_ids: number[] }).shift_ids;
    expect(named).toContain(first.id);
    if (plan.assignments.some((a) => a.shift_id === second.id && a.employee_id === anna.id))
      expect(named).toContain(second.id);
    expect(await employeeOf(second.id)).toBeNull();

    const empty = await call(apply, { token, body: { assignments: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ fields: { assignments: "Der Vorschlag enthält keine Zuweisung" } });
    const twice = plan.assignments.slice(0, 1);
    const duplicate = await call(apply, { token, body: { assignments: [...twice, ...twice] } });
    expect(duplicate.status).toBe(400);
  });
});
