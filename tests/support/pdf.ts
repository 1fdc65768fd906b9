import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";

/** The text of a PDF, as poppler's pdftotext reads it (layout kept). */
export function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");
}

export function pdfPageCount(pdf: Buffer): number {
  const info = execFileSync("pdfinfo", ["-"], { input: pdf }).toString("utf8");
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/** The text of a PDF in the order it was drawn (pdftotext -raw): each drawn line on a line, wrapping aside. */
export function pdfRawText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-raw", "-", "-"], { input: pdf }).toString("utf8");
}

/**
 * The fill colours a PDF paints with ("#b91c1c"), read from its content streams' RGB fill operators (`rg`, `sc`,
 * `scn`; inflated where compressed): what a test checks when colour carries a meaning.
 */
export function pdfFillColors(pdf: Buffer): Set<string> {
  const colors = new Set<string>();
  const binary = pdf.toString("latin1");
  for (const match of binary.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = binary.indexOf("endstream", start);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const [, r, g, b] of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|scn?)\b/g)) {
      const hex = [r, g, b].map((part) =>
        Math.round(Number(part) * 255)
          .toString(16)
          .padStart(2, "0"),
      );
      colors.add(`#${hex.join("")}`);
    }
  }
  return colors;
}
