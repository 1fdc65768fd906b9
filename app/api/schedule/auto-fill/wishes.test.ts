// Auto-fill with weekly unavailability and wishes (docs/PRODUCT-RULES.md §35.8): a weekly entry keeps a person off its
// weekday's shifts; among plans as good by fill rate, hours and fairness the one meeting the wishes wins, and the
// reasons say so; a wish never leaves a shift open.
import { beforeEach, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// The proposal weighs every active employee: a database of its own, each test archiving the people before it.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_auto_fill_wishes");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { toDateColumn, toTimeColumn } = await import("@/lib/server/db/columns");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { autoFillProposalSchema } = await import("@/lib/shared/schemas/auto-fill");
const { POST: propose } = await import("./route");

type Proposal = import("@/lib/shared/schemas/auto-fill").AutoFillProposal;

const MONDAY = "2031-03-03";
const SUNDAY = "2031-03-09";

async function proposal(): Promise<Proposal> {
  const { token } = await createUser("manager");
  const res = await call(propose, { token, body: { start_date: MONDAY, end_date: SUNDAY } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return autoFillProposalSchema.parse(res.json);
}

const wish = (employeeId: number, kind: string, date?: string) =>
  db.availabilityWish.create({ data: { employeeId, kind, date: date ? toDateColumn(date) : null } });

beforeEach(async () => {
  await db.employee.updateMany({ where: { archivedAt: null }, data: { archivedAt: new Date() } });
  await db.shift.deleteMany({});
});

describe("auto-fill honours weekly unavailability (§35.8)", () => {
  test("'jeden Montag bis 12:00' since last year keeps the person off Monday mornings, not afternoons", async () => {
    const l = await fx.location();
    const anna = await fx.employee({ firstName: "Anna" });
    const morning = await fx.shift({ locationId: l.id, date: MONDAY, start: "07:00", end: "11:00" });
    const afternoon = await fx.shift({ locationId: l.id, date: MONDAY, start: "13:00", end: "17:00" });
    await db.unavailability.create({
      data: {
        employeeId: anna.id,
        startDate: toDateColumn("2030-01-07"),
        endDate: null,
        weekday: 1,
        startTime: toTimeColumn("00:00"),
        endTime: toTimeColumn("12:00"),
      },
    });
    const plan = await proposal();
    expect(plan.assignments.map((a) => [a.shift_id, a.employee_id])).toEqual([[afternoon.id, anna.id]]);
    expect(plan.unfilled).toEqual([
      { shift_id: morning.id, reason: expect.stringContaining("(nicht verfügbar)") as unknown as string },
    ]);
  });
});

describe("auto-fill prefers wishes after fill rate and legality (§35.8)", () => {
  test.each([0, 1])(
    "of two equal people, the one who prefers early shifts gets the early one (wish on #%i)",
    async (who) => {
      const l = await fx.location();
      const people = [await fx.employee({ firstName: "Aline" }), await fx.employee({ firstName: "Bruno" })];
      const early = await fx.shift({ locationId: l.id, date: MONDAY, start: "06:00", end: "14:00" });
      await wish(people[who].id, "prefer_early");
      const plan = await proposal();
      expect(plan.assignments).toEqual([expect.objectContaining({ shift_id: early.id, employee_id: people[who].id })]);
      expect(plan.assignments[0].reasons).toContain("wünscht Frühschichten");
      expect(plan.stats).toMatchObject({ open: 1, filled: 1 });
    },
  );

  test("early and late both given as wished; a day off goes to the other person", async () => {
    const l = await fx.location();
    const early = await fx.employee({ firstName: "Früh" });
    const late = await fx.employee({ firstName: "Spät" });
    const morning = await fx.shift({ locationId: l.id, date: "2031-03-04", start: "06:00", end: "12:00" });
    const evening = await fx.shift({ locationId: l.id, date: "2031-03-04", start: "14:00", end: "20:00" });
    const friday = await fx.shift({ locationId: l.id, date: "2031-03-07", start: "09:00", end: "13:00" });
    await wish(early.id, "prefer_early");
    await wish(late.id, "prefer_late");
    await wish(late.id, "day_off", "2031-03-07");
    const plan = await proposal();
    const byShift = new Map(plan.assignments.map((a) => [a.shift_id, a]));
    expect(byShift.get(morning.id)?.employee_id).toBe(early.id);
    expect(byShift.get(evening.id)?.employee_id).toBe(late.id);
    expect(byShift.get(evening.id)?.reasons).toContain("wünscht Spätschichten");
    expect(byShift.get(friday.id)?.employee_id).toBe(early.id);
  });

  test("a wish never leaves a shift open: the only person works it, and the reason names the wish", async () => {
    const l = await fx.location();
    const only = await fx.employee({ firstName: "Einzig" });
    const saturday = await fx.shift({ locationId: l.id, date: "2031-03-08", start: "14:00", end: "20:00" });
    await wish(only.id, "day_off", "2031-03-08");
    await wish(only.id, "prefer_early");
    const plan = await proposal();
    expect(plan.stats).toMatchObject({ open: 1, filled: 1 });
    expect(plan.assignments).toEqual([expect.objectContaining({ shift_id: saturday.id, employee_id: only.id })]);
    expect(plan.assignments[0].reasons).toEqual(
      expect.arrayContaining(["gegen den Wunsch «Wunschfrei Sa 08.03.»", "gegen den Wunsch «lieber Frühschicht»"]),
    );
  });

  test("a wish weighs less than contract hours: the person with free hours gets it, not who wished it", async () => {
    const l = await fx.location();
    const full = await fx.employee({ firstName: "Voll", weeklyHours: 8 });
    const free = await fx.employee({ firstName: "Frei", weeklyHours: 20 });
    // Voll's 8 contract hours are used up on Monday already; Voll would rather work late.
    await fx.shift({ employeeId: full.id, locationId: l.id, date: MONDAY, start: "06:00", end: "14:00" });
    await wish(full.id, "prefer_late");
    const late = await fx.shift({ locationId: l.id, date: "2031-03-05", start: "14:00", end: "20:00" });
    const plan = await proposal();
    expect(plan.assignments).toEqual([expect.objectContaining({ shift_id: late.id, employee_id: free.id })]);
    expect(plan.stats.overtime_hours).toBe(0);
  });
});
