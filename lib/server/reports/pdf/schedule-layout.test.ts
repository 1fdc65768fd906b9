// The schedule PDF's own line wrapping and page layout.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { ScheduleReport, ScheduleShift, ScheduleWeek } from "@/lib/shared/report-types";
import { pdfFontMeasures } from "./fonts";
import {
  BODY_HEIGHT,
  grid,
  MIN_TYPE_SIZE,
  paginateSchedule,
  shiftLine,
  TYPE_SIZES,
  type SchedulePage,
  type Wrap,
} from "./schedule-layout";

const shift = (employee: string | null, start = "08:00", label: string | null = null): ScheduleShift => ({
  employee,
  start,
  end: "16:00",
  hours: 8,
  label,
  location: "Filiale",
});

function week(weekStart: string, locations: { name: string; monday: ScheduleShift[] }[]): ScheduleWeek {
  return {
    weekStart,
    days: Array.from({ length: 7 }, () => weekStart),
    rows: locations.map(({ name, monday }, i) => ({
      id: i + 1,
      name,
      color: "#10b981",
      open: false,
      cells: [monday, [], [], [], [], [], []],
      total: monday.length * 8,
    })),
    dayTotals: [0, 0, 0, 0, 0, 0, 0],
    total: 0,
    vacations: [],
  };
}

const report = (...weeks: ScheduleWeek[]): ScheduleReport => ({
  startDate: weeks[0].weekStart,
  endDate: "2042-06-30",
  rows: "locations",
  companyName: null,
  weeks,
  total: 0,
  shiftCount: 0,
});
const oneLine: Wrap = { regular: (text) => [text], bold: (text) => [text] };
const rowsOn = (page: SchedulePage) => page.rows.reduce((sum, row) => sum + row.height, 0);
const staff = (count: number) => Array.from({ length: count }, (_, i) => shift(`Person ${i}`));

describe("shiftLine", () => {
  test("times, hours, the employee or Offen, and a custom shift's name", () => {
    // "8.0 h" joined by a no-break space: the unit never wraps away from its number (§31.3).
    expect(shiftLine(shift("Ayşe Şahin", "07:00"))).toBe("07:00–16:00 8.0\u00a0h Ayşe Şahin");
    expect(shiftLine(shift(null, "10:00", "Inventur"))).toBe("10:00–16:00 8.0\u00a0h Offen · Inventur");
  });
});

describe("paginateSchedule", () => {
  test("each week starts on a new page", () => {
    const pages = paginateSchedule(
      report(week("2042-06-02", [{ name: "A", monday: staff(2) }]), week("2042-06-09", [{ name: "A", monday: [] }])),
      oneLine,
    );
    expect(pages.map((page) => [page.week.weekStart, page.firstOfWeek, page.lastOfWeek])).toEqual([
      ["2042-06-02", true, true],
      ["2042-06-09", true, true],
    ]);
  });

  test("a tall row fills a page's end and goes on on the next page; no page is overfull", () => {
    const locations = Array.from({ length: 5 }, (_, i) => ({ name: `Filiale ${i}`, monday: staff(20) }));
    const pages = paginateSchedule(report(week("2042-06-02", locations)), oneLine);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((page) => [page.firstOfWeek, page.lastOfWeek])).toEqual(
      pages.map((_, i) => [i === 0, i === pages.length - 1]),
    );
    for (const page of pages) expect(rowsOn(page)).toBeLessThanOrEqual(page.rowsHeight + 0.001);
    const rows = pages.flatMap((page) => page.rows);
    // Every shift once, in order; a row that goes on is named "(Forts.)" and shows its total only once.
    // A shift's block: its time and hours, then the name (bold) on a line of its own.
    expect(rows.flatMap((row) => row.cells[0].map((block) => block.lines.join(" ")))).toEqual(
      locations.flatMap(({ monday }) => monday.map(shiftLine)),
    );
    expect(rows.some((row) => row.continued)).toBe(true);
    for (const row of rows) expect(row.nameLines[0].endsWith("(Forts.)")).toBe(row.continued);
  });

  test("a location taller than a page is split, keeping each shift's lines together and the order", () => {
    const twoLines: Wrap = { regular: (text) => [text.slice(0, 9), text.slice(9)], bold: (text) => [text] };
    const monday = staff(120);
    const pages = paginateSchedule(
      report(
        week("2042-06-02", [
          { name: "Gross", monday },
          { name: "Klein", monday: staff(1) },
        ]),
      ),
      twoLines,
    );
    const pieces = pages.flatMap((page) => page.rows).filter((row) => row.id === 1);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.map((row) => row.nameLines[0])).toEqual(pieces.map((_, i) => (i === 0 ? "Gross" : "Gross (Forts.)")));
    const joined = (text: string) => text.replaceAll(" ", "");
    expect(pieces.flatMap((row) => row.cells[0].map((block) => joined(block.lines.join(""))))).toEqual(
      monday.map((s) => joined(shiftLine(s))),
    );
    for (const row of pieces) expect(row.height).toBeLessThanOrEqual(BODY_HEIGHT);
    expect(pages.at(-1)!.rows.at(-1)!.nameLines).toEqual(["Klein"]);
  });

  test("open shifts are marked", () => {
    const [page] = paginateSchedule(
      report(week("2042-06-02", [{ name: "A", monday: [shift("Ayşe"), shift(null)] }])),
      oneLine,
    );
    expect(page.rows[0].cells[0].map((block) => block.kind)).toEqual(["shift", "open"]);
  });
});

