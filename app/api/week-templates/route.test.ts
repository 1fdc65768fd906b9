import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as apply } from "./[id]/apply/route";
import { DELETE as remove, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

describe("week templates", () => {
  test("admin creates a template; counts of shifts and days; location names joined", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location();
    const name = uniqueName("Normalwoche");
    const res = await call(create, {
      token,
      body: {
        name,
        description: "Montag bis Samstag",
        shifts: [
          { day_of_week: 1, location_id: l.id, start_time: "08:00", end_time: "12:00", break_minutes: 0, notes: null },
          { day_of_week: 1, location_id: l.id, start_time: "12:00", end_time: "18:00" },
          { day_of_week: 0, location_id: l.id, start_time: "22:00", end_time: "06:00", notes: "Nacht" },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name, description: "Montag bis Samstag", shift_count: 3, day_count: 2 });
    const shifts = res.json.shifts as unknown as { day_of_week: number; location_name: string; start_time: string }[];
    expect(shifts.map((s) => `${s.day_of_week} ${s.start_time}`)).toEqual(["1 08:00", "1 12:00", "0 22:00"]);
    expect(shifts[0].location_name).toBe(l.name);
    const listed = (await call(list, { token })).json as unknown as { id: number }[];
    expect(listed.some((t) => t.id === res.json.id)).toBe(true);
  });

  test("a row's break is kept, checked against the row's length, and applied to the shift", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location();
    const row = { day_of_week: 2, location_id: l.id, start_time: "08:00", end_time: "17:00" };
    const tooLong = await call(create, { token, body: { name: "X", shifts: [{ ...row, break_minutes: 540 }] } });
    expect(tooLong.json.fields).toMatchObject({
      "shifts.0.break_minutes": "Die Pause muss kürzer als die Schicht sein",
    });
    const res = await call(create, {
      token,
      body: { name: uniqueName("Pause"), shifts: [{ ...row, break_minutes: 45 }] },
    });
    expect(res.json.shifts).toMatchObject([{ break_minutes: 45 }]);
    const applied = await call(apply, {
      token,
      params: { id: String(res.json.id) },
      body: { start_date: "2038-03-01" },
    });
    expect(applied.status).toBe(201);
    expect(applied.json.shifts).toMatchObject([{ shift_date: "2038-03-02", break_minutes: 45, hours: 8.25 }]);
  });

  test("name and at least one shift are required (docs/PRODUCT-RULES.md §15)", async () => {
    const { token } = await createUser("admin");
    const res = await call(create, { token, body: { name: "", shifts: [] } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      name: "Bitte gib einen Namen ein",
      shifts: "Bitte füge mindestens eine Schicht hinzu",
    });
    const l = await fx.location();
    const bad = await call(create, {
      token,
      body: { name: "X", shifts: [{ day_of_week: 7, location_id: l.id, start_time: "08:00", end_time: "08:00" }] },
    });
    expect(bad.json.fields).toMatchObject({
      "shifts.0.day_of_week": "Wochentag muss zwischen 0 (Sonntag) und 6 (Samstag) liegen",
      "shifts.0.end_time": "Beginn und Ende dürfen nicht gleich sein",
    });
  });

  test("apply maps Mon=1 … Sat=6, Sun=0 onto the week of start_date, unassigned, all in one go", async () => {
    const { token: adminToken } = await createUser("admin");
    const { token } = await createUser("manager");
    const l = await fx.location();
    const created = await call(create, {
      token: adminToken,
      body: {
        name: uniqueName("Vorlage"),
        shifts: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
          day_of_week: day,
          location_id: l.id,
          start_time: "09:00",
          end_time: "17:00",
        })),
      },
    });
    const id = String(created.json.id);
    // Thursday 2039-06-09 → week of Monday 2039-06-06.
    const res = await call(apply, { token, params: { id }, body: { start_date: "2039-06-09" } });
    expect(res.status).toBe(201);
    expect(res.json.created).toBe(7);
    const shifts = res.json.shifts as unknown as { shift_date: string; employee_id: number | null }[];
    expect(shifts.map((s) => s.shift_date)).toEqual([
      "2039-06-06",
      "2039-06-07",
      "2039-06-08",
      "2039-06-09",
      "2039-06-10",
      "2039-06-11",
      "2039-06-12",
    ]);
    expect(shifts.every((s) => s.employee_id === null)).toBe(true);
  });

  test("apply is all or nothing: a template row on an archived location creates no shift at all", async () => {
    const { token } = await createUser("admin");
    const open = await fx.location();
    const closing = await fx.location();
    const created = await call(create, {
      token,
      body: {
        name: uniqueName("Zwei"),
        shifts: [open, closing].map((l) => ({
          day_of_week: 2,
          location_id: l.id,
          start_time: "09:00",
          end_time: "12:00",
        })),
      },
    });
    // Archived without going through the API (which would delete the row):
    await db.location.update({ where: { id: closing.id }, data: { archivedAt: new Date() } });
    const before = await db.shift.count();
    const res = await call(apply, {
      token,
      params: { id: String(created.json.id) },
      body: { start_date: "2039-07-04" },
    });
    expect(res.status).toBe(400);
    expect(await db.shift.count()).toBe(before);
  });

  test("PUT replaces name and shifts; DELETE really deletes; managers may apply but not edit", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location();
    const created = await call(create, {
      token,
      body: {
        name: uniqueName("Alt"),
        shifts: [{ day_of_week: 1, location_id: l.id, start_time: "09:00", end_time: "12:00" }],
      },
    });
    const id = String(created.json.id);
    const res = await call(update, {
      token,
      method: "PUT",
      params: { id },
      body: { name: "Neu", shifts: [{ day_of_week: 3, location_id: l.id, start_time: "10:00", end_time: "11:00" }] },
    });
    expect(res.json).toMatchObject({ name: "Neu", shift_count: 1, shifts: [{ day_of_week: 3, start_time: "10:00" }] });

    const { token: managerToken } = await createUser("manager");
    expect(
      (await call(update, { token: managerToken, method: "PUT", params: { id }, body: { name: "X", shifts: [] } }))
        .status,
    ).toBe(403);
    expect((await call(remove, { token, method: "DELETE", params: { id } })).status).toBe(200);
    expect(await db.weekTemplate.findUnique({ where: { id: Number(id) } })).toBeNull();
    expect(
      (await call(apply, { token: managerToken, params: { id }, body: { start_date: "2039-06-09" } })).status,
    ).toBe(404);
  });
});
