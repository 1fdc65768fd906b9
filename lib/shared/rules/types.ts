/**
 * The inputs and findings of the planning rules (docs/PRODUCT-RULES.md §24).
 * Plain data: the rules are pure functions of these, in lib/shared so that
 * the browser can use them too (the dialogs' legal minimum break); the
 * dialog's live findings come from the server running this same module.
 */

/** CH = Arbeitsgesetz, DE = Arbeitszeitgesetz, none = only overlap, vacation, unavailable, overbooked. */
export type LabourRules = "CH" | "DE" | "none";

export type RuleSettings = {
  labourRules: LabourRules;
  weeklyMaxHours: number;
  minRestHours: number;
  /** IANA zone of the business (APP_TIMEZONE): real time between shifts is measured in it (DST nights). */
  timeZone: string;
};

export type RuleShift = {
  /** 0 for a shift not saved yet (POST /shifts/check without id). */
  id: number;
  employee_id: number | null;
  location_id: number;
  location_name: string;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
};

export type RuleEmployee = {
  id: number;
  /** "First Last", as messages name the person. */
  name: string;
  weekly_hours: number;
  is_hourly: boolean;
  archived: boolean;
};

/**
 * An approved vacation (requests and rejected ones are not passed in), or a whole-day absence besides vacation
 * (`absent`, docs/PRODUCT-RULES.md §32.2): both keep the employee off the plan, and an absence's finding says
 * "abwesend", never why.
 */
export type RuleVacation = { employee_id: number; start_date: string; end_date: string; absent?: boolean };

/** Time the employee marked as unavailable; no times = the whole day. */
export type RuleUnavailability = {
  employee_id: number;
  date: string;
  start_time: string | null;
  end_time: string | null;
};

/**
 * Everything the rules read. `shifts` holds every shift of the employees
 * concerned in a window around the range being checked (see RULES_WINDOW_DAYS),
 * so rest time, week totals and runs of days are right at the range's edges.
 */
export type RuleInput = {
  settings: RuleSettings;
  employees: RuleEmployee[];
  shifts: RuleShift[];
  vacations: RuleVacation[];
  unavailability: RuleUnavailability[];
};

export const FINDING_CODES = [
  "overlap",
  "vacation",
  "unavailable",
  "rest_time",
  "daily_max",
  "weekly_max",
  "break",
  "consecutive_days",
  "overbooked",
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export type Finding = {
  code: FindingCode;
  severity: "error" | "warning";
  /** German, naming the person, the day and the other shift. */
  message: string;
  shift_id: number;
  employee_id: number;
  related_shift_id?: number;
};
