import "server-only";
import { formatHours } from "@/lib/shared/hours";
import type {
  ScheduleReport,
  ScheduleRow,
  ScheduleRowsKind,
  ScheduleShift,
  ScheduleWeek,
} from "@/lib/shared/report-types";
import { FRAME_BODY_TOP } from "./page-frame";
import { pdfPage } from "./theme";

/*
 * Geometry and page layout of the schedule PDF, kept apart from the drawing
 * (schedule-pdf.ts) so that it can be tested without a PDF. Every text is
 * wrapped here, once; the drawing only places lines.
 *
 * The plan hangs on the staff-room wall (docs/PRODUCT-RULES.md §27.6): each
 * week takes the largest type size of TYPE_SIZES at which it fits one page,
 * and its rows stretch to fill that page; a week that does not fit at
 * MIN_TYPE_SIZE continues on further pages rather than going smaller.
 */

/** Columns of the week grid in pt: name (location or employee), Monday … Sunday, total. */
export const grid = (() => {
  const left = pdfPage.margin;
  const width = pdfPage.width - 2 * pdfPage.margin;
  const nameWidth = 124;
  const totalWidth = 58; // room for a week total like "2'000.0 h" at 9 pt
  const dayWidth = (width - nameWidth - totalWidth) / 7;
  const padding = 3;
  const swatch = 5;
  const swatchGap = 5;
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
    /** x of a name after a location's colour swatch, and without one (employees). */
    nameTextX: (swatched: boolean) => left + padding + (swatched ? swatch + swatchGap : 0),
    nameTextWidth: (swatched: boolean) => nameWidth - 2 * padding - (swatched ? swatch + swatchGap : 0) - safety,
    shiftTextWidth: dayWidth - 2 * padding - safety,
    /** Room for a one-line text in a day or total cell. */
    dayTextWidth: dayWidth - 2 * padding,
    totalTextWidth: totalWidth - 2 * padding,
  };
})();

/** The type sizes a week may take, largest first: names, times and every cell text (pt). */
export const TYPE_SIZES = [14, 13, 12, 11, 10, 9] as const;
/** Readable from a metre away: a week that does not fit at this size goes on over several pages. */
export const MIN_TYPE_SIZE = 9;

/** A week's type: its size and line height, and those of the rows' names (2 pt larger, at most the largest size). */
export type TypeScale = { size: number; lineHeight: number; nameSize: number; nameLineHeight: number };
const lineHeightOf = (size: number) => Math.round(size * 12.2) / 10;
export function typeScale(size: number): TypeScale {
  const nameSize = Math.min(TYPE_SIZES[0], size + 2);
  return { size, lineHeight: lineHeightOf(size), nameSize, nameLineHeight: lineHeightOf(nameSize) };
}
/** Down to this size a smaller type is tried rather than breaking a word inside; below, words break. */
export const UNBROKEN_MIN_SIZE = 10;

/** Lines after the first of a wrapped shift are indented, so each shift reads as one block. */
export const SHIFT_INDENT = 6;
/** A row split at a page's end leaves at least this many lines there. */
const MIN_SPLIT_LINES = 3;
/** Room between two shifts of a cell. */
export const BLOCK_GAP = 2;
export const ROW_PADDING = 2 * grid.padding;
export const WEEK_TITLE_SIZE = 13;
export const WEEK_TITLE_HEIGHT = 22; // 13 pt line plus a gap
export const LEGEND_SIZE = 8;
export const LEGEND_HEIGHT = 16; // gap plus an 8 pt line
/** Room above the "Ferien: …" line under the grid. */
export const FOOTER_GAP = 4;

/** The page's height under the header: week title, grid (head, rows, totals), vacations and legend. */
export const BODY_HEIGHT = pdfPage.height - pdfPage.bottom - FRAME_BODY_TOP;

/** Greedy word wrap of the PDF's regular and bold fonts (text-lines.ts): `text` at `size` pt into `width` pt. */
export type Wrap = {
  regular: (text: string, size: number, width: number, indent?: number) => string[];
  bold: (text: string, size: number, width: number) => string[];
};

