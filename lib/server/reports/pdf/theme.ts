import path from "node:path";

/**
 * What both PDF engines share — the hours report drawn by @react-pdf/renderer
 * (pdf-page.tsx) and the schedule drawn with pdfkit (page-frame.ts) — so the
 * two reports look like one family.
 */
export const pdfColors = {
  text: "#0f172a",
  muted: "#475569",
  line: "#cbd5e1",
  header: "#f1f5f9",
  outside: "#f8fafc",
  open: "#FEF3C7",
  openBorder: "#F59E0B",
  openText: "#92400e",
};

/** Landscape A4 in pt, and the page frame's measures (header, body, footer). */
export const pdfPage = {
  width: 841.89,
  height: 595.28,
  margin: 28,
  /** The body ends this far above the paper's lower edge; the footer lives below. */
  bottom: 34,
  footerBottom: 16,
  bodySize: 8,
  titleSize: 15,
  subtitleSize: 9,
  subtitleGap: 2,
  smallSize: 7.5,
  headerPadding: 6,
  headerRule: 1,
  headerGap: 10,
};

/**
 * DejaVu Sans Condensed, committed in assets/fonts (free licence beside it):
 * the PDFs' built-in Helvetica cannot print Ş, Ł or ğ. Always loaded from
 * the file system, never by URL.
 */
export const PDF_FONT = "DejaVu Sans Condensed";

export function pdfFontFiles(root: string): { regular: string; bold: string } {
  const dir = path.join(root, "assets", "fonts");
  return { regular: path.join(dir, "DejaVuSansCondensed.ttf"), bold: path.join(dir, "DejaVuSansCondensed-Bold.ttf") };
}
