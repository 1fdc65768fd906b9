/**
 * The JSON shapes the API answers with (PRODUCT.md §4), shared by the route
 * handlers that build them and the browser that reads them.
 */
import type { Role } from "@/lib/shared/roles";

/** User JSON (SPEC §3): never a hash, never a secret. */
export type UserDto = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  two_factor_enabled: boolean;
  created_at: string;
};

/** Employee JSON. `vacation_days_used` counts the current year's vacation days. */
export type EmployeeDto = {
  id: number;
  first_name: string;
  last_name: string;
  weekly_hours: number;
  vacation_days_total: number;
  vacation_days_used: number;
  vacation_days_remaining: number;
  is_hourly: boolean;
  created_at: string;
};

export type LocationDto = { id: number; name: string; color: string; address: string | null };

export type ShiftDto = {
  id: number;
  employee_id: number | null;
  location_id: number;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: 0;
  is_custom: boolean;
  custom_name: string | null;
  hours: number;
  employee_name: string | null;
  location_name: string;
  location_color: string;
};

/** Status "approved" is shown as "Genehmigt". */
export type VacationDto = {
  id: number;
  employee_id: number;
  first_name: string;
  last_name: string;
  start_date: string;
  end_date: string;
  days_count: number;
  status: "approved";
  notes: string | null;
  created_at: string;
};

export type VacationBalance = { employee_id: number; year: number; total: number; used: number; remaining: number };

export type WeekTemplateDto = {
  id: number;
  name: string;
  description: string | null;
  shift_count: number;
  day_count: number;
  shifts: {
    id: number;
    day_of_week: number;
    location_id: number;
    location_name: string;
    location_color: string;
    start_time: string;
    end_time: string;
    break_minutes: 0;
    notes: string | null;
  }[];
};

/** Login answers: a session, or the two-factor step. */
export type SessionTokens = { accessToken: string; refreshToken: string };
export type LoginResult = (SessionTokens & { user: UserDto }) | { requires2FA: true; tempToken: string };

/** An employee's week: remaining = weekly − scheduled; hourly employees have no target. */
export type EmployeeWeek = {
  employee_id: number;
  first_name: string;
  last_name: string;
  is_hourly: boolean;
  weekly_hours: number;
  scheduled_hours: number;
  remaining_hours: number | null;
  status: "free" | "full" | "overbooked";
};

/** GET /api/dashboard: the figures of the dashboard in one answer. */
export type DashboardDto = {
  today: string;
  week_start: string;
  week_end: string;
  employees: { total: number; hourly: number };
  locations: { total: number };
  shifts: { total: number; assigned_hours: number; unassigned: number };
  /** Running or starting from today to one month ahead; `upcoming` holds the first five by start. */
  vacations: { total: number; upcoming: VacationDto[] };
  employee_weeks: EmployeeWeek[];
};
