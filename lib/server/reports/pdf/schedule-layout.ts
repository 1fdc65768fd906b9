import "server-only";
import { formatHours } from "@/lib/shared/hours";
import type { ScheduleReport, ScheduleShift, ScheduleWeek } from "@/lib/shared/report-types";
import { FRAME_BODY_TOP } from "./page-frame";
import { pdfPage } from "./theme";

/*
 * Geometry and page layout of the schedule PDF, kept apart from the drawing
 * (schedule-pdf.ts) so that it can be tested without a PDF. Every text is
 * wrapped here, once; the drawing only places lines.
 */

/** Columns of the week grid in pt: location, Monday … Sunday, total. */
export const grid = (() => {
  const left = pdfPage.margin;
  const width = pdfPage.width - 2 * pdfPage.margin;
  const nameWidth = 92;
  const totalWidth = 52; // room for a week total like "20'000.0 h"
  const dayWidth = (width - nameWidth - totalWidth) / 7;
  const padding = 2.5;
  const swatch = 4;
  const swatchGap = 4;
  // Our widths ignore kerning, which pdfkit applies: a shift line came out up to 0.3 pt wider.
  const safety = 1;
  return {
    left,
    width,
    nameWidth,
    totalWidth,
    dayWidth,
    padding,
    swatch,
    swatchGap,
    /** x of the left edge of day column `i` (0 = Monday). */
    dayX: (i: number) => left + nameWidth + i * dayWidth,
    totalX: left + width - totalWidth,
    nameTextX: left + padding + swatch + swatchGap,
    nameTextWidth: nameWidth - 2 * padding - swatch - swatchGap - safety,
    shiftTextWidth: dayWidth - 2 * padding - safety,
    /** Room for a one-line text in a day or total cell. */
    dayTextWidth: dayWidth - 2 * padding,
    totalTextWidth: totalWidth - 2 * padding,
  };
})();

export const SHIFT_SIZE = 7;
export const LINE_HEIGHT = 9.1; // 7 pt shift lines
export const NAME_SIZE = pdfPage.bodySize;
export const NAME_LINE_HEIGHT = 9.6; // 8 pt location names, head and total rows
/** Lines after the first of a wrapped shift are indented, so each shift reads as one block. */
export const SHIFT_INDENT = 5;
export const ROW_PADDING = 2 * grid.padding;
export const BAR_HEIGHT = ROW_PADDING + NAME_LINE_HEIGHT; // the head row and the "Total Tag" row
export const WEEK_TITLE_SIZE = 10;
export const WEEK_TITLE_HEIGHT = 16; // 10 pt line plus a gap
export const LEGEND_SIZE = 7;
export const LEGEND_HEIGHT = 15; // gap plus a 7 pt line

/** Height left for location rows on a page: every page keeps room for the week's totals and legend. */
export const PAGE_ROWS_HEIGHT =
  pdfPage.height - pdfPage.bottom - FRAME_BODY_TOP - WEEK_TITLE_HEIGHT - 2 * BAR_HEIGHT - LEGEND_HEIGHT;

/** Wraps a shift line into a day column, and a location name into the first column. */
export type Wrap = { shift: (text: string) => string[]; name: (text: string) => string[] };

/** A shift's wrapped line, or (holiday) a location's public holiday atop its day cell. */
export type ShiftBlock = { lines: string[]; open: boolean; holiday?: boolean };
export type PageRow = {
  id: number;
  nameLines: string[];
  color: string;
  cells: ShiftBlock[][];
  total: number;
  continued: boolean;
  height: number;
};
export type SchedulePage = {
  week: ScheduleWeek;
  rows: PageRow[];
  firstOfWeek: boolean;
  lastOfWeek: boolean;
  /** Per day, the wrapped "Feiertag: …" under the day in the head (docs/PRODUCT-RULES.md §22.6). */
  holidayLines: string[][];
  /** The head row's height: one line, plus the holidays' lines. */
  headHeight: number;
};