describe("type size and filling the page (docs/PRODUCT-RULES.md §27.6)", () => {
  const fonts = pdfFontMeasures(process.cwd());
  const realWrap: Wrap = {
    regular: (text, size, width, indent) => fonts.regular.wrap(text, size, width, indent),
    bold: (text, size, width) => fonts.bold.wrap(text, size, width),
  };
  const names = Array.from({ length: 50 }, (_, i) => `Ayşe Ağaoğlu-Şahin ${i + 1}`);

  test("few rows: the largest type, and the rows stretch to fill the page", () => {
    const locations = ["Bahnhof", "Café", "Lager"].map((name) => ({ name, monday: staff(2) }));
    const pages = paginateSchedule(report(week("2042-06-02", locations)), realWrap);
    expect(pages).toHaveLength(1);
    expect(pages[0].type.size).toBe(TYPE_SIZES[0]);
    expect(rowsOn(pages[0])).toBeCloseTo(pages[0].rowsHeight, 6);
    // Filled: three rows share well over half the page's height.
    expect(rowsOn(pages[0])).toBeGreaterThan(BODY_HEIGHT / 2);
  });

  test("50 employees a week: names and times ≥ 9 pt, over several pages rather than smaller", () => {
    const days = (i: number) => [0, 1, 2, 3, 4].map((d) => ({ ...shift(names[i], "07:30"), location: `Filiale ${d}` }));
    const byEmployee: ScheduleWeek = {
      ...week("2042-06-02", []),
      rows: names.map((name, i) => {
        const cells = [...days(i).map((s) => [s]), [], []];
        return { id: i + 1, name, color: null, open: false, cells, total: 40 };
      }),
    };
    const pages = paginateSchedule({ ...report(byEmployee), rows: "employees" }, realWrap);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.type.size).toBeGreaterThanOrEqual(MIN_TYPE_SIZE);
      // Spread evenly and stretched: every page of the week is filled, none overfull.
      expect(rowsOn(page)).toBeCloseTo(page.rowsHeight, 6);
    }
    // Evenly: the last page is no remnant of two rows.
    const perPage = pages.map((page) => page.rows.length);
    expect(perPage.at(-1)).toBeGreaterThanOrEqual(perPage[0] - 2);
    expect(pages.flatMap((page) => page.rows.map((row) => row.nameLines.join(" ")))).toEqual(names);
    expect(pages[0].rows[0].cells[0][0].lines).toEqual(["07:30–16:00", "Filiale 0"]);

    // The same 50 people per location: again ≥ 9 pt, the week going on over pages.
    const byLocation = week(
      "2042-06-02",
      [0, 1, 2, 3, 4].map((l) => ({
        name: `Filiale ${l}`,
        monday: names.slice(l * 10, l * 10 + 10).map((n) => shift(n)),
      })),
    );
    const locationPages = paginateSchedule(report(byLocation), realWrap);
    expect(locationPages.length).toBeGreaterThan(1);
    for (const page of locationPages) expect(page.type.size).toBeGreaterThanOrEqual(MIN_TYPE_SIZE);
  });

  test("a week that fits one page at none of the sizes goes on at 9 pt, never below", () => {
    const pages = paginateSchedule(report(week("2042-06-02", [{ name: "Gross", monday: staff(200) }])), realWrap);
    expect(pages.length).toBeGreaterThan(2);
    expect(new Set(pages.map((page) => page.type.size))).toEqual(new Set([MIN_TYPE_SIZE]));
  });
});

describe("wrap of the regular PDF font (DejaVu Sans Condensed)", () => {
  const measure = pdfFontMeasures(process.cwd()).regular;
  const width = grid.shiftTextWidth;

  test("a shift line wraps between words; later lines are indented", () => {
    const lines = measure.wrap("07:00–15:30 8.5 h Ayşe Ağaoğlu-Şahin · Inventur Lager Nord", 7, width, 5);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^07:00–15:30 8\.5 h Ayşe/);
    expect(lines.join(" ")).toBe("07:00–15:30 8.5 h Ayşe Ağaoğlu-Şahin · Inventur Lager Nord");
    expect(measure.width(lines[0], 7)).toBeLessThanOrEqual(width);
    for (const line of lines.slice(1)) expect(measure.width(line, 7)).toBeLessThanOrEqual(width - 5);
  });

  test("every line fits and no character is lost, even for words wider than a line", () => {
    const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüŞşŁłĞğ0-9:.–·-]{1,40}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 10 }), (words, indent) => {
        const lines = measure.wrap(words.join(" "), 7, width, indent);
        expect(lines.join("").replaceAll(" ", "")).toBe(words.join(""));
        lines.forEach((line, i) =>
          expect(measure.width(line, 7)).toBeLessThanOrEqual(i === 0 ? width : width - indent),
        );
      }),
    );
  });
});
