import { beforeEach, describe, expect, test } from "vitest";
import { db, sqlStatements } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { shiftHours } from "@/lib/shared/hours";
import { DELETE as remove, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

let token: string;
beforeEach(async () => {
  token = (await createUser("manager")).token;
});

const week = (start: string, end: string) => ({ path: `/api/shifts?start_date=${start}&end_date=${end}` });

describe("POST /api/shifts", () => {
  test("plans a shift: 201 with hours, names and colour; break_minutes 0; audit row", async () => {
    const e = await fx.employee({ firstName: "Ağaoğlu", lastName: "Deniz" });
    const l = await fx.location({ color: "#F59E0B" });
    const res = await call(create, {
      token,
      body: {
        employee_id: e.id,
        location_id: l.id,
        shift_date: "2031-05-05",
        start_time: "22:00:00",
        end_time: "06:00",
        break_minutes: 0,
        is_custom: false,
        custom_name: "ignored",
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      employee_id: e.id,
      location_id: l.id,
      shift_date: "2031-05-05",
      start_time: "22:00",
      end_time: "06:00",
      break_minutes: 0,
      is_custom: false,
      custom_name: null,
      hours: 8,
      employee_name: "Ağaoğlu Deniz",
      location_name: l.name,
      location_color: "#F59E0B",
    });
    expect(await db.auditLog.count({ where: { action: "shift.create", entityId: res.json.id as number } })).toBe(1);
  });

  test("a break is real: hours are the length less the break, overnight too; omitted = 0", async () => {
    const l = await fx.location();
    const body = { location_id: l.id, shift_date: "2031-05-05", start_time: "22:00", end_time: "06:00" };
    const withBreak = await call(create, { token, body: { ...body, break_minutes: 45 } });
    expect(withBreak.status).toBe(201);
    expect(withBreak.json).toMatchObject({ break_minutes: 45, hours: 7.25 });
    const withoutBreak = await call(create, { token, body });
    expect(withoutBreak.json).toMatchObject({ break_minutes: 0, hours: 8 });
    const listed = await call(list, { path: "/api/shifts?start_date=2031-05-05&end_date=2031-05-05", token });
    expect((listed.json as { id: number }[]).find((s) => s.id === withBreak.json.id)).toMatchObject({ hours: 7.25 });
  });

  test("unassigned and custom shifts; a date with a time part is accepted", async () => {
    const l = await fx.location();
    const res = await call(create, {
      token,
      body: {
        employee_id: null,
        location_id: l.id,
        shift_date: "2031-05-06T00:00:00.000Z",
        start_time: "09:00",
        end_time: "17:00",
        is_custom: true,
        custom_name: "Inventur",
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      employee_id: null,
      employee_name: null,
      shift_date: "2031-05-06",
      is_custom: true,
      custom_name: "Inventur",
    });
  });

  test("rules of docs/PRODUCT-RULES.md §15 with German messages; nothing stored", async () => {
    const e = await fx.employee();
    const l = await fx.location();
    const archived = await fx.employee();
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const base = {
      employee_id: e.id,
      location_id: l.id,
      shift_date: "2031-05-07",
      start_time: "09:00",
      end_time: "17:00",
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, end_time: "09:00" }, "end_time", "Beginn und Ende dürfen nicht gleich sein"],
      [{ ...base, start_time: "25:00" }, "start_time", "Bitte gib eine gültige Startzeit ein (HH:MM)"],
      [{ ...base, shift_date: "2031-02-30" }, "shift_date", "Bitte gib ein gültiges Datum ein"],
      [
        { ...base, is_custom: true, custom_name: " " },
        "custom_name",
        "Bitte gib einen Namen für die Sonderschicht ein",
      ],
      [{ ...base, break_minutes: 32 }, "break_minutes", "Die Pause muss ein Vielfaches von 5 Minuten sein"],
      [{ ...base, break_minutes: -5 }, "break_minutes", "Die Pause darf nicht negativ sein"],
      [{ ...base, break_minutes: 480 }, "break_minutes", "Die Pause muss kürzer als die Schicht sein"],
      [{ ...base, break_minutes: "30" }, "break_minutes", "Bitte gib die Pause in Minuten ein"],
      [{ ...base, location_id: undefined }, "location_id", "Bitte wähle einen Standort aus"],
      [{ ...base, location_id: 999999999 }, "location_id", "Standort nicht gefunden"],
      [{ ...base, employee_id: archived.id }, "employee_id", "Mitarbeiter nicht gefunden"],
    ];
    const before = await db.shift.count();
    for (const [body, field, message] of cases) {
      const res = await call(create, { token, body });
      expect(res.status, field).toBe(400);
      expect(res.json.fields, field).toMatchObject({ [field]: message });
    }
    expect(await db.shift.count()).toBe(before);
  });

  test("users may not plan", async () => {
    const { token: userToken } = await createUser("user");
    const l = await fx.location();
    const res = await call(create, {
      token: userToken,
      body: { location_id: l.id, shift_date: "2031-05-07", start_time: "09:00", end_time: "17:00" },
    });
    expect(res.status).toBe(403);
  });
});

describe("GET /api/shifts", () => {
  test("one week, sorted by date and start time, in at most two SQL queries (auth included)", async () => {
    const l = await fx.location();
    const e = await fx.employee();
    for (let i = 0; i < 30; i++) {
      await fx.shift({
        employeeId: i % 2 ? e.id : null,
        locationId: l.id,
        date: `2032-01-${String(5 + (i % 7)).padStart(2, "0")}`,
        start: `${String(6 + (i % 12)).padStart(2, "0")}:00`,
        end: "23:00",
      });
    }
    await fx.shift({ locationId: l.id, date: "2032-01-12" }); // next week
    const before = sqlStatements.count;
    const res = await call(list, { token, ...week("2032-01-05", "2032-01-11") });
    const statements = sqlStatements.count - before;
    expect(res.status).toBe(200);
    const shifts = res.json as unknown as { shift_date: string; start_time: string }[];
    expect(shifts).toHaveLength(30);
    const keys = shifts.map((s) => `${s.shift_date} ${s.start_time}`);
    expect(keys).toEqual([...keys].sort());
    expect(statements).toBeLessThanOrEqual(2);
  });

  test("a repeated week comes from the cache; any change to it, made anywhere, is in the next answer", async () => {
    const e = await fx.employee({ firstName: "Łukasz", lastName: "Nowak" });
    const l = await fx.location({ color: "#10B981" });
    const first = await fx.shift({ employeeId: e.id, locationId: l.id, date: "2033-02-07" });
    const get = async () => {
      const before = sqlStatements.count;
      const res = await call(list, { token, ...week("2033-02-07", "2033-02-13") });
      expect(res.status).toBe(200);
      return { shifts: res.json as unknown as Record<string, unknown>[], statements: sqlStatements.count - before };
    };
    expect((await get()).shifts).toMatchObject([
      { id: first.id, employee_name: "Łukasz Nowak", location_color: "#10B981" },
    ]);
    // Unchanged data: only the statement that checks the token (and reads the
    // version) runs. Other test files write meanwhile, so allow a few tries.
    const statements: number[] = [];
    for (let i = 0; i < 5 && !statements.includes(1); i++) statements.push((await get()).statements);
    expect(statements).toContain(1);

    // Changes as another instance (or psql) would make them, bypassing this process.
    await db.$executeRaw`UPDATE employees SET first_name = 'Luka' WHERE id = ${e.id}`;
    expect((await get()).shifts).toMatchObject([{ employee_name: "Luka Nowak" }]);
    await db.$executeRaw`UPDATE locations SET color = '#EF4444' WHERE id = ${l.id}`;
    expect((await get()).shifts).toMatchObject([{ location_color: "#EF4444" }]);
    const second = await fx.shift({ locationId: l.id, date: "2033-02-08" });
    expect((await get()).shifts.map((s) => s.id)).toEqual([first.id, second.id]);
    await db.$executeRaw`UPDATE shifts SET start_time = '05:00' WHERE id = ${second.id}`;
    expect((await get()).shifts).toMatchObject([{ id: first.id }, { id: second.id, start_time: "05:00" }]);
    await db.$executeRaw`DELETE FROM shifts WHERE id = ${first.id}`;
    expect((await get()).shifts.map((s) => s.id)).toEqual([second.id]);
    // Through the API as well.
    expect((await call(remove, { token, method: "DELETE", params: { id: String(second.id) } })).status).toBe(200);
    expect((await get()).shifts).toEqual([]);
  });

  test("start_date and end_date are required, end not before start, at most 366 days", async () => {
    expect((await call(list, { token, path: "/api/shifts" })).status).toBe(400);
    expect((await call(list, { token, ...week("2032-01-11", "2032-01-05") })).json.fields).toMatchObject({
      end_date: "end_date darf nicht vor start_date liegen",
    });
    expect((await call(list, { token, ...week("2030-01-01", "2032-01-05") })).status).toBe(400);
    expect((await call(list, { token, ...week("2032-13-01", "2032-12-05") })).status).toBe(400);
  });
});

describe("hours in GET /api/shifts (computed by PostgreSQL) are those of lib/shared/hours.ts", () => {
  test("odd minutes, crossing midnight, ending at midnight, almost a whole day", async () => {
    const l = await fx.location();
    const times = [
      ["09:10", "17:35"],
      ["22:00", "06:00"],
      ["18:00", "00:00"],
      ["00:00", "23:59"],
      ["23:59", "00:01"],
      ["07:20", "07:00"],
      ["13:33", "14:13"],
    ];
    for (const [start, end] of times) await fx.shift({ locationId: l.id, date: "2036-01-07", start, end });
    const res = await call(list, { token, ...week("2036-01-07", "2036-01-07") });
    const mine = (
      res.json as unknown as { location_id: number; start_time: string; end_time: string; hours: number }[]
    ).filter((shift) => shift.location_id === l.id);
    expect(mine).toHaveLength(times.length);
    for (const shift of mine) expect(shift.hours).toBe(shiftHours(shift.start_time, shift.end_time));
    expect(res.headers.get("content-type")).toBe("application/json");
  });
});

describe("PUT/DELETE /api/shifts/{id}", () => {
  test("a move to someone outside their Einsatzorte is a manager's override: saved, not refused (§28.1)", async () => {
    // The planner's moves (drag and drop, "Verschieben / Kopieren nach …" in the view by employee) are PUT and POST
    // /api/shifts; the browser checks the Einsatzorte before sending, the server accepts the override on purpose
    // (docs/PRODUCT-RULES.md §28.1). Only the automatic filling and applying refuse another location.
    const here = await fx.location();
    const elsewhere = await fx.location();
    const anna = await fx.employee();
    const ben = await fx.employee();
    await db.employeeLocation.create({ data: { employeeId: ben.id, locationId: elsewhere.id } });
    const s = await fx.shift({ employeeId: anna.id, locationId: here.id, date: "2031-06-09" });
    const body = {
      employee_id: ben.id,
      location_id: here.id,
      shift_date: "2031-06-09",
      start_time: "09:00",
      end_time: "17:00",
    };
    const res = await call(update, { token, method: "PUT", params: { id: String(s.id) }, body });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ employee_id: ben.id, location_id: here.id });
    const copy = await call(create, { token, body: { ...body, shift_date: "2031-06-10" } });
    expect(copy.status, copy.text).toBe(201);
  });

  test("replaces a shift, switches it to custom and back; deletes it", async () => {
    const e = await fx.employee();
    const l = await fx.location();
    const s = await fx.shift({ employeeId: e.id, locationId: l.id, date: "2031-06-02" });
    const base = {
      employee_id: null,
      location_id: l.id,
      shift_date: "2031-06-03",
      start_time: "10:00",
      end_time: "14:30",
    };
    let res = await call(update, {
      token,
      method: "PUT",
      params: { id: String(s.id) },
      body: { ...base, is_custom: true, custom_name: "Lieferung" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      employee_id: null,
      shift_date: "2031-06-03",
      hours: 4.5,
      is_custom: true,
      custom_name: "Lieferung",
    });
    res = await call(update, {
      token,
      method: "PUT",
      params: { id: String(s.id) },
      body: { ...base, is_custom: false, custom_name: "Lieferung" },
    });
    expect(res.json).toMatchObject({ is_custom: false, custom_name: null });

    expect((await call(remove, { token, method: "DELETE", params: { id: String(s.id) } })).status).toBe(200);
    expect(await db.shift.findUnique({ where: { id: s.id } })).toBeNull();
    expect((await call(remove, { token, method: "DELETE", params: { id: String(s.id) } })).status).toBe(404);
    expect((await call(update, { token, method: "PUT", params: { id: String(s.id) }, body: base })).status).toBe(404);
  });
});
