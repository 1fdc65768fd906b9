// Absences in the answers the screens read (docs/PRODUCT-RULES.md §32.2): the planner's week (type for planners
// only) and "Meine Schichten" (own, with type); the credited target in /me's weeks.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { scheduleWeekSchema } from "@/lib/shared/schemas/schedule";
import { myScheduleSchema } from "@/lib/shared/schemas/my-schedule";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as me } from "../me/route";
import { GET as week } from "../schedule/week/route";
import { POST as create } from "./route";

// Wednesday 2035-02-07: this week runs 05.–11.02.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2035-02-07T09:00:00Z"));
});
afterAll(() => vi.useRealTimers());

test("week: planners and the person see the type, colleagues that one is away; /me: own, credited", async () => {
  const { token } = await createUser("manager");
  const lea = await fx.employee({ weeklyHours: 40 });
  const ben = await fx.employee();
  const sick = await call(create, {
    token,
    body: { employee_id: lea.id, type: "krank", start_date: "2035-02-07", end_date: "2035-02-08" },
  });
  expect(sick.status, sick.text).toBe(201);
  await call(create, { token, body: { employee_id: ben.id, type: "militaer", start_date: "2035-02-05" } });
  const path = "/api/schedule/week?start_date=2035-02-05&end_date=2035-02-11";

  const planner = scheduleWeekSchema.parse((await call(week, { token, path })).json);
  const mine = (answer: typeof planner) =>
    answer.absences.filter((a) => [lea.id, ben.id].includes(a.employee_id)).map((a) => [a.employee_id, a.type]);
  expect(mine(planner)).toEqual([
    [ben.id, "militaer"],
    [lea.id, "krank"],
  ]);
  const staff = await createUser("user", { employeeId: lea.id });
  const staffWeek = scheduleWeekSchema.parse((await call(week, { token: staff.token, path })).json);
  expect(mine(staffWeek)).toEqual([
    [ben.id, null],
    [lea.id, "krank"],
  ]);
  const unlinked = scheduleWeekSchema.parse((await call(week, { token: (await createUser("user")).token, path })).json);
  expect(unlinked.absences.every((a) => a.type === null)).toBe(true);

  const own = myScheduleSchema.parse((await call(me, { token: staff.token, path: "/api/me" })).json);
  expect(own.absences.map((a) => [a.employee_id, a.type, a.start_date, a.end_date])).toEqual([
    [lea.id, "krank", "2035-02-07", "2035-02-08"],
  ]);
  // Two sick days credit 16 of the week's 40 hours.
  expect(own.weeks[0].target_hours).toBe(24);
});
