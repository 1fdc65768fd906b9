/** Shapes of the reports, shared by the server that builds them and the documents that print them. */
import type { z } from "zod";
import type { hoursReportRowSchema, hoursReportSchema } from "./schemas/report";

/** Hours report JSON of docs/PRODUCT-RULES.md §12.1 (GET /api/reports/hours), inferred from its schema. */
export type HoursReport = z.infer<typeof hoursReportSchema>;
export type HoursReportRow = z.infer<typeof hoursReportRowSchema>;

export type ScheduleShift = {
  employee: string | null;
  start: string;
  end: string;
  hours: number;
  label: string | null;
  /** The location's name: printed in the rows of employees (docs/PRODUCT-RULES.md §27.6). */
  location: string;
};

/** What the schedule PDF's rows are: locations (the default) or employees ("Wer arbeitet wann"). */
export type ScheduleRowsKind = "locations" | "employees";

/** One row of a week: a location, an employee, or (rows of employees) the open shifts, "Offen". */
export type ScheduleRow = {
  /** The location's or employee's id; 0 for the row "Offen". */
  id: number;
  name: string;
  /** A location's colour (a swatch before its name); null: none. */
  color: string | null;
  /** The row "Offen" of the rows of employees. */
  open: boolean;
  cells: ScheduleShift[][];
  total: number;
  /** Per day, a public holiday of this location that is not in the day's head, else null; absent: none. */
  holidays?: (string | null)[];
  /** Per day, whether the employee is on approved vacation ("Ferien"); absent: none. */
  vacation?: boolean[];
};

export type ScheduleWeek = {
  weekStart: string;
  /** The seven dates Monday … Sunday; dates outside the requested range are null. */
  days: (string | null)[];
  /** Per day, the public holiday(s) printed in the day's head, else null; absent: none. */
  holidays?: (string | null)[];
  rows: ScheduleRow[];
  dayTotals: number[];
  total: number;
  /**
   * Rows of locations: who is on approved vacation this week, e.g. "Anna Meier (Mo–Mi)" (the days after a
   * no-break space); else empty.
   */
  vacations: string[];
};

export type ScheduleReport = {
  startDate: string;
  endDate: string;
  rows: ScheduleRowsKind;
  /** From the company settings; printed in each page's header, null: none. */
  companyName: string | null;
  /** Only the weeks with shifts (docs/PRODUCT-RULES.md §27.6): none when the range has none. */
  weeks: ScheduleWeek[];
  total: number;
  shiftCount: number;
};
