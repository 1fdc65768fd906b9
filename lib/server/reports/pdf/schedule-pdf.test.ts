// The schedule PDF's drawing cost: pdfkit's per-text font work is done once per text (docs/PERFORMANCE.md P4).
import PDFDocument from "pdfkit";
import { afterEach, expect, test, vi } from "vitest";
import { buildScheduleReport } from "@/lib/server/reports/build-schedule-report";
import { eachDate, isoWeekday } from "@/lib/shared/dates";
import { pdfText } from "@/tests/support/pdf";
import { PDFKIT_FONT_NAMES, pdfFontFiles, pdfFontMeasures } from "./fonts";
import { createPdfKitReport, Pen, type TextStyle } from "./page-frame";
import { renderSchedulePdf } from "./schedule-pdf";
import { pdfColors, pdfPage } from "./theme";

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

/** A PDF's bytes without its creation date and the document ID derived from it. */
function undated(pdf: Uint8Array): string {
  return Buffer.from(pdf)
    .toString("latin1")
    .replace(/\(D:\d+Z\)/g, "(D)")
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, "/ID");
}

test("Pen writes the bytes pdfkit's doc.text would, in every document of the worker (PERFORMANCE.md P4)", async () => {
  const lines: [string, number, number, TextStyle][] = [
    ["Ayşe Şahin", 40, 60, { size: 9 }],
    ["AVA Tag Łukasz Ağaoğlu", 40, 80, { size: 9 }],
    ["06:00–14:00", 300, 80, { size: 8, bold: true }],
    ["Ayşe Şahin", 40, 100, { size: 9 }], // again: kept
    ["40,5 h", 700, 100, { size: 9, align: "right" }],
    ["Eine Zeile, die zu breit ist", 40, 120, { size: 9, maxWidth: 50 }],
  ];
  const shown = vi.spyOn(Pen.prototype as unknown as { show: (...args: unknown[]) => void }, "show");
  const drawWithPen = () => {
    const report = createPdfKitReport({ root, title: "Test" });
    report.addPage();
    for (const [text, x, top, style] of lines) report.pen.line(text, x, top, style);
    return report.finish();
  };
  const first = await drawWithPen();
  const second = await drawWithPen(); // with the layouts the first one kept
  const calls = shown.mock.calls.slice(0, lines.length) as [string, number, number][];

  // The same texts at the same places and sizes through pdfkit's own doc.text.
  const doc = new PDFDocument({
    autoFirstPage: false,
    font: pdfFontFiles(root).regular,
    lang: "de-CH",
    displayTitle: true,
    info: { Title: "Test", Author: "Schichtwerk" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on("end", resolve));
  doc.registerFont(PDFKIT_FONT_NAMES.regular, pdfFontFiles(root).regular);
  doc.registerFont(PDFKIT_FONT_NAMES.bold, pdfFontFiles(root).bold);
  doc.addPage({ size: [pdfPage.width, pdfPage.height], margin: 0 });
  doc.fillColor(pdfColors.text);
  const measures = pdfFontMeasures(root);
  calls.forEach(([text, x, y], i) => {
    const style = lines[i][3];
    const width = measures[style.bold ? "bold" : "regular"].width(text, style.size);
    const size =
      style.maxWidth !== undefined && width > style.maxWidth ? style.size * (style.maxWidth / width) : style.size;
    doc.font(PDFKIT_FONT_NAMES[style.bold ? "bold" : "regular"]).fontSize(size);
    doc.text(text, x, y, { lineBreak: false });
  });
  doc.end();
  await ended;
  const expected = undated(Buffer.concat(chunks));

  expect(undated(first)).toBe(expected);
  expect(undated(second)).toBe(expected);
});
