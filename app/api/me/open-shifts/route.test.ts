import { describe, expect, onTestFinished, test, vi } from "vitest";
import { POST as apply } from "@/app/api/shifts/[id]/application/route";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import type { OpenShiftDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as openShifts } from "./route";

const today = businessToday();

describe("GET /api/me/open-shifts", () => {
  test("the open shifts of today to today + 27 days, sorted, flagged `applied`, with findings", async () => {
    // Early morning of today in Zurich, before today's first shift begins (begun ones are left out, §31.4).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${today}T03:00:00Z`));
    onTestFinished(() => void vi.useRealTimers());
    const employee = await fx.employee({ firstName: "Anna", lastName: "Muster" });
    const { token } = await createUser("user", { employeeId: employee.id });
    const location = await fx.location();
    const archived = await fx.location();
    const at = (days: number, start = "09:00", end = "14:00", locationId = location.id) =>
      fx.shift({ locationId, date: addDays(today, days), start, end });
    const yesterday = await at(-1);
    const todayLate = await at(0, "18:00", "22:00");
    const todayEarly = await at(0, "06:00", "10:00");
    const last = await at(27);
    await at(28);
    const overlapping = await at(5);
    await fx.shift({ employeeId: employee.id, locationId: location.id, date: addDays(today, 5), start: "13:00" });
    const long = await at(10, "08:00", "18:00");
    await at(3, "09:00", "14:00", archived.id);
    await db.location.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    await fx.shift({ employeeId: (await fx.employee()).id, locationId: location.id, date: addDays(today, 2) });
    expect((await call(apply, { method: "POST", token, params: { id: String(last.id) } })).status).toBe(201);

    const res = await call(openShifts, { token });
    expect(res.status).toBe(200);
    const mine = (res.json as unknown as OpenShiftDto[]).filter(
      (shift) => shift.location_id === location.id || shift.location_id === archived.id,
    );
    expect(mine.map((shift) => shift.id)).toEqual([todayEarly.id, todayLate.id, overlapping.id, long.id, last.id]);
    expect(mine.map((shift) => shift.applied)).toEqual([false, false, false, false, true]);
    expect(mine.find((shift) => shift.id === yesterday.id)).toBeUndefined();
    expect(mine[0]).toMatchObject({ employee_id: null, employee_name: null, location_name: location.name });
    const overlap = mine.find((shift) => shift.id === overlapping.id)!;
    expect(overlap.findings).toMatchObject([
      { code: "overlap", severity: "error", shift_id: overlapping.id, employee_id: employee.id },
    ]);
    expect(mine.find((shift) => shift.id === long.id)!.findings).toMatchObject([
      { code: "break", severity: "warning" },
    ]);
    expect(mine.find((shift) => shift.id === last.id)!.findings).toEqual([]);
  });

  test("403 without a linked employee", async () => {
    const { token } = await createUser("manager");
    const res = await call(openShifts, { token });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("Dein Benutzer ist mit keinem Mitarbeiter verknüpft");
  });
});
