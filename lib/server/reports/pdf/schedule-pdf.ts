import "server-only";
import { addDays } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import type { ScheduleReport } from "@/lib/shared/report-types";
import { createPdfKitReport, drawPageFrame, FRAME_BODY_TOP, LINE_FACTOR, type Pen } from "./page-frame";
import { pdfColors } from "./theme";
import {
  BAR_HEIGHT,
  grid,
  LEGEND_HEIGHT,
  LEGEND_SIZE,
  LINE_HEIGHT,
  NAME_LINE_HEIGHT,
  NAME_SIZE,
  paginateSchedule,
  SHIFT_INDENT,
  SHIFT_SIZE,
  WEEK_TITLE_HEIGHT,
  WEEK_TITLE_SIZE,
  type PageRow,
  type SchedulePage,
  type Wrap,
} from "./schedule-layout";

/**
 * The schedule as the planner shows it — per week a grid of locations ×
 * Monday–Sunday with day and week totals — drawn directly with pdfkit:
 * react-pdf's per-text layout made a month of 500 employees take seconds.
 * Texts are wrapped once by schedule-layout.ts; here lines are only placed.
 */
export function renderSchedulePdf(
  report: ScheduleReport,
  { printedAt, root }: { printedAt: string; root: string },
): Promise<Uint8Array> {
  const range = `${formatDate(report.startDate)} – ${formatDate(report.endDate)}`;
  const pdf = createPdfKitReport({ root, title: `Arbeitsplan ${range}` });
  const { pen } = pdf;
  const wrap: Wrap = {
    shift: (text) => pen.regular.wrap(text, SHIFT_SIZE, grid.shiftTextWidth, SHIFT_INDENT),
    name: (text) => pen.bold.wrap(text, NAME_SIZE, grid.nameTextWidth),
  };
  const pages = paginateSchedule(report, wrap);
  const frame = {
    title: "Arbeitsplan",
    period: `${range} · ${report.shiftCount} Schichten · ${formatHours(report.total)} h`,
    printedAt,
    pageCount: pages.length,
  };
  pages.forEach((page, index) => {
    pdf.addPage();
    drawPageFrame(pen, frame, index + 1);
    drawWeekPage(pen, page);
  });
  return pdf.finish();
}

// Texts of the head, total and "Total Tag" cells: one line each, shrunk rather than overflowing.
const bold = { size: NAME_SIZE, lineHeight: NAME_LINE_HEIGHT, bold: true };
const firstCell = { ...bold, maxWidth: grid.nameWidth - 2 * grid.padding };
const dayCell = { ...bold, maxWidth: grid.dayTextWidth };
const totalCell = {
  size: NAME_SIZE,
  lineHeight: NAME_LINE_HEIGHT,
  align: "right",
  maxWidth: grid.totalTextWidth,
} as const;
const totalRight = grid.left + grid.width - grid.padding;
const hours = (value: number) => `${formatHours(value)} h`;

type Rule = [x1: number, y1: number, x2: number, y2: number];
const across = (y: number): Rule => [grid.left, y, grid.left + grid.width, y];
const EMPTY_HEIGHT = 20; // "Keine Standorte erfasst."
const LEGEND =
  "Offene Schichten sind gelb hinterlegt und mit „Offen“ bezeichnet. Stunden: Ende vor Beginn = über Mitternacht.";

