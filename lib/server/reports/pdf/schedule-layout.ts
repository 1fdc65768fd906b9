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
 * Only names and times set the week's size: a label (a holiday's name, a
 * "Ferien" mark) whose word is wider than a day column takes a smaller size
 * of its own (§31.3), so "Weihnachtstag" no longer shrinks a whole week.
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
  /** Per line, whether it is drawn bold: the employee's name (rows of locations), the time (rows of employees). */
  bold?: boolean[];
  /** A shift in a row of employees: its time first, the location under it, not indented. */
  timeFirst?: boolean;
  /** A label's own type, when its words stay whole only below the week's size; else the week's. */
  type?: TypeScale;
};
/** A day's holiday in the head: its wrapped lines and their type (see ShiftBlock.type). */
export type HeadLabel = { lines: string[]; type: TypeScale };
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
  holidayLines: HeadLabel[];
  /** The head row's height: one line, plus the holidays' lines. */
  headHeight: number;
  /** The height of a "Total Tag" row. */
  barHeight: number;
  /** Room for rows on each page of the week; the rows of a week that fits one page fill it exactly. */
  rowsHeight: number;
  /** On a week's last page with rows of locations, the wrapped "Ferien: Anna M. (Mo–Mi), …"; else empty. */
  vacationLines: string[];
};

/**
 * A unit stays with its number on paper: "7.5 h" is joined by a no-break space, which the wrap (text-lines.ts)
 * does not break at (a time range "07:00–15:30" has no space at all).
 */
export const NBSP = "\u00a0";
export const hoursText = (hours: number) => `${formatHours(hours)}${NBSP}h`;

/**
 * Built once per shift: a week that does not fit one page is laid out at up to six type sizes (layoutWeek), and a
 * text built anew is a new string to hash for every lookup of its wrapped lines (docs/PERFORMANCE.md P4).
 */
const shiftTimes = new WeakMap<ScheduleShift, string>();
/** "07:00–15:30 8.5 h": a shift's time and hours, the first part of its block in a row of locations. */
export function shiftTime(shift: ScheduleShift): string {
  let text = shiftTimes.get(shift);
  if (text === undefined) shiftTimes.set(shift, (text = `${shift.start}–${shift.end} ${hoursText(shift.hours)}`));
  return text;
}
/** The employee (bold on paper) or "Offen", and a custom shift's name after it. */
export function shiftWho(shift: ScheduleShift): string {
  return shift.employee ?? "Offen";
}

/** "07:00–15:30 8.5 h Ayşe Şahin" (+ " · Inventur" for a custom shift); "Offen" when unassigned. */
export function shiftLine(shift: ScheduleShift): string {
  const label = shift.label ? ` · ${shift.label}` : "";
  return `${shiftTime(shift)} ${shiftWho(shift)}${label}`;
}

/** In a row of employees, under the shift's time: where, "Café Łódź" (+ " · Inventur"). */
export function employeeShiftPlace(shift: ScheduleShift): string {
  return shift.label ? `${shift.location} · ${shift.label}` : shift.location;
}

export const holidayLine = (name: string) => `Feiertag: ${name}`;
export const VACATION_MARK = "Ferien";

/** The height of a cell's blocks: their lines (at each block's own type) and the gaps between them. */
export function cellHeight(cell: ShiftBlock[], type: TypeScale): number {
  const lines = cell.reduce((sum, block) => sum + block.lines.length * (block.type ?? type).lineHeight, 0);
  return lines + Math.max(0, cell.length - 1) * BLOCK_GAP;
}

/**
 * A label's lines at the largest size, from the week's down, at which no word of it breaks inside (down to
 * MIN_TYPE_SIZE, where it breaks): a label never sets the week's size. `plain` is the wrap that does not watch.
 */
function fitLabel(text: string, type: TypeScale, plain: Wrap, indent = SHIFT_INDENT): HeadLabel {
  const whole = (lines: string[]) => lines.join(" ") === text.replace(/ +/g, " ").trim();
  for (const size of TYPE_SIZES) {
    if (size > type.size) continue;
    const lines = plain.regular(text, size, grid.shiftTextWidth, indent);
    if (whole(lines) || size <= MIN_TYPE_SIZE) return { lines, type: size === type.size ? type : typeScale(size) };
  }
  return { lines: plain.regular(text, MIN_TYPE_SIZE, grid.shiftTextWidth, indent), type: typeScale(MIN_TYPE_SIZE) };
}

