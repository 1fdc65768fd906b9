import "server-only";
import { addDays } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import type { ScheduleReport, ScheduleRowsKind } from "@/lib/shared/report-types";
import { createPdfKitReport, drawPageFrame, FRAME_BODY_TOP, LINE_FACTOR, type Pen } from "./page-frame";
import type { TextMeasure } from "./text-lines";
import { pdfColors } from "./theme";
import {
  BLOCK_GAP,
  FOOTER_GAP,
  grid,
  hoursText,
  LEGEND_HEIGHT,
  LEGEND_SIZE,
  paginateSchedule,
  SHIFT_INDENT,
  WEEK_TITLE_HEIGHT,
  WEEK_TITLE_SIZE,
  type PageRow,
  type SchedulePage,
  type ShiftBlock,
  type TypeScale,
  type Wrap,
} from "./schedule-layout";

/**
 * The schedule for the staff-room wall (docs/PRODUCT-RULES.md §12.2, §27.6) — per week a grid of locations or
 * employees × Monday–Sunday with day and week totals — drawn directly with pdfkit: react-pdf's per-text layout
 * made a month of 500 employees take seconds. Texts are wrapped once by schedule-layout.ts; here lines are only
 * placed.
 */
export function renderSchedulePdf(
  report: ScheduleReport,
  { printedAt, root }: { printedAt: string; root: string },
): Promise<Uint8Array> {
  const range = `${formatDate(report.startDate)} – ${formatDate(report.endDate)}`;
  const title = [report.companyName, report.rows === "employees" ? "Arbeitsplan · Wer arbeitet wann" : "Arbeitsplan"]
    .filter(Boolean)
    .join(" · ");
  const pdf = createPdfKitReport({ root, title: `${title} ${range}` });
  const { pen } = pdf;
  // Wrapped once per text and column: a month repeats each shift's line on every day it is worked, and each week
  // is laid out at several type sizes until it fits (docs/PERFORMANCE.md P4). The lines are only read afterwards.
  // Kept per weight, size, width and indent (numbers, cheap to look up) and then per text: a key string built for
  // each of the layout's hundred thousand lookups cost more than the wrapping it saved.
  type Kept = Map<number, Map<number, Map<number, Map<string, string[]>>>>;
  const remembered = (kept: Kept, measure: TextMeasure, text: string, size: number, width: number, indent = 0) => {
    let byWidth = kept.get(size);
    if (!byWidth) kept.set(size, (byWidth = new Map()));
    let byIndent = byWidth.get(width);
    if (!byIndent) byWidth.set(width, (byIndent = new Map()));
    let byText = byIndent.get(indent);
    if (!byText) byIndent.set(indent, (byText = new Map()));
    let lines = byText.get(text);
    if (lines === undefined) byText.set(text, (lines = measure.wrap(text, size, width, indent)));
    return lines;
  };
  const regular: Kept = new Map();
  const bold: Kept = new Map();
  const wrap: Wrap = {
    regular: (text, size, width, indent) => remembered(regular, pen.regular, text, size, width, indent),
    bold: (text, size, width) => remembered(bold, pen.bold, text, size, width),
  };
  const pages = paginateSchedule(report, wrap);
  const totals = `${range} · ${report.shiftCount} Schichten · ${formatHours(report.total)} h`;
  const frame = { title, printedAt, pageCount: Math.max(1, pages.length) };
  if (pages.length === 0) {
    pdf.addPage();
    drawPageFrame(pen, { ...frame, period: range }, 1);
    pen.line("Keine Schichten in diesem Zeitraum", grid.left, FRAME_BODY_TOP + 20, {
      size: 14,
      color: pdfColors.muted,
    });
  }
  pages.forEach((page, index) => {
    pdf.addPage();
    drawPageFrame(pen, { ...frame, period: `KW ${isoWeekNumber(page.week.weekStart)} · ${totals}` }, index + 1);
    drawWeekPage(pen, page, report.rows);
  });
  return pdf.finish();
}

const totalRight = grid.left + grid.width - grid.padding;
const hours = hoursText;

type Rule = [x1: number, y1: number, x2: number, y2: number];
const across = (y: number): Rule => [grid.left, y, grid.left + grid.width, y];
const LEGEND: Record<ScheduleRowsKind, string> = {
  locations:
    "Offene Schichten sind gelb hinterlegt und mit „Offen“ bezeichnet. Stunden: Ende vor Beginn = über Mitternacht.",
  employees:
    "Offene Schichten stehen in der Zeile „Offen“. „Ferien“: genehmigte Ferien. Ende vor Beginn = über Mitternacht.",
};
const BLOCK_STYLE: Record<ShiftBlock["kind"], { background: string | null; color: string; bold?: boolean }> = {
  shift: { background: null, color: pdfColors.text },
  open: { background: pdfColors.open, color: pdfColors.openText },
  holiday: { background: pdfColors.holiday, color: pdfColors.holidayText },
  vacation: { background: pdfColors.vacation, color: pdfColors.vacationText, bold: true },
};

