// docs/PRODUCT-RULES.md §31.1 "One target everywhere": a week with a public holiday and a week with a vacation
// give the same target and free hours on the dashboard, the planner's week answer (and the panel built from it),
// availability, the auto-fill's reasons and the hours report.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Sets the company's holiday region and weighs every active employee in auto-fill: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_one_target");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { availability, targetsById } = await import("@/components/schedule/week-model");
const { GET: dashboard } = await import("../../dashboard/route");
const { GET: week } = await import("../../schedule/week/route");
const { GET: employeesList } = await import("../../employees/route");
const { GET: availabilityOf } = await import("../../employees/[id]/availability/[date]/route");
const { POST: autoFill } = await import("../../schedule/auto-fill/route");
const { POST: createVacation } = await import("../../vacations/route");
const { GET: hoursReport } = await import("./route");

type Figures = { target: number | null; free: number | null };

// Tuesday 01.12.2026: both weeks lie ahead, so auto-fill may propose their shifts.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
});
afterAll(() => vi.useRealTimers());

/** Every screen's figures for one person and one Monday–Sunday week. */
async function figuresOn(token: string, employeeId: number, monday: string, sunday: string) {
  const dash = (await call(dashboard, { token, path: `/api/dashboard?date=${monday}` })).json as unknown as {
    employee_weeks: { employee_id: number; target_hours: number | null; remaining_hours: number | null }[];
  };
  const dashWeek = dash.employee_weeks.find((entry) => entry.employee_id === employeeId)!;

  const weekRes = await call(week, { token, path: `/api/schedule/week?start_date=${monday}&end_date=${sunday}` });
  expect(weekRes.status).toBe(200);
  const weekBody = weekRes.json as unknown as Parameters<typeof panelOf>[0];
  const employees = (await call(employeesList, { token, path: "/api/employees" })).json as unknown as Parameters<
    typeof availability
  >[0];
  const panel = panelOf(weekBody, employees, monday).find((entry) => entry.employee.id === employeeId)!;

  const avail = (
    await call(availabilityOf, {
      token,
      params: { id: String(employeeId), date: monday },
      path: `/api/employees/${employeeId}/availability/${monday}`,
    })
  ).json as unknown as { target_hours: number | null; remaining_hours: number | null };

  const report = (
    await call(hoursReport, { token, path: `/api/reports/hours?start_date=${monday}&end_date=${sunday}` })
  ).json as unknown as {
    employees: {
      employee_id: number;
      target_hours: number | null;
      scheduled_hours: number;
      difference: number | null;
    }[];
  };
  const row = report.employees.find((entry) => entry.employee_id === employeeId)!;

  const figures: Record<string, Figures> = {
    dashboard: { target: dashWeek.target_hours, free: dashWeek.remaining_hours },
    panel: { target: panel.target, free: panel.remaining },
    availability: { target: avail.target_hours, free: avail.remaining_hours },
    report: { target: row.target_hours, free: row.difference === null ? null : -row.difference },
  };
  return figures;
}

function panelOf(
  body: {
    shifts: Parameters<typeof availability>[1];
    vacations: Parameters<typeof availability>[2];
    targets: { employee_id: number; target_hours: number | null }[];
  },
  employees: Parameters<typeof availability>[0],
  monday: string,
) {
  return availability(employees, body.shifts, body.vacations, monday, [], targetsById(body.targets));
}

const same = (figures: Figures): Record<string, Figures> => ({
  dashboard: figures,
  panel: figures,
  availability: figures,
  report: figures,
});

