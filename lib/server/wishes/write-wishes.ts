import "server-only";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { ApiError } from "@/lib/server/api/errors";
import { LOCKING_TRANSACTION } from "@/lib/server/db/client";
import { lockWish, shareEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { toDateColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions } from "@/lib/server/domain-options";
import { employeeNotFoundField } from "@/lib/server/employees/find-employees";
import { assertActsFor } from "@/lib/server/self-service/acting-for";
import type { WishDto } from "@/lib/shared/api-types";
import type { WishInput } from "@/lib/shared/schemas/wish";
import { wishLabel } from "@/lib/shared/wishes";
import { getWish, wishNotFound } from "./find-wishes";

// As unavailability (docs/PRODUCT-RULES.md §26.4): planners for anyone, everyone else for their linked employee.
const PLANNERS = "shifts:write";

/**
 * POST /api/wishes (docs/PRODUCT-RULES.md §35.8). One standing wish per person (early or late) and one day off per
 * person and day: a second is 409 with a German text naming the one there. The share lock on the employee makes an
 * archiving at the same moment wait; two identical requests racing meet the table's unique index (409 too).
 */
export async function createWish({ input, audit }: CreateOptions<WishInput>): Promise<WishDto> {
  assertActsFor(audit.actor, input.employee_id, PLANNERS);
  const id = await transaction(async (tx) => {
    const found = await shareEmployees(tx, [input.employee_id], { activeOnly: true });
    if (found.size === 0) throw employeeNotFoundField();
    const date = input.date === null ? null : toDateColumn(input.date);
    const existing = await tx.availabilityWish.findFirst({
      where: { employeeId: input.employee_id, date },
      select: { kind: true },
    });
    if (existing) {
      const there = wishLabel({ kind: existing.kind as WishInput["kind"], date: input.date });
      throw new ApiError(
        "conflict",
        input.date === null
          ? `Es gibt schon den Wunsch „${there}“ – lösche ihn zuerst.`
          : `Für diesen Tag gibt es schon den Wunsch „${there}“.`,
      );
    }
    const { id } = await tx.availabilityWish.create({
      data: { employeeId: input.employee_id, kind: input.kind, date, note: input.note, createdBy: audit.actor.id },
      select: { id: true },
    });
    await recordAudit(tx, {
      ...audit,
      action: "unavailability.wish_create",
      entityType: "availability_wish",
      entityId: id,
      // The kind and the day, not the note (free text about a person).
      details: { employee_id: input.employee_id, kind: input.kind, date: input.date },
    });
    return id;
  }, LOCKING_TRANSACTION);
  return getWish({ id });
}

/** DELETE /api/wishes/{id}: the caller's own, or anyone's for planners; 403 for another's, as unavailability. */
export async function deleteWish({ id, audit }: RemoveOptions): Promise<void> {
  await transaction(async (tx) => {
    const wish = await lockWish(tx, id);
    if (!wish) throw wishNotFound();
    assertActsFor(audit.actor, wish.employeeId, PLANNERS);
    await tx.availabilityWish.delete({ where: { id } });
    await recordAudit(tx, {
      ...audit,
      action: "unavailability.wish_delete",
      entityType: "availability_wish",
      entityId: id,
      details: { employee_id: wish.employeeId, kind: wish.kind, date: wish.date },
    });
  });
}
