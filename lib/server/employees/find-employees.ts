import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { businessToday, businessYear } from "@/lib/server/clock";
import { db, type Db } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import type { IdOptions } from "@/lib/server/domain-options";
import { readTargets } from "@/lib/server/hours/read-targets";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import { vacationDaysSql } from "@/lib/server/vacations/vacation-days-sql";
import type { Availability, EmployeeDeletionImpact } from "@/lib/shared/api-types";
import { addDays, eachDate, mondayOf } from "@/lib/shared/dates";
import { sumHours } from "@/lib/shared/hours";
import { weekStatus } from "@/lib/shared/week-status";
import { futureShiftsOf, futureVacationsOf, runningVacationsOf } from "./archive-scope";
import { toEmployeeDto, type EmployeeDto } from "./employee-dto";

export type { Availability };

export type EmployeeFilter = { id?: number };

type Row = {
  id: number;
  first_name: string;
  last_name: string;
  weekly_hours: number;
  vacation_days_total: number;
  is_hourly: boolean;
  location_ids: number[];
  created_at: Date;
  personnel_number: string | null;
  used: number;
  pending: number;
};

/**
 * Active employees with this year's vacation days used and pending (docs/PRODUCT-RULES.md §26.3) and their
 * Einsatzorte (§28.1), in one SQL query (no query per employee). Sorted by last name, first name.
 */
export async function findEmployees(filter: EmployeeFilter = {}): Promise<EmployeeDto[]> {
  const onlyOne = filter.id !== undefined ? Prisma.sql`AND e.id = ${filter.id}` : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    SELECT e.id, e.first_name, e.last_name, e.weekly_hours::float8 AS weekly_hours,
           e.vacation_days_total::float8 AS vacation_days_total, e.is_hourly, e.created_at, e.personnel_number,
           ${locationIdsSql(Prisma.sql`e.id`)} AS location_ids,
           ${vacationDaysSql({ employeeId: Prisma.sql`e.id`, year: businessYear(), status: "approved" })} AS used,
           ${vacationDaysSql({ employeeId: Prisma.sql`e.id`, year: businessYear(), status: "requested" })} AS pending
    FROM employees e
    WHERE e.archived_at IS NULL ${onlyOne}
    ORDER BY e.last_name COLLATE "de-CH-x-icu", e.first_name COLLATE "de-CH-x-icu", e.id`;
  return rows.map((row) =>
    toEmployeeDto(
      {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        weeklyHours: row.weekly_hours,
        vacationDaysTotal: row.vacation_days_total,
        isHourly: row.is_hourly,
        locationIds: row.location_ids,
        createdAt: row.created_at,
        personnelNumber: row.personnel_number,
      },
      { used: row.used, pending: row.pending },
    ),
  );
}

/**
 * An employee's Einsatzorte as an ascending int[] ('{}' for none), for the SELECT list. Only active locations count:
 * archiving a location removes its rows (lib/server/locations/write-locations.ts), this keeps the answer right even
 * for a row that slipped past.
 */
export function locationIdsSql(employeeId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`ARRAY(
           SELECT el.location_id FROM employee_locations el
           JOIN locations l ON l.id = el.location_id AND l.archived_at IS NULL
           WHERE el.employee_id = ${employeeId} ORDER BY el.location_id)`;
}

/** 404 for unknown and archived ids (docs/PRODUCT-RULES.md §8). */
export async function getEmployee({ id }: IdOptions): Promise<EmployeeDto> {
  const [employee] = await findEmployees({ id });
  if (!employee) throw employeeNotFound();
  return employee;
}

/**
 * What archiving the employee would do now (docs/PRODUCT-RULES.md §29.4): the shifts that would become open, the
 * vacations that would be deleted or cut, the user accounts that would lose the link – counted with the archive's own
 * definitions of "from today on" (§8).
 */
export async function getEmployeeDeletionImpact({ id }: IdOptions): Promise<EmployeeDeletionImpact> {
  const scope = { employeeId: id, today: businessToday() };
  const [active, futureShifts, futureVacations, runningVacations, linkedUsers] = await db.$transaction([
    db.employee.count({ where: { id, archivedAt: null } }),
    db.shift.count({ where: futureShiftsOf(scope) }),
    db.vacation.count({ where: futureVacationsOf(scope) }),
    db.vacation.count({ where: runningVacationsOf(scope) }),
    db.user.count({ where: { employeeId: id } }),
  ]);
  if (active !== 1) throw employeeNotFound();
  return {
    future_shifts: futureShifts,
    future_vacations: futureVacations,
    running_vacations: runningVacations,
    linked_users: linkedUsers,
  };
}

export const employeeNotFound = () => new ApiError("not_found", "Mitarbeiter nicht gefunden");

export type AvailabilityOptions = {
  id: number;
  date: string;
  /** Count the plan as staff see it (docs/PRODUCT-RULES.md §33.3): for everyone who does not plan. */
  staff: boolean;
};

/** The Monday-Sunday week containing `date` for one employee (docs/PRODUCT-RULES.md §10.2). */
export async function getAvailability({ id, date, staff }: AvailabilityOptions): Promise<Availability> {
  const employee = await getEmployee({ id });
  const weekStart = mondayOf(date);
  const weekEnd = addDays(weekStart, 6);
  const [shifts, vacations, targets] = await Promise.all([
    findShifts(db, { startDate: weekStart, endDate: weekEnd, employeeId: id, staff }),
    db.vacation.findMany({
      where: {
        employeeId: id,
        // Only approved vacations are absences; a request is not yet (docs/PRODUCT-RULES.md §26.3).
        status: "approved",
        startDate: { lte: toDateColumn(weekEnd) },
        endDate: { gte: toDateColumn(weekStart) },
      },
      select: { startDate: true, endDate: true },
    }),
    readTargets(db, { startDate: weekStart, endDate: weekEnd, employeeIds: [id] }),
  ]);
  // The week's target, as on every screen (docs/PRODUCT-RULES.md §31.1).
  const target = targets.of(employee);
  const scheduled = sumHours(shifts.map((shift) => shift.hours));
  const vacationDates = eachDate(weekStart, weekEnd).filter((day) =>
    vacations.some((v) => fromDateColumn(v.startDate) <= day && day <= fromDateColumn(v.endDate)),
  );
  return {
    employee_id: id,
    week_start: weekStart,
    week_end: weekEnd,
    weekly_hours: employee.weekly_hours,
    is_hourly: employee.is_hourly,
    target_hours: target,
    scheduled_hours: scheduled,
    ...weekStatus(target, scheduled),
    vacation_dates: vacationDates,
    shifts,
  };
}

export type ActiveEmployeeOptions = { id: number; field?: string };

/** A referenced employee (of a shift) must exist and not be archived: 400 on the field. */
export async function assertActiveEmployee(
  db: Pick<Db, "employee">,
  { id, field = "employee_id" }: ActiveEmployeeOptions,
): Promise<void> {
  const found = await db.employee.findFirst({ where: { id, archivedAt: null }, select: { id: true } });
  if (!found) throw employeeNotFoundField(field);
}

/** The 400 for a referenced employee that does not exist or is archived. */
export function employeeNotFoundField(field = "employee_id"): ApiError {
  const message = "Mitarbeiter nicht gefunden";
  return new ApiError("validation_failed", message, { fields: { [field]: message } });
}
