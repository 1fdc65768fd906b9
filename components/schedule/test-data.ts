/** Builders for the planner's module tests (only *.test.ts next to this file import it). */
import type { EmployeeDto, LocationDto, ShiftDto } from "@/lib/shared/api-types";

export function employeeDto(id: number, first: string, last: string, options: Partial<EmployeeDto> = {}): EmployeeDto {
  return {
    id,
    first_name: first,
    last_name: last,
    weekly_hours: 40,
    vacation_days_total: 20,
    vacation_days_used: 0,
    vacation_days_pending: 0,
    vacation_days_remaining: 20,
    is_hourly: false,
    location_ids: [],
    created_at: "2026-01-01T00:00:00.000Z",
    ...options,
  };
}

export function locationDto(id: number, name: string, color = "#10B981"): LocationDto {
  return { id, name, color, address: null, holiday_region: null, swap_needs_approval: true, presets: [] };
}

export function shiftDto(id: number, options: Partial<ShiftDto> = {}): ShiftDto {
  return {
    id,
    employee_id: null,
    location_id: 1,
    shift_date: "2026-11-23",
    start_time: "08:00",
    end_time: "16:00",
    break_minutes: 30,
    is_custom: false,
    custom_name: null,
    hours: 7.5,
    employee_name: null,
    location_name: "Altstadt",
    location_color: "#10B981",
    ...options,
  };
}
