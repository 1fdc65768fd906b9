import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { todayIn } from "@/lib/shared/dates";
import { terminalScreenSchema } from "@/lib/shared/schemas/terminal";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { pairedTerminal, setTestPin } from "@/tests/support/terminal";
import { GET } from "./route";

describe("GET /api/terminal (docs/PRODUCT-RULES.md §32.4)", () => {
  test("the location's staff as tiles: today's planned first, first name and initial, state only", async () => {
    const t = await pairedTerminal();
    const elsewhere = await fx.location();
    const make = async (firstName: string, lastName: string, at: number[]) => {
      const person = await fx.employee({ firstName, lastName });
      for (const locationId of at) await db.employeeLocation.create({ data: { employeeId: person.id, locationId } });
      return person;
    };
    // First names of this test alone: people without an Einsatzort (other test files') are on every terminal, and a
    // second "Lea M." there would make the tile say the whole name.
    const tag = Math.random().toString(36).slice(2, 6);
    const anna = await make(`Anna-${tag}`, "Zürcher", [t.locationId]);
    const lea = await make(`Lea-${tag}`, "Meier", [t.locationId, elsewhere.id]);
    const other = await make("Otto", "Andere", [elsewhere.id]);
    const archived = await make("Alt", "Weg", [t.locationId]);
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    await setTestPin(lea.id, "4711");
    await fx.shift({ employeeId: lea.id, locationId: t.locationId, date: todayIn("Europe/Zurich"), start: "06:00" });
    await db.timeEntry.create({
      data: {
        employeeId: anna.id,
        locationId: t.locationId,
        date: new Date(`${todayIn("Europe/Zurich")}T00:00:00Z`),
        startAt: new Date(Date.now() - 60_000),
        source: "terminal",
        status: "running",
      },
    });

    const res = await call(GET, { headers: t.headers });
    expect(res.status, res.text).toBe(200);
    const answer = terminalScreenSchema.parse(res.json);
    expect(answer.terminal_name).toBe(t.terminal.name);
    const ids = answer.staff.map((tile) => tile.employee_id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(archived.id);
    // Lea is planned here today: first, before the people without an Einsatzort (who work everywhere).
    expect(answer.staff[0]).toEqual({
      employee_id: lea.id,
      name: `Lea-${tag} M.`,
      planned_today: true,
      state: "out",
      next_actions: ["in"],
      has_pin: true,
    });
    expect(answer.staff.find((tile) => tile.employee_id === anna.id)).toEqual({
      employee_id: anna.id,
      name: `Anna-${tag} Z.`,
      planned_today: false,
      state: "in",
      next_actions: ["break_start", "out"],
      has_pin: false,
    });
  });

  test("no credential, a user's token or a wrong credential: 401", async () => {
    const { token } = await createUser("admin");
    expect((await call(GET)).status).toBe(401);
    expect((await call(GET, { token })).status).toBe(401);
    expect((await call(GET, { headers: { authorization: `Terminal ${"x".repeat(43)}` } })).status).toBe(401);
    expect((await call(GET, { headers: { authorization: `Bearer ${"x".repeat(43)}` } })).status).toBe(401);
  });

  test("a terminal of an archived location is no longer paired", async () => {
    const t = await pairedTerminal();
    await db.location.update({ where: { id: t.locationId }, data: { archivedAt: new Date() } });
    expect((await call(GET, { headers: t.headers })).status).toBe(401);
  });
});