function drawWeekPage(pen: Pen, { week, rows, firstOfWeek, lastOfWeek, holidayLines, headHeight }: SchedulePage) {
  const weekEnd = formatDate(addDays(week.weekStart, 6));
  const continued = firstOfWeek ? "" : " (Fortsetzung)";
  const title = `KW ${isoWeekNumber(week.weekStart)} · ${formatDayMonth(week.weekStart)}–${weekEnd}${continued}`;
  pen.line(title, grid.left, FRAME_BODY_TOP, { size: WEEK_TITLE_SIZE, bold: true });

  const tableTop = FRAME_BODY_TOP + WEEK_TITLE_HEIGHT;
  const rowsTop = tableTop + headHeight;
  const rowsBottom = rowsTop + (rows.length === 0 ? EMPTY_HEIGHT : rows.reduce((sum, row) => sum + row.height, 0));
  const tableBottom = rowsBottom + (lastOfWeek ? BAR_HEIGHT : 0);
  const rules: Rule[] = [];

  // Backgrounds first: rules and texts go on top of them.
  pen.rect(grid.left, tableTop, grid.width, headHeight, pdfColors.header);
  if (lastOfWeek) pen.rect(grid.left, rowsBottom, grid.width, BAR_HEIGHT, pdfColors.header);

  const headTop = tableTop + grid.padding;
  pen.line("Standort", grid.left + grid.padding, headTop, firstCell);
  WEEKDAYS_SHORT.forEach((weekday, i) =>
    pen.line(`${weekday} ${formatDayMonth(addDays(week.weekStart, i))}`, grid.dayX(i) + grid.padding, headTop, dayCell),
  );
  holidayLines.forEach((lines, i) =>
    lines.forEach((line, n) =>
      pen.line(
        line,
        grid.dayX(i) + grid.padding + (n > 0 ? SHIFT_INDENT : 0),
        headTop + NAME_LINE_HEIGHT + n * LINE_HEIGHT,
        {
          size: SHIFT_SIZE,
          lineHeight: LINE_HEIGHT,
          color: pdfColors.holidayText,
        },
      ),
    ),
  );
  pen.line("Total", totalRight, headTop, { ...totalCell, bold: true });
  rules.push(across(tableTop), across(rowsTop));

  if (rows.length === 0) {
    // One message across the table, as the grid has no rows to divide.
    pen.line("Keine Standorte erfasst.", grid.left + 6, rowsTop + 6, { size: NAME_SIZE, color: pdfColors.muted });
    columnRules(rules, tableTop, rowsTop);
    if (lastOfWeek) columnRules(rules, rowsBottom, tableBottom);
  } else {
    week.days.forEach((day, i) => {
      const shade = day === null ? pdfColors.outside : holidayLines[i].length > 0 ? pdfColors.holiday : null;
      if (shade) pen.rect(grid.dayX(i), rowsTop, grid.dayWidth, rowsBottom - rowsTop, shade);
    });
    let y = rowsTop;
    for (const row of rows) {
      drawRow(pen, row, y);
      y += row.height;
      rules.push(across(y));
    }
    columnRules(rules, tableTop, tableBottom);
  }

  if (lastOfWeek) {
    const top = rowsBottom + grid.padding;
    pen.line("Total Tag", grid.left + grid.padding, top, firstCell);
    week.dayTotals.forEach(
      (total, i) => week.days[i] !== null && pen.line(hours(total), grid.dayX(i) + grid.padding, top, dayCell),
    );
    pen.line(hours(week.total), totalRight, top, { ...totalCell, bold: true });
    rules.push(across(tableBottom));
    pen.line(LEGEND, grid.left, tableBottom + LEGEND_HEIGHT - LEGEND_SIZE * LINE_FACTOR, {
      size: LEGEND_SIZE,
      color: pdfColors.muted,
    });
  }

  // All of a page's rules in one path: one stroke instead of hundreds.
  const doc = pen.doc.lineWidth(0.5);
  for (const [x1, y1, x2, y2] of rules) doc.moveTo(x1, y1).lineTo(x2, y2);
  doc.stroke(pdfColors.line);
}

/** The rules left of each day column and of the total column, from `top` to `bottom`. */
function columnRules(rules: Rule[], top: number, bottom: number) {
  for (let i = 0; i < 7; i++) rules.push([grid.dayX(i), top, grid.dayX(i), bottom]);
  rules.push([grid.totalX, top, grid.totalX, bottom]);
}

function drawRow(pen: Pen, row: PageRow, top: number) {
  const inner = top + grid.padding;
  pen.rect(grid.left + grid.padding, inner, grid.swatch, row.height - 2 * grid.padding, row.color, 1);
  row.nameLines.forEach((line, i) => pen.line(line, grid.nameTextX, inner + i * NAME_LINE_HEIGHT, bold));
  if (!row.continued) pen.line(hours(row.total), totalRight, inner, totalCell);

  row.cells.forEach((cell, day) => {
    const x = grid.dayX(day) + grid.padding;
    let y = inner;
    for (const block of cell) {
      const background = block.open ? pdfColors.open : block.holiday ? pdfColors.holiday : null;
      if (background) pen.rect(x, y, grid.dayTextWidth, block.lines.length * LINE_HEIGHT, background);
      const style = {
        size: SHIFT_SIZE,
        lineHeight: LINE_HEIGHT,
        color: block.open ? pdfColors.openText : block.holiday ? pdfColors.holidayText : pdfColors.text,
      };
      block.lines.forEach((line, i) => pen.line(line, i === 0 ? x : x + SHIFT_INDENT, y + i * LINE_HEIGHT, style));
      y += block.lines.length * LINE_HEIGHT;
    }
  });
}
