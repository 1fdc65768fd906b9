import { describe, expect, test } from "vitest";
import { POST as apply } from "@/app/api/shifts/[id]/application/route";
import { POST as accept } from "@/app/api/swaps/[id]/accept/route";
import { POST as offer } from "@/app/api/swaps/route";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import type { ScheduleWeekDto } from "@/lib/shared/api-types";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as week } from "./route";

const range = (start: string, end: string) => ({ path: `/api/schedule/week?start_date=${start}&end_date=${end}` });

describe("GET /api/schedule/week", () => {
  test("shifts, their findings, vacations and labour rules of the range in one answer", async () => {
    const { token } = await createUser("user");
    const e = await fx.employee({ firstName: "Deniz", lastName: "Şahin" });
    const l = await fx.location();
    const shift = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2038-11-30",
      start: "08:00",
      end: "18:00",
    });
    const vacation = await fx.vacation({ employeeId: e.id, start: "2038-12-01", end: "2038-12-03", days: 3 });
    await fx.vacation({ employeeId: e.id, start: "2038-12-13", end: "2038-12-14", days: 2 }); // next week

    const res = await call(week, { token, ...range("2038-11-29", "2038-12-05") });
    expect(res.status).toBe(200);
    const body = res.json as unknown as ScheduleWeekDto;
    expect(body.shifts.filter((s) => s.location_id === l.id)).toMatchObject([{ id: shift.id, hours: 10 }]);
    expect(body.warnings.filter((f) => f.shift_id === shift.id)).toMatchObject([{ code: "break" }]);
    expect(body.vacations.filter((v) => v.employee_id === e.id)).toMatchObject([{ id: vacation.id }]);
    expect(body.labour_rules).toBe("CH");
  });

  test("a new location in another region is in the next answer's holidays", async () => {
    const { token } = await createUser("user");
    const holidaysOn = async (date: string) =>
      ((await call(week, { token, ...range("2038-01-01", "2038-01-07") })).json as unknown as ScheduleWeekDto).holidays
        .filter((h) => h.date === date)
        .flatMap((h) => h.location_ids);
    await holidaysOn("2038-01-02"); // cached now
    const geneva = await db.location.create({ data: { name: "Genf", color: "#10B981", holidayRegion: "CH-GE" } });
    const bern = await db.location.create({ data: { name: "Bern", color: "#10B981", holidayRegion: "CH-BE" } });
    // Berchtoldstag (02.01.) is a public holiday in Bern, not in Geneva.
    const ids = await holidaysOn("2038-01-02");
    expect(ids).toContain(bern.id);
    expect(ids).not.toContain(geneva.id);
    await db.location.deleteMany({ where: { id: { in: [geneva.id, bern.id] } } });
  });

  test("planners see who applied for the open shifts; staff get no applications", async () => {
    const monday = mondayOf(addDays(businessToday(), 7));
    const anna = await fx.employee({ firstName: "Anna", lastName: "Bewerberin" });
    const ben = await fx.employee({ firstName: "Ben", lastName: "Bewerber" });
    const l = await fx.location();
    const open = await fx.shift({ locationId: l.id, date: addDays(monday, 2) });
    const staff = await createUser("user", { employeeId: anna.id });
    const other = await createUser("user", { employeeId: ben.id });
    const manager = await createUser("manager");
    const applications = async (token: string) =>
      ((await call(week, { token, ...range(monday, addDays(monday, 6)) })).json as unknown as ScheduleWeekDto)
        .applications;
    expect((await applications(manager.token)).filter((a) => a.shift_id === open.id)).toEqual([]); // cached now

    for (const { token } of [staff, other])
      expect((await call(apply, { method: "POST", token, params: { id: String(open.id) } })).status).toBe(201);
    const seen = (await applications(manager.token)).filter((a) => a.shift_id === open.id);
    expect(seen).toMatchObject([
      { shift_id: open.id, employee_id: anna.id, employee_name: "Anna Bewerberin" },
      { shift_id: open.id, employee_id: ben.id, employee_name: "Ben Bewerber" },
    ]);
    expect(await applications(staff.token)).toEqual([]);
  });

  test("planners see the running offers: how many, the week's shifts marked, a swap's both; staff none", async () => {
    const monday = mondayOf(addDays(businessToday(), 14));
    const l = await fx.location();
    const people = await Promise.all(
      ["Lea", "Ben", "Carla", "Dora"].map(async (firstName) => {
        const employee = await fx.employee({ firstName, lastName: "Tausch" });
        return { employee, ...(await createUser("user", { employeeId: employee.id })) };
      }),
    );
    const [lea, ben, carla, dora] = people;
    const shiftOf = (who: (typeof people)[number], date: string) =>
      fx.shift({ employeeId: who.employee.id, locationId: l.id, date, start: "09:00", end: "14:00" });
    const leas = await shiftOf(lea, addDays(monday, 1));
    const carlas = await shiftOf(carla, addDays(monday, 3));
    // Dora's shift in the week after: the swap marks only Carla's in this week.
    const doras = await shiftOf(dora, addDays(monday, 8));
    const manager = await createUser("manager");
    const swapsOf = async (token: string) =>
      ((await call(week, { token, ...range(monday, addDays(monday, 6)) })).json as unknown as ScheduleWeekDto).swaps;
    const before = (await swapsOf(manager.token)).running; // the answer is cached now: the offers are not in it

    const offered = async (token: string, body: object) => {
      const res = await call(offer, { token, body });
      expect(res.status, res.text).toBe(201);
      return res.json as unknown as { id: number };
    };
    const away = await offered(lea.token, { shift_id: leas.id, kind: "give_away" });
    const taken = await call(accept, { token: ben.token, params: { id: String(away.id) } });
    expect(taken.status, taken.text).toBe(200);
    await offered(carla.token, { shift_id: carlas.id, kind: "swap", target_shift_id: doras.id });

    const seen = await swapsOf(manager.token);
    expect(seen.running).toBe(before + 2);
    expect(seen.marks.filter((mark) => [leas.id, carlas.id, doras.id].includes(mark.shift_id))).toEqual([
      { shift_id: leas.id, kind: "give_away", status: "accepted" },
      { shift_id: carlas.id, kind: "swap", status: "open" },
    ]);
    const next = (await call(week, { token: manager.token, ...range(addDays(monday, 7), addDays(monday, 13)) }))
      .json as unknown as ScheduleWeekDto;
    expect(next.swaps.marks.filter((mark) => mark.shift_id === doras.id)).toEqual([
      { shift_id: doras.id, kind: "swap", status: "open" },
    ]);
    // Offers are the planners' to decide: staff, linked or not, see none.
    for (const { token } of [lea, ben, await createUser("user")])
      expect(await swapsOf(token)).toEqual({ running: 0, marks: [] });
  });
});