function drawWeekPage(pen: Pen, page: SchedulePage, kind: ScheduleRowsKind) {
  const { week, rows, firstOfWeek, lastOfWeek, holidayLines, headHeight, barHeight, vacationLines, type } = page;
  const weekEnd = formatDate(addDays(week.weekStart, 6));
  const continued = firstOfWeek ? "" : " (Fortsetzung)";
  const title = `KW ${isoWeekNumber(week.weekStart)} · ${formatDayMonth(week.weekStart)}–${weekEnd}${continued}`;
  pen.line(title, grid.left, FRAME_BODY_TOP, { size: WEEK_TITLE_SIZE, bold: true });

  const tableTop = FRAME_BODY_TOP + WEEK_TITLE_HEIGHT;
  const rowsTop = tableTop + headHeight;
  const rowsBottom = rowsTop + rows.reduce((sum, row) => sum + row.height, 0);
  const tableBottom = rowsBottom + (lastOfWeek ? barHeight : 0);
  const bold = { size: type.size, lineHeight: type.lineHeight, bold: true };
  const dayCell = { ...bold, maxWidth: grid.dayTextWidth };
  const totalCell = { ...bold, align: "right", maxWidth: grid.totalTextWidth } as const;
  const rules: Rule[] = [];

  // Backgrounds first: rules and texts go on top of them.
  pen.rect(grid.left, tableTop, grid.width, headHeight, pdfColors.header);
  if (lastOfWeek) pen.rect(grid.left, rowsBottom, grid.width, barHeight, pdfColors.header);
  week.days.forEach((day, i) => {
    const shade = day === null ? pdfColors.outside : holidayLines[i].lines.length > 0 ? pdfColors.holiday : null;
    if (shade) pen.rect(grid.dayX(i), rowsTop, grid.dayWidth, rowsBottom - rowsTop, shade);
  });

  const headTop = tableTop + grid.padding;
  const firstHead = kind === "locations" ? "Standort" : "Mitarbeitende";
  pen.line(firstHead, grid.left + grid.padding, headTop, { ...bold, maxWidth: grid.nameWidth - 2 * grid.padding });
  WEEKDAYS_SHORT.forEach((weekday, i) =>
    pen.line(`${weekday} ${formatDayMonth(addDays(week.weekStart, i))}`, grid.dayX(i) + grid.padding, headTop, dayCell),
  );
  holidayLines.forEach(({ lines, type: own }, i) =>
    lines.forEach((line, n) =>
      pen.line(
        line,
        grid.dayX(i) + grid.padding + (n > 0 ? SHIFT_INDENT : 0),
        headTop + type.lineHeight + n * own.lineHeight,
        { size: own.size, lineHeight: own.lineHeight, color: pdfColors.holidayText },
      ),
    ),
  );
  pen.line("Total", totalRight, headTop, totalCell);
  rules.push(across(tableTop), across(rowsTop));

  let y = rowsTop;
  for (const row of rows) {
    drawRow(pen, row, y, type);
    y += row.height;
    rules.push(across(y));
  }
  columnRules(rules, tableTop, tableBottom);

  let below = tableBottom;
  if (lastOfWeek) {
    const top = rowsBottom + grid.padding;
    pen.line("Total Tag", grid.left + grid.padding, top, { ...bold, maxWidth: grid.nameWidth - 2 * grid.padding });
    week.dayTotals.forEach(
      (total, i) => week.days[i] !== null && pen.line(hours(total), grid.dayX(i) + grid.padding, top, dayCell),
    );
    pen.line(hours(week.total), totalRight, top, totalCell);
    rules.push(across(tableBottom));
    if (vacationLines.length > 0) below += FOOTER_GAP;
    for (const line of vacationLines) {
      pen.line(line, grid.left, below, { size: type.size, lineHeight: type.lineHeight, color: pdfColors.vacationText });
      below += type.lineHeight;
    }
    pen.line(LEGEND[kind], grid.left, below + LEGEND_HEIGHT - LEGEND_SIZE * LINE_FACTOR, {
      size: LEGEND_SIZE,
      color: pdfColors.muted,
    });
  }

  // All of a page's rules in one path: one stroke instead of hundreds.
  const doc = pen.doc.lineWidth(0.75);
  for (const [x1, y1, x2, y2] of rules) doc.moveTo(x1, y1).lineTo(x2, y2);
  doc.stroke(pdfColors.grid);
}

/** The rules left of each day column and of the total column, from `top` to `bottom`. */
function columnRules(rules: Rule[], top: number, bottom: number) {
  for (let i = 0; i < 7; i++) rules.push([grid.dayX(i), top, grid.dayX(i), bottom]);
  rules.push([grid.totalX, top, grid.totalX, bottom]);
}

function drawRow(pen: Pen, row: PageRow, top: number, type: TypeScale) {
  const inner = top + grid.padding;
  // The row "Offen" of the employees' plan: amber across, like an open shift.
  if (row.open) pen.rect(grid.left, top, grid.nameWidth, row.height, pdfColors.open);
  if (row.color) pen.rect(grid.left + grid.padding, inner, grid.swatch, row.height - 2 * grid.padding, row.color, 1);
  const nameX = grid.nameTextX(row.color !== null);
  const { nameSize, nameLineHeight } = type;
  const nameStyle = {
    size: nameSize,
    lineHeight: nameLineHeight,
    bold: true,
    color: row.open ? pdfColors.openText : pdfColors.text,
  };
  row.nameLines.forEach((line, i) => pen.line(line, nameX, inner + i * nameLineHeight, nameStyle));
  if (!row.continued)
    pen.line(hours(row.total), totalRight, inner, {
      size: type.size,
      lineHeight: type.lineHeight,
      align: "right",
      maxWidth: grid.totalTextWidth,
    });

  row.cells.forEach((cell, day) => {
    const x = grid.dayX(day) + grid.padding;
    let y = inner;
    for (const block of cell) {
      const look = BLOCK_STYLE[block.kind];
      const { size, lineHeight } = block.type ?? type;
      const height = block.lines.length * lineHeight;
      if (look.background) pen.rect(x - 1, y, grid.dayTextWidth + 2, height, look.background, 1.5);
      block.lines.forEach((line, i) =>
        pen.line(line, i === 0 || block.timeFirst ? x : x + SHIFT_INDENT, y + i * lineHeight, {
          size,
          lineHeight,
          color: look.color,
          bold: look.bold || block.bold?.[i],
        }),
      );
      y += height + BLOCK_GAP;
    }
  });
}
