import path from "node:path";
import { openSync } from "fontkit";

/**
 * Counts the lines a text needs in a column of a given width, from the
 * font's own glyph widths and a greedy word wrap. Used to lay out the
 * schedule's pages ourselves (see schedule-pages.ts).
 */
export type LineCounter = (text: string) => number;

type Font = { unitsPerEm: number; glyphForCodePoint(codePoint: number): { advanceWidth: number } };

export function lineCounter(fontFile: string, fontSize: number, columnWidth: number): LineCounter {
  const font = openSync(fontFile) as unknown as Font;
  const widths = new Map<string, number>();
  const width = (text: string) => {
    let total = 0;
    for (const char of text) {
      let advance = widths.get(char);
      if (advance === undefined) {
        advance = (font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth / font.unitsPerEm) * fontSize;
        widths.set(char, advance);
      }
      total += advance;
    }
    return total;
  };
  const space = width(" ");
  return (text: string) => {
    let lines = 1;
    let used = 0;
    for (const word of text.split(" ")) {
      const w = width(word);
      if (used > 0 && used + space + w > columnWidth) {
        lines += 1;
        used = 0;
      }
      // A word wider than the column is broken by characters.
      if (w > columnWidth) {
        lines += Math.ceil(w / columnWidth) - 1;
        used = w % columnWidth;
      } else {
        used += (used > 0 ? space : 0) + w;
      }
    }
    return lines;
  };
}

export function fontFile(root: string, bold = false): string {
  return path.join(root, "assets", "fonts", bold ? "DejaVuSansCondensed-Bold.ttf" : "DejaVuSansCondensed.ttf");
}
