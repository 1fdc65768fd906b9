import { beforeEach, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// The events of the domain writes (docs/PRODUCT-RULES.md §37): each write queues its event in its own transaction,
// with `data` equal to the JSON the API answers. No runner here: the deliveries' payloads are read from the table.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_webhook_events");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { businessToday } = await import("@/lib/server/clock");
const { seal } = await import("@/lib/server/auth/secret-box");
const { addDays } = await import("@/lib/shared/dates");
const { WEBHOOK_EVENTS, webhookBodySchema } = await import("@/lib/shared/schemas/webhook");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const shifts = await import("@/app/api/shifts/route");
const shift = await import("@/app/api/shifts/[id]/route");
const bulk = await import("@/app/api/shifts/bulk/route");
const publish = await import("@/app/api/schedule/publish/route");
const vacations = await import("@/app/api/vacations/route");
const approveVacation = await import("@/app/api/vacations/[id]/approve/route");
const rejectVacation = await import("@/app/api/vacations/[id]/reject/route");
const entries = await import("@/app/api/time-entries/route");
const entry = await import("@/app/api/time-entries/[id]/route");
const approveMonth = await import("@/app/api/timesheets/approve/route");
const swaps = await import("@/app/api/swaps/route");
const acceptSwap = await import("@/app/api/swaps/[id]/accept/route");
const approveSwap = await import("@/app/api/swaps/[id]/approve/route");

const boss = await createUser("manager");
const today = businessToday();
const future = addDays(today, 40);
await db.webhook.create({
  data: { url: "https://9.9.9.9/alles", events: [...WEBHOOK_EVENTS], secret: seal("whsec_test") },
});

/** The events queued since the last test, in order, each body checked against its documented schema. */
let seen = 0;
beforeEach(async () => {
  seen = await db.webhookDelivery.count();
});
async function queued() {
  const rows = await db.$queryRaw<{ event: string; body: string }[]>`
    SELECT event, payload::text AS body FROM webhook_deliveries ORDER BY created_at, id OFFSET ${seen}`;
  return rows.map(({ event, body }) => {
    const parsed = webhookBodySchema(event as (typeof WEBHOOK_EVENTS)[number]).parse(JSON.parse(body));
    expect(parsed.event).toBe(event);
    return parsed;
  });
}

async function plannerShifts(startDate: string, endDate = startDate) {
  const res = await call(shifts.GET, {
    token: boss.token,
    path: `/api/shifts?start_date=${startDate}&end_date=${endDate}`,
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: number }[];
}

async function person(firstName: string) {
  const employee = await fx.employee({ firstName });
  const { token } = await createUser("user", { employeeId: employee.id });
  return { employee, token };
}

describe("shift events through the plan writes (as GET /api/shifts answers a planner)", () => {
  test("create, update, delete", async () => {
    const location = await fx.location();
    const worker = await fx.employee();
    const created = await call(shifts.POST, {
      token: boss.token,
      body: {
        employee_id: worker.id,
        location_id: location.id,
        shift_date: future,
        start_time: "08:00",
        end_time: "16:30",
        break_minutes: 30,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = Number(created.json.id);
    const [afterCreate] = await plannerShifts(future).then((list) => list.filter((s) => s.id === id));
    expect(await queued()).toEqual([{ event: "shift.created", occurred_at: expect.any(String), data: afterCreate }]);

    seen = await db.webhookDelivery.count();
    const updated = await call(shift.PUT, {
      method: "PUT",
      token: boss.token,
      params: { id: String(id) },
      body: { employee_id: null, location_id: location.id, shift_date: future, start_time: "09:00", end_time: "17:00" },
    });
    expect(updated.status, updated.text).toBe(200);
    const [afterUpdate] = (await plannerShifts(future)).filter((s) => s.id === id);
    expect(await queued()).toEqual([{ event: "shift.updated", occurred_at: expect.any(String), data: afterUpdate }]);

    seen = await db.webhookDelivery.count();
    const deleted = await call(shift.DELETE, { method: "DELETE", token: boss.token, params: { id: String(id) } });
    expect(deleted.status, deleted.text).toBeLessThan(300);
    expect(await queued()).toEqual([{ event: "shift.deleted", occurred_at: expect.any(String), data: afterUpdate }]);
  });

  test("a bulk delete: one event per shift, as they were", async () => {
    const location = await fx.location();
    const date = addDays(today, 41);
    const a = await fx.shift({ locationId: location.id, date, start: "06:00", end: "10:00" });
    const b = await fx.shift({ locationId: location.id, date, start: "22:00", end: "06:00" });
    const before = (await plannerShifts(date)).filter((s) => s.id === a.id || s.id === b.id);
    seen = await db.webhookDelivery.count();
    const res = await call(bulk.POST, { token: boss.token, body: { action: "delete", shift_ids: [a.id, b.id] } });
    expect(res.status, res.text).toBe(200);
    const events = await queued();
    expect(events.map((e) => e.event)).toEqual(["shift.deleted", "shift.deleted"]);
    // One transaction: the same created_at, so in no order among themselves.
    const byId = (list: unknown[]) => [...list].sort((x, y) => (x as { id: number }).id - (y as { id: number }).id);
    expect(byId(events.map((e) => e.data))).toEqual(byId(before));
    // One statement wrote both: the same occurred_at.
    expect(events[0].occurred_at).toBe(events[1].occurred_at);
  });

  test("a save that changes nothing is no shift.updated", async () => {
    const location = await fx.location();
    const s = await fx.shift({ locationId: location.id, date: addDays(today, 42) });
    seen = await db.webhookDelivery.count();
    const res = await call(shift.PUT, {
      method: "PUT",
      token: boss.token,
      params: { id: String(s.id) },
      body: {
        employee_id: null,
        location_id: location.id,
        shift_date: addDays(today, 42),
        start_time: "09:00",
        end_time: "17:00",
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(await queued()).toEqual([]);
  });
});

test("publishing a week: schedule.published with the answer and its range", async () => {
  const location = await fx.location();
  const worker = await fx.employee();
  const start = addDays(today, 50);
  await fx.shift({ employeeId: worker.id, locationId: location.id, date: start, published: false });
  seen = await db.webhookDelivery.count();
  const body = { start_date: start, end_date: addDays(start, 6), location_ids: [location.id] };
  const res = await call(publish.POST, { token: boss.token, body });
  expect(res.status, res.text).toBe(200);
  expect(await queued()).toEqual([
    { event: "schedule.published", occurred_at: expect.any(String), data: { ...res.json, ...body } },
  ]);
});

test("vacations: requested, approved, rejected, as GET /api/vacations answers a planner", async () => {
  const lea = await person("Lea");
  const planned = async (id: number) => {
    const res = await call(vacations.GET, { token: boss.token, path: `/api/vacations?employee_id=${lea.employee.id}` });
    return (res.json as { id: number }[]).find((v) => v.id === id);
  };
  const ask = async (start: string) => {
    const res = await call(vacations.POST, {
      token: lea.token,
      body: { employee_id: lea.employee.id, start_date: start, end_date: start, notes: "Hochzeit" },
    });
    expect(res.status, res.text).toBe(201);
    return Number(res.json.id);
  };
  const first = await ask(addDays(today, 60));
  const second = await ask(addDays(today, 67));
  const requested = await queued();
  expect(requested.map((e) => e.event)).toEqual(["vacation.requested", "vacation.requested"]);
  expect(requested[0].data).toEqual(await planned(first));

  seen = await db.webhookDelivery.count();
  const approved = await call(approveVacation.POST, { token: boss.token, params: { id: String(first) } });
  expect(approved.status, approved.text).toBe(200);
  const rejected = await call(rejectVacation.POST, {
    token: boss.token,
    params: { id: String(second) },
    body: { reason: "Zu viele weg" },
  });
  expect(rejected.status, rejected.text).toBe(200);
  expect(await queued()).toEqual([
    { event: "vacation.approved", occurred_at: expect.any(String), data: await planned(first) },
    { event: "vacation.rejected", occurred_at: expect.any(String), data: await planned(second) },
  ]);
});

test("time entries and the month's approval: the answers of the API", async () => {
  const worker = await fx.employee();
  const location = await fx.location();
  const at = (time: string) => `2026-02-10T${time}:00.000Z`;
  const created = await call(entries.POST, {
    token: boss.token,
    body: {
      employee_id: worker.id,
      location_id: location.id,
      start_at: at("07:00"),
      end_at: at("15:00"),
      breaks: [],
      reason: "Stempeluhr defekt",
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = Number(created.json.id);
  const updated = await call(entry.PUT, {
    method: "PUT",
    token: boss.token,
    params: { id: String(id) },
    body: { location_id: location.id, start_at: at("07:00"), end_at: at("16:00"), breaks: [], reason: "Länger" },
  });
  expect(updated.status, updated.text).toBe(200);
  const approved = await call(approveMonth.POST, {
    token: boss.token,
    body: { employee_id: worker.id, month: "2026-02" },
  });
  expect(approved.status, approved.text).toBe(200);
  expect(await queued()).toEqual([
    { event: "time_entry.created", occurred_at: expect.any(String), data: created.json },
    { event: "time_entry.updated", occurred_at: expect.any(String), data: updated.json },
    { event: "timesheet.approved", occurred_at: expect.any(String), data: approved.json },
  ]);
});

test("an approved swap: swap.approved with the approval's answer, and the shift's change", async () => {
  const location = await fx.location();
  const lea = await person("Lea");
  const ben = await person("Ben");
  const given = await fx.shift({ employeeId: lea.employee.id, locationId: location.id, date: addDays(today, 5) });
  const offered = await call(swaps.POST, { token: lea.token, body: { shift_id: given.id, kind: "give_away" } });
  expect(offered.status, offered.text).toBe(201);
  const swapId = String(Number(offered.json.id));
  const taken = await call(acceptSwap.POST, { token: ben.token, params: { id: swapId } });
  expect(taken.status, taken.text).toBe(200);
  seen = await db.webhookDelivery.count();
  const approved = await call(approveSwap.POST, { token: boss.token, params: { id: swapId } });
  expect(approved.status, approved.text).toBe(200);
  // One transaction: in no order among themselves.
  const events = (await queued()).sort((a, b) => a.event.localeCompare(b.event));
  expect(events.map((e) => e.event)).toEqual(["shift.updated", "swap.approved"]);
  expect(events[0].data).toMatchObject({ id: given.id, employee_id: ben.employee.id });
  expect(events[1].data).toEqual(approved.json);
});
