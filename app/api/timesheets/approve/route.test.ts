import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { businessToday } from "@/lib/server/clock";
import { timesheetMonthResultSchema } from "@/lib/shared/schemas/timesheet";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import * as clockRoute from "@/app/api/me/clock/route";
import * as correctionRoute from "@/app/api/me/time-entries/[id]/correction/route";
import * as entries from "@/app/api/time-entries/route";
import * as entryById from "@/app/api/time-entries/[id]/route";
import * as voiding from "@/app/api/time-entries/[id]/void/route";
import * as accept from "@/app/api/time-corrections/[id]/accept/route";
import * as reopenRoute from "../reopen/route";
import { POST as approve } from "./route";

/** The monthly approval (docs/PRODUCT-RULES.md §32.3). Europe/Zurich: UTC+1 in March. */

const APPROVED = "Dieser Monat ist genehmigt: Einträge lassen sich erst nach dem Wiedereröffnen ändern.";

async function setting() {
  const employee = await fx.employee({ firstName: "Lea" });
  const location = await fx.location();
  const { token: manager } = await createUser("manager");
  const { token: staff } = await createUser("user", { employeeId: employee.id });
  return { employee, location, manager, staff };
}

function recorded(employeeId: number, locationId: number, day: string, status: "recorded" | "void" = "recorded") {
  return db.timeEntry.create({
    data: {
      employeeId,
      locationId,
      date: toDateColumn(day),
      startAt: new Date(`${day}T07:00:00Z`),
      endAt: new Date(`${day}T15:00:00Z`),
      source: "app",
      status,
      breaks: { create: [{ startAt: new Date(`${day}T11:00:00Z`), endAt: new Date(`${day}T11:30:00Z`) }] },
    },
  });
}

const approveMonth = (token: string, employeeId: number, month: string) =>
  call(approve, { token, body: { employee_id: employeeId, month } });
const reopenMonth = (token: string, employeeId: number, month: string, reason: unknown) =>
  call(reopenRoute.POST, { token, body: { employee_id: employeeId, month, reason } });

const entryBody = (employeeId: number, locationId: number, day: string) => ({
  employee_id: employeeId,
  location_id: locationId,
  start_at: `${day}T16:00:00Z`,
  end_at: `${day}T18:00:00Z`,
  reason: "Nachtrag",
});

