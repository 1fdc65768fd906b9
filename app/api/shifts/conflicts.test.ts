// The planning rules on the shift writes (docs/PRODUCT-RULES.md §25): overlap and vacation refuse with 409,
// warnings come with the answer, and the refusal holds under parallel requests.
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { PUT as update } from "./[id]/route";
import { POST as recordVacation } from "../vacations/route";
import { POST as create } from "./route";

const manager = () => createUser("manager").then((u) => u.token);

describe("overlap and vacation refuse the write", () => {
  test("a second shift at another location overlapping in time: 409 shift_overlap naming it", async () => {
    const token = await manager();
    const chiara = await fx.employee({ firstName: "Chiara", lastName: "Rossi" });
    const altstadt = await fx.location({ name: `Altstadt ${chiara.id}` });
    const seeufer = await fx.location();
    await fx.shift({
      employeeId: chiara.id,
      locationId: altstadt.id,
      date: "2035-12-04",
      start: "08:00",
      end: "16:00",
    });
    const count = await db.shift.count();
    const res = await call(create, {
      token,
      body: {
        employee_id: chiara.id,
        location_id: seeufer.id,
        shift_date: "2035-12-04",
        start_time: "12:00",
        end_time: "18:00",
      },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: "shift_overlap",
      error: `Chiara Rossi arbeitet am 04.12.2035 bereits 08:00–16:00 (Altstadt ${chiara.id})`,
    });
    expect(await db.shift.count()).toBe(count);
  });

  test("overnight into the next morning overlaps; back to back does not", async () => {
    const token = await manager();
    const e = await fx.employee();
    const l = await fx.location();
    await fx.shift({ employeeId: e.id, locationId: l.id, date: "2035-12-09", start: "22:00", end: "06:00" });
    const body = { employee_id: e.id, location_id: l.id, shift_date: "2035-12-10", end_time: "12:00" };
    expect((await call(create, { token, body: { ...body, start_time: "05:00" } })).status).toBe(409);
    const backToBack = await call(create, { token, body: { ...body, start_time: "06:00" } });
    expect(backToBack.status).toBe(201);
  });

  test("a day of an approved vacation: 409 employee_on_vacation; open shifts are not refused", async () => {
    const token = await manager();
    const deniz = await fx.employee({ firstName: "Deniz", lastName: "Şahin" });
    const l = await fx.location();
    await fx.vacation({ employeeId: deniz.id, start: "2035-11-30", end: "2035-12-04", days: 5 });
    const body = { location_id: l.id, shift_date: "2035-12-03", start_time: "09:00", end_time: "17:00" };
    const refused = await call(create, { token, body: { ...body, employee_id: deniz.id } });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ code: "employee_on_vacation", error: "Deniz Şahin hat am 03.12.2035 Ferien" });
    expect((await call(create, { token, body: { ...body, employee_id: null } })).status).toBe(201);
  });

  test("PUT: editing a shift does not collide with itself, but with another shift of the person", async () => {
    const token = await manager();
    const e = await fx.employee();
    const l = await fx.location();
    const morning = await fx.shift({ employeeId: e.id, locationId: l.id, date: "2035-12-11", end: "12:00" });
    await fx.shift({ employeeId: e.id, locationId: l.id, date: "2035-12-11", start: "13:00", end: "18:00" });
    const body = { employee_id: e.id, location_id: l.id, shift_date: "2035-12-11", start_time: "08:00" };
    const params = { id: String(morning.id) };
    expect((await call(update, { token, method: "PUT", params, body: { ...body, end_time: "12:30" } })).status).toBe(
      200,
    );
    const refused = await call(update, { token, method: "PUT", params, body: { ...body, end_time: "14:00" } });
    expect(refused.status).toBe(409);
    const stored = await db.shift.findUniqueOrThrow({ where: { id: morning.id } });
    expect(stored.endTime.toISOString().slice(11, 16)).toBe("12:30");
  });

  test("20 parallel requests assigning overlapping shifts to one employee: exactly one succeeds", async () => {
    const token = await manager();
    const e = await fx.employee();
    const l = await fx.location();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(create, {
          token,
          body: {
            employee_id: e.id,
            location_id: l.id,
            shift_date: "2035-12-12",
            start_time: `${String(8 + (i % 4)).padStart(2, "0")}:00`,
            end_time: "18:00",
          },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await db.shift.count({ where: { employeeId: e.id } })).toBe(1);
  });

  test("a vacation and a shift on its day recorded at once: the shift never stays assigned", async () => {
    const token = await manager();
    for (let round = 0; round < 5; round++) {
      const e = await fx.employee();
      const l = await fx.location();
      const day = `2035-10-0${round + 1}`;
      const [shift, vacation] = await Promise.all([
        call(create, {
          token,
          body: { employee_id: e.id, location_id: l.id, shift_date: day, start_time: "09:00", end_time: "17:00" },
        }),
        call(recordVacation, { token, body: { employee_id: e.id, start_date: day, end_date: day } }),
      ]);
      expect(vacation.status).toBe(201);
      // Either the shift came first and the vacation opened it, or the vacation came first and refused it.
      if (shift.status === 201) expect(vacation.json.opened_shifts).toBe(1);
      else expect(shift.json.code).toBe("employee_on_vacation");
      expect(await db.shift.count({ where: { employeeId: e.id } })).toBe(0);
    }
  });
});