/** A shift's wrapped lines, or a mark atop a day cell: a location's holiday, an employee's "Ferien". */
export type ShiftBlock = {
  lines: string[];
  kind: "shift" | "open" | "holiday" | "vacation";
  /** A shift in a row of employees: its time in bold, the location under it, not indented. */
  timeFirst?: boolean;
};
export type PageRow = {
  id: number;
  nameLines: string[];
  color: string | null;
  open: boolean;
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
  /** The week's type size: every page of a week has the same. */
  type: TypeScale;
  /** Per day, the wrapped "Feiertag: …" under the day in the head (docs/PRODUCT-RULES.md §22.6). */
  holidayLines: string[][];
  /** The head row's height: one line, plus the holidays' lines. */
  headHeight: number;
  /** The height of a "Total Tag" row. */
  barHeight: number;
  /** Room for rows on each page of the week; the rows of a week that fits one page fill it exactly. */
  rowsHeight: number;
  /** On a week's last page with rows of locations, the wrapped "Ferien: Anna M. (Mo–Mi), …"; else empty. */
  vacationLines: string[];
};

/** "07:00–15:30 8.5 h Ayşe Şahin" (+ " · Inventur" for a custom shift); "Offen" when unassigned. */
export function shiftLine(shift: ScheduleShift): string {
  const label = shift.label ? ` · ${shift.label}` : "";
  return `${shift.start}–${shift.end} ${formatHours(shift.hours)} h ${shift.employee ?? "Offen"}${label}`;
}

/** In a row of employees, under the shift's time: where, "Café Łódź" (+ " · Inventur"). */
export function employeeShiftPlace(shift: ScheduleShift): string {
  return shift.label ? `${shift.location} · ${shift.label}` : shift.location;
}

export const holidayLine = (name: string) => `Feiertag: ${name}`;
export const VACATION_MARK = "Ferien";

/** The height of a cell's blocks: their lines and the gaps between them. */
export function cellHeight(cell: ShiftBlock[], type: TypeScale): number {
  const lines = cell.reduce((sum, block) => sum + block.lines.length, 0);
  return lines * type.lineHeight + Math.max(0, cell.length - 1) * BLOCK_GAP;
}

function cellsOf(row: ScheduleRow, kind: ScheduleRowsKind, wrap: Wrap, type: TypeScale): ShiftBlock[][] {
  const text = (line: string) => wrap.regular(line, type.size, grid.shiftTextWidth, SHIFT_INDENT);
  return row.cells.map((cell, day): ShiftBlock[] => {
    const holiday = row.holidays?.[day];
    const marks: ShiftBlock[] = [
      ...(holiday ? [{ lines: text(holidayLine(holiday)), kind: "holiday" as const }] : []),
      ...(row.vacation?.[day] ? [{ lines: [VACATION_MARK], kind: "vacation" as const }] : []),
    ];
    return [
      ...marks,
      ...cell.map((shift) => ({
        ...(kind === "locations"
          ? { lines: text(shiftLine(shift)) }
          : {
              lines: [
                `${shift.start}–${shift.end}`,
                ...wrap.regular(employeeShiftPlace(shift), type.size, grid.shiftTextWidth),
              ],
              timeFirst: true,
            }),
        kind: shift.employee === null ? ("open" as const) : ("shift" as const),
      })),
    ];
  });
}

function makeRow(row: ScheduleRow, cells: ShiftBlock[][], continued: boolean, wrap: Wrap, type: TypeScale): PageRow {
  const name = continued ? `${row.name} (Forts.)` : row.name;
  const nameLines = wrap.bold(name, type.nameSize, grid.nameTextWidth(row.color !== null));
  const height =
    ROW_PADDING + Math.max(nameLines.length * type.nameLineHeight, ...cells.map((cell) => cellHeight(cell, type)));
  const { id, color, open, total } = row;
  return { id, nameLines, color, open, cells, total, continued, height };
}

/**
 * Splits cells at `maxCell` pt: what fits (a shift's lines stay together; with `atLeastOne`, each cell gives at
 * least its first block, so that splitting always moves on) and the rest.
 */
function takeCells(cells: ShiftBlock[][], maxCell: number, type: TypeScale, atLeastOne: boolean) {
  const taken: ShiftBlock[][] = [];
  const rest: ShiftBlock[][] = [];
  for (const cell of cells) {
    let n = 0;
    while (n < cell.length && ((atLeastOne && n === 0) || cellHeight(cell.slice(0, n + 1), type) <= maxCell)) n++;
    taken.push(cell.slice(0, n));
    rest.push(cell.slice(n));
  }
  return { taken, rest };
}

/** A row with its source, so that pagination can split it once more at a page's end. */
type Piece = { source: ScheduleRow; row: PageRow };

/**
 * One row, or — when its cells are taller than a page — pieces whose cells
 * are at most `maxCell` pt high. A shift's lines stay together.
 */