/** "07:00–15:30 8.5 h Ayşe Şahin" (+ " · Inventur" for a custom shift); "Offen" when unassigned. */
export function shiftLine(shift: ScheduleShift): string {
  const label = shift.label ? ` · ${shift.label}` : "";
  return `${shift.start}–${shift.end} ${formatHours(shift.hours)} h ${shift.employee ?? "Offen"}${label}`;
}

export const holidayLine = (name: string) => `Feiertag: ${name}`;

const lineCount = (cell: ShiftBlock[]) => cell.reduce((lines, block) => lines + block.lines.length, 0);

function makeRow(
  location: { id: number; name: string; color: string; total: number },
  cells: ShiftBlock[][],
  continued: boolean,
  wrap: Wrap,
): PageRow {
  const nameLines = wrap.name(continued ? `${location.name} (Forts.)` : location.name);
  const shiftLines = Math.max(0, ...cells.map(lineCount));
  const height = ROW_PADDING + Math.max(nameLines.length * NAME_LINE_HEIGHT, shiftLines * LINE_HEIGHT);
  return { id: location.id, nameLines, color: location.color, cells, total: location.total, continued, height };
}

/**
 * One location's row, or — when its cells are taller than a page — pieces
 * of at most `maxLines` lines per cell. A shift's lines stay together.
 */
function locationRows(location: ScheduleWeek["locations"][number], wrap: Wrap, maxLines: number): PageRow[] {
  const cells = location.cells.map((cell, day): ShiftBlock[] => {
    const holiday = location.holidays?.[day];
    return [
      ...(holiday ? [{ lines: wrap.shift(holidayLine(holiday)), open: false, holiday: true }] : []),
      ...cell.map((shift) => ({ lines: wrap.shift(shiftLine(shift)), open: shift.employee === null })),
    ];
  });
  if (cells.every((cell) => lineCount(cell) <= maxLines)) return [makeRow(location, cells, false, wrap)];
  const pieces: PageRow[] = [];
  const remaining = cells.map((cell) => [...cell]);
  while (remaining.some((cell) => cell.length > 0)) {
    const piece = remaining.map((cell) => {
      const taken: ShiftBlock[] = [];
      let lines = 0;
      while (cell.length > 0 && (taken.length === 0 || lines + cell[0].lines.length <= maxLines)) {
        lines += cell[0].lines.length;
        taken.push(cell.shift()!);
      }
      return taken;
    });
    pieces.push(makeRow(location, piece, pieces.length > 0, wrap));
  }
  return pieces;
}

/**
 * The schedule's pages: each week starts on a new page; a location's row
 * stays on one page unless it is taller than a page, and a week with more
 * rows than a page holds continues on the next one. The page count is known
 * before anything is drawn ("Seite X von Y").
 */
export function paginateSchedule(
  report: ScheduleReport,
  wrap: Wrap,
  pageRowsHeight = PAGE_ROWS_HEIGHT,
): SchedulePage[] {
  const pages: SchedulePage[] = [];
  for (const week of report.weeks) {
    const holidayLines = week.days.map((day, i) => {
      const holiday = week.holidays?.[i];
      return day !== null && holiday ? wrap.shift(holidayLine(holiday)) : [];
    });
    const headExtra = Math.max(0, ...holidayLines.map((lines) => lines.length)) * LINE_HEIGHT;
    const headHeight = BAR_HEIGHT + headExtra;
    const rowsHeight = pageRowsHeight - headExtra;
    const maxLines = Math.max(1, Math.floor((rowsHeight - ROW_PADDING) / LINE_HEIGHT));
    const head = { holidayLines, headHeight };
    const weekPages: SchedulePage[] = [];
    let current: PageRow[] = [];
    let used = 0;
    for (const row of week.locations.flatMap((location) => locationRows(location, wrap, maxLines))) {
      if (current.length > 0 && used + row.height > rowsHeight) {
        weekPages.push({ week, rows: current, firstOfWeek: weekPages.length === 0, lastOfWeek: false, ...head });
        current = [];
        used = 0;
      }
      current.push(row);
      used += row.height;
    }
    weekPages.push({ week, rows: current, firstOfWeek: weekPages.length === 0, lastOfWeek: true, ...head });
    pages.push(...weekPages);
  }
  return pages;
}
