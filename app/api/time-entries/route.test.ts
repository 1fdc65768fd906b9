import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { revisionDtoSchema, timeEntryDtoSchema, timeEntryListItemSchema } from "@/lib/shared/schemas/time-entry";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import * as myEntries from "@/app/api/me/time-entries/route";
import * as clock from "@/app/api/me/clock/route";
import * as approveMonth from "@/app/api/timesheets/approve/route";
import * as byId from "./[id]/route";
import * as revisions from "./[id]/revisions/route";
import * as voiding from "./[id]/void/route";
import { GET, POST } from "./route";

/** A past day far enough back that nothing else of the test data lies on it; UTC instants on it. */
const DAY = "2026-03-10";
const at = (time: string, day = DAY) => `${day}T${time}:00.000Z`;

async function setting() {
  const employee = await fx.employee();
  const location = await fx.location();
  const { token: manager } = await createUser("manager");
  return { employee, location, manager };
}

function create(token: string, body: Record<string, unknown>) {
  return call(POST, { token, body });
}

const entryBody = (employeeId: number, locationId: number, extra: Record<string, unknown> = {}) => ({
  employee_id: employeeId,
  location_id: locationId,
  start_at: at("07:00"),
  end_at: at("15:30"),
  breaks: [{ start_at: at("11:00"), end_at: at("11:30") }],
  note: "Inventur",
  reason: "Stempeluhr defekt",
  ...extra,
});

describe("POST /api/time-entries: a manager records an entry (docs/PRODUCT-RULES.md §32.1)", () => {
  test("with breaks and a reason: source manager, worked = end − start − breaks, revision and audit row", async () => {
    const { employee, location, manager } = await setting();
    const res = await create(manager, entryBody(employee.id, location.id));
    expect(res.status, res.text).toBe(201);
    const entry = timeEntryDtoSchema.parse(res.json);
    expect(entry).toMatchObject({
      employee_id: employee.id,
      employee_name: `${employee.firstName} ${employee.lastName}`,
      location_id: location.id,
      shift_id: null,
      date: DAY,
      start_at: at("07:00"),
      end_at: at("15:30"),
      breaks: [{ start_at: at("11:00"), end_at: at("11:30") }],
      break_minutes: 30,
      worked_minutes: 480,
      source: "manager",
      status: "recorded",
      note: "Inventur",
    });
    const [revision] = await db.timeEntryRevision.findMany({ where: { entryId: entry.id } });
    expect(revision).toMatchObject({ before: null, reason: "Stempeluhr defekt" });
    expect(revision.after).toMatchObject({ start_at: at("07:00"), worked_minutes: 480, location_name: location.name });
    expect(await db.auditLog.count({ where: { action: "time_entry.create", entityId: entry.id } })).toBe(1);
  });

  test("the business day is the start's in the business's zone (23:30 UTC in winter is the next day)", async () => {
    const { employee, location, manager } = await setting();
    const res = await create(manager, {
      ...entryBody(employee.id, location.id),
      start_at: "2026-01-14T23:30:00Z",
      end_at: "2026-01-15T06:00:00Z",
      breaks: [],
    });
    expect(res.json).toMatchObject({ date: "2026-01-15", worked_minutes: 390 });
  });

  test("a planned shift starting within 2 h at that location is linked", async () => {
    const { employee, location, manager } = await setting();
    // 08:00 in Zurich in March (UTC+1) is 07:00 UTC.
    const shift = await fx.shift({ employeeId: employee.id, locationId: location.id, date: DAY, start: "08:00" });
    const res = await create(manager, entryBody(employee.id, location.id, { start_at: at("07:10") }));
    expect(res.json.shift_id).toBe(shift.id);
  });

  test("bad input: 400 / 409 with a German message, nothing written", async () => {
    const { employee, location, manager } = await setting();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [Record<string, unknown>, number, Record<string, string> | string][] = [
      [{ end_at: at("06:00") }, 400, { end_at: "Das Ende muss nach dem Beginn liegen" }],
      [{ end_at: at("07:01", "2026-03-11") }, 400, { end_at: "Ein Eintrag darf höchstens 24 Stunden dauern" }],
      [
        { breaks: [{ start_at: at("15:00"), end_at: at("16:00") }] },
        400,
        { "breaks.0.start_at": "Eine Pause muss innerhalb des Eintrags liegen" },
      ],
      [
        {
          breaks: [
            { start_at: at("10:00"), end_at: at("11:00") },
            { start_at: at("10:30"), end_at: at("11:30") },
          ],
        },
        400,
        { "breaks.1.start_at": "Pausen dürfen sich nicht überschneiden" },
      ],
      [{ start_at: "2026-03-10 07:00" }, 400, { start_at: expect.stringContaining("ISO 8601") }],
      [{ reason: " " }, 400, { reason: "Bitte gib eine Begründung ein" }],
      [
        { start_at: new Date(Date.now() - 3_600_000).toISOString(), end_at: future, breaks: [] },
        400,
        { end_at: "Das Ende darf nicht in der Zukunft liegen" },
      ],
      [
        { start_at: "1999-12-31T10:00:00Z", end_at: "1999-12-31T12:00:00Z", breaks: [] },
        400,
        { start_at: "Datum muss zwischen 01.01.2000 und 31.12.2099 liegen" },
      ],
      [{ location_id: 2_000_000_000 }, 400, { location_id: "Standort nicht gefunden" }],
      [{ employee_id: 2_000_000_000 }, 404, "Mitarbeiter nicht gefunden"],
    ];
    for (const [change, status, expected] of cases) {
      const res = await create(manager, { ...entryBody(employee.id, location.id), ...change });
      expect(res.status, JSON.stringify(change) + res.text).toBe(status);
      if (typeof expected === "string") expect(res.json.error).toBe(expected);
      else expect(res.json.fields).toEqual(expected);
    }
    expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(0);
  });

  test("overlapping entries of one employee: 409 naming the other entry's times; void ones do not count", async () => {
    const { employee, location, manager } = await setting();
    const first = await create(manager, entryBody(employee.id, location.id));
    const overlap = await create(
      manager,
      entryBody(employee.id, location.id, { start_at: at("15:00"), end_at: at("18:00"), breaks: [] }),
    );
    // 07:00–15:30 UTC is 08:00–16:30 in Zurich.
    expect([overlap.status, overlap.json]).toEqual([
      409,
      { error: "Überschneidet sich mit dem Eintrag vom 10.03.2026 08:00–16:30", code: "conflict" },
    ]);
    // Back to back is no overlap.
    const next = await create(
      manager,
      entryBody(employee.id, location.id, { start_at: at("15:30"), end_at: at("18:00"), breaks: [] }),
    );
    expect(next.status).toBe(201);
    await call(voiding.POST, { token: manager, params: { id: String(first.json.id) }, body: { reason: "doppelt" } });
    const again = await create(manager, entryBody(employee.id, location.id, { end_at: at("15:00") }));
    expect(again.status, again.text).toBe(201);
  });
});

