import "server-only";
import { endSwaps } from "@/lib/server/swaps/end-swaps";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { businessToday } from "@/lib/server/clock";
import { endCalendarLink } from "@/lib/server/calendar/write-calendar-feeds";
import type { Tx } from "@/lib/server/db/client";
import { lockEmployeeShifts, lockEmployees, shareLocations } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { toDateColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { addDays } from "@/lib/shared/dates";
import type {
  EmployeeInput,
  EmployeeUpdate,
  PersonnelNumberDto,
  PersonnelNumberInput,
} from "@/lib/shared/schemas/employee";
import { futureShiftsOf, futureVacationsOf, runningVacationsOf } from "./archive-scope";
import type { EmployeeDto } from "./employee-dto";
import { employeeNotFound, getEmployee } from "./find-employees";

/**
 * Einsatzorte (docs/PRODUCT-RULES.md §28.1) must name active locations: 400 on `location_ids` otherwise. The rows
 * are share-locked until the write commits, so a location archived meanwhile waits and then removes its rows.
 */
async function assertActiveEinsatzorte(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await shareLocations(tx, ids, { activeOnly: true });
  if (found.size !== ids.length) {
    const message = "Unbekannter Standort";
    throw new ApiError("validation_failed", message, { fields: { location_ids: message } });
  }
}

/** Replaces the employee's Einsatzorte with `ids` (already checked, ascending, no duplicates). */
async function replaceLocations(tx: Tx, employeeId: number, ids: number[]): Promise<void> {
  await tx.employeeLocation.deleteMany({ where: { employeeId } });
  if (ids.length > 0)
    await tx.employeeLocation.createMany({ data: ids.map((locationId) => ({ employeeId, locationId })) });
}

export async function createEmployee({ input, audit }: CreateOptions<EmployeeInput>): Promise<EmployeeDto> {
  const id = await transaction(async (tx) => {
    await assertActiveEinsatzorte(tx, input.location_ids);
    const created = await tx.employee.create({
      data: {
        firstName: input.first_name,
        lastName: input.last_name,
        weeklyHours: input.weekly_hours,
        vacationDaysTotal: input.vacation_days_total,
        isHourly: input.is_hourly,
        personnelNumber: await freePersonnelNumber(tx, input.personnel_number ?? null),
      },
      select: { id: true },
    });
    await replaceLocations(tx, created.id, input.location_ids);
    await recordAudit(tx, {
      ...audit,
      action: "employee.create",
      entityType: "employee",
      entityId: created.id,
      ...(input.location_ids.length > 0 && { details: { location_ids: input.location_ids } }),
    });
    return created.id;
  });
  return getEmployee({ id });
}

/**
 * A personnel number nobody else has (docs/PRODUCT-RULES.md §34.2), archived people included: the payroll knows
 * them too. Numbers of digits only are compared as numbers: DATEV reads "007" as 7, so the two would be one person
 * in the payroll. 409 naming who has it; the unique index answers a write racing past this check with a plain 409.
 */
async function freePersonnelNumber(tx: Tx, number: string | null, self?: number): Promise<string | null> {
  if (number === null) return null;
  const [holder] = await tx.$queryRaw<{ first_name: string; last_name: string; archived: boolean; number: string }[]>`
    SELECT first_name, last_name, archived_at IS NOT NULL AS archived, personnel_number AS number
    FROM employees
    WHERE id <> ${self ?? 0}
      AND (personnel_number = ${number}
        OR (${/^\d+$/.test(number)} AND personnel_number ~ '^[0-9]+$'
          AND ltrim(personnel_number, '0') = ltrim(${number}, '0')))
    LIMIT 1`;
  if (holder) {
    const message = `Die Personalnummer ${number} hat bereits ${holder.first_name} ${holder.last_name}${
      holder.number === number ? "" : ` (als ${holder.number})`
    }${holder.archived ? " (archiviert)" : ""}.`;
    throw new ApiError("conflict", message, { fields: { personnel_number: message } });
  }
  return number;
}

/**
 * PUT /api/employees/{id}/personnel-number: the number alone, archived employees too (§34.2); audited as a change of
 * the employee, as PUT /api/employees/{id} records it.
 */
export async function setPersonnelNumber({
  id,
  input,
  audit,
}: UpdateOptions<PersonnelNumberInput>): Promise<PersonnelNumberDto> {
  return transaction(async (tx) => {
    const employee = await tx.employee.findUnique({ where: { id }, select: { archivedAt: true } });
    if (!employee) throw employeeNotFound();
    const number = await freePersonnelNumber(tx, input.personnel_number, id);
    await tx.employee.update({ where: { id }, data: { personnelNumber: number, updatedAt: new Date() } });
    await recordAudit(tx, {
      ...audit,
      action: "employee.update",
      entityType: "employee",
      entityId: id,
      details: { changed: ["personnel_number"] },
    });
    return { employee_id: id, personnel_number: number, archived: employee.archivedAt !== null };
  });
}

/** Far enough ahead to take every planned shift from today on. */
const LAST_DATE = "9999-12-31";

/**
 * PUT: the fields sent change, the others stay; `location_ids` sent replaces the whole set (docs/PRODUCT-RULES.md
 * §28.1), recorded with its before and after in the same audit row. `updated_at` moves with every PUT.
 */
export async function updateEmployee({ id, input, audit }: UpdateOptions<EmployeeUpdate>): Promise<EmployeeDto> {
  await transaction(async (tx) => {
    const ids = input.location_ids;
    if (ids !== undefined) await assertActiveEinsatzorte(tx, ids);
    const { count } = await tx.employee.updateMany({
      where: { id, archivedAt: null },
      data: {
        updatedAt: new Date(),
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.weekly_hours !== undefined && { weeklyHours: input.weekly_hours }),
        ...(input.vacation_days_total !== undefined && { vacationDaysTotal: input.vacation_days_total }),
        ...(input.is_hourly !== undefined && { isHourly: input.is_hourly }),
        ...(input.personnel_number !== undefined && {
          personnelNumber: await freePersonnelNumber(tx, input.personnel_number, id),
        }),
        // A stamp read before this decided on the old Einsatzorte: it must not write after it (lockEmployeeTimes).
        ...(ids !== undefined && { timeVersion: { increment: 1 } }),
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
      await replaceLocations(tx, id, ids);
    }
    await recordAudit(tx, {
      ...audit,
      action: "employee.update",
      entityType: "employee",
      entityId: id,
      details: { changed: Object.keys(input), ...(locations && { location_ids: locations }) },
    });
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
  await transaction(async (tx) => {
    // The locks in the one order (docs/ARCHITECTURE.md §6.5), before anything is written: the employee's row, then
    // the shifts it will open (lockEmployeeShifts), as a plan write takes them: the two queue instead of deadlocking.
    await lockEmployees(tx, [id]);
    await lockEmployeeShifts(tx, { employeeId: id, startDate: today, endDate: LAST_DATE });
    const { count } = await tx.employee.updateMany({
      where: { id, archivedAt: null },
      data: { archivedAt: new Date() },
    });
    if (count !== 1) throw employeeNotFound();
    // Offers they made, took or were asked for end, told while their account is still linked (§35.5).
    await endSwaps(tx, { employeeId: id }, audit);
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
    await recordAudit(tx, {
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
    });
  });
}
