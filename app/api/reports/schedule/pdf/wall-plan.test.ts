// The wall plan keeps its type in every week (docs/PRODUCT-RULES.md §31.3): a holiday or a vacation does not
// shrink it, "7.5 h" stays on one line, names are bold, vacations carry the full name.
import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Sets the company's holiday region and name, which every test file reads: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_wall_plan");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { toDateColumn, toTimeColumn } = await import("@/lib/server/db/columns");
const { callForBytes, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { pdfPageCount, pdfTextRuns } = await import("@/tests/support/pdf");
const { addDays } = await import("@/lib/shared/dates");
const { GET } = await import("./route");

const PEOPLE = ["Anna Meier", "Ben Keller", "Fatima Osman", "Luca Rossi", "Mia Frei", "Noah Weber", "Sara Huber"];
const TIME = /^\d\d:\d\d–\d\d:\d\d/;

/**
 * Each location's day: early and late (7.5 h each after the break); with `open`, an open shift too. Without it
 * a week of two locations fits one page at 14 pt, with or without the holiday's label in the head.
 */
async function planWeek(monday: string, locations: { id: number }[], people: { id: number }[], open = false) {
  const rows = [];
  for (let day = 0; day < 7; day++)
    for (const [n, location] of locations.entries()) {
      const date = toDateColumn(addDays(monday, day));
      const shift = (employeeId: number | null, start: string, end: string, breakMinutes: number) => ({
        employeeId,
        locationId: location.id,
        shiftDate: date,
        startTime: toTimeColumn(start),
        endTime: toTimeColumn(end),
        breakMinutes,
      });
      rows.push(
        shift(people[(day + n) % people.length].id, "06:30", "14:30", 30),
        shift(people[(day + n + 3) % people.length].id, "14:00", "22:00", 30),
      );
      if (open) rows.push(shift(null, "10:00", "15:00", 0));
    }
  await db.shift.createMany({ data: rows });
}

async function schedule(token: string, monday: string, rows = "locations") {
  const res = await callForBytes(GET, {
    token,
    path: `/api/reports/schedule/pdf?start_date=${monday}&end_date=${addDays(monday, 6)}&rows=${rows}`,
  });
  expect(res.status).toBe(200);
  return res.bytes;
}

/** The sizes of the texts in the week's cells: times (and "7.5 h") and the employees' names. */
function cellTypes(pdf: Buffer) {
  const runs = pdfTextRuns(pdf);
  const times = runs.filter((run) => TIME.test(run.text));
  // A name wraps at its space in a narrow cell ("Fatima" / "Osman"): whole names and their parts.
  const names = runs.filter((run) => PEOPLE.some((name) => name === run.text || name.split(" ").includes(run.text)));
  return { runs, times, names, sizes: new Set([...times, ...names].map((run) => run.size)) };
}

describe("the schedule PDF on the wall (docs/PRODUCT-RULES.md §31.3)", () => {
  test("Christmas week in Zurich: the same type as a normal week, ≥ 11 pt; 7.5 h unbroken; bold names", async () => {
    const { token } = await createUser("manager");
    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH", companyName: "Café Sonne" } });
    const locations = [await fx.location({ name: "Altstadt" }), await fx.location({ name: "Bahnhof" })];
    const people = [];
    for (const name of PEOPLE) {
      const [firstName, lastName] = name.split(" ");
      people.push(await fx.employee({ firstName, lastName }));
    }
    // A normal week (KW 51) and Christmas week (KW 52, Weihnachtstag Fri 25.12., Stephanstag Sat 26.12.), the
    // same plan in both; Anna Meier on approved vacation Mon–Thu of the Christmas week.
    await planWeek("2026-12-14", locations, people);
    await planWeek("2026-12-21", locations, people);
    await fx.vacation({ employeeId: people[0].id, start: "2026-12-21", end: "2026-12-24", days: 4 });

    const normal = cellTypes(await schedule(token, "2026-12-14"));
    const holiday = cellTypes(await schedule(token, "2026-12-21"));
    expect(holiday.runs.some((run) => run.text.includes("Weihnachtstag"))).toBe(true);
    // Every time and name of a week in one size: the normal week's, the largest the page allows.
    expect(normal.times.length).toBeGreaterThan(0);
    expect(normal.sizes.size).toBe(1);
    expect(holiday.sizes).toEqual(normal.sizes);
    expect([...holiday.sizes][0]).toBeGreaterThanOrEqual(11);

    for (const week of [normal, holiday]) {
      const texts = week.runs.map((run) => run.text);
      // "7.5 h" and "5.0 h" on one line each: no line ends in a number of hours or starts with the unit.
      expect(texts.filter((text) => /\d\.\d\u00a0h/.test(text)).length).toBeGreaterThanOrEqual(2 * 7 * 2);
      expect(texts.filter((text) => /\d\.\d$/.test(text) || /^h\b/.test(text))).toEqual([]);
      // A time range stays whole on its line.
      for (const run of week.times) expect(run.text).toMatch(/^\d\d:\d\d–\d\d:\d\d(\s|$)/);
      // The employees' names in the cells are bold.
      expect(week.names.length).toBeGreaterThanOrEqual(2 * 7 * 2);
      expect(week.names.every((run) => run.bold)).toBe(true);
    }
    // The vacation under the grid with the full name, as in the planner's grid.
    const vacation = holiday.runs.find((run) => run.text.startsWith("Ferien:"));
    expect(vacation?.text.replace(/\s/g, " ")).toBe("Ferien: Anna Meier (Mo–Do)");

    // Rows per employee: the holiday week's times and names as large as the normal week's, "Ferien" marked.
    const byEmployee = cellTypes(await schedule(token, "2026-12-21", "employees"));
    const normalByEmployee = cellTypes(await schedule(token, "2026-12-14", "employees"));
    expect(byEmployee.runs.filter((run) => run.text === "Ferien")).toHaveLength(4);
    const timeSizes = (week: ReturnType<typeof cellTypes>) => new Set(week.times.map((run) => run.size));
    expect(timeSizes(byEmployee)).toEqual(timeSizes(normalByEmployee));
    expect(Math.min(...timeSizes(byEmployee))).toBeGreaterThanOrEqual(11);
  });

  test("twelve locations: Christmas week prints as large and on as many pages as a normal week", async () => {
    const { token } = await createUser("manager");
    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    const locations = [];
    for (let i = 1; i <= 12; i++)
      locations.push(await fx.location({ name: `Wandfiliale ${String(i).padStart(2, "0")}` }));
    const people = [];
    for (const name of PEOPLE) {
      const [firstName, lastName] = name.split(" ");
      people.push(await fx.employee({ firstName, lastName }));
    }
    // 2037 has 2026's calendar: Weihnachtstag on Friday 25.12.
    await planWeek("2037-12-14", locations, people, true);
    await planWeek("2037-12-21", locations, people, true);
    const normalPdf = await schedule(token, "2037-12-14");
    const holidayPdf = await schedule(token, "2037-12-21");
    const normal = cellTypes(normalPdf);
    const holiday = cellTypes(holidayPdf);
    expect(holiday.runs.some((run) => run.text.includes("Weihnachtstag"))).toBe(true);
    // Several pages either way, every one of them with the same type: the holiday costs neither size nor paper.
    expect(pdfPageCount(normalPdf)).toBeGreaterThan(1);
    expect(pdfPageCount(holidayPdf)).toBe(pdfPageCount(normalPdf));
    expect(normal.sizes.size).toBe(1);
    expect(holiday.sizes).toEqual(normal.sizes);
    expect(holiday.names.every((run) => run.bold)).toBe(true);
    expect(holiday.runs.filter((run) => /\d\.\d$/.test(run.text) || /^h\b/.test(run.text))).toEqual([]);
  });
});
