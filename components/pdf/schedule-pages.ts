import { formatHours } from "@/lib/shared/hours";
import type { ScheduleReport, ScheduleShift, ScheduleWeek } from "@/lib/shared/report-types";

/**
 * Page layout of the schedule PDF, done by us rather than by react-pdf:
 * letting react-pdf split a tall grid across pages re-lays out the rest of
 * the document for every page, which made a month of 500 employees take
 * ten seconds. Rows are measured with a conservative estimate of line
 * counts and packed onto pages; a location with more shifts than a page
 * holds continues on the next page.
 */
export const LINE_HEIGHT = 9.1; // 7 pt text, line height 1.3
export const NAME_LINE_HEIGHT = 9.6; // 8 pt location names
export const ROW_PADDING = 5;
export const PAGE_ROWS_HEIGHT = 420; // landscape A4 minus title, week title, table head, totals, legend and footer

/** Line counts of a shift line in a day column and of a location name in the first column. */
export type Measure = { shiftLines: (text: string) => number; nameLines: (text: string) => number };

export type PageRow = { id: number; name: string; color: string; cells: ScheduleShift[][]; total: number; continued: boolean };
export type SchedulePage = { week: ScheduleWeek; rows: PageRow[]; firstOfWeek: boolean; lastOfWeek: boolean };

/** "07:00–15:30 8.5 h Ayşe Şahin" (+ " · Inventur" for a custom shift); "Offen" when unassigned. */
export function shiftLine(shift: ScheduleShift): string {
  return `${shift.start}–${shift.end} ${formatHours(shift.hours)} h ${shift.employee ?? "Offen"}${shift.label ? ` · ${shift.label}` : ""}`;
}

const cellLines = (cell: ScheduleShift[], measure: Measure) => cell.reduce((lines, shift) => lines + measure.shiftLines(shiftLine(shift)), 0);

export function rowHeight(row: { name: string; cells: ScheduleShift[][] }, measure: Measure): number {
  const shiftLines = Math.max(0, ...row.cells.map((cell) => cellLines(cell, measure)));
  return ROW_PADDING + Math.max(measure.nameLines(row.name) * NAME_LINE_HEIGHT, shiftLines * LINE_HEIGHT);
}

/** Splits a row whose cells are taller than `maxLines` into pieces that fit. */
function splitRow(row: PageRow, maxLines: number, measure: Measure): PageRow[] {
  const pieces: PageRow[] = [];
  const remaining = row.cells.map((cell) => [...cell]);
  let continued = false;
  while (remaining.some((cell) => cell.length > 0)) {
    const take = remaining.map((cell) => {
      const piece: ScheduleShift[] = [];
      let lines = 0;
      while (cell.length > 0 && (piece.length === 0 || lines + measure.shiftLines(shiftLine(cell[0])) <= maxLines)) {
        lines += measure.shiftLines(shiftLine(cell[0]));
        piece.push(cell.shift()!);
      }
      return piece;
    });
    pieces.push({ ...row, cells: take, continued });
    continued = true;
  }
  return pieces.length > 0 ? pieces : [row];
}

export function paginateSchedule(report: ScheduleReport, measure: Measure, pageRowsHeight = PAGE_ROWS_HEIGHT): SchedulePage[] {
  const pages: SchedulePage[] = [];
  const maxLines = Math.floor((pageRowsHeight - ROW_PADDING) / LINE_HEIGHT);
  for (const week of report.weeks) {
    const rows = week.locations.flatMap((location) => {
      const row: PageRow = { ...location, continued: false };
      return rowHeight(row, measure) > pageRowsHeight ? splitRow(row, maxLines, measure) : [row];
    });
    let current: PageRow[] = [];
    let used = 0;
    const weekPages: SchedulePage[] = [];
    for (const row of rows) {
      const height = rowHeight(row, measure);
      if (current.length > 0 && used + height > pageRowsHeight) {
        weekPages.push({ week, rows: current, firstOfWeek: weekPages.length === 0, lastOfWeek: false });
        current = [];
        used = 0;
      }
      current.push(row);
      used += height;
    }
    weekPages.push({ week, rows: current, firstOfWeek: weekPages.length === 0, lastOfWeek: true });
    pages.push(...weekPages);
  }
  return pages;
}