describe("an archived employee gets no shift", () => {
  test("archived while the write waits for the employee's lock: 400, nothing assigned", async () => {
    const token = await manager();
    const e = await fx.employee();
    const l = await fx.location();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let xid!: string;
    let updated!: () => void;
    const locked = new Promise<void>((resolve) => (updated = resolve));
    // Archiving as another request would: the employee's row locked and changed, not yet committed.
    const archiving = db.$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE employees SET archived_at = now() WHERE id = ${e.id}`;
      [{ xid }] = await tx.$queryRaw<{ xid: string }[]>`SELECT pg_current_xact_id()::text AS xid`;
      updated();
      await held;
    });
    await locked;
    const writing = call(create, {
      token,
      body: { employee_id: e.id, location_id: l.id, shift_date: "2035-12-15", start_time: "09:00", end_time: "13:00" },
    });
    // Until the write is queued behind this archiving transaction (other files' tests hold and wait for locks too).
    for (let i = 0; i < 100; i++) {
      const [{ waiting }] = await db.$queryRaw<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting FROM pg_locks
        WHERE NOT granted AND locktype = 'transactionid' AND transactionid::text = ${xid}`;
      if (waiting > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await archiving;
    const res = await writing;
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ employee_id: "Mitarbeiter nicht gefunden" });
    expect(await db.shift.count({ where: { employeeId: e.id } })).toBe(0);
  });
});

describe("warnings come with the saved shift", () => {
  test("a 10 h shift without a break: 201 with a break warning (CH rules, the default)", async () => {
    const token = await manager();
    const e = await fx.employee({ firstName: "Mia", lastName: "Keller" });
    const l = await fx.location();
    const res = await call(create, {
      token,
      body: { employee_id: e.id, location_id: l.id, shift_date: "2035-12-13", start_time: "08:00", end_time: "18:00" },
    });
    expect(res.status).toBe(201);
    const warnings = res.json.warnings as { code: string; severity: string; shift_id: number }[];
    expect(warnings).toEqual([expect.objectContaining({ code: "break", severity: "warning", shift_id: res.json.id })]);
    const withBreak = await call(create, {
      token,
      body: {
        employee_id: e.id,
        location_id: l.id,
        shift_date: "2035-12-14",
        start_time: "08:00",
        end_time: "18:00",
        break_minutes: 60,
      },
    });
    expect(withBreak.json.warnings).toEqual([]);
  });
});
