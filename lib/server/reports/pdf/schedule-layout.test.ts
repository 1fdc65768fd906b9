// The schedule PDF's own line wrapping and page layout.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { ScheduleReport, ScheduleShift, ScheduleWeek } from "@/lib/shared/report-types";
import { pdfFontMeasures } from "./fonts";
import { grid, PAGE_ROWS_HEIGHT, paginateSchedule, shiftLine, type Wrap } from "./schedule-layout";

const shift = (employee: string | null, start = "08:00", label: string | null = null): ScheduleShift => ({
  employee,
  start,
  end: "16:00",
  hours: 8,
  label,
});

function week(weekStart: string, locations: { name: string; monday: ScheduleShift[] }[]): ScheduleWeek {
  return {
    weekStart,
    days: Array.from({ length: 7 }, () => weekStart),
    locations: locations.map(({ name, monday }, i) => ({
      id: i + 1,
      name,
      color: "#10b981",
      cells: [monday, [], [], [], [], [], []],
      total: monday.length * 8,
    })),
    dayTotals: [0, 0, 0, 0, 0, 0, 0],
    total: 0,
  };
}

const report = (...weeks: ScheduleWeek[]): ScheduleReport => ({
  startDate: weeks[0].weekStart,
  endDate: "2042-06-30",
  weeks,
  total: 0,
  shiftCount: 0,
});
const oneLine: Wrap = { shift: (text) => [text], name: (text) => [text] };
const staff = (count: number) => Array.from({ length: count }, (_, i) => shift(`Person ${i}`));

describe("shiftLine", () => {
  test("times, hours, the employee or Offen, and a custom shift's name", () => {
    expect(shiftLine(shift("Ayşe Şahin", "07:00"))).toBe("07:00–16:00 8.0 h Ayşe Şahin");
    expect(shiftLine(shift(null, "10:00", "Inventur"))).toBe("10:00–16:00 8.0 h Offen · Inventur");
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

  test("rows that do not fit move whole to a continuation page; no page is overfull", () => {
    const locations = Array.from({ length: 5 }, (_, i) => ({ name: `Filiale ${i}`, monday: staff(20) }));
    const pages = paginateSchedule(report(week("2042-06-02", locations)), oneLine);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((page) => [page.firstOfWeek, page.lastOfWeek])).toEqual(
      pages.map((_, i) => [i === 0, i === pages.length - 1]),
    );
    for (const page of pages)
      expect(page.rows.reduce((sum, row) => sum + row.height, 0)).toBeLessThanOrEqual(PAGE_ROWS_HEIGHT);
    expect(pages.flatMap((page) => page.rows.map((row) => [row.nameLines.join(" "), row.continued]))).toEqual(
      locations.map(({ name }) => [name, false]),
    );
  });

  test("a location taller than a page is split, keeping each shift's lines together and the order", () => {
    const twoLines: Wrap = { shift: (text) => [text.slice(0, 18), text.slice(18)], name: (text) => [text] };
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
    expect(pieces.flatMap((row) => row.cells[0].map((block) => block.lines.join("")))).toEqual(monday.map(shiftLine));
    for (const row of pieces) expect(row.height).toBeLessThanOrEqual(PAGE_ROWS_HEIGHT);
    expect(pages.at(-1)!.rows.at(-1)!.nameLines).toEqual(["Klein"]);
  });

  test("open shifts are marked", () => {
    const [page] = paginateSchedule(
      report(week("2042-06-02", [{ name: "A", monday: [shift("Ayşe"), shift(null)] }])),
      oneLine,
    );
    expect(page.rows[0].cells[0].map((block) => block.open)).toEqual([false, true]);
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
