/** Shapes of the reports, shared by the server that builds them and the documents that print them. */

/** Hours report JSON of PRODUCT.md §4. */
export type HoursReport = {
  start_date: string;
  end_date: string;
  employees: HoursReportRow[];
  totals: { scheduled_hours: number; target_hours: number; shift_count: number };
};

export type HoursReportRow = {
  employee_id: number;
  first_name: string;
  last_name: string;
  is_hourly: boolean;
  weekly_hours: number;
  target_hours: number | null;
  scheduled_hours: number;
  difference: number | null;
  shift_count: number;
  vacation_days: number;
};

export type ScheduleShift = { employee: string | null; start: string; end: string; hours: number; label: string | null };

export type ScheduleWeek = {
  weekStart: string;
  /** The seven dates Monday … Sunday; dates outside the requested range are null. */
  days: (string | null)[];
  locations: { id: number; name: string; color: string; cells: ScheduleShift[][]; total: number }[];
  dayTotals: number[];
  total: number;
};

export type ScheduleReport = { startDate: string; endDate: string; weeks: ScheduleWeek[]; total: number; shiftCount: number };

