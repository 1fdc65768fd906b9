import "server-only";
import PDFDocument from "pdfkit";
import { PDFKIT_FONT_NAMES, pdfFontFiles, pdfFontMeasures, registerPdfKitFonts, type PdfFontWeight } from "./fonts";
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

/** What Pen.line makes pdfkit's current font do per text (pdfkit's EmbeddedFont; not in its typings). */
type LaidOutFont = {
  encode(text: string, features?: unknown): [string[], unknown[]];
  widthOfString(text: string, size: number, features?: unknown): number;
};

/**
 * pdfkit shapes every text it draws twice, word by word: once to encode its glyphs and once more for the width
 * by which it moves `doc.x` (which we never read). A month's schedule repeats its texts (each name on every day,
 * a handful of times and hours) thousands of times, so the font's answers are kept per text for the document:
 * the same glyphs, positions and widths, hence the same bytes, at about a quarter less drawing time
 * (docs/PERFORMANCE.md P4). `encode` registers the glyphs in the font's subset on its first call for a text;
 * later calls would only register them again. Texts drawn with OpenType features bypass the memo (we use none).
 */
function rememberLayouts(font: LaidOutFont): void {
  const encoded = new Map<string, [string[], unknown[]]>();
  const widths = new Map<string, number>(); // by size and text
  const encode = font.encode.bind(font);
  const widthOfString = font.widthOfString.bind(font);
  font.encode = (text, features) => {
    if (features !== undefined) return encode(text, features);
    let result = encoded.get(text);
    if (result === undefined) encoded.set(text, (result = encode(text)));
    return result;
  };
  font.widthOfString = (text, size, features) => {
    if (features !== undefined) return widthOfString(text, size, features);
    const key = `${size} ${text}`;
    let width = widths.get(key);
    if (width === undefined) widths.set(key, (width = widthOfString(text, size)));
    return width;
  };
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
  /** The document's fonts whose layouts are kept (rememberLayouts). */
  private readonly remembering = new WeakSet<LaidOutFont>();

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
    if (font !== this.font) {
      this.doc.font((this.font = font));
      const current = (this.doc as unknown as { _font: LaidOutFont })._font;
      if (!this.remembering.has(current)) {
        rememberLayouts(current);
        this.remembering.add(current);
      }
    }
    if (size !== this.size) this.doc.fontSize((this.size = size));
    this.fill(style.color ?? pdfColors.text);
    const box = style.lineHeight ?? style.size * LINE_FACTOR;
    // pdfkit puts the font's ascent at y; centre the glyphs in the line box as react-pdf does.
    const y = top + (box - size * (measure.ascent - measure.descent)) / 2;
    this.doc.text(text, style.align === "right" ? x - width : x, y, NO_WRAP);
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
    font: pdfFontFiles(root).regular,
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