function splitRow(row: ScheduleRow, kind: ScheduleRowsKind, wrap: Wrap, type: TypeScale, maxCell: number): Piece[] {
  let remaining = cellsOf(row, kind, wrap, type);
  if (remaining.every((cell) => cellHeight(cell, type) <= maxCell))
    return [{ source: row, row: makeRow(row, remaining, false, wrap, type) }];
  const pieces: Piece[] = [];
  while (remaining.some((cell) => cell.length > 0)) {
    const { taken, rest } = takeCells(remaining, maxCell, type, true);
    pieces.push({ source: row, row: makeRow(row, taken, pieces.length > 0, wrap, type) });
    remaining = rest;
  }
  return pieces;
}

/** Per day, the week's head holidays wrapped into the day column. */
function headHolidays(week: ScheduleWeek, wrap: Wrap, type: TypeScale): string[][] {
  return week.days.map((day, i) => {
    const holiday = week.holidays?.[i];
    return day !== null && holiday
      ? wrap.regular(holidayLine(holiday), type.size, grid.shiftTextWidth, SHIFT_INDENT)
      : [];
  });
}

/** The rows' height if no text wrapped (stops adding once over `limit`): a bound from below, without wrapping. */
function minRowsHeight(rows: ScheduleRow[], type: TypeScale, limit: number): number {
  let total = 0;
  for (const row of rows) {
    let blocks = 0;
    row.cells.forEach((cell, day) => {
      const marks = (row.holidays?.[day] ? 1 : 0) + (row.vacation?.[day] ? 1 : 0);
      blocks = Math.max(blocks, cell.length + marks);
    });
    const cells = blocks * type.lineHeight + Math.max(0, blocks - 1) * BLOCK_GAP;
    total += ROW_PADDING + Math.max(type.nameLineHeight, cells);
    if (total > limit) break;
  }
  return total;
}

/**
 * Whether wrapping `text` into `lines` broke a word. Kept per lines array: the renderer's wrap hands out the same
 * array for the same text, width and size (schedule-pdf.ts), and a month asks about each thousands of times
 * (docs/PERFORMANCE.md P4).
 */
const brokenByLines = new WeakMap<string[], boolean>();
function brokenWords(text: string, lines: string[]): boolean {
  let broken = brokenByLines.get(lines);
  if (broken === undefined) {
    broken = lines.join(" ") !== text.replace(/\s+/g, " ").trim();
    brokenByLines.set(lines, broken);
  }
  return broken;
}

/**
 * A week's pages: at the largest type size at which the week fits one page (without breaking a word inside,
 * down to UNBROKEN_MIN_SIZE), its rows stretched to fill the page; else, at MIN_TYPE_SIZE, as many pages as it
 * takes, spread evenly or with tall rows split at the pages' ends.
 */
function layoutWeek(week: ScheduleWeek, kind: ScheduleRowsKind, plain: Wrap, bodyHeight: number): SchedulePage[] {
  for (const size of TYPE_SIZES) {
    const type = typeScale(size);
    const smallest = size <= MIN_TYPE_SIZE;
    // A word broken in the middle ("Weihnachts-tag") reads badly from afar: then a smaller size is tried.
    let broken = false;
    const watch = (text: string, lines: string[]) => {
      if (!broken && brokenWords(text, lines)) broken = true;
      return lines;
    };
    const wrap: Wrap = {
      regular: (text, size, width, indent) => watch(text, plain.regular(text, size, width, indent)),
      bold: (text, size, width) => watch(text, plain.bold(text, size, width)),
    };
    const holidayLines = headHolidays(week, wrap, type);
    const headHeight = ROW_PADDING + type.lineHeight * (1 + Math.max(0, ...holidayLines.map((l) => l.length)));
    const barHeight = ROW_PADDING + type.lineHeight;
    const vacationLines =
      week.vacations.length > 0 ? wrap.regular(`Ferien: ${week.vacations.join(", ")}`, size, grid.width) : [];
    const footer = vacationLines.length > 0 ? FOOTER_GAP + vacationLines.length * type.lineHeight : 0;
    // Every page keeps room for the week's totals, vacations and legend.
    const rowsHeight = bodyHeight - WEEK_TITLE_HEIGHT - headHeight - barHeight - footer - LEGEND_HEIGHT;
    // Cheap first: a line per name and per shift or mark must fit before anything is wrapped at this size.
    if (!smallest && minRowsHeight(week.rows, type, rowsHeight) > rowsHeight) continue;
    const maxCell = Math.max(type.lineHeight, rowsHeight - ROW_PADDING);
    const pieces = week.rows.flatMap((row) => splitRow(row, kind, wrap, type, maxCell));
    const rows = pieces.map((piece) => piece.row);
    const used = rows.reduce((sum, row) => sum + row.height, 0);
    if (!smallest && (used > rowsHeight || (broken && size > UNBROKEN_MIN_SIZE))) continue;

    const page = { week, type, holidayLines, headHeight, barHeight, vacationLines, rowsHeight };
    if (used <= rowsHeight) {
      // Few rows: they share the page's height (docs/PRODUCT-RULES.md §27.6).
      const extra = rows.length > 0 ? (rowsHeight - used) / rows.length : 0;
      for (const row of rows) row.height += extra;
      return [{ ...page, rows, firstOfWeek: true, lastOfWeek: true }];
    }
    // Two ways over several pages: tall rows split at each page's end (fewest pages), or whole rows spread evenly
    // and stretched (every page filled). The second, unless the first saves paper.
    const split = splitAtPageEnds(pieces, rowsHeight, type, wrap);
    const whole = fill(rows, rowsHeight);
    const chosen = split.length < whole.length ? split : balance(rows, whole.length, rowsHeight);
    return chosen.map((pageRows, i) => ({
      ...page,
      rows: pageRows,
      firstOfWeek: i === 0,
      lastOfWeek: i === chosen.length - 1,
      vacationLines: i === chosen.length - 1 ? vacationLines : [],
    }));
  }
  throw new Error("unreachable: the smallest type size always gives pages");
}

