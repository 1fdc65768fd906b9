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
};

export type ScheduleWeek = {
  weekStart: string;
  /** The seven dates Monday … Sunday; dates outside the requested range are null. */
  days: (string | null)[];
  /** Per day, a public holiday of every location shown (for the day's head), else null; absent: none. */
  holidays?: (string | null)[];
  locations: {
    id: number;
    name: string;
    color: string;
    cells: ScheduleShift[][];
    total: number;
    /** Per day, a public holiday of this location that is not in the day's head, else null; absent: none. */
    holidays?: (string | null)[];
  }[];
  dayTotals: number[];
  total: number;
};

export type ScheduleReport = {
  startDate: string;
  endDate: string;
  weeks: ScheduleWeek[];
  total: number;
  shiftCount: number;
};
