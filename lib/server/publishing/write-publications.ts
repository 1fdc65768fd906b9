import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import type { Tx } from "@/lib/server/db/client";
import { advisoryLock, shareDraftShifts, type DraftShiftRow } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { planPublished } from "@/lib/server/notifications/messages";
import { notifyEmployees } from "@/lib/server/notifications/write-notifications";
import { queueWebhookEvent } from "@/lib/server/webhooks/queue-webhook-events";
import { takeAwards, tellAwards } from "@/lib/server/applications/write-awards";
import { getSettings } from "@/lib/server/settings/find-settings";
import { compareNames } from "@/lib/shared/collation";
import type { PublicationDto, PublishInput } from "@/lib/shared/schemas/publication";
import { diffPlan, type PlanShift, type ShiftChange } from "./plan-diff";

export type PublishOptions = { input: PublishInput; audit: AuditContext };

const UNKNOWN_LOCATION = "Unbekannter Standort";

export const PUBLISHING_OFF = "Veröffentlichen ist ausgeschaltet: Änderungen am Plan sind sofort für alle sichtbar";

/**
 * "Veröffentlichen" (docs/PRODUCT-RULES.md §33.3): makes the draft of the range (all locations, or the ones named)
 * the plan staff see, in one transaction, and tells each person affected their own changes in one message. The
 * range takes every shift dated in it in the draft or in the published plan, so a shift moved to another week is
 * published with either week. Answers per employee what changed.
 */
