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

/** What pdfkit asks of a fontkit font it is given (see sharedPdfKitFont). */
type PdfKitGlyphRun = { glyphs: unknown[]; positions: Record<string, number>[] };
type LayingOutFont = { layout(text: unknown, ...rest: unknown[]): PdfKitGlyphRun };

/** The most texts a font keeps laid out; over it the memo starts again (a worker renders a few documents). */
const MAX_LAYOUTS = 50_000;

/**
 * The fontkit font pdfkit draws a weight with, parsed once per worker and shared by its documents
 * (docs/PERFORMANCE.md P4). Given a file name, pdfkit parses the font again for every document, and it shapes
 * each word anew per document (fontkit's GSUB/GPOS layout, the larger part of its text cost): the month of 500
 * employees draws the same names, times and hours in every document. So the shared font keeps each text's
 * glyphs and positions and hands out a copy per call, because pdfkit scales the positions it gets in place.
 * Each document still has its own subset of glyphs (pdfkit's EmbeddedFont), so the PDF's bytes stay the same.
 */
const pdfKitFonts = new Map<string, unknown>();

function sharedPdfKitFont(fontFile: string): unknown {
  let font = pdfKitFonts.get(fontFile);
  if (font) return font;
  const opened = openSync(fontFile) as unknown as LayingOutFont;
  const layout = opened.layout.bind(opened);
  const runs = new Map<string, PdfKitGlyphRun>();
  opened.layout = (text, ...rest) => {
    // Features, script or direction given: not what pdfkit asks for our texts, so not kept.
    if (typeof text !== "string" || rest.some((arg) => arg !== undefined)) return layout(text, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MAX_LAYOUTS) runs.clear();
      const laidOut = layout(text);
      run = { glyphs: laidOut.glyphs, positions: laidOut.positions.map((position) => ({ ...position })) };
      runs.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      // fontkit's GlyphRun sums the advances when asked, after pdfkit has scaled them.
      get advanceWidth() {
        return positions.reduce((width, position) => width + position.xAdvance, 0);
      },
    };
  };
  pdfKitFonts.set(fontFile, (font = opened));
  return font;
}

/** The regular weight as pdfkit's font at a document's start (`new PDFDocument({ font })`). */
export function pdfKitStartFont(root: string): unknown {
  return sharedPdfKitFont(pdfFontFiles(root).regular);
}

export function registerPdfKitFonts(doc: PDFKit.PDFDocument, root: string): void {
  const files = pdfFontFiles(root);
  // pdfkit takes a fontkit font in place of a file (its typings know only files and buffers).
  doc.registerFont(PDFKIT_FONT_NAMES.regular, sharedPdfKitFont(files.regular) as string);
  doc.registerFont(PDFKIT_FONT_NAMES.bold, sharedPdfKitFont(files.bold) as string);
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