/** Fills pages of at most `cap` pt of rows, in order; a row taller than `cap` gets a page of its own. */
function fill(rows: PageRow[], cap: number): PageRow[][] {
  const pages: PageRow[][] = [[]];
  let filled = 0;
  for (const row of rows) {
    if (pages.at(-1)!.length > 0 && filled + row.height > cap) {
      pages.push([]);
      filled = 0;
    }
    pages.at(-1)!.push(row);
    filled += row.height;
  }
  return pages;
}

/**
 * Rows in order on pages of `rowsHeight`; a row taller than the room left on a page fills that room and goes on
 * on the next page ("(Forts.)").
 */
function splitAtPageEnds(pieces: Piece[], rowsHeight: number, type: TypeScale, wrap: Wrap): PageRow[][] {
  const pages: PageRow[][] = [[]];
  let filled = 0;
  for (const { source, row } of pieces) {
    let next = row;
    const room = rowsHeight - filled;
    if (pages.at(-1)!.length > 0 && next.height > room) {
      if (room >= ROW_PADDING + MIN_SPLIT_LINES * type.lineHeight) {
        const { taken, rest } = takeCells(next.cells, room - ROW_PADDING, type, false);
        const first = makeRow(source, taken, next.continued, wrap, type);
        if (rest.some((cell) => cell.length > 0) && taken.some((cell) => cell.length > 0) && first.height <= room) {
          pages.at(-1)!.push(first);
          next = makeRow(source, rest, true, wrap, type);
        }
      }
      pages.push([]);
      filled = 0;
    }
    pages.at(-1)!.push(next);
    filled += next.height;
  }
  return pages;
}

/**
 * Whole rows spread evenly over `count` pages (the smallest height per page that needs no more pages), then
 * stretched to fill each page, so that no last page holds two lonely rows.
 */
function balance(rows: PageRow[], count: number, rowsHeight: number): PageRow[][] {
  let low = rows.reduce((sum, row) => sum + row.height, 0) / count;
  let high = rowsHeight;
  for (let i = 0; i < 20 && high - low > 0.5; i++) {
    const mid = (low + high) / 2;
    if (fill(rows, mid).length <= count) high = mid;
    else low = mid;
  }
  return fill(rows, high).map((pageRows) => {
    const extra = (rowsHeight - pageRows.reduce((sum, row) => sum + row.height, 0)) / pageRows.length;
    return pageRows.map((row) => ({ ...row, height: row.height + extra }));
  });
}

/**
 * The schedule's pages: each week (only weeks with shifts are in the report) starts on a new page. The page
 * count is known before anything is drawn ("Seite X von Y"); no weeks give no pages.
 */
export function paginateSchedule(report: ScheduleReport, wrap: Wrap, bodyHeight = BODY_HEIGHT): SchedulePage[] {
  return report.weeks.flatMap((week) => layoutWeek(week, report.rows, wrap, bodyHeight));
}
