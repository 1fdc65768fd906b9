import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { eachDate, isoWeekday } from "@/lib/shared/dates";
import { uniqueName } from "./api";

/** Rows straight into the database, for tests that need them as a given. */
export async function employee(
  data: {
    weeklyHours?: number;
    vacationDaysTotal?: number;
    isHourly?: boolean;
    firstName?: string;
    lastName?: string;
  } = {},
) {
  return db.employee.create({
    data: {
      firstName: data.firstName ?? "Test",
      lastName: data.lastName ?? uniqueName("Person"),
      weeklyHours: data.weeklyHours ?? 40,
      vacationDaysTotal: data.vacationDaysTotal ?? 20,
      isHourly: data.isHourly ?? false,
    },
  });
}

export async function location(data: { name?: string; color?: string } = {}) {
  return db.location.create({ data: { name: data.name ?? uniqueName("Filiale"), color: data.color ?? "#10B981" } });
}

/**
 * A shift of the plan, published as it is (staff see it; docs/PRODUCT-RULES.md §33.3) unless `published: false`
 * leaves it a draft only planners see.
 */
export async function shift(data: {
  employeeId?: number | null;
  locationId: number;
  date: string;
  start?: string;
  end?: string;
  published?: boolean;
}) {
  const created = await db.shift.create({
    data: {
      employeeId: data.employeeId ?? null,
      locationId: data.locationId,
      shiftDate: toDateColumn(data.date),
      startTime: toTimeColumn(data.start ?? "09:00"),
      endTime: toTimeColumn(data.end ?? "17:00"),
    },
  });
  if (data.published !== false) await publishShifts(created.id);
  return created;
}

/**
 * These shifts published as they are in the draft, telling nobody: for tests of what staff see of shifts planned or
 * changed another way. Tests of publishing itself call POST /api/schedule/publish.
 */
export async function publishShifts(...ids: number[]) {
  await db.$executeRaw`
    INSERT INTO published_shifts (id, employee_id, location_id, shift_date, start_time, end_time, break_minutes,
                                  is_custom, custom_name, created_at, updated_at)
    SELECT id, employee_id, location_id, shift_date, start_time, end_time, break_minutes,
           is_custom, custom_name, created_at, updated_at
    FROM shifts WHERE id = ANY(${ids}::int[])
    ON CONFLICT (id) DO UPDATE SET
      employee_id = excluded.employee_id, location_id = excluded.location_id, shift_date = excluded.shift_date,
      start_time = excluded.start_time, end_time = excluded.end_time, break_minutes = excluded.break_minutes,
      is_custom = excluded.is_custom, custom_name = excluded.custom_name, updated_at = excluded.updated_at,
      published_at = CURRENT_TIMESTAMP`;
}

/** Charged like a vacation written without a holiday region: one vacation_days row per Monday-Friday day. */
export async function vacation(data: { employeeId: number; start: string; end: string; days: number }) {
  const weekdays = eachDate(data.start, data.end).filter((day) => isoWeekday(day) <= 5);
  return db.vacation.create({
    data: {
      employeeId: data.employeeId,
      startDate: toDateColumn(data.start),
      endDate: toDateColumn(data.end),
      daysCount: data.days,
      days: { create: weekdays.map((day) => ({ day: toDateColumn(day) })) },
    },
  });
}