function cellsOf(row: ScheduleRow, kind: ScheduleRowsKind, wrap: Wrap, plain: Wrap, type: TypeScale): ShiftBlock[][] {
  const text = (line: string) => wrap.regular(line, type.size, grid.shiftTextWidth, SHIFT_INDENT);
  const label = (line: string, kind: "holiday" | "vacation"): ShiftBlock => {
    const fitted = fitLabel(line, type, plain);
    return { lines: fitted.lines, kind, ...(fitted.type === type ? {} : { type: fitted.type }) };
  };
  return row.cells.map((cell, day): ShiftBlock[] => {
    const holiday = row.holidays?.[day];
    const marks: ShiftBlock[] = [
      ...(holiday ? [label(holidayLine(holiday), "holiday")] : []),
      ...(row.vacation?.[day] ? [label(VACATION_MARK, "vacation")] : []),
    ];
    return [
      ...marks,
      ...cell.map((shift): ShiftBlock => {
        const blockKind = shift.employee === null ? ("open" as const) : ("shift" as const);
        if (kind === "employees") {
          const place = wrap.regular(employeeShiftPlace(shift), type.size, grid.shiftTextWidth);
          const lines = [`${shift.start}–${shift.end}`, ...place];
          return { lines, bold: lines.map((_, i) => i === 0), timeFirst: true, kind: blockKind };
        }
        // Rows of locations: the time and hours, then the name in bold (like the planner's chips), then a custom
        // shift's name; each part wraps on its own, lines after the first indented.
        const time = text(shiftTime(shift));
        const who = wrap.bold(shiftWho(shift), type.size, grid.shiftTextWidth - SHIFT_INDENT);
        const custom = shift.label ? text(`· ${shift.label}`) : [];
        return {
          lines: [...time, ...who, ...custom],
          bold: [...time.map(() => false), ...who.map(() => shift.employee !== null), ...custom.map(() => false)],
          kind: blockKind,
        };
      }),
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
function splitRow(
  row: ScheduleRow,
  kind: ScheduleRowsKind,
  wrap: Wrap,
  plain: Wrap,
  type: TypeScale,
  maxCell: number,
): Piece[] {
  let remaining = cellsOf(row, kind, wrap, plain, type);
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

/** Per day, the week's head holidays wrapped into the day column, each at its own size (fitLabel). */
function headHolidays(week: ScheduleWeek, plain: Wrap, type: TypeScale): HeadLabel[] {
  return week.days.map((day, i) => {
    const holiday = week.holidays?.[i];
    return day !== null && holiday ? fitLabel(holidayLine(holiday), type, plain) : { lines: [], type };
  });
}

/** The rows' height if no text wrapped (stops adding once over `limit`): a bound from below, without wrapping. */
function minRowsHeight(rows: ScheduleRow[], type: TypeScale, limit: number): number {
  let total = 0;
  for (const row of rows) {
    let cells = 0;
    row.cells.forEach((cell, day) => {
      // A shift has two lines at least (time, then name or place); a label one, perhaps at the smallest size.
      const marks = (row.holidays?.[day] ? 1 : 0) + (row.vacation?.[day] ? 1 : 0);
      const blocks = cell.length + marks;
      const height =
        cell.length * 2 * type.lineHeight + marks * lineHeightOf(MIN_TYPE_SIZE) + Math.max(0, blocks - 1) * BLOCK_GAP;
      cells = Math.max(cells, height);
    });
    total += ROW_PADDING + Math.max(type.nameLineHeight, cells);
    if (total > limit) break;
  }
  return total;
}

/** A week laid out at one type size: its page furniture, its rows (wrapped), and whether a word broke inside. */
type Attempt = {
  page: Omit<SchedulePage, "rows" | "firstOfWeek" | "lastOfWeek">;
  pieces: Piece[];
  used: number;
  broken: boolean;
};

/** The week's head, footer and room for rows at `size`, before anything of the rows is wrapped. */
function frameAt(week: ScheduleWeek, plain: Wrap, bodyHeight: number, size: number) {
  const type = typeScale(size);
  const holidayLines = headHolidays(week, plain, type);
  const headHeight =
    ROW_PADDING + type.lineHeight + Math.max(0, ...holidayLines.map((l) => l.lines.length * l.type.lineHeight));
  const barHeight = ROW_PADDING + type.lineHeight;
  const vacationLines =
    week.vacations.length > 0 ? plain.regular(`Ferien: ${week.vacations.join(", ")}`, size, grid.width) : [];
  const footer = vacationLines.length > 0 ? FOOTER_GAP + vacationLines.length * type.lineHeight : 0;
  // Every page keeps room for the week's totals, vacations and legend.
  const rowsHeight = bodyHeight - WEEK_TITLE_HEIGHT - headHeight - barHeight - footer - LEGEND_HEIGHT;
  return { week, type, holidayLines, headHeight, barHeight, vacationLines, rowsHeight };
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
    // Only spaces: a no-break space (NBSP) is no place to wrap, and \s would count it as one.
    broken = lines.join(" ") !== text.replace(/ +/g, " ").trim();
    brokenByLines.set(lines, broken);
  }
  return broken;
}

/** The week's rows wrapped at the frame's size; `broken` tells whether a name or time broke inside a word. */
function attempt(frame: ReturnType<typeof frameAt>, kind: ScheduleRowsKind, plain: Wrap): Attempt {
  const { type, rowsHeight } = frame;
  // A word broken in the middle ("Osw-ald") reads badly from afar: then a smaller size is tried. Labels fit
  // themselves (fitLabel) and are not watched.
  let broken = false;
  const watch = (text: string, lines: string[]) => {
    if (!broken && brokenWords(text, lines)) broken = true;
    return lines;
  };
  const wrap: Wrap = {
    regular: (text, size, width, indent) => watch(text, plain.regular(text, size, width, indent)),
    bold: (text, size, width) => watch(text, plain.bold(text, size, width)),
  };
  const maxCell = Math.max(type.lineHeight, rowsHeight - ROW_PADDING);
  const pieces = frame.week.rows.flatMap((row) => splitRow(row, kind, wrap, plain, type, maxCell));
  const used = pieces.reduce((sum, piece) => sum + piece.row.height, 0);
  return { page: frame, pieces, used, broken };
}

/** An attempt over as many pages as it takes: tall rows split at page ends, or whole rows spread evenly. */
function overPages({ page, pieces }: Attempt, plain: Wrap): SchedulePage[] {
  const rows = pieces.map((piece) => piece.row);
  // Two ways over several pages: tall rows split at each page's end (fewest pages), or whole rows spread evenly
  // and stretched (every page filled). The second, unless the first saves paper.
  const split = splitAtPageEnds(pieces, page.rowsHeight, page.type, plain);
  const whole = fill(rows, page.rowsHeight);
  const chosen = split.length < whole.length ? split : balance(rows, whole.length, page.rowsHeight);
  return chosen.map((pageRows, i) => ({
    ...page,
    rows: pageRows,
    firstOfWeek: i === 0,
    lastOfWeek: i === chosen.length - 1,
    vacationLines: i === chosen.length - 1 ? page.vacationLines : [],
  }));
}

/**
 * A week's pages. On one page at the largest type size at which the week fits it (names and times unbroken down
 * to UNBROKEN_MIN_SIZE), its rows stretched to fill the page. Else over as few pages as MIN_TYPE_SIZE needs, at
 * the largest size that needs no more of them: a week of twelve locations that takes three pages anyway is
 * printed as large as three pages allow, not at the smallest size (docs/PRODUCT-RULES.md §31.3).
 */
function layoutWeek(week: ScheduleWeek, kind: ScheduleRowsKind, plain: Wrap, bodyHeight: number): SchedulePage[] {
  const unbrokenEnough = (tried: Attempt) => !tried.broken || tried.page.type.size <= UNBROKEN_MIN_SIZE;
  for (const size of TYPE_SIZES) {
    const frame = frameAt(week, plain, bodyHeight, size);
    // Cheap first: a line per name and two per shift must fit before anything is wrapped at this size.
    if (minRowsHeight(week.rows, frame.type, frame.rowsHeight) > frame.rowsHeight) continue;
    const tried = attempt(frame, kind, plain);
    if (tried.used > frame.rowsHeight || !unbrokenEnough(tried)) continue;
    // Few rows: they share the page's height (docs/PRODUCT-RULES.md §27.6).
    const rows = tried.pieces.map((piece) => piece.row);
    const extra = rows.length > 0 ? (frame.rowsHeight - tried.used) / rows.length : 0;
    for (const row of rows) row.height += extra;
    return [{ ...tried.page, rows, firstOfWeek: true, lastOfWeek: true }];
  }
  const smallest = overPages(attempt(frameAt(week, plain, bodyHeight, MIN_TYPE_SIZE), kind, plain), plain);
  for (const size of TYPE_SIZES) {
    if (size <= MIN_TYPE_SIZE) break;
    const frame = frameAt(week, plain, bodyHeight, size);
    const room = smallest.length * frame.rowsHeight;
    if (minRowsHeight(week.rows, frame.type, room) > room) continue;
    const tried = attempt(frame, kind, plain);
    if (tried.used > room || !unbrokenEnough(tried)) continue;
    const pages = overPages(tried, plain);
    if (pages.length <= smallest.length) return pages;
  }
  return smallest;
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
