// The schedule PDF's drawing cost: pdfkit's per-text font work is done once per text (docs/PERFORMANCE.md P4).
import PDFDocument from "pdfkit";
import { afterEach, expect, test, vi } from "vitest";
import { buildScheduleReport } from "@/lib/server/reports/build-schedule-report";
import { eachDate, isoWeekday } from "@/lib/shared/dates";
import { pdfText } from "@/tests/support/pdf";
import { pdfFontFiles } from "./fonts";
import { renderSchedulePdf } from "./schedule-pdf";

const root = process.cwd();

/** pdfkit's font class for embedded TrueType fonts (not exported by pdfkit): the prototype every document's uses. */
function embeddedFontPrototype(): { encode(text: string): unknown } {
  const doc = new PDFDocument({ autoFirstPage: false, font: pdfFontFiles(root).regular });
  return Object.getPrototypeOf((doc as unknown as { _font: object })._font);
}

afterEach(() => {
  vi.restoreAllMocks();
});

test("a month's schedule has pdfkit shape each text once per font, however often it is drawn", async () => {
  const encode = vi.spyOn(embeddedFontPrototype(), "encode");
  // Ten people working the same shift at one location every weekday of a month: each name and time 20 times.
  const weekdays = eachDate("2030-04-01", "2030-04-30").filter((day) => isoWeekday(day) <= 5);
  const people = Array.from({ length: 10 }, (_, i) => `Mia${i}`);
  const cells = weekdays.map((day) => [1, day, people.map((name, i) => [name, "08:00", "16:00", null, 0, i + 1])]);
  const report = buildScheduleReport({
    startDate: "2030-04-01",
    endDate: "2030-04-30",
    locations: [{ id: 1, name: "Bahnhof", color: "#10b981" }],
    cells: JSON.stringify(cells),
  });

  const pdf = Buffer.from(await renderSchedulePdf(report, { printedAt: "27.11.2026 14:00", root }));

  expect(pdfText(pdf)).toContain("Mia3");
  // Per font (this), the texts it was asked to encode: each only once.
  const texts = new Map<unknown, string[]>();
  encode.mock.calls.forEach(([text], i) => {
    const font = encode.mock.contexts[i];
    texts.set(font, [...(texts.get(font) ?? []), text]);
  });
  const drawn = [...texts.values()].flat();
  expect(drawn.filter((text) => text.includes("Mia3"))).toHaveLength(1);
  for (const list of texts.values()) expect(list).toHaveLength(new Set(list).size);
});
