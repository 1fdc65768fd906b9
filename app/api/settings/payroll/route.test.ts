import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// The settings are one row every test file reads: changing them gets a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_payroll_settings");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { payrollSettingsDtoSchema } = await import("@/lib/shared/schemas/payroll");
const { call, createUser } = await import("@/tests/support/api");
const settingsRoute = await import("../route");
const { GET, PUT } = await import("./route");

const put = (token: string, body: unknown) => call(PUT, { method: "PUT", token, body });
const CONSULTANT = "Beraternummer: 4 bis 7 Ziffern, nicht mit 0 beginnend";
const CLIENT = "Mandantennummer: 1 bis 5 Ziffern, nicht mit 0 beginnend";

/** The payroll settings (docs/PRODUCT-RULES.md §34.2). */
describe("GET/PUT /api/settings/payroll", () => {
  test("a fresh install (CH): the Arbeitsgesetz's rates, no wage types, default headings", async () => {
    const { token } = await createUser("manager");
    const res = await call(GET, { token });
    expect(res.status, res.text).toBe(200);
    expect(payrollSettingsDtoSchema.parse(res.json)).toEqual({
      labour_rules: "CH",
      surcharges: [
        { category: "night", label: "Nachtarbeit 23–6 Uhr", percent: 25 },
        { category: "sunday", label: "Sonntagsarbeit (Sa 23 – So 23 Uhr)", percent: 50 },
        { category: "holiday", label: "Feiertagsarbeit (ab 23 Uhr am Vortag)", percent: 50 },
      ],
      wage_types: {
        worked: null,
        night: null,
        night_core: null,
        sunday: null,
        holiday: null,
        holiday_special: null,
        payout: null,
      },
      csv_headings: {
        personnel_number: "Personalnummer",
        employee: "Name",
        month: "Monat",
        category: "Lohnart",
        wage_type: "Lohnartnummer",
        hours: "Stunden",
      },
      datev_consultant_number: null,
      datev_client_number: null,
    });
    expect((await call(GET, { token: (await createUser("user")).token })).status).toBe(403);
    expect((await put(token, { wage_types: { worked: "100" } })).status).toBe(403);
  });

  test("an admin sets percentages per labour rules, wage types, headings, DATEV's numbers", async () => {
    const { token } = await createUser("admin");
    const swiss = await put(token, {
      surcharge_percents: { night: 10 },
      wage_types: { worked: "1000", night: "1100" },
    });
    expect(swiss.status, swiss.text).toBe(200);
    expect(swiss.json.surcharges).toContainEqual({ category: "night", label: "Nachtarbeit 23–6 Uhr", percent: 10 });

    // Switching to DE: § 3b EStG's categories and rates; the Swiss 10 % is kept for CH.
    await call(settingsRoute.PUT, { method: "PUT", token, body: { labour_rules: "DE" } });
    const german = payrollSettingsDtoSchema.parse((await call(GET, { token })).json);
    expect(german.surcharges).toEqual([
      { category: "night", label: "Nachtarbeit 20–6 Uhr", percent: 25 },
      { category: "night_core", label: "Nachtarbeit 0–4 Uhr, vor 0 Uhr begonnen", percent: 40 },
      { category: "sunday", label: "Sonntagsarbeit", percent: 50 },
      { category: "holiday", label: "Feiertagsarbeit und 31.12. ab 14 Uhr", percent: 125 },
      { category: "holiday_special", label: "24.12. ab 14 Uhr, 25./26.12. und 1.5.", percent: 150 },
    ]);
    expect(german.wage_types).toMatchObject({ worked: "1000", night: "1100", sunday: null });

    const changed = await put(token, {
      surcharge_percents: { holiday_special: 100 },
      wage_types: { night: null, holiday_special: " 1250 " },
      csv_headings: { hours: "Anzahl" },
      datev_consultant_number: "1234567",
      datev_client_number: "99",
    });
    const after = payrollSettingsDtoSchema.parse(changed.json);
    expect(after.surcharges.find((s) => s.category === "holiday_special")?.percent).toBe(100);
    expect(after.wage_types).toMatchObject({ worked: "1000", night: null, holiday_special: "1250" });
    expect(after.csv_headings).toMatchObject({ hours: "Anzahl", employee: "Name" });
    expect(after).toMatchObject({ datev_consultant_number: "1234567", datev_client_number: "99" });

    await call(settingsRoute.PUT, { method: "PUT", token, body: { labour_rules: "CH" } });
    const back = payrollSettingsDtoSchema.parse((await call(GET, { token })).json);
    expect(back.surcharges.find((s) => s.category === "night")?.percent).toBe(10);
    const audit = await db.auditLog.findFirst({
      where: { action: "settings.payroll_update" },
      orderBy: { id: "desc" },
    });
    expect(audit?.details).toMatchObject({ changed: expect.arrayContaining(["surcharge_percents", "wage_types"]) });
  });

  test("bad input: 400 with the field, nothing stored", async () => {
    const { token } = await createUser("admin");
    const before = (await call(GET, { token })).json;
    const cases: [unknown, string, string][] = [
      [{ wage_types: { worked: "0" } }, "wage_types.worked", "Die Lohnart muss eine Zahl von 1 bis 9999 sein"],
      [{ wage_types: { worked: "12345" } }, "wage_types.worked", "Die Lohnart muss eine Zahl von 1 bis 9999 sein"],
      [
        { wage_types: { bonus: "1" } },
        "wage_types",
        "Lohnarten: erlaubt sind worked, night, night_core, sunday, holiday, holiday_special, payout, " +
          "je mit einer Nummer",
      ],
      [
        { surcharge_percents: { night: 501 } },
        "surcharge_percents.night",
        "Der Zuschlag muss eine ganze Zahl von 0 bis 500 Prozent sein",
      ],
      [
        { surcharge_percents: { night: 12.5 } },
        "surcharge_percents.night",
        "Der Zuschlag muss eine ganze Zahl von 0 bis 500 Prozent sein",
      ],
      // CH has no "night work begun before midnight" category.
      [
        { surcharge_percents: { night_core: 40 } },
        "surcharge_percents.night_core",
        "Nach dem Arbeitsrecht CH gibt es diesen Zuschlag nicht",
      ],
      [{ csv_headings: { hours: " " } }, "csv_headings.hours", "Bitte gib einen Spaltennamen ein"],
      // Two columns of one name, whatever the case.
      [
        { csv_headings: { employee: "Gleich", month: "gleich" } },
        "csv_headings.employee",
        "Die Spalte „Gleich“ gibt es schon: jede Spalte braucht einen eigenen Namen",
      ],
      [{ datev_consultant_number: "12" }, "datev_consultant_number", CONSULTANT],
      [{ datev_consultant_number: "0123" }, "datev_consultant_number", CONSULTANT],
      [{ datev_client_number: "123456" }, "datev_client_number", CLIENT],
      [{ datev_client_number: "0" }, "datev_client_number", CLIENT],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const fields = res.json.fields as Record<string, string>;
      expect(Object.keys(fields), JSON.stringify(body)).toContain(field);
      expect(fields[field]).toBe(message);
    }
    expect((await call(GET, { token })).json).toEqual(before);
  });
});