export async function publishPlan({ input, audit }: PublishOptions): Promise<PublicationDto> {
  return transaction(async (tx) => {
    await advisoryLock(tx, { kind: "publication" });
    const { publishing } = await getSettings(tx);
    if (!publishing) throw new ApiError("conflict", PUBLISHING_OFF);
    const locationIds = input.location_ids ?? null;
    if (locationIds) {
      const known = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM locations WHERE id = ANY(${locationIds}::int[])`;
      if (known.length !== new Set(locationIds).size)
        throw new ApiError("validation_failed", UNKNOWN_LOCATION, { fields: { location_ids: UNKNOWN_LOCATION } });
    }
    const published = await readPublished(
      tx,
      Prisma.sql`p.shift_date BETWEEN ${input.start_date}::date AND ${input.end_date}::date
        AND (${locationIds === null} OR p.location_id = ANY(${locationIds ?? []}::int[]))`,
    );
    const draft = await shareDraftShifts(tx, {
      startDate: input.start_date,
      endDate: input.end_date,
      locationIds,
      alsoIds: published.map((shift) => shift.id),
    });
    // Draft rows of the range whose published copy lies elsewhere (moved here from another week or location).
    const inRange = new Set(published.map((copy) => copy.id));
    const outside = draft.filter((shift) => !inRange.has(shift.id)).map((shift) => shift.id);
    const alsoPublished = await readPublished(tx, Prisma.sql`p.id = ANY(${outside}::int[])`);
    const names = await readNames(tx, [...draft, ...published, ...alsoPublished]);
    const diff = diffPlan(draft.map(names), [...published, ...alsoPublished].map(names));

    if (diff.drop.length) await tx.$executeRaw`DELETE FROM published_shifts WHERE id = ANY(${diff.drop}::int[])`;
    if (diff.write.length)
      await tx.$executeRaw`
        INSERT INTO published_shifts (id, employee_id, location_id, shift_date, start_time, end_time, break_minutes,
                                      is_custom, custom_name, created_at, updated_at)
        SELECT id, employee_id, location_id, shift_date, start_time, end_time, break_minutes,
               is_custom, custom_name, created_at, updated_at
        FROM shifts WHERE id = ANY(${diff.write}::int[])`;

    // An open shift given to one who applied for it is told as "Schicht erhalten", not again among their changes
    // (docs/PRODUCT-RULES.md §33.4); the awards of the range's shifts are used up either way.
    const awards = await takeAwards(tx, [...new Set([...draft, ...published].map((shift) => shift.id))]);
    const awardedTo = (employeeId: number, change: ShiftChange) =>
      change.change === "added" && awards.get(change.shift.id) === employeeId;
    const period = { startDate: input.start_date, endDate: input.end_date };
    const toldOfChanges = await notifyEmployees(
      tx,
      [...diff.byEmployee].flatMap(([employeeId, changes]) => {
        const told = changes.filter((change) => !awardedTo(employeeId, change));
        return told.length ? [{ employeeId, message: planPublished(period, told) }] : [];
      }),
    );
    const toldOfAwards = await tellAwards(tx, awards);
    const notified = new Set([...toldOfChanges, ...toldOfAwards]).size;
    const changes = new Set([...diff.drop, ...diff.write]).size;
    await recordAudit(tx, {
      ...audit,
      action: "shift.publish",
      details: { start_date: input.start_date, end_date: input.end_date, location_ids: locationIds, changes, notified },
    });
    const answer: PublicationDto = {
      changes,
      notified,
      employees: [...diff.byEmployee]
        .map(([employeeId, list]) => ({
          employee_id: employeeId,
          employee_name: list[0].shift.employee_name ?? "",
          changes: list.map(changeDto),
        }))
        .sort((a, b) => compareNames(a.employee_name, b.employee_name) || a.employee_id - b.employee_id),
      open_shifts: diff.open.map(changeDto),
    };
    // The webhooks' `schedule.published` (docs/PRODUCT-RULES.md §37): the answer and the range it published.
    await queueWebhookEvent(tx, "schedule.published", async () => ({
      ...answer,
      start_date: input.start_date,
      end_date: input.end_date,
      location_ids: locationIds,
    }));
    return answer;
  });
}

/** Published copies, in the draft rows' shape. */
function readPublished(tx: Tx, where: Prisma.Sql): Promise<DraftShiftRow[]> {
  return tx.$queryRaw<DraftShiftRow[]>`
    SELECT p.id, p.employee_id, p.location_id, p.shift_date::text AS shift_date,
           left(p.start_time::text, 5) AS start_time, left(p.end_time::text, 5) AS end_time,
           p.break_minutes, p.is_custom, p.custom_name
    FROM published_shifts p WHERE ${where}`;
}

/** The employee and location names of the rows, as PlanShift. */
async function readNames(tx: Tx, rows: DraftShiftRow[]): Promise<(row: DraftShiftRow) => PlanShift> {
  const employeeIds = [...new Set(rows.flatMap((row) => (row.employee_id === null ? [] : [row.employee_id])))];
  const locationIds = [...new Set(rows.map((row) => row.location_id))];
  // One after the other: a transaction's client runs one query at a time.
  const employees = await tx.$queryRaw<{ id: number; name: string }[]>`
    SELECT id, first_name || ' ' || last_name AS name FROM employees WHERE id = ANY(${employeeIds}::int[])`;
  const locations = await tx.$queryRaw<{ id: number; name: string }[]>`
    SELECT id, name FROM locations WHERE id = ANY(${locationIds}::int[])`;
  const employeeName = new Map(employees.map((row) => [row.id, row.name]));
  const locationName = new Map(locations.map((row) => [row.id, row.name]));
  return (row) => ({
    ...row,
    employee_name: row.employee_id === null ? null : (employeeName.get(row.employee_id) ?? null),
    location_name: locationName.get(row.location_id) ?? "",
  });
}

function changeDto(change: ShiftChange): PublicationDto["open_shifts"][number] {
  const { shift } = change;
  const before = "before" in change ? change.before : null;
  return {
    change: change.change,
    shift_id: shift.id,
    shift_date: shift.shift_date,
    start_time: shift.start_time,
    end_time: shift.end_time,
    break_minutes: shift.break_minutes,
    location_id: shift.location_id,
    location_name: shift.location_name,
    before: before && {
      shift_date: before.shift_date,
      start_time: before.start_time,
      end_time: before.end_time,
      break_minutes: before.break_minutes,
      location_id: before.location_id,
      location_name: before.location_name,
    },
  };
}

/**
 * Makes the published plan equal to the draft, telling nobody: when publishing is switched on (staff saw the draft
 * until then, so nothing changes for them; docs/PRODUCT-RULES.md §33.3). Only differing copies are written.
 */
export async function publishWholeDraft(tx: Tx): Promise<void> {
  await advisoryLock(tx, { kind: "publication" });
  await tx.$executeRaw`
    DELETE FROM published_shifts p
    WHERE NOT EXISTS (
      SELECT 1 FROM shifts s
      WHERE s.id = p.id
        AND (s.employee_id, s.location_id, s.shift_date, s.start_time, s.end_time, s.break_minutes, s.is_custom,
             s.custom_name, s.updated_at)
            IS NOT DISTINCT FROM
            (p.employee_id, p.location_id, p.shift_date, p.start_time, p.end_time, p.break_minutes, p.is_custom,
             p.custom_name, p.updated_at))`;
  await tx.$executeRaw`
    INSERT INTO published_shifts (id, employee_id, location_id, shift_date, start_time, end_time, break_minutes,
                                  is_custom, custom_name, created_at, updated_at)
    SELECT id, employee_id, location_id, shift_date, start_time, end_time, break_minutes,
           is_custom, custom_name, created_at, updated_at
    FROM shifts s WHERE NOT EXISTS (SELECT 1 FROM published_shifts p WHERE p.id = s.id)`;
}
