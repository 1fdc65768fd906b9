import "server-only";
import PDFDocument from "pdfkit";
import {
  encodeKept,
  PDFKIT_FONT_NAMES,
  pdfFontMeasures,
  pdfKitStartFont,
  registerPdfKitFonts,
  type PdfFontWeight,
  type PdfKitFont,
} from "./fonts";
import type { TextMeasure } from "./text-lines";
import { pdfColors, pdfPage as p } from "./theme";

/*
 * A pdfkit document with the page frame of pdf-page.tsx (title, period, print
 * date, rule; footer with "Seite X von Y"), for reports drawn directly with
 * pdfkit rather than laid out by @react-pdf/renderer.
 */

/** Line box of a one-line text, relative to its size. */
export const LINE_FACTOR = 1.2;
const TITLE_BOX = p.titleSize * LINE_FACTOR;
const SUBTITLE_BOX = p.subtitleSize * LINE_FACTOR;
const SMALL_BOX = p.smallSize * LINE_FACTOR;
const HEADER_TEXT_BOTTOM = p.margin + TITLE_BOX + p.subtitleGap + SUBTITLE_BOX;

/** y where a page's body starts, under the header's rule. */
export const FRAME_BODY_TOP = HEADER_TEXT_BOTTOM + p.headerPadding + p.headerRule + p.headerGap;

export type TextStyle = {
  size: number;
  lineHeight?: number;
  bold?: boolean;
  color?: string;
  align?: "left" | "right";
  /** A line wider than this is set in a smaller size rather than run into the next cell. */
  maxWidth?: number;
};

const NO_WRAP = { lineBreak: false };

type PdfKitInternals = {
  _font: PdfKitFont;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(operators: string | Uint8Array): unknown;
};

/** A number as pdfkit writes it into a content stream (PDFObject.number). */
const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The text-showing operator of one text in one font as pdfkit's `_fragment` builds it for a line without spacing
 * options: the glyphs as hex, a kerning adjustment closing each run that needs one. Null when a glyph is moved
 * off its baseline (combining marks), which pdfkit positions with extra `Tm` operators: those texts go through
 * `doc.text`.
 */
function showText(font: PdfKitFont, text: string): string | null {
  // The glyphs' codes in this document's font subset (4 hex digits each), their positions in thousandths of the size.
  const [encoded, positions] = encodeKept(font, text);
  const segments: string[] = [];
  let last = 0;
  const segment = (end: number) => {
    if (last < end) {
      const { xAdvance, advanceWidth } = positions[end - 1];
      segments.push(`<${encoded.slice(last, end).join("")}> ${pdfNumber(-(xAdvance - advanceWidth))}`);
    }
    last = end;
  };
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i];
    if (position.xOffset || position.yOffset) return null;
    if (position.xAdvance - position.advanceWidth !== 0) segment(i + 1);
  }
  segment(positions.length);
  return segments.length > 0 ? `[${segments.join(" ")}] TJ` : "";
}

/**
 * Draws single lines of text whose line box starts at a given top, and
 * filled rectangles. It remembers the font, size and colour in use, because
 * pdfkit writes them into the page again on every call.
 */
