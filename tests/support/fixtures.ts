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

export async function shift(data: {
  employeeId?: number | null;
  locationId: number;
  date: string;
  start?: string;
  end?: string;
}) {
  return db.shift.create({
    data: {
      employeeId: data.employeeId ?? null,
      locationId: data.locationId,
      shiftDate: toDateColumn(data.date),
      startTime: toTimeColumn(data.start ?? "09:00"),
      endTime: toTimeColumn(data.end ?? "17:00"),
    },
  });
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
