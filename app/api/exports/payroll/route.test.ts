import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// The payroll reads the company's settings (labour rules, region, wage types): a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_payroll_export");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { toDateColumn } = await import("@/lib/server/db/columns");
const { call, callForBytes, createUser } = await import("@/tests/support/api");
const settingsRoute = await import("@/app/api/settings/route");
const payrollRoute = await import("@/app/api/settings/payroll/route");
const approval = await import("@/app/api/timesheets/approve/route");
const bookings = await import("@/app/api/time-accounts/bookings/route");
const { GET } = await import("./route");

/**
 * The payroll export (docs/PRODUCT-RULES.md §34.4) of May 2026 under German rules in Bavaria (1 May and Ascension
 * Day, 14 May, are holidays). Zurich's clock (APP_TIMEZONE) is Berlin's: CEST, UTC+2, all month. The expected files
 * in ./golden were written by hand from DATEV's description of the LODAS ASCII import and the CSV rules, not by this
 * code.
 */
const GOLDEN = join(process.cwd(), "lib/server/payroll/golden");

/** A local CEST time as an instant. */
const cest = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

async function entry(employeeId: number, locationId: number, day: string, from: string, to: string, breaks = []) {
  const end = to < from ? cest(addDay(day), to) : cest(day, to);
  return db.timeEntry.create({
    data: {
      employeeId,
      locationId,
      date: toDateColumn(day),
      startAt: cest(day, from),
      endAt: end,
      source: "manager",
      status: "recorded",
      breaks: { create: breaks as { startAt: Date; endAt: Date }[] },
    },
  });
}
const addDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function download(token: string, query: string) {
  const res = await callForBytes(GET, { token, path: `/api/exports/payroll?${query}` });
  return { ...res, text: res.bytes.toString("utf8") };
}

