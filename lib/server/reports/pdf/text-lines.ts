import "server-only";

/**
 * Text widths and line wrapping from a font's own glyph advances, for the
 * schedule PDF: we wrap every text once ourselves and let pdfkit draw single
 * lines, which is far cheaper than pdfkit's (or react-pdf's) own wrapping.
 * Kerning is ignored: it changes a DejaVu line's width by a fraction of a
 * point, which the columns' safety margin absorbs (schedule-layout.ts).
 */
export type TextMeasure = {
  /** Width in pt of `text` at `size` pt. */
  width(text: string, size: number): number;
  /**
   * Greedy word wrap into lines of at most `width` pt; lines after the first
   * are `indent` pt narrower. A word wider than a line is broken by characters.
   */
  wrap(text: string, size: number, width: number, indent?: number): string[];
  /** Ascent and descent (negative) in em, to place a line in its line box. */
  ascent: number;
  descent: number;
};

/** What a measure needs of a font parsed by fontkit (fonts.ts loads the files). */
export type MeasuredFont = {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
};

export function createTextMeasure(font: MeasuredFont): TextMeasure {
  const advances = new Map<number, number>(); // em per code point
  const advance = (codePoint: number) => {
    let em = advances.get(codePoint);
    if (em === undefined) {
      em = font.glyphForCodePoint(codePoint).advanceWidth / font.unitsPerEm;
      advances.set(codePoint, em);
    }
    return em;
  };
  const emWidth = (text: string) => {
    let total = 0;
    for (let i = 0; i < text.length; i++) {
      const codePoint = text.codePointAt(i)!;
      if (codePoint > 0xffff) i++;
      total += advance(codePoint);
    }
    return total;
  };

  /** Splits a word too wide for any line into pieces that fit (at least one character each). */
  const breakWord = (word: string, size: number, first: number, rest: number): string[] => {
    const pieces: string[] = [];
    let piece = "";
    let used = 0;
    for (const char of word) {
      const w = advance(char.codePointAt(0)!) * size;
      if (piece !== "" && used + w > (pieces.length === 0 ? first : rest)) {
        pieces.push(piece);
        piece = "";
        used = 0;
      }
      piece += char;
      used += w;
    }
    pieces.push(piece);
    return pieces;
  };

  return {
    ascent: font.ascent / font.unitsPerEm,
    descent: font.descent / font.unitsPerEm,
    width: (text, size) => emWidth(text) * size,
    wrap(text, size, width, indent = 0) {
      const lines: string[] = [];
      const space = advance(32) * size;
      const room = () => (lines.length === 0 ? width : width - indent);
      let line = "";
      let used = 0;
      for (const word of text.split(" ")) {
        if (word === "") continue;
        const w = emWidth(word) * size;
        if (line !== "" && used + space + w <= room()) {
          line += ` ${word}`;
          used += space + w;
          continue;
        }
        if (line !== "") lines.push(line);
        line = word;
        used = w;
        if (w > room()) {
          const pieces = breakWord(word, size, room(), width - indent);
          line = pieces.pop()!;
          lines.push(...pieces);
          used = emWidth(line) * size;
        }
      }
      lines.push(line);
      return lines;
    },
  };
}
