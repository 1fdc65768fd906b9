import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { correctionDtoSchema } from "@/lib/shared/schemas/time-entry";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import * as request from "@/app/api/me/time-entries/[id]/correction/route";
import * as myEntries from "@/app/api/me/time-entries/route";
import * as entries from "@/app/api/time-entries/route";
import * as revisions from "@/app/api/time-entries/[id]/revisions/route";
import * as accept from "./[id]/accept/route";
import * as reject from "./[id]/reject/route";
import { GET } from "./route";

const DAY = "2026-02-17";
const at = (time: string) => `${DAY}T${time}:00.000Z`;

/** An employee with a linked user and one recorded entry 07:00–15:00 UTC (08:00–16:00 in Zurich). */
async function setting() {
  const employee = await fx.employee();
  const location = await fx.location();
  const { token: manager } = await createUser("manager");
  const { token: own } = await createUser("user", { employeeId: employee.id });
  const created = await call(entries.POST, {
    token: manager,
    body: {
      employee_id: employee.id,
      location_id: location.id,
      start_at: at("07:00"),
      end_at: at("15:00"),
      breaks: [{ start_at: at("11:00"), end_at: at("11:30") }],
      reason: "Nachtrag",
    },
  });
  expect(created.status, created.text).toBe(201);
  return { employee, location, manager, own, entryId: String(created.json.id) };
}

const ask = (token: string, id: string, body: unknown) => call(request.POST, { token, params: { id }, body });

