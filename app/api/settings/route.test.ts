import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// The settings are one row every test file reads: changing them gets a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_settings_route");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const { GET, PUT } = await import("./route");

const put = async (token: string, body: unknown) => call(PUT, { method: "PUT", token, body });

describe("GET/PUT /api/settings", () => {
  test("a fresh install: no region, Swiss labour rules, 50 h a week, 11 h rest; every role reads", async () => {
    for (const role of ["user", "manager", "admin"] as const) {
      const res = await call(GET, { token: (await createUser(role)).token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        company_name: null,
        holiday_region: null,
        labour_rules: "CH",
        weekly_max_hours: 50,
        min_rest_hours: 11,
        certificate_from_day: 3,
        certificate_from_day_set: false,
        publishing: true,
      });
    }
  });

  test("an admin changes the keys sent, the rest stays; audited; labour rules keep the maximum", async () => {
    const { token, user } = await createUser("admin");
    const res = await put(token, { company_name: "  Bäckerei Müller AG ", holiday_region: "CH-ZH" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ company_name: "Bäckerei Müller AG", holiday_region: "CH-ZH", labour_rules: "CH" });

    const german = await put(token, { labour_rules: "DE", min_rest_hours: 10.5 });
    expect(german.json).toEqual({
      company_name: "Bäckerei Müller AG",
      holiday_region: "CH-ZH",
      labour_rules: "DE",
      weekly_max_hours: 50,
      min_rest_hours: 10.5,
      // Unset, "Arztzeugnis ab Tag" follows the labour rules: DE's fourth day (docs/PRODUCT-RULES.md §32.2).
      certificate_from_day: 4,
      certificate_from_day_set: false,
      publishing: true,
    });
    expect((await call(GET, { token })).json).toEqual(german.json);

    const cleared = await put(token, { company_name: "", holiday_region: null, weekly_max_hours: 45 });
    expect(cleared.json).toMatchObject({ company_name: null, holiday_region: null, weekly_max_hours: 45 });

    const audit = await db.auditLog.findMany({
      where: { action: "settings.update", userId: user.id },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => (row.details as { changed: string[] }).changed)).toEqual([
      ["company_name", "holiday_region"],
      ["labour_rules", "min_rest_hours"],
      ["company_name", "holiday_region", "weekly_max_hours"],
    ]);
  });

  test("bad input: 400 with German messages per field, nothing changed", async () => {
    const { token } = await createUser("admin");
    const before = (await call(GET, { token })).json;
    const res = await put(token, {
      company_name: "x".repeat(101),
      holiday_region: "CH-XX",
      labour_rules: "AT",
      weekly_max_hours: 168.5,
      min_rest_hours: 11.25,
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      company_name: "Höchstens 100 Zeichen",
      holiday_region: "Unbekannte Feiertagsregion (z. B. CH-ZH, CH-BE, DE-BY)",
      labour_rules: "Bitte wähle das Arbeitsrecht: CH, DE oder none",
      weekly_max_hours: "Höchstarbeitszeit muss zwischen 1 und 168 liegen",
      min_rest_hours: "Mindestruhezeit nur in Schritten von 0.5",
    });
    expect((await put(token, { weekly_max_hours: 0 })).json.fields).toEqual({
      weekly_max_hours: "Höchstarbeitszeit muss zwischen 1 und 168 liegen",
    });
    expect((await put(token, { min_rest_hours: "11" })).json.fields).toEqual({
      min_rest_hours: "Mindestruhezeit muss eine Zahl sein",
    });
    expect((await call(GET, { token })).json).toEqual(before);
  });

  test("managers and users may read but not change the settings", async () => {
    for (const role of ["user", "manager"] as const) {
      const res = await put((await createUser(role)).token, { holiday_region: "CH-BE" });
      expect(res.status).toBe(403);
    }
    expect(
      await db.auditLog.count({
        where: { action: "settings.update", details: { path: ["changed"], equals: ["holiday_region"] } },
      }),
    ).toBe(0);
  });

  test("a change bumps the schedule data version (the planner's rules read the settings)", async () => {
    const { token } = await createUser("admin");
    const version = async () =>
      (await db.$queryRaw<{ v: string }[]>`SELECT version::text AS v FROM data_versions WHERE name = 'schedule'`)[0].v;
    const before = await version();
    await put(token, { min_rest_hours: 12 });
    expect(await version()).not.toBe(before);
  });

  test("Arztzeugnis ab Tag: 1–30 whole days, null = the labour rules' default; bad input changes nothing", async () => {
    const { token } = await createUser("admin");
    const set = await put(token, { certificate_from_day: 2 });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ certificate_from_day: 2, certificate_from_day_set: true });
    const before = (await call(GET, { token })).json;
    for (const bad of [0, 31, 2.5, "3", true]) {
      const res = await put(token, { certificate_from_day: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.json.fields).toEqual({
        certificate_from_day: "Arztzeugnis ab Tag muss eine ganze Zahl zwischen 1 und 30 sein",
      });
    }
    expect((await call(GET, { token })).json).toEqual(before);
    // The database refuses what the schema would (a write that skips zod still cannot store day 0).
    await expect(db.$executeRaw`UPDATE company_settings SET certificate_from_day = 0 WHERE id = 1`).rejects.toThrow();
    const reset = await put(token, { certificate_from_day: null });
    expect(reset.json).toMatchObject({ certificate_from_day_set: false });
    expect(reset.json.certificate_from_day).toBe(reset.json.labour_rules === "DE" ? 4 : 3);
  });
});
