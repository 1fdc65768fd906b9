import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { businessToday } from "@/lib/server/clock";
import { endCalendarLink } from "@/lib/server/calendar/write-calendar-feeds";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { lockEmployeeShifts } from "@/lib/server/shifts/write-shifts";
import { addDays } from "@/lib/shared/dates";
import type { EmployeeInput, EmployeeUpdate } from "@/lib/shared/schemas/employee";
import { futureShiftsOf, futureVacationsOf, runningVacationsOf } from "./archive-scope";
import type { EmployeeDto } from "./employee-dto";
import { employeeNotFound, getEmployee } from "./find-employees";

type Tx = Prisma.TransactionClient;

/**
 * Einsatzorte (docs/PRODUCT-RULES.md §28.1) must name active locations: 400 on `location_ids` otherwise. The rows
 * are share-locked until the write commits, so a location archived meanwhile waits and then removes its rows.
 */
async function assertActiveLocations(ids: number[], tx: Tx): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM locations WHERE id = ANY(${ids}::int[]) AND archived_at IS NULL ORDER BY id FOR SHARE`;
  if (found.length !== ids.length) {
    const message = "Unbekannter Standort";
    throw new ApiError("validation_failed", message, { fields: { location_ids: message } });
  }
}

/** Replaces the employee's Einsatzorte with `ids` (already checked, ascending, no duplicates). */
async function replaceLocations(employeeId: number, ids: number[], tx: Tx): Promise<void> {
  await tx.employeeLocation.deleteMany({ where: { employeeId } });
  if (ids.length > 0)
    await tx.employeeLocation.createMany({ data: ids.map((locationId) => ({ employeeId, locationId })) });
}

export async function createEmployee({ input, audit }: CreateOptions<EmployeeInput>): Promise<EmployeeDto> {
  const id = await db.$transaction(async (tx) => {
    await assertActiveLocations(input.location_ids, tx);
    const created = await tx.employee.create({
      data: {
        firstName: input.first_name,
        lastName: input.last_name,
        weeklyHours: input.weekly_hours,
        vacationDaysTotal: input.vacation_days_total,
        isHourly: input.is_hourly,
      },
      select: { id: true },
    });
    await replaceLocations(created.id, input.location_ids, tx);
    await recordAudit(
      {
        ...audit,
        action: "employee.create",
        entityType: "employee",
        entityId: created.id,
        ...(input.location_ids.length > 0 && { details: { location_ids: input.location_ids } }),
      },
      tx,
    );
    return created.id;
  });
  return getEmployee({ id });
}

/** Far enough ahead to take every planned shift from today on. */
const LAST_DATE = "9999-12-31";

/**
 * PUT: the fields sent change, the others stay; `location_ids` sent replaces the whole set (docs/PRODUCT-RULES.md
 * §28.1), recorded with its before and after in the same audit row. `updated_at` moves with every PUT.
 */
export async function updateEmployee({ id, input, audit }: UpdateOptions<EmployeeUpdate>): Promise<EmployeeDto> {
  await db.$transaction(async (tx) => {
    const ids = input.location_ids;
    if (ids !== undefined) await assertActiveLocations(ids, tx);
    const { count } = await tx.employee.updateMany({
      where: { id, archivedAt: null },
      data: {
        updatedAt: new Date(),
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.weekly_hours !== undefined && { weeklyHours: input.weekly_hours }),
        ...(input.vacation_days_total !== undefined && { vacationDaysTotal: input.vacation_days_total }),
        ...(input.is_hourly !== undefined && { isHourly: input.is_hourly }),
      },
    });
    if (count !== 1) throw employeeNotFound();
    let locations: { before: number[]; after: number[] } | undefined;
    if (ids !== undefined) {
      const before = await tx.employeeLocation.findMany({
        where: { employeeId: id },
        select: { locationId: true },
        orderBy: { locationId: "asc" },
      });
      locations = { before: before.map((row) => row.locationId), after: ids };
      await replaceLocations(id, ids, tx);
    }
    await recordAudit(
      {
        ...audit,
        action: "employee.update",
        entityType: "employee",
        entityId: id,
        details: { changed: Object.keys(input), ...(locations && { location_ids: locations }) },
      },
      tx,
    );
  });
  return getEmployee({ id });
}

/**
 * DELETE /employees/{id} archives (docs/PRODUCT-RULES.md §8): the employee leaves lists
 * and pickers, past shifts and vacations stay for reports. Shifts from today
 * on become unassigned, so nothing planned silently vanishes; vacations from
 * today on are deleted (one running today ends yesterday). A user account linked to the employee stays but is
 * unlinked (docs/PRODUCT-RULES.md §26.1), and the calendar link ends.
 */
export async function archiveEmployee({ id, audit }: RemoveOptions): Promise<void> {
  const today = businessToday();
  const yesterday = addDays(today, -1);
  await db.$transaction(async (tx) => {
    // The shifts it will open are locked before anything is written, in the order a shift edit takes its locks
    // (lockEmployeeShifts in lib/server/shifts/write-shifts.ts): the two queue instead of deadlocking.
    await lockEmployeeShifts({ employeeId: id, startDate: today, endDate: LAST_DATE }, tx);
    const { count } = await tx.employee.updateMany({
      where: { id, archivedAt: null },
      data: { archivedAt: new Date() },
    });
    if (count !== 1) throw employeeNotFound();
    const scope = { employeeId: id, today };
    const unassigned = await tx.shift.updateMany({ where: futureShiftsOf(scope), data: { employeeId: null } });
    const deleted = await tx.vacation.deleteMany({ where: futureVacationsOf(scope) });
    const unlinked = await tx.user.updateMany({ where: { employeeId: id }, data: { employeeId: null } });
    // Unlinked, the account's calendar link ends too (docs/PRODUCT-RULES.md §30.3); after the unlink: endCalendarLink.
    const calendarLinkEnded = await endCalendarLink(tx, id);
    const running = await tx.vacation.findMany({ where: runningVacationsOf(scope) });
    for (const vacation of running) {
      // It keeps the days it was charged up to yesterday (docs/PRODUCT-RULES.md §22).
      await tx.vacationDay.deleteMany({ where: { vacationId: vacation.id, day: { gte: toDateColumn(today) } } });
      const daysCount = await tx.vacationDay.count({ where: { vacationId: vacation.id } });
      await tx.vacation.update({ where: { id: vacation.id }, data: { endDate: toDateColumn(yesterday), daysCount } });
    }
    await recordAudit(
      {
        ...audit,
        action: "employee.archive",
        entityType: "employee",
        entityId: id,
        details: {
          shifts_unassigned: unassigned.count,
          vacations_deleted: deleted.count,
          vacations_shortened: running.length,
          users_unlinked: unlinked.count,
          calendar_links_ended: calendarLinkEnded ? 1 : 0,
        },
      },
      tx,
    );
  });
}
