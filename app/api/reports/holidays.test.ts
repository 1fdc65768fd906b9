import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Sets the company's holiday region, which every test file reads: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_report_holidays");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, callForBytes, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { pdfPageCount, pdfRawText, pdfText } = await import("@/tests/support/pdf");
/** The drawn lines in drawing order, joined by single spaces: texts as they wrap in the cells, read on. */
const drawn = (pdf: Buffer) => pdfRawText(pdf).replace(/\s+/g, " ");
const { GET: hours } = await import("./hours/route");
const { GET: schedulePdf } = await import("./schedule/pdf/route");
const { POST: createVacation } = await import("../vacations/route");

// May 2026 in Zurich: 21 Monday-Friday days; public holidays on them: Tag der Arbeit (Fri 01.05.),
// Auffahrt (Thu 14.05.), Pfingstmontag (Mon 25.05.). 18 working days.
const MAY = "/api/reports/hours?start_date=2026-05-01&end_date=2026-05-31";

describe("reports and public holidays (docs/PRODUCT-RULES.md §22)", () => {
  test("target = weekly hours / 5 × (working days − holidays − vacation days)", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee({ weeklyHours: 40 });
    const target = async () =>
      (
        (await call(hours, { token, path: `${MAY}&employee_id=${e.id}` })).json.employees as unknown as {
          target_hours: number;
          vacation_days: number;
        }[]
      )[0];

    expect(await target()).toMatchObject({ target_hours: 8 * 21, vacation_days: 0 });

    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    expect(await target()).toMatchObject({ target_hours: 8 * 18, vacation_days: 0 });

    // Mon 11. – Fri 15.05.: Auffahrt is not charged, 4 vacation days.
    const res = await call(createVacation, {
      token,
      body: { employee_id: e.id, start_date: "2026-05-11", end_date: "2026-05-15" },
    });
    expect(res.json.days_count).toBe(4);
    expect(await target()).toMatchObject({ target_hours: 8 * (18 - 4), vacation_days: 4 });
  });

  // Week 53 of 2026 (28.12.2026 – 03.01.2027) with the company in Zurich: Neujahr (Fri 01.01.) is a holiday of
  // every location, so it goes into the day's head; the Berchtoldstag (Sat 02.01.) only of the Bern one, so it
  // goes into Bern's cell; Geneva's Restauration (Thu 31.12.) into Geneva's.
  test("schedule PDF: holidays in the day's head, or in the cells of the locations they apply to", async () => {
    const { token } = await createUser("manager");
    await db.location.create({ data: { name: "Bern Bahnhof", holidayRegion: "CH-BE" } });
    await db.location.create({ data: { name: "Genf Cornavin", holidayRegion: "CH-GE" } });
    const zurich = await fx.location({ name: "Zürich HB" });
    await fx.shift({ locationId: zurich.id, date: "2027-01-02", start: "08:00", end: "12:00" });
    const res = await callForBytes(schedulePdf, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2026-12-28&end_date=2027-01-03",
    });
    expect(res.status).toBe(200);
    const lines = drawn(res.bytes);
    expect(lines.match(/Feiertag: Neujahr/g)).toHaveLength(1);
    // A location's row: its name, its total, then its cells (atop each, its own holiday).
    expect(lines).toMatch(/Bern Bahnhof 0\.0 h Feiertag: Berchtoldstag/);
    // Wrapped in its narrow cell, "Wiederherstellung" broken where it must be: compared without spaces.
    expect(lines.replaceAll(" ", "")).toContain("GenfCornavin0.0hFeiertag:WiederherstellungderRepublik");
    expect(lines.match(/Feiertag: Berchtoldstag/g)).toHaveLength(1);
  });

  // December 2043 with the company in Zurich: shifts only in KW 52 (21.–27.12.), Christmas on Friday 25.12.;
  // Anna Muster on approved vacation Mon–Wed, Nino Antrag only requested (not printed).
  test("schedule PDF for the wall: company, holiday, Ferien, names; only the week with shifts", async () => {
    const { token } = await createUser("manager");
    await db.companySettings.update({
      where: { id: 1 },
      data: { holidayRegion: "CH-ZH", companyName: "Bäckerei Sonnenschein AG" },
    });
    const laden = await fx.location({ name: "Laden Altstadt" });
    const anna = await fx.employee({ firstName: "Anna", lastName: "Muster" });
    const nino = await fx.employee({ firstName: "Nino", lastName: "Antrag" });
    const sven = await fx.employee({ firstName: "Sven", lastName: "Şahin" });
    await fx.shift({ employeeId: anna.id, locationId: laden.id, date: "2043-12-26", start: "08:00", end: "12:00" });
    await fx.shift({ employeeId: nino.id, locationId: laden.id, date: "2043-12-22", start: "09:00", end: "13:00" });
    await fx.shift({ employeeId: sven.id, locationId: laden.id, date: "2043-12-25", start: "10:00", end: "14:00" });
    await fx.vacation({ employeeId: anna.id, start: "2043-12-21", end: "2043-12-23", days: 3 });
    const pending = await fx.vacation({ employeeId: nino.id, start: "2043-12-24", end: "2043-12-24", days: 1 });
    await db.vacation.update({ where: { id: pending.id }, data: { status: "requested" } });

    const month = "/api/reports/schedule/pdf?start_date=2043-12-01&end_date=2043-12-31";
    const byLocation = await callForBytes(schedulePdf, { token, path: month });
    expect(byLocation.status).toBe(200);
    const locationText = pdfText(byLocation.bytes);
    expect(locationText).toContain("Bäckerei Sonnenschein AG · Arbeitsplan");
    expect(locationText).toContain("KW 52");
    expect(locationText).toContain("Weihnachtstag");
    expect(drawn(byLocation.bytes)).toContain("Sven Şahin"); // bold on a line of its own, wrapped in the cell
    // The full name, as in the planner's grid (§31.3); the days joined to it by a no-break space.
    expect(locationText).toMatch(/Ferien: Anna Muster\s\(Mo–Mi\)/);
    expect(locationText).not.toMatch(/Nino Antrag\s\(/); // requested only: not under "Ferien"
    // Four empty weeks of the month (KW 48–51) are not printed.
    expect(pdfPageCount(byLocation.bytes)).toBe(1);

    const byEmployee = await callForBytes(schedulePdf, { token, path: `${month}&rows=employees` });
    expect(byEmployee.status).toBe(200);
    const employeeText = pdfText(byEmployee.bytes);
    expect(employeeText).toContain("Bäckerei Sonnenschein AG · Arbeitsplan · Wer arbeitet wann");
    expect(employeeText).toContain("Weihnachtstag");
    // Anna's row: Ferien on Monday to Wednesday, her shift on Saturday.
    expect(employeeText).toMatch(/Anna Muster\s+Ferien\s+Ferien\s+Ferien[^\n]*08:00–12:00/);
    expect(employeeText.match(/Ferien/g)).toHaveLength(3 + 2); // the three days, twice in the legend
    expect(employeeText).toContain("Sven Şahin");
    expect(employeeText).toContain("Nino Antrag");
    expect(pdfPageCount(byEmployee.bytes)).toBe(1);
  });
});
