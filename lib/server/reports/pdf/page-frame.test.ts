// Pen draws a text's operators itself with layouts kept across the worker's documents (docs/PERFORMANCE.md P4):
// each document must still get the bytes pdfkit's own doc.text writes, its own font subset and a text layer that
// reads back every letter drawn.
import PDFDocument from "pdfkit";
import { afterEach, expect, test, vi } from "vitest";
import { pdfRawText } from "@/tests/support/pdf";
import { PDFKIT_FONT_NAMES, pdfFontFiles, pdfFontMeasures } from "./fonts";
import { createPdfKitReport, Pen, type TextStyle } from "./page-frame";
import { pdfColors, pdfPage } from "./theme";

const root = process.cwd();

afterEach(() => {
  vi.restoreAllMocks();
});

type Line = [text: string, x: number, top: number, style: TextStyle];

/** A PDF's bytes without its creation date and the document ID derived from it. */
function undated(pdf: Uint8Array): string {
  return Buffer.from(pdf)
    .toString("latin1")
    .replace(/\(D:\d+Z\)/g, "(D)")
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, "/ID");
}

/** The lines drawn with Pen in a document of their own, and where Pen placed each text (x, y) and at what size. */
async function drawWithPen(lines: Line[]): Promise<{ pdf: Buffer; placed: [string, number, number][] }> {
  const show = vi.spyOn(Pen.prototype as unknown as { show: (...args: unknown[]) => void }, "show");
  const report = createPdfKitReport({ root, title: "Test" });
  report.addPage();
  for (const [text, x, top, style] of lines) report.pen.line(text, x, top, style);
  const pdf = Buffer.from(await report.finish());
  const placed = show.mock.calls.map((call) => call.slice(0, 3) as [string, number, number]);
  show.mockRestore();
  return { pdf, placed };
}

/** The same texts at the same places and sizes through pdfkit's own doc.text, fonts parsed from the files. */
async function drawWithPdfKit(lines: Line[], placed: [string, number, number][]): Promise<Buffer> {
  const files = pdfFontFiles(root);
  const doc = new PDFDocument({
    autoFirstPage: false,
    font: files.regular,
    lang: "de-CH",
    displayTitle: true,
    info: { Title: "Test", Author: "Schichtwerk" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on("end", resolve));
  doc.registerFont(PDFKIT_FONT_NAMES.regular, files.regular);
  doc.registerFont(PDFKIT_FONT_NAMES.bold, files.bold);
  doc.addPage({ size: [pdfPage.width, pdfPage.height], margin: 0 });
  doc.fillColor(pdfColors.text);
  const measures = pdfFontMeasures(root);
  placed.forEach(([text, x, y], i) => {
    const style = lines[i][3];
    const weight = style.bold ? "bold" : "regular";
    const width = measures[weight].width(text, style.size);
    const size =
      style.maxWidth !== undefined && width > style.maxWidth ? style.size * (style.maxWidth / width) : style.size;
    doc.font(PDFKIT_FONT_NAMES[weight]).fontSize(size);
    doc.text(text, x, y, { lineBreak: false });
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

// A draws ü, Ö and Æ but never a plain u, o or A; its font subset takes in their parts (u, o, A and the
// accents) as it is written. B then draws those parts as letters of their own, letters A never drew, and texts A
// drew; C is A again, after B.
const A: Line[] = [
  ["Zürich Ölhafen", 40, 60, { size: 9 }],
  ["Æbelø Wäscherei", 40, 80, { size: 9, bold: true }],
  ["Zürich Ölhafen", 40, 100, { size: 9 }], // again in the same document
  ["Eine breitere Zeile bei Zürich", 40, 120, { size: 9, maxWidth: 60 }],
];
const B: Line[] = [
  ["Anna Muster", 40, 60, { size: 9 }],
  ["Anna Müster", 40, 80, { size: 9 }],
  ["Ægir Øß Łukasz Ağaoğlu", 40, 100, { size: 9 }],
  ["0123456789 – 40.5 h", 700, 120, { size: 9, align: "right" }],
  ["06:00–14:00 Bäckerei", 300, 140, { size: 8, bold: true }],
  ["Zürich Ölhafen", 40, 160, { size: 9 }], // drawn in A
  ["Æbelø Wäscherei", 40, 180, { size: 9, bold: true }], // drawn in A
  ["Oskar und Udo", 40, 200, { size: 9, bold: true }],
];

test("each of a worker's documents has pdfkit's bytes and reads back each letter (PERFORMANCE.md P4)", async () => {
  for (const lines of [A, B, A]) {
    const { pdf, placed } = await drawWithPen(lines);
    expect(placed.map(([text]) => text)).toEqual(lines.map(([text]) => text));

    // Each text drawn reads back whole, and nothing else is on the page.
    const read = pdfRawText(pdf)
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    expect(read).toEqual(lines.map(([text]) => text));

    expect(undated(pdf)).toBe(undated(await drawWithPdfKit(lines, placed)));
  }
});