describe("PUT /api/time-entries/{id} and void", () => {
  test("a correction writes a revision (before, after, reason); the employee reads it, a colleague not", async () => {
    const { employee, location, manager } = await setting();
    const created = await create(manager, entryBody(employee.id, location.id));
    const id = String(created.json.id);
    const res = await call(byId.PUT, {
      token: manager,
      params: { id },
      body: {
        location_id: location.id,
        start_at: at("06:45"),
        end_at: at("15:30"),
        breaks: [],
        note: null,
        reason: "Beginn laut Kassenjournal",
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ start_at: at("06:45"), breaks: [], break_minutes: 0, worked_minutes: 525 });

    const { token: own } = await createUser("user", { employeeId: employee.id });
    const colleague = await createUser("user", { employeeId: (await fx.employee()).id });
    const read = await call(revisions.GET, { token: own, params: { id } });
    expect(read.status).toBe(200);
    const list = read.json as unknown as unknown[];
    expect(list.map((row) => revisionDtoSchema.parse(row))).toHaveLength(2);
    expect(list[1]).toMatchObject({
      reason: "Beginn laut Kassenjournal",
      before: { start_at: at("07:00"), worked_minutes: 480 },
      after: { start_at: at("06:45"), worked_minutes: 525 },
      correction_id: null,
    });
    const refused = await call(revisions.GET, { token: colleague.token, params: { id } });
    expect([refused.status, refused.json.code]).toEqual([403, "forbidden"]);
    expect((await call(revisions.GET, { token: manager, params: { id } })).status).toBe(200);
    expect((await call(revisions.GET, { token: manager, params: { id: "2000000000" } })).status).toBe(404);
  });

  test("PUT ends a forgotten running entry; void keeps it, struck through, and refuses a second void", async () => {
    const { employee, location, manager } = await setting();
    const { token } = await createUser("user", { employeeId: employee.id });
    const stamped = await call(clock.POST, { token, body: { action: "in", location_id: location.id } });
    const id = String((stamped.json.running_entry as { id: number }).id);
    // Stamped in just now; the manager records when the work really was (an end in the future is refused).
    const stampedAt = Date.parse((stamped.json.running_entry as { start_at: string }).start_at);
    const start = new Date(stampedAt - 2 * 3_600_000).toISOString();
    const end = new Date(stampedAt - 60_000).toISOString();
    const closed = await call(byId.PUT, {
      token: manager,
      params: { id },
      body: { location_id: location.id, start_at: start, end_at: end, breaks: [], reason: "Ausstempeln vergessen" },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toMatchObject({ status: "recorded", end_at: end });

    const voided = await call(voiding.POST, { token: manager, params: { id }, body: { reason: "Testbuchung" } });
    expect(voided.json).toMatchObject({ status: "void", end_at: end });
    const twice = await call(voiding.POST, { token: manager, params: { id }, body: { reason: "nochmals" } });
    expect([twice.status, twice.json.error]).toEqual([409, "Dieser Eintrag ist bereits storniert."]);
    const edit = await call(byId.PUT, {
      token: manager,
      params: { id },
      body: { location_id: location.id, start_at: start, end_at: end, breaks: [], reason: "x" },
    });
    expect([edit.status, edit.json.error]).toEqual([
      409,
      "Dieser Eintrag ist storniert und lässt sich nicht mehr ändern.",
    ]);
    expect(await db.timeEntryRevision.count({ where: { entryId: Number(id) } })).toBe(2);
    // Still listed, with its revisions counted.
    const day = closed.json.date as string;
    const listed = await call(GET, {
      token: manager,
      path: `/api/time-entries?start_date=${day}&end_date=${day}&employee_id=${employee.id}`,
    });
    expect(listed.json).toHaveLength(1);
    expect(timeEntryListItemSchema.parse(listed.json[0])).toMatchObject({ status: "void", revisions_count: 2 });
  });

  test("the revision of a forgotten stamp closed later keeps what was worked until the change", async () => {
    const { employee, location, manager } = await setting();
    // Stamped in three hours ago and never out; nothing touched the entry since.
    const start = new Date(Date.now() - 3 * 3_600_000);
    const running = await db.timeEntry.create({
      data: {
        employeeId: employee.id,
        locationId: location.id,
        date: toDateColumn(new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Zurich" }).format(start)),
        startAt: start,
        source: "app",
        status: "running",
      },
    });
    const closed = await call(byId.PUT, {
      token: manager,
      params: { id: String(running.id) },
      body: {
        location_id: location.id,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        breaks: [],
        reason: "Ausstempeln vergessen",
      },
    });
    expect(closed.status, closed.text).toBe(200);
    const [revision] = await db.timeEntryRevision.findMany({ where: { entryId: running.id } });
    // Before: running for three hours (up to the change), not 0 minutes (up to its last stamp); after: two hours.
    expect((revision.before as { worked_minutes: number }).worked_minutes).toBeGreaterThanOrEqual(179);
    expect((revision.after as { worked_minutes: number }).worked_minutes).toBe(120);
  });

  test("an approved entry is locked: 409 'Dieser Monat ist genehmigt …', and so is its month", async () => {
    const { employee, location, manager } = await setting();
    const created = await create(manager, entryBody(employee.id, location.id));
    // The month's approval (docs/PRODUCT-RULES.md §32.3) sets its entries approved.
    const approved = await call(approveMonth.POST, {
      token: manager,
      body: { employee_id: employee.id, month: "2026-03" },
    });
    expect(approved.status, approved.text).toBe(200);
    const id = String(created.json.id);
    const voided = await call(voiding.POST, { token: manager, params: { id }, body: { reason: "x" } });
    expect(voided.status).toBe(409);
    expect(voided.json.error).toMatch(/^Dieser Monat ist genehmigt/);
    const another = await create(
      manager,
      entryBody(employee.id, location.id, { start_at: at("16:00"), end_at: at("18:00"), breaks: [] }),
    );
    expect(another.status).toBe(409);
    expect(another.json.error).toMatch(/^Dieser Monat ist genehmigt/);
    // Another month is open.
    const april = await create(
      manager,
      entryBody(employee.id, location.id, {
        start_at: at("07:00", "2026-04-01"),
        end_at: at("09:00", "2026-04-01"),
        breaks: [],
      }),
    );
    expect(april.status).toBe(201);
  });
});

describe("archived employees: everything kept, past work still correctable", () => {
  test("a new entry for an archived employee is 404; an existing one can be corrected and voided", async () => {
    const { employee, location, manager } = await setting();
    const created = await create(manager, entryBody(employee.id, location.id));
    await db.employee.update({ where: { id: employee.id }, data: { archivedAt: new Date() } });
    const another = await create(
      manager,
      entryBody(employee.id, location.id, { start_at: at("16:00"), end_at: at("17:00"), breaks: [] }),
    );
    expect([another.status, another.json.error]).toEqual([404, "Mitarbeiter nicht gefunden"]);
    const id = String(created.json.id);
    const voided = await call(voiding.POST, { token: manager, params: { id }, body: { reason: "falsch erfasst" } });
    expect([voided.status, voided.json.status]).toEqual([200, "void"]);
    const listed = await call(GET, {
      token: manager,
      path: `/api/time-entries?start_date=${DAY}&end_date=${DAY}&employee_id=${employee.id}`,
    });
    expect(listed.json).toHaveLength(1);
  });
});

describe("GET lists: managers everyone's, staff their own only", () => {
  test("filters by employee and location; staff see only their own entries via /api/me/time-entries", async () => {
    const { employee, location, manager } = await setting();
    const other = await fx.employee();
    const otherLocation = await fx.location();
    await create(manager, entryBody(employee.id, location.id));
    await create(manager, entryBody(other.id, otherLocation.id));
    const range = `start_date=${DAY}&end_date=${DAY}`;

    const byLocation = await call(GET, {
      token: manager,
      path: `/api/time-entries?${range}&location_id=${otherLocation.id}`,
    });
    expect((byLocation.json as unknown as { employee_id: number }[]).map((row) => row.employee_id)).toEqual([other.id]);
    const byEmployee = await call(GET, {
      token: manager,
      path: `/api/time-entries?${range}&employee_id=${employee.id}`,
    });
    expect(byEmployee.json).toHaveLength(1);

    const { token } = await createUser("user", { employeeId: employee.id });
    const mine = await call(myEntries.GET, { token, path: `/api/me/time-entries?${range}` });
    expect(mine.status).toBe(200);
    expect((mine.json as unknown as { employee_id: number }[]).map((row) => row.employee_id)).toEqual([employee.id]);
    expect(mine.json[0]).toMatchObject({ revisions_count: 1, open_correction: false });
    // Staff have no everyone's list.
    expect((await call(GET, { token, path: `/api/time-entries?${range}` })).status).toBe(403);
  });

  test("ranges are bounded: at most 366 days, end not before start", async () => {
    const { manager } = await setting();
    const long = await call(GET, {
      token: manager,
      path: "/api/time-entries?start_date=2026-01-01&end_date=2027-01-03",
    });
    expect([long.status, long.json.fields]).toEqual([
      400,
      { end_date: "Der Zeitraum darf höchstens 366 Tage umfassen" },
    ]);
    const missing = await call(GET, { token: manager, path: "/api/time-entries" });
    expect(missing.status).toBe(400);
  });
});

describe("the database protects the record (migration 20261203000000_time_entries)", () => {
  test("a revision is neither updated nor deleted, an entry not deleted; one running entry per employee", async () => {
    const { employee, location, manager } = await setting();
    const created = await create(manager, entryBody(employee.id, location.id));
    const id = created.json.id as number;
    await expect(
      db.$executeRaw`UPDATE time_entry_revisions SET reason = 'anders' WHERE entry_id = ${id}`,
    ).rejects.toThrow(/weder geändert noch gelöscht/);
    await expect(db.$executeRaw`DELETE FROM time_entry_revisions WHERE entry_id = ${id}`).rejects.toThrow(
      /weder geändert noch gelöscht/,
    );
    await expect(db.$executeRaw`DELETE FROM time_entries WHERE id = ${id}`).rejects.toThrow(/nie gelöscht/);
    expect(await db.timeEntryRevision.count({ where: { entryId: id, reason: "Stempeluhr defekt" } })).toBe(1);

    const running = (startAt: string) => db.$executeRaw`
      INSERT INTO time_entries (employee_id, location_id, date, start_at, source, status, updated_at)
      VALUES (${employee.id}, ${location.id}, ${toDateColumn(DAY)}::date, ${startAt}::timestamptz, 'app', 'running',
              now())`;
    await running("2026-03-11T07:00:00Z");
    await expect(running("2026-03-12T07:00:00Z")).rejects.toThrow(/time_entries_one_running_per_employee|Unique/i);
    // An employee with entries cannot be removed by hand either: archiving keeps everything.
    await expect(db.$executeRaw`DELETE FROM employees WHERE id = ${employee.id}`).rejects.toThrow();
    // An end before the start is refused by the table itself.
    await expect(
      db.$executeRaw`UPDATE time_entries SET end_at = start_at - interval '1 hour', status = 'recorded'
                     WHERE id = ${id}`,
    ).rejects.toThrow(/time_entries_end_after_start/);
  });

  test("deleting the planned shift keeps the entry, without its shift", async () => {
    const { employee, location, manager } = await setting();
    const shift = await fx.shift({ employeeId: employee.id, locationId: location.id, date: DAY, start: "08:00" });
    const created = await create(manager, entryBody(employee.id, location.id));
    expect(created.json.shift_id).toBe(shift.id);
    await db.shift.delete({ where: { id: shift.id } });
    const entry = await db.timeEntry.findUniqueOrThrow({ where: { id: created.json.id as number } });
    expect(entry.shiftId).toBeNull();
  });
});
