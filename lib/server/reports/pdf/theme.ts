import "server-only";
import { OPEN_SHIFT_COLORS } from "@/lib/shared/colors";

/**
 * What both PDF engines share — the hours report drawn by @react-pdf/renderer
 * (pdf-page.tsx) and the schedule drawn with pdfkit (page-frame.ts) — so the
 * two reports look like one family. Their font comes from fonts.ts.
 */
export const pdfColors = {
  text: "#0f172a",
  muted: "#475569",
  line: "#cbd5e1",
  // The schedule's grid: darker than `line`, to read from a distance on the wall.
  grid: "#94a3b8",
  header: "#f1f5f9",
  outside: "#f8fafc",
  // An open shift on paper: the planner's amber background, without its border.
  open: OPEN_SHIFT_COLORS.background,
  openText: "#92400e",
  // A public holiday (docs/PRODUCT-RULES.md §22.6): a light rose day, its name in dark rose.
  holiday: "#fff1f2",
  holidayText: "#9f1239",
  // Approved vacation ("Ferien", docs/PRODUCT-RULES.md §27.6): light sky blue, its text in dark blue.
  vacation: "#e0f2fe",
  vacationText: "#075985",
  // The hours report's difference (docs/PRODUCT-RULES.md §29.5): under target red, over it amber, as on screen.
  under: "#b91c1c",
  over: "#b45309",
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
