import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Sets the company's holiday region, which every test file reads: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_report_holidays");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, callForBytes, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { pdfText } = await import("@/tests/support/pdf");
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
    const text = pdfText(res.bytes);
    expect(text.match(/Feiertag: Neujahr/g)).toHaveLength(1);
    expect(text).toMatch(/Bern Bahnhof[^\n]*Feiertag: Berchtoldstag/);
    // Wrapped in its narrow cell: "Feiertag:" / "Wiederherstellung der" / "Republik".
    expect(text).toMatch(/Genf Cornavin[^\n]*Feiertag:[^\n]*\n\s*Wiederherstellung der/);
    expect(text.match(/Feiertag: Berchtoldstag/g)).toHaveLength(1);
  });
});
