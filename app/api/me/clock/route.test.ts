import { describe, expect, test } from "vitest";
import { db, sqlStatements } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { lockEntryEmployee } from "@/lib/server/time/entry-checks";
import { timeOfDayIn, todayIn } from "@/lib/shared/dates";
import { clockStateSchema } from "@/lib/shared/schemas/time-entry";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET, POST } from "./route";

const ZONE = "Europe/Zurich";

/** A linked staff user with a fresh employee. */
async function staff() {
  const employee = await fx.employee();
  const { token, user } = await createUser("user", { employeeId: employee.id });
  return { employee, token, user };
}

const stamp = (token: string, body: unknown) => call(POST, { token, body });
const state = (token: string) => call(GET, { token });

/** A shift of the employee starting `offsetMinutes` from now (business time), two hours long. */
async function shiftAround(employeeId: number, locationId: number, offsetMinutes: number) {
  const start = new Date(Date.now() + offsetMinutes * 60_000);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return db.shift.create({
    data: {
      employeeId,
      locationId,
      shiftDate: toDateColumn(todayIn(ZONE, start)),
      startTime: toTimeColumn(timeOfDayIn(ZONE, start)),
      endTime: toTimeColumn(timeOfDayIn(ZONE, end)),
    },
  });
}

describe("POST /api/me/clock: the state machine (docs/PRODUCT-RULES.md §32.1)", () => {
  test("in at the near shift, break, break end, out: one recorded entry with its break", async () => {
    const { employee, token } = await staff();
    const location = await fx.location();
    const shift = await shiftAround(employee.id, location.id, 30);

    const before = await state(token);
    expect(before.status).toBe(200);
    expect(clockStateSchema.parse(before.json)).toMatchObject({
      state: "out",
      next_actions: ["in"],
      running_entry: null,
      near_shift: { id: shift.id, location_id: location.id },
    });

    const clockedIn = await stamp(token, { action: "in" });
    expect(clockedIn.status, clockedIn.text).toBe(200);
    const inState = clockStateSchema.parse(clockedIn.json);
    expect(inState).toMatchObject({ state: "in", next_actions: ["break_start", "out"], forgotten: false });
    expect(inState.running_entry).toMatchObject({
      employee_id: employee.id,
      location_id: location.id,
      shift_id: shift.id,
      source: "app",
      status: "running",
      end_at: null,
      breaks: [],
    });
    // The server's clock: the stamp lies between the request's start and its answer.
    expect(Math.abs(Date.parse(inState.running_entry!.start_at) - Date.now())).toBeLessThan(10_000);
    expect(inState.today_entries.map((entry) => entry.id)).toContain(inState.running_entry!.id);

    const onBreak = await stamp(token, { action: "break_start" });
    expect(onBreak.json).toMatchObject({ state: "break", next_actions: ["break_end", "out"] });
    const back = await stamp(token, { action: "break_end" });
    expect(back.json).toMatchObject({ state: "in" });
    const out = await stamp(token, { action: "out" });
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ state: "out", running_entry: null });

    const [entry] = await db.timeEntry.findMany({ where: { employeeId: employee.id }, include: { breaks: true } });
    expect(entry.status).toBe("recorded");
    expect(entry.endAt!.getTime()).toBeGreaterThan(entry.startAt.getTime());
    expect(entry.breaks).toHaveLength(1);
    expect(entry.breaks[0].endAt).not.toBeNull();
    const actions = await db.auditLog.findMany({
      where: { action: "time_entry.clock", entityId: entry.id },
      orderBy: { id: "asc" },
    });
    expect(actions.map((row) => (row.details as { action: string }).action)).toEqual([
      "in",
      "break_start",
      "break_end",
      "out",
    ]);
  });

  test("out ends a running break with the entry", async () => {
    const { employee, token } = await staff();
    const location = await fx.location();
    await stamp(token, { action: "in", location_id: location.id });
    await stamp(token, { action: "break_start" });
    expect((await stamp(token, { action: "out" })).json).toMatchObject({ state: "out" });
    const entry = await db.timeEntry.findFirstOrThrow({
      where: { employeeId: employee.id },
      include: { breaks: true },
    });
    expect(entry.breaks[0].endAt?.getTime()).toBe(entry.endAt?.getTime());
  });

  test("actions that do not fit the state: 409 with a German message, nothing written", async () => {
    const { employee, token } = await staff();
    const location = await fx.location();
    for (const [action, message] of [
      ["out", "Du bist nicht eingestempelt."],
      ["break_start", "Du bist nicht eingestempelt."],
      ["break_end", "Du bist nicht eingestempelt."],
    ] as const) {
      const res = await stamp(token, { action });
      expect([res.status, res.json]).toEqual([409, { error: message, code: "conflict" }]);
    }
    expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(0);

    await stamp(token, { action: "in", location_id: location.id });
    expect((await stamp(token, { action: "in", location_id: location.id })).json).toEqual({
      error: "Du bist bereits eingestempelt.",
      code: "conflict",
    });
    expect((await stamp(token, { action: "break_end" })).json).toEqual({
      error: "Du hast keine Pause begonnen.",
      code: "conflict",
    });
    await stamp(token, { action: "break_start" });
    expect((await stamp(token, { action: "break_start" })).json).toEqual({
      error: "Deine Pause läuft bereits.",
      code: "conflict",
    });
    expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(1);
    expect(await db.timeBreak.count({ where: { entry: { employeeId: employee.id } } })).toBe(1);
  });

  test("no shift near: the location must be given and be one of the Einsatzorte", async () => {
    const { employee, token } = await staff();
    const [here, elsewhere] = [await fx.location(), await fx.location()];
    // A shift 3 hours away is not near.
    await shiftAround(employee.id, here.id, 180);
    await db.employeeLocation.create({ data: { employeeId: employee.id, locationId: here.id } });

    const missing = await stamp(token, { action: "in" });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      code: "validation_failed",
      fields: { location_id: "Keine Schicht in der Nähe: bitte wähle den Standort, an dem du arbeitest." },
    });
    const foreign = await stamp(token, { action: "in", location_id: elsewhere.id });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toEqual({ location_id: `${elsewhere.name} gehört nicht zu deinen Einsatzorten` });
    const unknown = await stamp(token, { action: "in", location_id: 2_000_000_000 });
    expect(unknown.json.fields).toEqual({ location_id: "Standort nicht gefunden" });
    expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(0);

    const picked = await stamp(token, { action: "in", location_id: here.id });
    expect(picked.status).toBe(200);
    expect(picked.json.running_entry).toMatchObject({ location_id: here.id, shift_id: null });
    expect((await state(token)).json.locations).toEqual([{ id: here.id, name: here.name }]);
  });

  test("an archived location is refused, as an Einsatzort or without any recorded; nothing is written", async () => {
    const anywhere = await staff();
    const bound = await staff();
    const closed = await fx.location();
    await db.employeeLocation.create({ data: { employeeId: bound.employee.id, locationId: closed.id } });
    await db.location.update({ where: { id: closed.id }, data: { archivedAt: new Date() } });
    for (const { employee, token, user } of [anywhere, bound]) {
      const res = await stamp(token, { action: "in", location_id: closed.id });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ location_id: "Standort nicht gefunden" });
      expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(0);
      expect(await db.auditLog.count({ where: { action: "time_entry.clock", userId: user.id } })).toBe(0);
    }
  });

  test("a planned shift at a location that is no longer an Einsatzort is still stamped there", async () => {
    const { employee, token } = await staff();
    const [planned, other] = [await fx.location(), await fx.location()];
    const shift = await shiftAround(employee.id, planned.id, 15);
    await db.employeeLocation.create({ data: { employeeId: employee.id, locationId: other.id } });
    const res = await stamp(token, { action: "in" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.running_entry).toMatchObject({ location_id: planned.id, shift_id: shift.id });
  });

  test("a location named beside a near shift elsewhere: the stamp counts there, without the shift", async () => {
    const { employee, token } = await staff();
    const [planned, other] = [await fx.location(), await fx.location()];
    await shiftAround(employee.id, planned.id, -60);
    const res = await stamp(token, { action: "in", location_id: other.id });
    expect(res.json.running_entry).toMatchObject({ location_id: other.id, shift_id: null });
  });

  test("twenty parallel 'in': exactly one entry, the others 409", async () => {
    const { employee, token } = await staff();
    const location = await fx.location();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => stamp(token, { action: "in", location_id: location.id })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const res of answers.filter((answer) => answer.status === 409))
      expect(res.json).toEqual({ error: "Du bist bereits eingestempelt.", code: "conflict" });
    expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(1);
  }, 30_000);

  test("forgotten: running for more than 14 h, or more than 4 h past its shift's end", async () => {
    const { employee, token } = await staff();
    const location = await fx.location();
    const long = new Date(Date.now() - 15 * 3_600_000);
    const entry = await db.timeEntry.create({
      data: {
        employeeId: employee.id,
        locationId: location.id,
        date: toDateColumn(todayIn(ZONE, long)),
        startAt: long,
        source: "app",
        status: "running",
      },
    });
    const res = await state(token);
    expect(res.json).toMatchObject({ state: "in", forgotten: true, running_entry: { id: entry.id } });
    // 15 h of work, minus nothing: the running time is counted up to now.
    expect(res.json.running_entry).toMatchObject({ worked_minutes: expect.any(Number) });
    expect((res.json.running_entry as { worked_minutes: number }).worked_minutes).toBeGreaterThanOrEqual(899);

    const { employee: other, token: otherToken } = await staff();
    // A shift that ended 5 h ago; stamped in 7 h ago, against it.
    const shift = await shiftAround(other.id, location.id, -7 * 60);
    const start = new Date(Date.now() - 7 * 3_600_000);
    await db.timeEntry.create({
      data: {
        employeeId: other.id,
        locationId: location.id,
        shiftId: shift.id,
        date: toDateColumn(todayIn(ZONE, start)),
        startAt: start,
        source: "app",
        status: "running",
      },
    });
    expect((await state(otherToken)).json.forgotten).toBe(true);
    // And a fresh stamp is not forgotten.
    const { token: freshToken } = await staff();
    expect((await stamp(freshToken, { action: "in", location_id: location.id })).json.forgotten).toBe(false);
  });

  test("bad bodies: 400 German; users without a linked employee: 403", async () => {
    const { token } = await staff();
    const bad = await stamp(token, { action: "dance" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ action: "Ungültige Aktion (in, break_start, break_end oder out)" });
    const { token: unlinked } = await createUser("user");
    const refused = await stamp(unlinked, { action: "in" });
    expect([refused.status, refused.json.error]).toEqual([403, "Dein Benutzer ist mit keinem Mitarbeiter verknüpft"]);
    expect((await state(unlinked)).status).toBe(403);
    // A manager without a link is no one to stamp for either.
    const { token: manager } = await createUser("manager");
    expect((await stamp(manager, { action: "in" })).status).toBe(403);
  });

  test("an archived employee cannot stamp", async () => {
    const { employee, token } = await staff();
    const location = await fx.location();
    await db.employee.update({ where: { id: employee.id }, data: { archivedAt: new Date() } });
    const res = await stamp(token, { action: "in", location_id: location.id });
    expect(res.status).toBe(404);
  });
});