export class Pen {
  readonly regular: TextMeasure;
  readonly bold: TextMeasure;
  private font = "";
  private size = 0;
  private color = "";
  /** Per font of the document, the operator showing each text drawn (show). */
  private readonly shown = new Map<PdfKitFont, Map<string, string | null>>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    measures: Record<PdfFontWeight, TextMeasure>,
  ) {
    this.regular = measures.regular;
    this.bold = measures.bold;
  }

  /** One line, never wrapped by pdfkit; with align "right", x is where it ends. */
  line(text: string, x: number, top: number, style: TextStyle): void {
    const measure = style.bold ? this.bold : this.regular;
    const font = style.bold ? PDFKIT_FONT_NAMES.bold : PDFKIT_FONT_NAMES.regular;
    let size = style.size;
    let width = style.align === "right" || style.maxWidth !== undefined ? measure.width(text, size) : 0;
    if (style.maxWidth !== undefined && width > style.maxWidth) {
      size *= style.maxWidth / width;
      width = style.maxWidth;
    }
    if (font !== this.font) this.doc.font((this.font = font));
    if (size !== this.size) this.doc.fontSize((this.size = size));
    this.fill(style.color ?? pdfColors.text);
    const box = style.lineHeight ?? style.size * LINE_FACTOR;
    // pdfkit puts the font's ascent at y; centre the glyphs in the line box as react-pdf does.
    const y = top + (box - size * (measure.ascent - measure.descent)) / 2;
    this.show(text, style.align === "right" ? x - width : x, y);
  }

  /**
   * What `doc.text(text, x, y, { lineBreak: false })` writes, written in one piece (docs/PERFORMANCE.md P4):
   * pdfkit shapes the text again on every call, writes each of its eight operators as a buffer of its own and
   * shapes the text once more for the width by which it moves `doc.x` (which we never read). A month's schedule
   * repeats its texts (each name on every day, a handful of times and hours) thousands of times, so the operator
   * showing a text is kept per font and text for the document (its glyph codes are this document's), and the
   * text's layout for the worker (fonts.ts encodeKept, which adds the glyphs to this document's font subset on the
   * document's first use of the text). The bytes are the same as pdfkit's, in every document of a worker
   * (page-frame.test.ts).
   */
  private show(text: string, x: number, y: number): void {
    if (text.length === 0) return;
    const doc = this.doc as unknown as PdfKitInternals;
    const font = doc._font;
    let shown = this.shown.get(font);
    if (!shown) this.shown.set(font, (shown = new Map()));
    let operator = shown.get(text);
    if (operator === undefined) shown.set(text, (operator = showText(font, text)));
    // pdfkit draws the parts of a text with line breaks one after the other: rare, left to it.
    if (operator === null || text.includes("\n")) {
      this.doc.text(text, x, y, NO_WRAP);
      return;
    }
    const { page } = doc;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    // pdfkit's _fragment: flip the y axis, place the baseline (the ascent below y), font and size, the glyphs.
    const baseline = page.height - y - (font.ascender / 1000) * this.size;
    // As bytes: pdfkit turns a string into bytes with a loop over its characters, a tenth of the month's drawing
    // time; the operators are ASCII, so latin1 gives the same bytes natively. The line end is pdfkit's, which it
    // adds only to strings.
    doc.addContent(
      Buffer.from(
        `q\n1 0 0 -1 0 ${pdfNumber(page.height)} cm\nBT\n1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm\n` +
          `/${font.id} ${pdfNumber(this.size)} Tf\n${operator ? `${operator}\n` : ""}ET\nQ\n`,
        "latin1",
      ),
    );
  }

  rect(x: number, y: number, width: number, height: number, color: string, radius = 0): void {
    this.fill(color);
    if (radius > 0) this.doc.roundedRect(x, y, width, height, radius).fill();
    else this.doc.rect(x, y, width, height).fill();
  }

  /** A new page starts with PDF's default graphics state. */
  pageStarted(): void {
    this.color = "";
  }

  private fill(color: string) {
    if (color !== this.color) this.doc.fillColor((this.color = color));
  }
}

export type PdfKitReport = { pen: Pen; addPage(): void; finish(): Promise<Uint8Array> };

/** A landscape A4 document with the committed DejaVu fonts; `finish` ends it and resolves to its bytes. */
export function createPdfKitReport({ root, title }: { root: string; title: string }): PdfKitReport {
  const doc = new PDFDocument({
    autoFirstPage: false,
    // Starting with our font spares pdfkit loading its built-in Helvetica.
    // The bytes of its file, read once per worker (pdfkit takes bytes too; its typings here know only names).
    font: pdfKitStartFont(root) as unknown as string,
    lang: "de-CH",
    displayTitle: true,
    info: { Title: title, Author: "Schichtwerk" },
  });
  registerPdfKitFonts(doc, root);
  const pen = new Pen(doc, pdfFontMeasures(root));

  const chunks: Uint8Array[] = [];
  const bytes = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("error", reject);
    doc.on("end", () => {
      // A fresh buffer of its own: the worker transfers it to the main thread.
      const pdf = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        pdf.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(pdf);
    });
  });

  return {
    pen,
    addPage: () => {
      doc.addPage({ size: [p.width, p.height], margin: 0 });
      pen.pageStarted();
    },
    finish: () => {
      doc.end();
      return bytes;
    },
  };
}

export type Frame = { title: string; period: string; printedAt: string; pageCount: number };

/** Header and footer of pdf-page.tsx on the current page. */
export function drawPageFrame(pen: Pen, frame: Frame, pageNumber: number): void {
  const right = p.width - p.margin;
  pen.line(frame.title, p.margin, p.margin, { size: p.titleSize, lineHeight: TITLE_BOX, bold: true });
  pen.line(frame.period, p.margin, p.margin + TITLE_BOX + p.subtitleGap, {
    size: p.subtitleSize,
    lineHeight: SUBTITLE_BOX,
    color: pdfColors.muted,
  });
  pen.line(`Gedruckt am ${frame.printedAt}`, right, HEADER_TEXT_BOTTOM - SMALL_BOX, {
    size: p.smallSize,
    color: pdfColors.muted,
    align: "right",
  });
  const ruleY = HEADER_TEXT_BOTTOM + p.headerPadding + p.headerRule / 2;
  pen.doc.moveTo(p.margin, ruleY).lineTo(right, ruleY).lineWidth(p.headerRule).stroke(pdfColors.line);

  const footerTop = p.height - p.footerBottom - SMALL_BOX;
  pen.line("Schichtwerk", p.margin, footerTop, { size: p.smallSize, color: pdfColors.muted });
  pen.line(`Seite ${pageNumber} von ${frame.pageCount}`, right, footerTop, {
    size: p.smallSize,
    color: pdfColors.muted,
    align: "right",
  });
}