describe("one target everywhere", () => {
  test("Christmas week in Zürich and a vacation week: every screen shows the same target and free hours", async () => {
    const { token } = await createUser("manager");
    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    const l = await fx.location({ name: "Altstadt" });
    const anna = await fx.employee({ firstName: "Anna", lastName: "Ziel", weeklyHours: 40 });
    const ben = await fx.employee({ firstName: "Ben", lastName: "Ziel", weeklyHours: 40 });
    const cem = await fx.employee({ firstName: "Cem", lastName: "Ziel", isHourly: true });
    const emil = await fx.employee({ firstName: "Emil", lastName: "Ziel", isHourly: true });

    // Ben's vacations Monday to Thursday, written through the route (the region decides the days charged).
    for (const [start, end] of [
      ["2026-12-14", "2026-12-17"],
      ["2026-12-21", "2026-12-24"],
    ]) {
      const res = await call(createVacation, {
        token,
        body: { employee_id: ben.id, start_date: start, end_date: end },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }

    // Vacation week 14.–20.12.: Anna 8 h on Tuesday, Ben 4 h on Friday, one open shift on Saturday.
    await fx.shift({ employeeId: anna.id, locationId: l.id, date: "2026-12-15", start: "08:00", end: "16:00" });
    await fx.shift({ employeeId: ben.id, locationId: l.id, date: "2026-12-18", start: "08:00", end: "12:00" });
    // Christmas week 21.–27.12.: Christmas (Fri 25.12.) is a public holiday in Zurich; Anna 8 h on Tuesday, Ben 4 h
    // on Saturday 26.12., Cem (hourly) 5 h; one open shift on Wednesday only Anna can take.
    await fx.shift({ employeeId: anna.id, locationId: l.id, date: "2026-12-22", start: "08:00", end: "16:00" });
    await fx.shift({ employeeId: ben.id, locationId: l.id, date: "2026-12-26", start: "08:00", end: "12:00" });
    await fx.shift({ employeeId: cem.id, locationId: l.id, date: "2026-12-23", start: "10:00", end: "15:00" });
    const christmasOpen = await fx.shift({ locationId: l.id, date: "2026-12-23", start: "08:00", end: "12:00" });

    // Vacation week: Anna 40 h − 8 = 32 free; Ben 40 / 5 × (5 − 4 vacation days) = 8 h, − 4 = 4 free.
    expect(await figuresOn(token, anna.id, "2026-12-14", "2026-12-20")).toEqual(same({ target: 40, free: 32 }));
    expect(await figuresOn(token, ben.id, "2026-12-14", "2026-12-20")).toEqual(same({ target: 8, free: 4 }));
    // Christmas week: Anna 40 / 5 × (5 − Christmas) = 32 h, − 8 = 24 free; Ben has no day left to work: 0 − 4.
    expect(await figuresOn(token, anna.id, "2026-12-21", "2026-12-27")).toEqual(same({ target: 32, free: 24 }));
    expect(await figuresOn(token, ben.id, "2026-12-21", "2026-12-27")).toEqual(same({ target: 0, free: -4 }));
    expect(await figuresOn(token, cem.id, "2026-12-21", "2026-12-27")).toEqual(same({ target: null, free: null }));

    // Auto-fill's reasons and capacity count the same target: Anna has 24 h left in the Christmas week, not 32.
    const res = await call(autoFill, { token, body: { start_date: "2026-12-21", end_date: "2026-12-27" } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const proposal = res.json as unknown as {
      assignments: { shift_id: number; employee_id: number; reasons: string[] }[];
      left_out: { employee_id: number; name: string; reason: string }[];
      stats: { overtime_hours: number };
    };
    expect(proposal.assignments).toMatchObject([
      { shift_id: christmasOpen.id, employee_id: anna.id, reasons: ["hat noch 24.0 h frei"] },
    ]);
    expect(proposal.stats.overtime_hours).toBe(0);
    // The hourly staff left without a shift are told why, like everyone else: Cem already works that morning;
    // Emil could have worked it, but fixed staff with hours left of their target come first.
    expect(proposal.left_out).toEqual([
      {
        employee_id: cem.id,
        name: "Cem Ziel",
        reason: "keine offene Schicht ohne Konflikt (arbeitet Mi 23.12. 10:00–15:00)",
      },
      {
        employee_id: emil.id,
        name: "Emil Ziel",
        reason: "arbeitet im Stundenlohn: Festangestellte mit freien Sollstunden gehen vor",
      },
    ]);
  });

  test("auto-fill's capacity is the week's target: a shift beyond it counts as hours over the target", async () => {
    const { token } = await createUser("manager");
    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    await db.employee.updateMany({ where: { archivedAt: null }, data: { archivedAt: new Date() } });
    await db.shift.deleteMany({});
    const l = await fx.location({ name: "Bahnhof" });
    // 10 h a week: 2 h a day; Christmas leaves 8 h in the week, of which 6 h are planned.
    const dora = await fx.employee({ firstName: "Dora", lastName: "Ziel", weeklyHours: 10 });
    await fx.shift({ employeeId: dora.id, locationId: l.id, date: "2026-12-21", start: "08:00", end: "14:00" });
    const open = await fx.shift({ locationId: l.id, date: "2026-12-22", start: "08:00", end: "12:00" });
    const res = await call(autoFill, { token, body: { start_date: "2026-12-21", end_date: "2026-12-27" } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const proposal = res.json as unknown as {
      assignments: { shift_id: number; employee_id: number; reasons: string[] }[];
      stats: { overtime_hours: number };
    };
    // Against the contract's 10 h she would have 4 h left and no overtime; against the week's 8 h, 2 h are over.
    expect(proposal.assignments).toMatchObject([
      { shift_id: open.id, employee_id: dora.id, reasons: ["2.0 h über den Sollstunden"] },
    ]);
    expect(proposal.stats.overtime_hours).toBe(2);
  });
});