/** Waits until a stamp's write waits for a lock the test holds: its read is done by then, before the test commits. */
async function stampWaitingForLock() {
  for (let poll = 0; poll < 250; poll++) {
    const [{ waiting }] = await db.$queryRaw<[{ waiting: number }]>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND query LIKE '%claimed AS MATERIALIZED%'`;
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the stamp never waited for the test's lock");
}

describe("the cost of a stamp (docs/PERFORMANCE.md, P16)", () => {
  /** The SQL statements one call sends, and its answer. */
  async function counted(run: () => ReturnType<typeof call>) {
    const before = sqlStatements.count;
    const res = await run();
    return { res, statements: sqlStatements.count - before };
  }

  test("a stamp answers the state a read right after it finds, though it does not read it again", async () => {
    const { employee, token } = await staff();
    const [here, other] = [await fx.location(), await fx.location()];
    await db.employeeLocation.create({ data: { employeeId: employee.id, locationId: here.id } });
    // Today's other entry (recorded, with a break), a shift near now and one later today.
    const earlier = new Date(Date.now() - 5 * 3_600_000);
    if (todayIn(ZONE, earlier) === todayIn(ZONE, new Date()))
      await db.timeEntry.create({
        data: {
          employeeId: employee.id,
          locationId: other.id,
          date: toDateColumn(todayIn(ZONE, earlier)),
          startAt: earlier,
          endAt: new Date(earlier.getTime() + 3_600_000),
          source: "manager",
          status: "recorded",
          breaks: {
            create: { startAt: new Date(earlier.getTime() + 600_000), endAt: new Date(earlier.getTime() + 900_000) },
          },
        },
      });
    await shiftAround(employee.id, here.id, 30);
    await shiftAround(employee.id, here.id, 240);
    const withoutClock = (body: Record<string, unknown>) => ({ ...body, server_time: undefined });
    for (const action of ["in", "break_start", "break_end", "break_start", "out", "in", "out"]) {
      const answer = await stamp(token, { action });
      expect(answer.status, answer.text).toBe(200);
      const read = await state(token);
      expect(withoutClock(answer.json), action).toEqual(withoutClock(read.json));
    }
  });

  test("a shift moved while the stamp waited for it: the answer shows the plan as it is after the move", async () => {
    const { employee, token } = await staff();
    const here = await fx.location();
    const near = await shiftAround(employee.id, here.id, 10);
    // A planner moves the shift two days on and holds its row while the stamp arrives: the stamp has read the plan
    // already and waits for the row (the lock order), then finds it moved and looks again.
    let stamped: ReturnType<typeof stamp> | undefined;
    await db.$transaction(async (tx) => {
      await tx.shift.update({
        where: { id: near.id },
        data: { shiftDate: toDateColumn(todayIn(ZONE, new Date(Date.now() + 2 * 86_400_000))) },
      });
      stamped = stamp(token, { action: "in", location_id: here.id });
      await stampWaitingForLock();
    });
    const answer = await stamped!;
    expect(answer.status, answer.text).toBe(200);
    const read = await state(token);
    const withoutClock = (body: Record<string, unknown>) => ({ ...body, server_time: undefined });
    expect(withoutClock(answer.json)).toEqual(withoutClock(read.json));
    const entry = await db.timeEntry.findFirstOrThrow({ where: { employeeId: employee.id } });
    expect(entry.shiftId).toBeNull();
  });

  test("a manager's correction between a stamp's read and its write: the stamp reads again, decides anew", async () => {
    const { employee, token } = await staff();
    const location = await fx.location();
    expect((await stamp(token, { action: "in", location_id: location.id })).status).toBe(200);
    const running = await db.timeEntry.findFirstOrThrow({ where: { employeeId: employee.id } });
    const endedByManager = new Date(Date.now() + 60_000);
    // A manager closes the running entry and holds the person's lock while "out" arrives: the stamp reads the entry
    // as running, and its write waits for the lock. Once the manager commits, the write must not end the entry
    // a second time: it finds the person's version moved on, reads again and refuses.
    let stamped: ReturnType<typeof stamp> | undefined;
    await db.$transaction(async (tx) => {
      await lockEntryEmployee(tx, employee.id);
      await tx.timeEntry.update({ where: { id: running.id }, data: { endAt: endedByManager, status: "recorded" } });
      stamped = stamp(token, { action: "out" });
      await stampWaitingForLock();
    });
    const answer = await stamped!;
    expect(answer.status, answer.text).toBe(409);
    expect(answer.json).toEqual({ error: "Du bist nicht eingestempelt.", code: "conflict" });
    const entry = await db.timeEntry.findUniqueOrThrow({ where: { id: running.id } });
    expect(entry.endAt).toEqual(endedByManager);
    expect(await db.auditLog.count({ where: { action: "time_entry.clock", entityId: running.id } })).toBe(1);
  });

  test("the state is two statements (the caller, then the state); a stamp one more", async () => {
    const { employee, token, user } = await staff();
    const location = await fx.location();

    const read = await counted(() => state(token));
    expect(read.res.status).toBe(200);
    expect(read.statements).toBe(2);

    // The caller; the facts (the state's too); the write, which holds the person, the shift and the location and
    // writes the entry with its audit row. No transaction around them (no BEGIN, no COMMIT). The state answered is
    // the facts with the stamp applied: no read after the write.
    const clockIn = await counted(() => stamp(token, { action: "in", location_id: location.id }));
    expect(clockIn.res.status, clockIn.res.text).toBe(200);
    expect(clockIn.statements).toBe(3);
    const onBreak = await counted(() => stamp(token, { action: "break_start" }));
    expect(onBreak.res.json).toMatchObject({ state: "break" });
    expect(onBreak.statements).toBe(3);
    const out = await counted(() => stamp(token, { action: "out" }));
    expect(out.res.json).toMatchObject({ state: "out", running_entry: null });
    expect(out.statements).toBe(3);

    // At a near shift: the shift is held by the same write.
    const shift = await shiftAround(employee.id, location.id, 20);
    const atShift = await counted(() => stamp(token, { action: "in" }));
    expect(atShift.res.json.running_entry).toMatchObject({ shift_id: shift.id, location_id: location.id });
    expect(atShift.statements).toBe(3);

    // The audit rows written in the same statement as the stamps: who, what, which entry, from where.
    const rows = await db.auditLog.findMany({
      where: { action: "time_entry.clock", userId: user.id },
      orderBy: { id: "asc" },
    });
    const entries = await db.timeEntry.findMany({ where: { employeeId: employee.id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.username, row.entityType, row.entityId, typeof row.ip])).toEqual([
      [user.username, "time_entry", entries[0].id, "string"],
      [user.username, "time_entry", entries[0].id, "string"],
      [user.username, "time_entry", entries[0].id, "string"],
      [user.username, "time_entry", entries[1].id, "string"],
    ]);
    expect(rows[0].details).toEqual({
      employee_id: employee.id,
      action: "in",
      source: "app",
      at: entries[0].startAt.toISOString(),
      location_id: location.id,
      shift_id: null,
    });
    expect(rows[2].details).toMatchObject({ action: "out", at: entries[0].endAt!.toISOString() });
    expect(rows[3].details).toMatchObject({ action: "in", shift_id: shift.id });
  });
});
