import { execFileSync } from "node:child_process";

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
