import "server-only";
import { readFileSync } from "node:fs";
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

// The font files' bytes, read once per worker. pdfkit parses a font anew from them for every document, so each
// document has its own fontkit font and glyph objects (see encodeKept for why that matters).
const fontBytes = new Map<string, Buffer>();

function bytesOf(fontFile: string): Buffer {
  let bytes = fontBytes.get(fontFile);
  if (!bytes) fontBytes.set(fontFile, (bytes = readFileSync(fontFile)));
  return bytes;
}

/** The regular weight as pdfkit's font at a document's start (`new PDFDocument({ font })`). */
export function pdfKitStartFont(root: string): Buffer {
  return bytesOf(pdfFontFiles(root).regular);
}

export function registerPdfKitFonts(doc: PDFKit.PDFDocument, root: string): void {
  const files = pdfFontFiles(root);
  doc.registerFont(PDFKIT_FONT_NAMES.regular, bytesOf(files.regular));
  doc.registerFont(PDFKIT_FONT_NAMES.bold, bytesOf(files.bold));
}

/** A glyph's place in a text, in thousandths of the font size (pdfkit's scaled fontkit positions). */
export type GlyphPosition = {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
};

/** pdfkit's EmbeddedFont, one per font and document (not in pdfkit's typings): the parts used here and by Pen. */
export type PdfKitFont = {
  id: string;
  /** The font's PostScript name: which of our two fonts it is. */
  name: string;
  /** Ascent in thousandths of the size. */
  ascender: number;
  /** The glyphs the document embeds, in the order they were first drawn; a glyph's index there is its code. */
  subset: { includeGlyph(glyphId: number): number };
  /** Per code, the glyph's width and the text it stands for (the PDF's /W array and ToUnicode map). */
  widths: number[];
  unicode: number[][];
  /** pdfkit's shaping of a text (word by word, positions scaled to thousandths); glyphs of the document's font. */
  layout(text: string): { glyphs: { id: number; codePoints: number[] }[]; positions: GlyphPosition[] };
  ref(): unknown;
};

/** A text as pdfkit lays it out, without the document: the font's glyph ids, their text, their positions. */
type KeptLayout = { glyphIds: number[]; codePoints: number[][]; positions: GlyphPosition[] };

/**
 * The most texts a font keeps laid out; over it the memo starts again. The bench's month of 500 employees keeps
 * about 1,600 texts in both fonts, 3 MB; the limit holds a worker (which ends when idle) to some 20 MB per font.
 */
const MAX_LAYOUTS = 10_000;
const keptLayouts = new Map<string, Map<string, KeptLayout>>();

/**
 * What pdfkit's `font.encode(text)` returns, with the text's layout kept across the worker's documents
 * (docs/PERFORMANCE.md P4): shaping (fontkit's GSUB/GPOS layout) is most of pdfkit's cost per text, and a month's
 * schedule draws the same names, times and hours in every document. Only the layout is kept, never a glyph code:
 * a code is the glyph's place in one document's font subset. So every call does what pdfkit's encode does with a
 * layout: it adds each glyph to this document's subset and records the glyph's width and text for this document's
 * font. The second round of P4 shared the parsed fontkit font instead; fontkit keeps one glyph object per id and
 * font, and writing a document's subset creates the parts of composed glyphs (the u of ü) without their text, so a
 * later document that drew a plain u mapped it to nothing ("Anna M ster"). Here each document's font is its own.
 * A glyph's text comes from the layout that first met the glyph (pdfkit's: from its first use in the document);
 * the two differ only where characters share a glyph, which none do in DejaVu's character map.
 */
export function encodeKept(font: PdfKitFont, text: string): [string[], GlyphPosition[]] {
  let layouts = keptLayouts.get(font.name);
  if (!layouts) keptLayouts.set(font.name, (layouts = new Map()));
  let kept = layouts.get(text);
  if (!kept) {
    if (layouts.size >= MAX_LAYOUTS) layouts.clear();
    const { glyphs, positions } = font.layout(text);
    kept = {
      glyphIds: glyphs.map((glyph) => glyph.id),
      codePoints: glyphs.map((glyph) => [...glyph.codePoints]),
      // pdfkit's layout hands out the positions it caches per word; the kept ones are a copy of their own.
      positions: positions.map((position) => ({ ...position })),
    };
    layouts.set(text, kept);
  }
  const codes = kept.glyphIds.map((glyphId, i) => {
    const code = font.subset.includeGlyph(glyphId);
    font.widths[code] ??= kept.positions[i].advanceWidth;
    font.unicode[code] ??= kept.codePoints[i];
    return `0000${code.toString(16)}`.slice(-4);
  });
  return [codes, kept.positions];
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
