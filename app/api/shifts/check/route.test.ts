import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as check } from "./route";

describe("POST /api/shifts/check", () => {
  test("answers what the shift would have, errors and warnings alike, and writes nothing", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee({ firstName: "Chiara", lastName: "Rossi" });
    const l = await fx.location({ name: `Seeufer ${e.id}` });
    const evening = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2036-03-02",
      start: "15:00",
      end: "23:00",
    });
    const count = await db.shift.count();
    const body = { employee_id: e.id, location_id: l.id, shift_date: "2036-03-03", end_time: "15:00" };

    const early = await call(check, { token, body: { ...body, start_time: "07:00", break_minutes: 30 } });
    expect(early.status).toBe(200);
    expect(early.json).toEqual([
      expect.objectContaining({ code: "rest_time", severity: "warning", shift_id: 0, related_shift_id: evening.id }),
    ]);
    expect((early.json[0] as { message: string }).message).toContain("Chiara Rossi");

    const overlapping = await call(check, {
      token,
      body: { ...body, shift_date: "2036-03-02", start_time: "20:00", end_time: "22:00" },
    });
    expect(overlapping.json).toEqual([expect.objectContaining({ code: "overlap", severity: "error" })]);
    // Editing the evening shift itself: no collision with itself.
    const edited = await call(check, {
      token,
      body: {
        ...body,
        id: evening.id,
        shift_date: "2036-03-02",
        start_time: "16:00",
        end_time: "23:00",
        break_minutes: 15,
      },
    });
    expect(edited.json).toEqual([]);
    expect(await db.shift.count()).toBe(count);
  });

  test("an open shift has no findings; bad input is 400; users may not check", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location();
    const open = { location_id: l.id, shift_date: "2036-03-04", start_time: "08:00", end_time: "18:00" };
    expect((await call(check, { token, body: open })).json).toEqual([]);
    const bad = await call(check, { token, body: { ...open, break_minutes: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ break_minutes: "Die Pause muss ein Vielfaches von 5 Minuten sein" });
    const unknown = await call(check, { token, body: { ...open, employee_id: 999999999 } });
    expect(unknown.status).toBe(400);
    const { token: userToken } = await createUser("user");
    expect((await call(check, { token: userToken, body: open })).status).toBe(403);
  });
});