describe("GET /api/exports/payroll", async () => {
  const { token: admin } = await createUser("admin");
  const { token: manager } = await createUser("manager");
  const location = await db.location.create({ data: { name: "Biergarten" } });
  const anna = await db.employee.create({ data: { firstName: "Anna", lastName: "Berger", weeklyHours: 40 } });
  const ben = await db.employee.create({
    data: { firstName: "Ben", lastName: "Cohn", weeklyHours: 0, isHourly: true },
  });
  // Anna, salaried: 1 May with a break, a Sunday night into Monday, a plain Tuesday morning.
  await entry(anna.id, location.id, "2026-05-01", "08:00", "16:00", [
    { startAt: cest("2026-05-01", "12:00"), endAt: cest("2026-05-01", "12:30") },
  ] as never);
  await entry(anna.id, location.id, "2026-05-03", "22:00", "02:00");
  await entry(anna.id, location.id, "2026-05-05", "08:00", "12:00");
  // Ben, paid by the hour: Ascension Day, a Saturday evening, a Tuesday.
  await entry(ben.id, location.id, "2026-05-14", "10:00", "14:00");
  await entry(ben.id, location.id, "2026-05-16", "20:00", "23:00");
  await entry(ben.id, location.id, "2026-05-19", "09:00", "17:15");

  const setUp = async () => {
    await call(settingsRoute.PUT, {
      method: "PUT",
      token: admin,
      body: { labour_rules: "DE", holiday_region: "DE-BY" },
    });
    await call(payrollRoute.PUT, {
      method: "PUT",
      token: admin,
      body: {
        wage_types: {
          worked: "1000",
          night: "1100",
          night_core: "1110",
          sunday: "1200",
          holiday: "1300",
          holiday_special: "1310",
          payout: "1400",
        },
        csv_headings: { hours: "Anzahl Stunden" },
        datev_consultant_number: "1234567",
        datev_client_number: "12345",
      },
    });
  };

  test("refused while a month is not approved, naming who; without personnel numbers, naming who", async () => {
    await setUp();
    const payout = await call(bookings.POST, {
      token: manager,
      body: { employee_id: anna.id, month: "2026-05", kind: "payout", minutes: 300, reason: "Mit dem Mailohn" },
    });
    expect(payout.status, payout.text).toBe(201);
    await call(approval.POST, { token: manager, body: { employee_id: anna.id, month: "2026-05" } });
    const open = await download(manager, "month=2026-05&format=datev-lodas");
    expect(open.status).toBe(409);
    expect(JSON.parse(open.text).error).toBe(
      "Der Monat 05.2026 ist noch nicht genehmigt für: Ben Cohn. Die Lohndaten gehen erst, wenn alle Monate " +
        "genehmigt sind.",
    );
    await call(approval.POST, { token: manager, body: { employee_id: ben.id, month: "2026-05" } });
    const unnumbered = await download(manager, "month=2026-05&format=csv");
    expect(unnumbered.status).toBe(409);
    expect(JSON.parse(unnumbered.text).error).toBe(
      "Ohne Personalnummer: Anna Berger, Ben Cohn. Bitte bei den Mitarbeitenden ergänzen.",
    );
  });

  test("DATEV LODAS: byte for byte the file written by hand (Windows-1252, CRLF)", async () => {
    await db.employee.update({ where: { id: anna.id }, data: { personnelNumber: "101" } });
    await db.employee.update({ where: { id: ben.id }, data: { personnelNumber: "102" } });
    const res = await download(manager, "month=2026-05&format=datev-lodas");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=windows-1252");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="lodas-2026-05.txt"');
    expect(res.bytes.toString("latin1")).toBe(readFileSync(join(GOLDEN, "lodas-2026-05.txt")).toString("latin1"));
  });

  test("CSV: byte for byte the file written by hand (UTF-8 with BOM, semicolons, the company's headings)", async () => {
    const res = await download(manager, "month=2026-05&format=csv");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="lohn-2026-05.csv"');
    expect(res.bytes.equals(readFileSync(join(GOLDEN, "lohn-2026-05.csv")))).toBe(true);
  });

  test("no wage type for hours, DATEV's numbers missing, a personnel number DATEV cannot take", async () => {
    await call(payrollRoute.PUT, { method: "PUT", token: admin, body: { wage_types: { night_core: null } } });
    const noType = await download(manager, "month=2026-05&format=csv");
    expect(noType.status).toBe(409);
    expect(JSON.parse(noType.text).error).toBe(
      "Keine Lohnart hinterlegt für „Nachtarbeit 0–4 Uhr, vor 0 Uhr begonnen (40 %)“ (2,00 h): bitte unter " +
        "Betrieb → Lohnabrechnung ergänzen.",
    );
    // Paid 0 %, the category is not exported at all, and the file goes out.
    await call(payrollRoute.PUT, { method: "PUT", token: admin, body: { surcharge_percents: { night_core: 0 } } });
    const without = await download(manager, "month=2026-05&format=csv");
    expect(without.status, without.text).toBe(200);
    expect(without.text).not.toContain("0–4 Uhr");

    await call(payrollRoute.PUT, { method: "PUT", token: admin, body: { datev_client_number: null } });
    const noClient = await download(manager, "month=2026-05&format=datev-lodas");
    expect(JSON.parse(noClient.text).error).toBe(
      "Für DATEV fehlen die Berater- und die Mandantennummer: bitte unter Betrieb → Lohnabrechnung ergänzen.",
    );
    await call(payrollRoute.PUT, { method: "PUT", token: admin, body: { datev_client_number: "12345" } });
    await db.employee.update({ where: { id: ben.id }, data: { personnelNumber: "B-2" } });
    const letters = await download(manager, "month=2026-05&format=datev-lodas");
    expect(JSON.parse(letters.text).error).toBe(
      "Für DATEV muss die Personalnummer eine Zahl von 1 bis 99999 sein: Ben Cohn (B-2).",
    );
    // The CSV takes any personnel number.
    expect((await download(manager, "month=2026-05&format=csv")).status).toBe(200);
    // "0101" is Anna's 101 to DATEV (the employee API refuses it; data from before that rule may hold it).
    await db.employee.update({ where: { id: ben.id }, data: { personnelNumber: "0101" } });
    const shared = await download(manager, "month=2026-05&format=datev-lodas");
    expect(shared.status).toBe(409);
    expect(JSON.parse(shared.text).error).toBe(
      "Für DATEV ist das dieselbe Personalnummer: Anna Berger (101) und Ben Cohn (0101). Bitte eine davon ändern.",
    );
  });

  test("bad queries: an unknown format, a month not begun, a month without anything; staff 403", async () => {
    const format = await download(manager, "month=2026-05&format=xlsx");
    expect(format.status).toBe(400);
    expect(JSON.parse(format.text).fields.format).toBe("Unbekanntes Format: erlaubt sind datev-lodas und csv");
    const future = await download(manager, "month=2099-01&format=csv");
    expect(future.status).toBe(400);
    expect(JSON.parse(future.text).error).toBe("Der Monat 01.2099 liegt in der Zukunft.");
    const empty = await download(manager, "month=2026-02&format=csv");
    expect(empty.status).toBe(409);
    expect(JSON.parse(empty.text).error).toBe(
      "Für 02.2026 gibt es nichts abzurechnen: keine Zeiteinträge und keine Auszahlungen.",
    );
    const { token: staff } = await createUser("user", { employeeId: anna.id });
    expect((await download(staff, "month=2026-05&format=csv")).status).toBe(403);
  });
});
