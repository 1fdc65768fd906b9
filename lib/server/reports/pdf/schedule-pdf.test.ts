// The schedule PDF's drawing cost: pdfkit's font work is done once per text and worker (docs/PERFORMANCE.md P4).
import PDFDocument from "pdfkit";
import { afterEach, expect, test, vi } from "vitest";
import { buildScheduleReport } from "@/lib/server/reports/build-schedule-report";
import { eachDate, isoWeekday } from "@/lib/shared/dates";
import { pdfText } from "@/tests/support/pdf";
import { pdfFontFiles } from "./fonts";
import { renderSchedulePdf } from "./schedule-pdf";

const root = process.cwd();

/** pdfkit's font class for embedded TrueType fonts (not exported by pdfkit): the prototype every document's uses. */
function embeddedFontPrototype(): { layout(text: string): unknown } {
  const doc = new PDFDocument({ autoFirstPage: false, font: pdfFontFiles(root).regular });
  return Object.getPrototypeOf((doc as unknown as { _font: object })._font);
}

afterEach(() => {
  vi.restoreAllMocks();
});

test("pdfkit shapes each text of a month's schedule once per font and worker, however often it is drawn", async () => {
  const layout = vi.spyOn(embeddedFontPrototype(), "layout");
  // Ten people working the same shift at one location every weekday of a month: each name and time 20 times.
  const weekdays = eachDate("2030-04-01", "2030-04-30").filter((day) => isoWeekday(day) <= 5);
  const people = Array.from({ length: 10 }, (_, i) => `Mia${i}`);
  const cells = weekdays.map((day) => [1, day, people.map((name, i) => [name, "08:00", "16:00", null, 0, i + 1])]);
  const report = buildScheduleReport({
    timeZone: "Europe/Zurich",
    startDate: "2030-04-01",
    endDate: "2030-04-30",
    locations: [{ id: 1, name: "Bahnhof", color: "#10b981" }],
    cells: JSON.stringify(cells),
  });
  /** Per font name, the texts pdfkit was asked to lay out since the last call. */
  const laidOut = () => {
    const texts = new Map<string, string[]>();
    layout.mock.calls.forEach(([text], i) => {
      const font = (layout.mock.contexts[i] as { name: string }).name;
      texts.set(font, [...(texts.get(font) ?? []), text]);
    });
    layout.mockClear();
    return texts;
  };

  const first = Buffer.from(await renderSchedulePdf(report, { printedAt: "27.11.2026 14:00", root }));
  expect(pdfText(first)).toContain("Mia3");
  const shaped = laidOut();
  expect([...shaped.values()].flat().filter((text) => text.includes("Mia3"))).toHaveLength(1);
  for (const list of shaped.values()) expect(list).toHaveLength(new Set(list).size);

  // The worker's next document draws the same texts without shaping them again, into a font subset of its own.
  const second = Buffer.from(await renderSchedulePdf(report, { printedAt: "27.11.2026 14:00", root }));
  expect([...laidOut().values()].flat()).toEqual([]);
  expect(pdfText(second)).toBe(pdfText(first));
});
