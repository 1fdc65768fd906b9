import "server-only";
import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { openSync } from "fontkit";
import { createTextMeasure, type MeasuredFont, type TextMeasure } from "./text-lines";

/*
 * The PDFs' one font and the only place that knows its files: DejaVu Sans
 * Condensed, committed in assets/fonts (free licence beside it), because the
 * PDFs' built-in Helvetica cannot print Ş, Ł or ğ. Each engine gets it from
 * here: @react-pdf/renderer (the hours report), pdfkit (the schedule) and
 * fontkit (the schedule's own line wrapping). Always loaded from the file
 * system, never by URL; `root` is the app's folder (the server's working
 * directory, handed to the PDF worker with each job).
 */

export const PDF_FONT_FAMILY = "DejaVu Sans Condensed";

export type PdfFontWeight = "regular" | "bold";

const FILE_NAMES: Record<PdfFontWeight, string> = {
  regular: "DejaVuSansCondensed.ttf",
  bold: "DejaVuSansCondensed-Bold.ttf",
};

export function pdfFontFiles(root: string): Record<PdfFontWeight, string> {
  const dir = path.join(root, "assets", "fonts");
  return { regular: path.join(dir, FILE_NAMES.regular), bold: path.join(dir, FILE_NAMES.bold) };
}

let reactPdfRegistered = false;

/** Registers both weights with @react-pdf/renderer as PDF_FONT_FAMILY (the hours report). */
export function registerReactPdfFonts(root: string): void {
  if (reactPdfRegistered) return;
  const files = pdfFontFiles(root);
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: [
      { src: files.regular, fontWeight: "normal" },
      { src: files.bold, fontWeight: "bold" },
    ],
  });
  // German words must not be split with English hyphenation rules.
  Font.registerHyphenationCallback((word) => [word]);
  reactPdfRegistered = true;
}

/** The names under which registerPdfKitFonts makes the weights known to a pdfkit document. */
export const PDFKIT_FONT_NAMES: Record<PdfFontWeight, string> = {
  regular: "DejaVuSansCondensed",
  bold: "DejaVuSansCondensed-Bold",
};

export function registerPdfKitFonts(doc: PDFKit.PDFDocument, root: string): void {
  const files = pdfFontFiles(root);
  doc.registerFont(PDFKIT_FONT_NAMES.regular, files.regular);
  doc.registerFont(PDFKIT_FONT_NAMES.bold, files.bold);
}

// The PDF worker lives as long as the server: parse each font file once.
const measures = new Map<string, TextMeasure>();

function measureOf(fontFile: string): TextMeasure {
  let measure = measures.get(fontFile);
  if (!measure) {
    measure = createTextMeasure(openSync(fontFile) as MeasuredFont);
    measures.set(fontFile, measure);
  }
  return measure;
}

/** Text widths and line wrapping of both weights, from the font files' own glyph advances (fontkit). */
export function pdfFontMeasures(root: string): Record<PdfFontWeight, TextMeasure> {
  const files = pdfFontFiles(root);
  return { regular: measureOf(files.regular), bold: measureOf(files.bold) };
}
