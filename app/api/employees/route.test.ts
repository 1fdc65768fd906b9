import { describe, expect, test } from "vitest";
import { db, sqlStatements } from "@/lib/server/db/client";
import { call, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET, POST } from "./route";

describe("POST /api/employees", () => {
  test("admin creates an employee: 201, the JSON of docs/PRODUCT-RULES.md §7.1, an audit row", async () => {
    const { token, user } = await createUser("admin");
    const lastName = uniqueName("Şahin");
    const res = await call(POST, {
      token,
      body: {
        first_name: " Łukasz ",
        last_name: lastName,
        weekly_hours: 32.5,
        vacation_days_total: 25,
        is_hourly: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      first_name: "Łukasz",
      last_name: lastName,
      weekly_hours: 32.5,
      vacation_days_total: 25,
      vacation_days_used: 0,
      vacation_days_remaining: 25,
      is_hourly: false,
    });
    const id = res.json.id as number;
    expect(Number.isInteger(id)).toBe(true);
    expect(new Date(res.json.created_at as string).toISOString()).toBe(res.json.created_at);
    expect(await db.auditLog.count({ where: { action: "employee.create", entityId: id, userId: user.id } })).toBe(1);
  });

  test("defaults: 40 weekly hours, 20 vacation days, not hourly", async () => {
    const { token } = await createUser("admin");
    const res = await call(POST, { token, body: { first_name: "Eva", last_name: uniqueName("Muster") } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ weekly_hours: 40, vacation_days_total: 20, is_hourly: false });
  });

  test("bad input: 400 with German field messages, nothing stored", async () => {
    const { token } = await createUser("admin");
    const lastName = uniqueName("Ungültig");
    const res = await call(POST, {
      token,
      body: { first_name: "", last_name: lastName, weekly_hours: 168.5, vacation_days_total: 20.25 },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "validation_failed",
      fields: {
        first_name: "Bitte gib einen Vornamen ein",
        weekly_hours: "Wochenstunden muss zwischen 0 und 168 liegen",
        vacation_days_total: "Ferientage pro Jahr nur in Schritten von 0.5",
      },
    });
    expect(await db.employee.count({ where: { lastName } })).toBe(0);
  });

  test("managers and users may not create employees", async () => {
    for (const role of ["manager", "user"] as const) {
      const { token } = await createUser(role);
      const res = await call(POST, { token, body: { first_name: "A", last_name: "B" } });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    }
  });
});

describe("GET /api/employees", () => {
  test("every role reads active employees sorted by last name, first name; archived ones are left out", async () => {
    const { token: adminToken } = await createUser("admin");
    const tag = uniqueName("sort").replace(" ", "");
    for (const [first, last] of [
      ["Zoe", `B-${tag}`],
      ["Anna", `B-${tag}`],
      ["Max", `A-${tag}`],
    ]) {
      expect((await call(POST, { token: adminToken, body: { first_name: first, last_name: last } })).status).toBe(201);
    }
    const archived = await db.employee.create({
      data: { firstName: "Alt", lastName: `A-${tag}`, archivedAt: new Date() },
    });

    const { token } = await createUser("user");
    const res = await call(GET, { token, path: "/api/employees?_=1732000000" });
    expect(res.status).toBe(200);
    const mine = (res.json as unknown as { first_name: string; last_name: string; id: number }[]).filter((e) =>
      e.last_name.endsWith(tag),
    );
    expect(mine.map((e) => `${e.last_name.slice(0, 1)} ${e.first_name}`)).toEqual(["A Max", "B Anna", "B Zoe"]);
    expect(mine.some((e) => e.id === archived.id)).toBe(false);
  });

  test("vacation days used count this year's Monday-Friday vacation days only", async () => {
    const { token } = await createUser("admin");
    const year = Number(
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich", year: "numeric" }).format(new Date()),
    );
    const employee = await db.employee.create({
      data: { firstName: "Ferien", lastName: uniqueName("Test"), vacationDaysTotal: 20 },
    });
    // 29 Dec of last year to 9 Jan of this year: only this year's weekdays count.
    const end = new Date(`${year}-01-09T00:00:00Z`);
    await fx.vacation({ employeeId: employee.id, start: `${year - 1}-12-29`, end: `${year}-01-09`, days: 10 });
    let expected = 0;
    for (let d = new Date(`${year}-01-01T00:00:00Z`); d <= end; d.setUTCDate(d.getUTCDate() + 1)) {
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) expected++;
    }
    const res = await call(GET, { token });
    const row = (
      res.json as unknown as { id: number; vacation_days_used: number; vacation_days_remaining: number }[]
    ).find((e) => e.id === employee.id);
    expect(row).toMatchObject({ vacation_days_used: expected, vacation_days_remaining: 20 - expected });
  });
});

test("GET /api/employees answers in at most two SQL queries (auth included), however many employees", async () => {
  const { token } = await createUser("user");
  for (let i = 0; i < 5; i++) {
    const e = await db.employee.create({ data: { firstName: "Q", lastName: uniqueName("Count") } });
    await fx.vacation({ employeeId: e.id, start: "2026-03-02", end: "2026-03-03", days: 2 });
  }
  const before = sqlStatements.count;
  const res = await call(GET, { token });
  expect(res.status).toBe(200);
  expect(sqlStatements.count - before).toBeLessThanOrEqual(2);
});

test("names sort the Swiss way, not by code point: Ağaoğlu, Müller, Şahin, Zürcher", async () => {
  const { token } = await createUser("user");
  const tag = uniqueName("").trim();
  for (const last of ["Zürcher", "Şahin", "Müller", "Ağaoğlu"]) {
    await db.employee.create({ data: { firstName: tag, lastName: last } });
  }
  const res = await call(GET, { token });
  const mine = (res.json as unknown as { first_name: string; last_name: string }[]).filter((e) => e.first_name === tag);
  expect(mine.map((e) => e.last_name)).toEqual(["Ağaoğlu", "Müller", "Şahin", "Zürcher"]);
});
