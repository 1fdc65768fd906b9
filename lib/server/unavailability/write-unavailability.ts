import "server-only";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { lockUnavailability, shareEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { employeeNotFoundField } from "@/lib/server/employees/find-employees";
import { assertActsFor } from "@/lib/server/self-service/acting-for";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import type { UnavailabilityDto } from "@/lib/shared/api-types";
import type { UnavailabilityInput } from "@/lib/shared/schemas/unavailability";
import { getUnavailability, unavailabilityNotFound } from "./find-unavailability";

// Planners record anyone's unavailability; everyone else only their linked employee's (docs/PRODUCT-RULES.md §26.4).
const PLANNERS = "shifts:write";

/**
 * The employee must be active. The share lock makes an archiving that runs at the same time wait for this write
 * (and this write wait for it), so no entry is added to someone archived a moment ago.
 */
async function assertActiveEmployeeLocked(tx: Tx, employeeId: number): Promise<void> {
  const found = await shareEmployees(tx, [employeeId], { activeOnly: true });
  if (found.size === 0) throw employeeNotFoundField();
}

/**
 * The entry's employee for a change by `actor`: 404 for an unknown id, 403 for an entry of another employee when
 * the actor does not plan (the same "Keine Berechtigung" as for naming another employee; whose it is stays unsaid).
 * The row is locked, so a change made meanwhile (a planner moving it to someone else) is seen before deciding.
 */
async function ownedEntry(tx: Tx, id: number, actor: AuthUser): Promise<{ employeeId: number }> {
  const entry = await lockUnavailability(tx, id);
  if (!entry) throw unavailabilityNotFound();
  assertActsFor(actor, entry.employeeId, PLANNERS);
  return entry;
}

function columns(input: UnavailabilityInput) {
  return {
    employeeId: input.employee_id,
    startDate: toDateColumn(input.start_date),
    endDate: input.end_date === null ? null : toDateColumn(input.end_date),
    weekday: input.weekday,
    startTime: input.start_time === null ? null : toTimeColumn(input.start_time),
    endTime: input.end_time === null ? null : toTimeColumn(input.end_time),
    note: input.note,
  };
}

/** What the audit row keeps: the times, not the note (free text about a person). */
function auditDetails(input: UnavailabilityInput) {
  const { employee_id, start_date, end_date, weekday, start_time, end_time } = input;
  // `weekday` only when weekly: the rows of daily entries stay as they were (docs/PRODUCT-RULES.md §35.8).
  return { employee_id, start_date, end_date, ...(weekday === null ? {} : { weekday }), start_time, end_time };
}

/** POST /api/unavailability: for the actor's own employee, or anyone's when the actor plans. */
export async function createUnavailability({
  input,
  audit,
}: CreateOptions<UnavailabilityInput>): Promise<UnavailabilityDto> {
  assertActsFor(audit.actor, input.employee_id, PLANNERS);
  const id = await transaction(async (tx) => {
    await assertActiveEmployeeLocked(tx, input.employee_id);
    const { id } = await tx.unavailability.create({
      data: { ...columns(input), createdBy: audit.actor.id },
      select: { id: true },
    });
    await recordAudit(tx, {
      ...audit,
      action: "unavailability.create",
      entityType: "unavailability",
      entityId: id,
      details: auditDetails(input),
    });
    return id;
  }, LOCKING_TRANSACTION);
  return getUnavailability({ id });
}

/** PUT /api/unavailability/{id}: replaces the entry; staff may neither touch nor move it to another employee. */
export async function updateUnavailability({
  id,
  input,
  audit,
}: UpdateOptions<UnavailabilityInput>): Promise<UnavailabilityDto> {
  assertActsFor(audit.actor, input.employee_id, PLANNERS);
  await transaction(async (tx) => {
    const existing = await ownedEntry(tx, id, audit.actor);
    await assertActiveEmployeeLocked(tx, input.employee_id);
    await tx.unavailability.update({ where: { id }, data: columns(input) });
    await recordAudit(tx, {
      ...audit,
      action: "unavailability.update",
      entityType: "unavailability",
      entityId: id,
      details: { ...auditDetails(input), from_employee_id: existing.employeeId },
    });
  }, LOCKING_TRANSACTION);
  return getUnavailability({ id });
}

/** DELETE /api/unavailability/{id}: also for an archived employee's entries (nothing depends on them). */
export async function deleteUnavailability({ id, audit }: RemoveOptions): Promise<void> {
  await transaction(async (tx) => {
    const existing = await ownedEntry(tx, id, audit.actor);
    await tx.unavailability.delete({ where: { id } });
    await recordAudit(tx, {
      ...audit,
      action: "unavailability.delete",
      entityType: "unavailability",
      entityId: id,
      details: { employee_id: existing.employeeId },
    });
  });
}