describe("POST /api/timesheets/approve and /reopen", () => {
  test("approving sets the month's entries approved (void stay void); twice 409; reopen needs a reason", async () => {
    const { employee, location, manager } = await setting();
    const a = await recorded(employee.id, location.id, "2026-03-02");
    const b = await recorded(employee.id, location.id, "2026-03-31");
    const gone = await recorded(employee.id, location.id, "2026-03-03", "void");
    const april = await recorded(employee.id, location.id, "2026-04-01");

    const res = await approveMonth(manager, employee.id, "2026-03");
    expect(res.status, res.text).toBe(200);
    expect(timesheetMonthResultSchema.parse(res.json)).toMatchObject({
      employee_id: employee.id,
      month: "2026-03",
      approved: true,
      entries_changed: 2,
    });
    const statuses = async () =>
      Object.fromEntries(
        (await db.timeEntry.findMany({ where: { employeeId: employee.id } })).map((row) => [row.id, row.status]),
      );
    expect(await statuses()).toEqual({
      [a.id]: "approved",
      [b.id]: "approved",
      [gone.id]: "void",
      [april.id]: "recorded",
    });
    expect(await db.auditLog.count({ where: { action: "timesheet.approve", entityId: employee.id } })).toBe(1);

    const twice = await approveMonth(manager, employee.id, "2026-03");
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe(`Der Monat 03.2026 von Lea ${employee.lastName} ist bereits genehmigt.`);

    const noReason = await reopenMonth(manager, employee.id, "2026-03", " ");
    expect(noReason.status).toBe(400);
    expect(noReason.json.fields).toEqual({ reason: "Bitte gib eine Begründung ein" });

    const reopened = await reopenMonth(manager, employee.id, "2026-03", "Pause vom 02.03. fehlt");
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.json).toMatchObject({
      approved: false,
      entries_changed: 2,
      reopen_reason: "Pause vom 02.03. fehlt",
      reopened_by_name: expect.any(String),
    });
    expect(await statuses()).toEqual({
      [a.id]: "recorded",
      [b.id]: "recorded",
      [gone.id]: "void",
      [april.id]: "recorded",
    });
    // One immutable revision per reopened entry, with the reason.
    const revisions = await db.timeEntryRevision.findMany({ where: { entryId: { in: [a.id, b.id, gone.id] } } });
    expect(revisions.map((r) => [r.entryId, r.reason]).sort()).toEqual(
      [
        [a.id, "Pause vom 02.03. fehlt"],
        [b.id, "Pause vom 02.03. fehlt"],
      ].sort(),
    );
    expect(revisions[0].before).toMatchObject({ status: "approved", worked_minutes: 450 });
    expect(revisions[0].after).toMatchObject({ status: "recorded", worked_minutes: 450 });
    expect(await db.auditLog.count({ where: { action: "timesheet.reopen", entityId: employee.id } })).toBe(1);

    // Open again: changes are possible, and a second reopening is 409.
    const again = await reopenMonth(manager, employee.id, "2026-03", "nochmals");
    expect(again.status).toBe(409);
    const put = await call(entryById.PUT, {
      token: manager,
      params: { id: String(a.id) },
      body: { ...entryBody(employee.id, location.id, "2026-03-02"), start_at: "2026-03-02T07:00:00Z" },
    });
    expect(put.status, put.text).toBe(200);
    // And it can be approved once more.
    expect((await approveMonth(manager, employee.id, "2026-03")).status).toBe(200);
  });

  test("refused: a month not begun, a running entry, an open correction request, an unknown employee", async () => {
    const { employee, location, manager, staff } = await setting();
    const notBegun = await approveMonth(manager, employee.id, "2099-12");
    expect(notBegun.status).toBe(409);
    expect(notBegun.json.error).toBe("Der Monat 12.2099 hat noch nicht begonnen.");

    const running = await db.timeEntry.create({
      data: {
        employeeId: employee.id,
        locationId: location.id,
        date: toDateColumn("2026-02-27"),
        startAt: new Date("2026-02-27T07:00:00Z"),
        source: "app",
        status: "running",
      },
    });
    const whileRunning = await approveMonth(manager, employee.id, "2026-02");
    expect(whileRunning.status).toBe(409);
    expect(whileRunning.json.error).toBe(
      `Lea ${employee.lastName} ist noch eingestempelt (27.02.2026 08:00–läuft): bitte zuerst den Eintrag beenden.`,
    );
    // Another month is not held up by it.
    await recorded(employee.id, location.id, "2026-01-05");
    const entry = await recorded(employee.id, location.id, "2026-01-06");
    await call(voiding.POST, { token: manager, params: { id: String(running.id) }, body: { reason: "vergessen" } });
    expect((await approveMonth(manager, employee.id, "2026-02")).status).toBe(200);

    const asked = await call(correctionRoute.POST, {
      token: staff,
      params: { id: String(entry.id) },
      body: { note: "Ich war bis 17 Uhr da" },
    });
    expect(asked.status, asked.text).toBe(201);
    const open = await approveMonth(manager, employee.id, "2026-01");
    expect(open.status).toBe(409);
    expect(open.json.error).toBe("Für diesen Monat ist noch ein Korrekturantrag offen: bitte zuerst entscheiden.");

    expect((await approveMonth(manager, 2_000_000_000, "2026-01")).status).toBe(404);
    expect((await approveMonth(manager, employee.id, "2026-13")).status).toBe(400);
  });

  test("after the approval every write path of the month is 409, with nothing written", async () => {
    const { employee, location, manager, staff } = await setting();
    const entry = await recorded(employee.id, location.id, "2025-11-03");
    // A correction request asked before the approval (made as if the approval had come in between).
    const pending = await recorded(employee.id, location.id, "2025-11-04");
    const correction = await db.timeCorrection.create({
      data: { entryId: pending.id, note: "Ende falsch", proposedEndAt: new Date("2025-11-04T16:00:00Z") },
    });
    await db.timesheetMonth.create({
      data: { employeeId: employee.id, month: toDateColumn("2025-11-01"), approvedAt: new Date() },
    });
    await db.timeEntry.updateMany({ where: { employeeId: employee.id }, data: { status: "approved" } });
    const revisionsBefore = await db.timeEntryRevision.count();
    const id = String(entry.id);

    const attempts = [
      await call(entries.POST, { token: manager, body: entryBody(employee.id, location.id, "2025-11-10") }),
      await call(entryById.PUT, {
        token: manager,
        params: { id },
        body: entryBody(employee.id, location.id, "2025-11-03"),
      }),
      await call(voiding.POST, { token: manager, params: { id }, body: { reason: "falsch" } }),
      await call(correctionRoute.POST, { token: staff, params: { id }, body: { note: "Pause war kürzer" } }),
      await call(accept.POST, { token: manager, params: { id: String(correction.id) }, body: {} }),
    ];
    for (const res of attempts) expect([res.status, res.json.error]).toEqual([409, APPROVED]);
    // Moving an entry of an open month into the approved one is refused too.
    const december = await recorded(employee.id, location.id, "2025-12-01");
    const moved = await call(entryById.PUT, {
      token: manager,
      params: { id: String(december.id) },
      body: entryBody(employee.id, location.id, "2025-11-20"),
    });
    expect([moved.status, moved.json.error]).toEqual([409, APPROVED]);
    expect(await db.timeEntryRevision.count()).toBe(revisionsBefore);
    expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(3);
  });

  test("clocking in on a day of an approved month is 409", async () => {
    const { employee, location, manager, staff } = await setting();
    const month = businessToday().slice(0, 7);
    expect((await approveMonth(manager, employee.id, month)).status).toBe(200);
    const res = await call(clockRoute.POST, { token: staff, body: { action: "in", location_id: location.id } });
    expect([res.status, res.json.error]).toEqual([409, APPROVED]);
    expect(await db.timeEntry.count({ where: { employeeId: employee.id } })).toBe(0);
  });

  test("approval and stamps in parallel queue on the employee's lock: never approved while running", async () => {
    for (let round = 0; round < 3; round++) {
      const { employee, location, manager, staff } = await setting();
      const month = businessToday().slice(0, 7);
      // "in" against approve: exactly one of them wins.
      const [stamp, approval] = await Promise.all([
        call(clockRoute.POST, { token: staff, body: { action: "in", location_id: location.id } }),
        approveMonth(manager, employee.id, month),
      ]);
      expect([stamp.status, approval.status].sort()).toEqual([200, 409]);
      const approved = approval.status === 200;
      expect(await db.timeEntry.count({ where: { employeeId: employee.id, status: "running" } })).toBe(
        approved ? 0 : 1,
      );
      if (approved) continue;
      // "out" against approve: out always succeeds; the approval either waited for it or saw the running entry.
      const [out, second] = await Promise.all([
        call(clockRoute.POST, { token: staff, body: { action: "out" } }),
        approveMonth(manager, employee.id, month),
      ]);
      expect(out.status, out.text).toBe(200);
      const rows = await db.timeEntry.findMany({ where: { employeeId: employee.id } });
      if (second.status === 200) expect(rows.map((row) => row.status)).toEqual(["approved"]);
      else {
        expect(second.json.error).toMatch(/ist noch eingestempelt/);
        expect(rows.map((row) => row.status)).toEqual(["recorded"]);
      }
    }
  }, 60_000);

  test("the database keeps an approved month as it is: entries, breaks and the approval itself", async () => {
    const { employee, location, manager } = await setting();
    const shift = await fx.shift({
      employeeId: employee.id,
      locationId: location.id,
      date: "2025-10-06",
      start: "08:00",
    });
    const entry = await recorded(employee.id, location.id, "2025-10-06");
    await db.timeEntry.update({ where: { id: entry.id }, data: { shiftId: shift.id } });
    expect((await approveMonth(manager, employee.id, "2025-10")).status).toBe(200);
    await expect(
      db.$executeRaw`UPDATE time_entries SET end_at = end_at + interval '1 hour' WHERE id = ${entry.id}`,
    ).rejects.toThrow(/genehmigt/);
    await expect(
      db.$executeRaw`INSERT INTO time_entries
          (employee_id, location_id, date, start_at, end_at, source, status, updated_at)
        VALUES (${employee.id}, ${location.id}, '2025-10-20', '2025-10-20 06:00+00', '2025-10-20 08:00+00',
          'manager', 'recorded', now())`,
    ).rejects.toThrow(/genehmigt/);
    // Any column, not only the listed ones: the source of an approved entry stays too.
    await expect(db.$executeRaw`UPDATE time_entries SET source = 'manager' WHERE id = ${entry.id}`).rejects.toThrow(
      /genehmigt/,
    );
    await expect(db.$executeRaw`DELETE FROM time_breaks WHERE entry_id = ${entry.id}`).rejects.toThrow(/genehmigt/);
    // An entry is approved only with its month.
    const november = await recorded(employee.id, location.id, "2025-11-03");
    await expect(db.$executeRaw`UPDATE time_entries SET status = 'approved' WHERE id = ${november.id}`).rejects.toThrow(
      /nur mit seinem Monat/,
    );
    await expect(db.$executeRaw`DELETE FROM timesheet_months WHERE employee_id = ${employee.id}`).rejects.toThrow(
      /nie gelöscht/,
    );
    // The plan stays free: deleting the shift the entry was stamped against only unlinks it.
    await db.shift.delete({ where: { id: shift.id } });
    expect(await db.timeEntry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({
      shiftId: null,
      status: "approved",
    });
  });
});