describe("correction requests (docs/PRODUCT-RULES.md §32.1)", () => {
  test("staff ask, a manager accepts: times changed, a revision names the request, the employee reads it", async () => {
    const { manager, own, entryId } = await setting();
    const asked = await ask(own, entryId, { note: "Ich habe um 07:45 begonnen", start_at: "2026-02-17T06:45:00Z" });
    expect(asked.status, asked.text).toBe(201);
    const correction = correctionDtoSchema.parse(asked.json);
    expect(correction).toMatchObject({ status: "open", proposed_start_at: at("06:45"), proposed_end_at: null });

    const open = await call(GET, { token: manager, path: "/api/time-corrections" });
    expect((open.json as unknown as { id: number }[]).map((row) => row.id)).toContain(correction.id);
    const mine = await call(myEntries.GET, {
      token: own,
      path: `/api/me/time-entries?start_date=${DAY}&end_date=${DAY}`,
    });
    expect(mine.json[0]).toMatchObject({ open_correction: true });

    const accepted = await call(accept.POST, { token: manager, params: { id: String(correction.id) }, body: {} });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({
      status: "accepted",
      decided_at: expect.any(String),
      entry: { start_at: at("06:45"), end_at: at("15:00"), worked_minutes: 465 },
    });
    const read = await call(revisions.GET, { token: own, params: { id: entryId } });
    expect(read.json).toHaveLength(2);
    expect(read.json[1]).toMatchObject({
      correction_id: correction.id,
      reason: "Korrekturantrag: Ich habe um 07:45 begonnen",
      before: { start_at: at("07:00") },
      after: { start_at: at("06:45") },
    });
    expect(await db.auditLog.count({ where: { action: "time_correction.accept", entityId: Number(entryId) } })).toBe(1);

    // Decided is decided.
    const again = await call(reject.POST, {
      token: manager,
      params: { id: String(correction.id) },
      body: { note: "x" },
    });
    expect([again.status, again.json.error]).toEqual([409, "Über diesen Korrekturantrag wurde bereits entschieden."]);
  });

  test("a rejection keeps the entry and tells the reason; one open request per entry", async () => {
    const { manager, own, entryId } = await setting();
    const first = await ask(own, entryId, { note: "Pause war kürzer" });
    expect(first.status).toBe(201);
    const second = await ask(own, entryId, { note: "Noch etwas" });
    expect([second.status, second.json.error]).toEqual([
      409,
      "Für diesen Eintrag ist bereits ein Korrekturantrag offen.",
    ]);
    const noReason = await call(reject.POST, { token: manager, params: { id: String(first.json.id) }, body: {} });
    expect([noReason.status, noReason.json.fields]).toEqual([400, { note: "Bitte gib eine Begründung ein" }]);
    const rejected = await call(reject.POST, {
      token: manager,
      params: { id: String(first.json.id) },
      body: { note: "Laut Kasse stimmt es" },
    });
    expect(rejected.json).toMatchObject({ status: "rejected", decision_note: "Laut Kasse stimmt es" });
    expect(await db.timeEntryRevision.count({ where: { entryId: Number(entryId) } })).toBe(1);
    const listed = await call(GET, { token: manager, path: "/api/time-corrections?status=rejected" });
    expect((listed.json as unknown as { id: number }[]).map((row) => row.id)).toContain(first.json.id);
    // The employee reads the outcome and its reason with their entries.
    const mine = await call(myEntries.GET, {
      token: own,
      path: `/api/me/time-entries?start_date=${DAY}&end_date=${DAY}`,
    });
    expect(mine.json[0]).toMatchObject({
      open_correction: false,
      last_correction: {
        status: "rejected",
        note: "Pause war kürzer",
        decision_note: "Laut Kasse stimmt es",
        decided_at: expect.any(String),
      },
    });
    // Now a new request may be made.
    expect((await ask(own, entryId, { note: "Noch etwas" })).status).toBe(201);
  });

  test("another's entry is unknown to staff (404); bad proposals 400 German; nothing written", async () => {
    const { own, entryId, employee } = await setting();
    const { token: colleague } = await createUser("user", { employeeId: (await fx.employee()).id });
    const foreign = await ask(colleague, entryId, { note: "meins?" });
    expect([foreign.status, foreign.json.error]).toEqual([404, "Zeiteintrag nicht gefunden"]);
    const noNote = await ask(own, entryId, {});
    expect(noNote.json.fields).toEqual({ note: "Bitte beschreibe, was korrigiert werden soll" });
    const backwards = await ask(own, entryId, { note: "x", end_at: at("06:00") });
    expect([backwards.status, backwards.json.fields]).toEqual([
      400,
      { end_at: "Das Ende muss nach dem Beginn liegen" },
    ]);
    const future = await ask(own, entryId, { note: "x", end_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.json.fields).toEqual({ end_at: "Das Ende darf nicht in der Zukunft liegen" });
    expect(await db.timeCorrection.count({ where: { entry: { employeeId: employee.id } } })).toBe(0);
  });

  test("accepting a proposal that leaves a break outside is refused; the entry stays", async () => {
    const { manager, own, entryId } = await setting();
    const asked = await ask(own, entryId, { note: "Erst um 12:30 gekommen", start_at: at("11:15") });
    const res = await call(accept.POST, { token: manager, params: { id: String(asked.json.id) }, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/^Eine Pause muss innerhalb des Eintrags liegen/);
    const entry = await db.timeEntry.findUniqueOrThrow({ where: { id: Number(entryId) } });
    expect(entry.startAt.toISOString()).toBe(at("07:00"));
    expect((await db.timeCorrection.findUniqueOrThrow({ where: { id: asked.json.id as number } })).status).toBe("open");
  });

  test("a forgotten clock-out: the proposed end closes the running entry when accepted", async () => {
    const employee = await fx.employee();
    const location = await fx.location();
    const { token: manager } = await createUser("manager");
    const { token: own } = await createUser("user", { employeeId: employee.id });
    const start = new Date(Date.now() - 10 * 3_600_000);
    const running = await db.timeEntry.create({
      data: {
        employeeId: employee.id,
        locationId: location.id,
        date: start,
        startAt: start,
        source: "app",
        status: "running",
      },
    });
    const end = new Date(start.getTime() + 8 * 3_600_000).toISOString();
    const asked = await ask(own, String(running.id), { note: "Vergessen auszustempeln", end_at: end });
    expect(asked.status, asked.text).toBe(201);
    const res = await call(accept.POST, { token: manager, params: { id: String(asked.json.id) }, body: {} });
    expect(res.json.entry).toMatchObject({ status: "recorded", end_at: end, worked_minutes: 480 });
  });

  test("accepted, the entry is linked to the shift near its new start, as a manager's change links it", async () => {
    const { employee, location, manager, own } = await setting();
    // An entry without breaks two days later, stamped on the wrong day: it belongs to the shift of the 18th.
    const wrongDay = await call(entries.POST, {
      token: manager,
      body: {
        employee_id: employee.id,
        location_id: location.id,
        start_at: "2026-02-19T07:00:00.000Z",
        end_at: "2026-02-19T15:00:00.000Z",
        breaks: [],
        reason: "Nachtrag",
      },
    });
    expect(wrongDay.status, wrongDay.text).toBe(201);
    const entryId = String(wrongDay.json.id);
    // 08:00–16:00 in Zurich on the 18th: the corrected start (07:00 UTC) is near it.
    const next = await fx.shift({
      employeeId: employee.id,
      locationId: location.id,
      date: "2026-02-18",
      start: "08:00",
      end: "16:00",
    });
    const asked = await ask(own, entryId, {
      note: "Falscher Tag",
      start_at: "2026-02-18T07:00:00Z",
      end_at: "2026-02-18T15:00:00Z",
    });
    expect(asked.status, asked.text).toBe(201);
    const accepted = await call(accept.POST, { token: manager, params: { id: String(asked.json.id) }, body: {} });
    expect(accepted.status, accepted.text).toBe(200);
    const entry = await db.timeEntry.findUniqueOrThrow({ where: { id: Number(entryId) } });
    expect(entry.shiftId).toBe(next.id);
  });

  test("staff may not decide", async () => {
    const { own, entryId } = await setting();
    const asked = await ask(own, entryId, { note: "x" });
    const res = await call(accept.POST, { token: own, params: { id: String(asked.json.id) }, body: {} });
    expect(res.status).toBe(403);
    expect((await call(GET, { token: own })).status).toBe(403);
  });
});
