/** Builders for the planner's module tests (only *.test.ts next to this file import it). */
import type { EmployeeDto, LocationDto, ShiftDto, SwapDto } from "@/lib/shared/api-types";

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

/** An offer as GET /api/swaps answers planners (docs/PRODUCT-RULES.md §35): Lea gives away shift `shiftId`. */
export function swapDto(id: number, shiftId: number | null, options: Partial<SwapDto> = {}): SwapDto {
  const shift = {
    id: shiftId,
    shift_date: "2026-12-12",
    start_time: "06:30",
    end_time: "14:30",
    break_minutes: 30,
    location_id: 1,
    location_name: "Bahnhof",
    custom_name: null,
  };
  return {
    id,
    kind: "give_away",
    status: "open",
    shift,
    offered_by: { id: 1, name: "Lea Muster" },
    target_shift: null,
    target: null,
    accepted_by: null,
    accepted_at: null,
    note: null,
    needs_approval: true,
    starts_at: "2026-12-12T05:30:00.000Z",
    created_at: "2026-12-01T08:00:00.000Z",
    decided_by: null,
    decided_at: null,
    reject_reason: null,
    end_reason: null,
    change_id: null,
    can_accept: false,
    findings: [],
    ...options,
  };
}
