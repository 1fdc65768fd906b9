import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { lockShiftRecords, recordPlanChange, type ShiftRecord } from "@/lib/server/changes/write-changes";
import { config } from "@/lib/server/config";
import { db, LOCKING_TRANSACTION, type Tx } from "@/lib/server/db/client";
import { advisoryLock, lockEmployees, lockPublishingSwitch, lockShifts, lockSwap } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import {
  shiftOffered,
  swapAccepted,
  swapApproved,
  swapOffered,
  swapRejected,
  swapWaiting,
  swapWithdrawn,
} from "@/lib/server/notifications/swap-messages";
import { notifyEmployee, notifyEmployees, notifyHolders } from "@/lib/server/notifications/write-notifications";
import { spokenTo } from "@/lib/server/privacy/viewer";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import { NOT_LINKED } from "@/lib/server/self-service/acting-for";
import { shiftNotFound } from "@/lib/server/shifts/find-shifts";
import type { SwapDto } from "@/lib/shared/api-types";
import { windowFor } from "@/lib/shared/rules";
import type { SwapCreateInput, SwapRejectInput, SwapStatus } from "@/lib/shared/schemas/swap";
import {
  currentStatus,
  readLocationIds,
  readSwap,
  sidesOf,
  SWAP_NOT_FOUND,
  swapText,
  toSwapDto,
  type SwapRow,
  type SwapShiftJson,
} from "./find-swaps";
import { judgeSwap, type SwapRefusal, type SwapSides } from "./swap-checks";
import { queueWebhookEvent } from "@/lib/server/webhooks/queue-webhook-events";

/** Refusals of a step on an offer that is no longer where the step needs it (docs/PRODUCT-RULES.md §35.2). */
const STATUS_REFUSALS: Record<SwapStatus, string> = {
  open: "Noch hat niemand das Angebot angenommen",
  accepted: "Diese Schicht hat schon jemand übernommen",
  approved: "Dieses Angebot ist bereits erledigt",
  rejected: "Dieses Angebot wurde abgelehnt",
  withdrawn: "Dieses Angebot wurde zurückgezogen",
  cancelled: "Dieses Angebot gilt nicht mehr: die Schicht wurde im Plan geändert",
  expired: "Dieses Angebot ist abgelaufen: die Schicht hat begonnen",
};

export const OWN_OFFER = "Das ist dein eigenes Angebot";
export const NOT_YOUR_SHIFT = "Das ist nicht deine Schicht";
export const OFFER_RUNNING = "Für diese Schicht läuft bereits ein Angebot";
const CHANGED_MEANWHILE = "Die Schicht wurde inzwischen geändert – das Angebot gilt so nicht mehr";

function assertStatus(row: SwapRow, wanted: readonly SwapStatus[]): void {
  const status = currentStatus(row);
  if (!wanted.includes(status)) throw new ApiError("conflict", STATUS_REFUSALS[status]);
}

type OfferableShift = SwapShiftJson & {
  id: number;
  employee_id: number | null;
  location_archived: boolean;
  /** Staff see it (published, or publishing off). */
  seen: boolean;
  /** Whose staff see it as. */
  seen_employee_id: number | null;
  /** The draft equals what staff see: no unpublished change is waiting. */
  as_seen: boolean;
  started: boolean;
};

/** The shifts as the draft has them, with what staff see of them (§33.3) and whether they have begun. */
async function readOfferable(tx: Tx, ids: number[]): Promise<Map<number, OfferableShift>> {
  const rows = await tx.$queryRaw<OfferableShift[]>`
    SELECT s.id, s.employee_id, s.location_id, l.name AS location_name, l.archived_at IS NOT NULL AS location_archived,
           to_char(s.shift_date, 'YYYY-MM-DD') AS shift_date, to_char(s.start_time, 'HH24:MI') AS start_time,
           to_char(s.end_time, 'HH24:MI') AS end_time, s.break_minutes,
           CASE WHEN s.is_custom THEN s.custom_name END AS custom_name,
           p.id IS NOT NULL AS seen, p.employee_id AS seen_employee_id,
           (s.employee_id, s.location_id, s.shift_date, s.start_time, s.end_time, s.break_minutes, s.is_custom,
            s.custom_name) IS NOT DISTINCT FROM
           (p.employee_id, p.location_id, p.shift_date, p.start_time, p.end_time, p.break_minutes, p.is_custom,
            p.custom_name) AS as_seen,
           (s.shift_date + s.start_time) AT TIME ZONE ${config.timeZone} <= now() AS started
    FROM shifts s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN staff_shifts p ON p.id = s.id
    WHERE s.id = ANY(${ids}::int[])`;
  return new Map(rows.map((row) => [row.id, row]));
}

const shiftJson = (shift: OfferableShift): SwapShiftJson => ({
  shift_date: shift.shift_date,
  start_time: shift.start_time,
  end_time: shift.end_time,
  break_minutes: shift.break_minutes,
  location_id: shift.location_id,
  location_name: shift.location_name,
  custom_name: shift.custom_name,
});

/** The checks both shifts of an offer pass: seen by staff, not begun, at an active location, no change pending. */
function assertOfferable(shift: OfferableShift | undefined, own: boolean): OfferableShift {
  if (!shift || !shift.seen) throw shiftNotFound();
  if (shift.started)
    throw new ApiError(
      "conflict",
      own
        ? "Diese Schicht hat bereits begonnen – du kannst sie nicht mehr abgeben."
        : "Die Schicht zum Tauschen hat bereits begonnen",
    );
  if (shift.location_archived) throw new ApiError("conflict", "Der Standort dieser Schicht ist archiviert");
  if (!shift.as_seen)
    throw new ApiError(
      "conflict",
      "Diese Schicht hat Änderungen, die noch nicht veröffentlicht sind – ein Angebot geht erst, wenn der neue Plan " +
        "veröffentlicht ist.",
    );
  return shift;
}

/** Whose shift it is in the draft (read before the locks, to know whom to lock; checked again under them). */
async function draftOwner(tx: Tx, shiftId: number): Promise<number | null> {
  const [row] = await tx.$queryRaw<{ employee_id: number | null }[]>`
    SELECT employee_id FROM shifts WHERE id = ${shiftId}`;
  return row?.employee_id ?? null;
}

/** The rules' facts of both people of an offer, on the draft, in a window around both days. */
async function factsFor(tx: Tx, sides: SwapSides) {
  const dates = [sides.shift.shift_date, ...(sides.target ? [sides.target.shift_date] : [])].sort();
  const window = windowFor({ start_date: dates[0], end_date: dates[dates.length - 1] });
  return readRuleFacts(tx, {
    startDate: window.start_date,
    endDate: window.end_date,
    employees: { ids: [sides.offeredBy, sides.taker] },
  });
}

/** Whether the offer can be carried out now, on the draft; the refusal, or the findings of both people. */
async function judgeOnDraft(tx: Tx, sides: SwapSides) {
  const facts = await factsFor(tx, sides);
  const locations = await readLocationIds(tx, [sides.offeredBy, sides.taker]);
  const verdict = judgeSwap(facts, sides, {
    taker: locations.get(sides.taker) ?? [],
    giver: locations.get(sides.offeredBy) ?? [],
  });
  const nameOf = (id: number) => facts.employees.find((employee) => employee.id === id)?.name ?? "";
  return { verdict, nameOf };
}

const RULE_CODES = { overlap: "shift_overlap", vacation: "employee_on_vacation" } as const;

/** A refusal spoken to `reader`: their own rule's text as "du", the other person's only as "cannot take it". */
function refusalError(refusal: SwapRefusal, reader: "taker" | "giver", names: { taker: string; giver: string }) {
  const { side } = refusal;
  if (side !== reader) {
    const other = side === "taker" ? names.taker : names.giver;
    return new ApiError(
      "conflict",
      `${other} kann ${reader === "giver" ? "deine Schicht" : "die Schicht"} nicht übernehmen.`,
    );
  }
  if (refusal.kind === "location")
    return new ApiError("conflict", "Diese Schicht ist an einem Standort, der nicht zu deinen Einsatzorten gehört.");
  const code = refusal.finding.code === "vacation" ? RULE_CODES.vacation : RULE_CODES.overlap;
  const [spoken] = spokenTo(side === "taker" ? names.taker : names.giver, [refusal.finding]);
  return new ApiError(code, spoken.message);
}

/** The same refusal told to a planner: the rule's own text, naming the person. */
function plannerRefusal(refusal: SwapRefusal, names: { taker: string; giver: string }) {
  if (refusal.kind === "location") {
    const who = refusal.side === "taker" ? names.taker : names.giver;
    return new ApiError(
      "conflict",
      `Die Schicht ist an einem Standort, der nicht zu den Einsatzorten von ${who} gehört.`,
    );
  }
  const code = refusal.finding.code === "vacation" ? RULE_CODES.vacation : RULE_CODES.overlap;
  return new ApiError(code, refusal.finding.message);
}

/** An audit snapshot of an offer's shift: what the history's sentence reads. */
const auditShift = (text: SwapShiftJson) => ({
  shift_date: text.shift_date,
  start_time: text.start_time,
  end_time: text.end_time,
  location_name: text.location_name,
});

function auditDetails(row: SwapRow, extra: Record<string, unknown> = {}) {
  return {
    swap_id: row.id,
    kind: row.kind,
    shift: auditShift(row.shift_text),
    ...(row.target_text && { target_shift: auditShift(row.target_text) }),
    offered_by: row.offered_by_name,
    ...((row.accepted_by_name ?? row.target_name) && { taker: row.accepted_by_name ?? row.target_name }),
    ...extra,
  };
}

export type OfferOptions = { employeeId: number; input: SwapCreateInput; audit: AuditContext };

/**
 * "Abgeben" or "Tauschen" (POST /api/swaps, docs/PRODUCT-RULES.md §35.1): the caller offers one of their own future
 * shifts as staff see it, with no unpublished change waiting, and no offer running for it. A swap names a
 * colleague's shift, which must pass the same checks; both sides are judged by the rules at once (the colleague's
 * refusal is told without its reason). The colleague asked, or everyone who could take a shift given away, is told.
 *
 * Locks: the two people, then both shifts FOR UPDATE (so two offers of one shift queue and the second sees the first).
 */
export async function offerShift({ employeeId, input, audit }: OfferOptions): Promise<SwapDto> {
  const id = await transaction(async (tx) => {
    const targetOwner = input.target_shift_id === null ? null : await draftOwner(tx, input.target_shift_id);
    const locked = await lockEmployees(tx, [employeeId, targetOwner], { activeOnly: true });
    if (!locked.has(employeeId)) throw new ApiError("forbidden", NOT_LINKED);
    const ids = [input.shift_id, ...(input.target_shift_id === null ? [] : [input.target_shift_id])];
    await lockShifts(tx, ids);
    const shifts = await readOfferable(tx, ids);
    const shift = assertOfferable(shifts.get(input.shift_id), true);
    if (shift.seen_employee_id !== employeeId) throw new ApiError("conflict", NOT_YOUR_SHIFT);
    let target: OfferableShift | null = null;
    if (input.target_shift_id !== null) {
      target = assertOfferable(shifts.get(input.target_shift_id), false);
      if (target.employee_id === null || target.employee_id === employeeId)
        throw new ApiError("conflict", "Tauschen geht nur gegen die Schicht einer Kollegin oder eines Kollegen");
      if (target.employee_id !== targetOwner || !locked.has(target.employee_id))
        throw new ApiError("conflict", CHANGED_MEANWHILE);
    }
    const [running] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM shift_swaps
      WHERE status IN ('open', 'accepted') AND (shift_id = ANY(${ids}::int[]) OR target_shift_id = ANY(${ids}::int[]))
      LIMIT 1`;
    if (running) throw new ApiError("conflict", OFFER_RUNNING);

    const shiftText = shiftJson(shift);
    const targetText = target && shiftJson(target);
    if (target && targetText) {
      const offer = {
        shift_id: shift.id,
        offered_by: employeeId,
        shift_text: shiftText,
        target_shift_id: target.id,
        target_text: targetText,
      };
      const sides = sidesOf(offer, target.employee_id!);
      const { verdict, nameOf } = await judgeOnDraft(tx, sides);
      if ("refusal" in verdict)
        throw refusalError(verdict.refusal, "giver", { taker: nameOf(sides.taker), giver: nameOf(employeeId) });
    }
    const [{ id: swapId }] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO shift_swaps (kind, shift_id, offered_by, target_shift_id, target_employee_id, note, shift_text,
                               target_text, starts_at)
      SELECT ${input.kind}::"SwapKind", ${shift.id}, ${employeeId}, ${target?.id ?? null}::int,
             ${target?.employee_id ?? null}::int, ${input.note}, ${JSON.stringify(shiftText)}::jsonb,
             ${targetText && JSON.stringify(targetText)}::jsonb,
             min((s.shift_date + s.start_time) AT TIME ZONE ${config.timeZone})
      FROM shifts s WHERE s.id = ANY(${ids}::int[])
      RETURNING id`;
    const row = await readSwap(tx, swapId);
    await recordAudit(tx, {
      ...audit,
      action: "shift.swap_offer",
      entityType: "shift",
      entityId: shift.id,
      details: auditDetails(row, row.note ? { note: row.note } : {}),
    });
    if (row.kind === "swap" && row.target_employee_id !== null) {
      await notifyEmployee(tx, row.target_employee_id, swapOffered({ ...swapText(row), target: row.target_text! }));
    } else {
      const takers = await possibleTakers(tx, row);
      await notifyEmployees(
        tx,
        takers.map((taker) => ({ employeeId: taker, message: shiftOffered(swapText(row)) })),
      );
    }
    return swapId;
  }, LOCKING_TRANSACTION);
  return toSwapDto(await readSwap(db, id), { planner: false });
}

/** Everyone active who could take a shift given away now (another person, an Einsatzort, no refusing rule). */
async function possibleTakers(tx: Tx, row: SwapRow): Promise<number[]> {
  const window = windowFor({ start_date: row.shift_text.shift_date, end_date: row.shift_text.shift_date });
  const facts = await readRuleFacts(tx, {
    startDate: window.start_date,
    endDate: window.end_date,
    employees: "active",
  });
  const people = facts.employees.filter((employee) => !employee.archived && employee.id !== row.offered_by);
  const locations = await readLocationIds(
    tx,
    people.map((employee) => employee.id),
  );
  return people
    .filter(
      (employee) =>
        !(
          "refusal" in
          judgeSwap(facts, sidesOf(row, employee.id), { taker: locations.get(employee.id) ?? [], giver: [] })
        ),
    )
    .map((employee) => employee.id);
}

/** The ids of the offer's shifts, and its two people, read before the locks to know what to lock. */
function lockScope(row: SwapRow) {
  return {
    shiftIds: [row.shift_id, row.target_shift_id].filter((id): id is number => id !== null),
  };
}

export type SwapStepOptions = { id: number; audit: AuditContext };

/**
 * A colleague takes the offer (POST /api/swaps/{id}/accept, docs/PRODUCT-RULES.md §35.2): the first wins, everyone
 * after sees it taken (409). A swap is for the colleague asked only; anyone else gets 404. Judged on the draft (the
 * plan as it will be). Where the location needs no approval the plan changes at once, as an approval would.
 *
 * Locks: the publication's advisory lock (the shifts may be published), the two people, the shifts, then the offer
 * (lib/server/db/locks.ts lockSwap): of ten colleagues accepting at once exactly one finds it open.
 */
export async function acceptSwap({
  id,
  employeeId,
  audit,
}: SwapStepOptions & { employeeId: number }): Promise<SwapDto> {
  const seen = await readSwap(db, id);
  if (seen.kind === "swap" && seen.target_employee_id !== employeeId && seen.offered_by !== employeeId)
    throw new ApiError("not_found", SWAP_NOT_FOUND);
  if (seen.offered_by === employeeId) throw new ApiError("conflict", OWN_OFFER);
  await transaction(async (tx) => {
    await advisoryLock(tx, { kind: "publication" });
    const locked = await lockEmployees(tx, [employeeId, seen.offered_by], { activeOnly: true });
    if (!locked.has(employeeId)) throw new ApiError("forbidden", NOT_LINKED);
    const before = await lockShiftRecords(tx, lockScope(seen).shiftIds);
    await lockSwap(tx, id);
    const row = await readSwap(tx, id);
    assertStatus(row, ["open"]);
    const sides = sidesOf(row, employeeId);
    const { verdict, nameOf } = await judgeOnDraft(tx, sides);
    if ("refusal" in verdict)
      throw refusalError(verdict.refusal, "taker", { taker: nameOf(employeeId), giver: nameOf(row.offered_by) });
    await tx.$executeRaw`
      UPDATE shift_swaps SET status = 'accepted', accepted_by = ${employeeId}, accepted_at = now(), updated_at = now()
      WHERE id = ${id}`;
    const accepted = await readSwap(tx, id);
    await recordAudit(tx, {
      ...audit,
      action: "shift.swap_accept",
      entityType: "shift",
      entityId: row.shift_id ?? undefined,
      details: auditDetails(accepted),
    });
    const text = { ...swapText(accepted), taker: accepted.accepted_by_name! };
    if (accepted.needs_approval) {
      await notifyEmployee(tx, accepted.offered_by, swapAccepted(text));
      await notifyHolders(tx, "shifts:write", swapWaiting(text));
    } else {
      await carryOut(tx, accepted, before, audit, null);
    }
  }, LOCKING_TRANSACTION);
  return toSwapDto(await readSwap(db, id), { planner: false });
}

/**
 * A planner approves an accepted offer (POST /api/swaps/{id}/approve, docs/PRODUCT-RULES.md §35.4): the plan changes
 * in one transaction, judged again at this moment, as one plan change undo takes back, published at once for the
 * two people while publishing is on.
 */
export async function approveSwap({ id, audit }: SwapStepOptions): Promise<SwapDto> {
  const seen = await readSwap(db, id);
  assertStatus(seen, ["accepted"]);
  await transaction(async (tx) => {
    await advisoryLock(tx, { kind: "publication" });
    await lockEmployees(tx, [seen.offered_by, seen.accepted_by]);
    const before = await lockShiftRecords(tx, lockScope(seen).shiftIds);
    await lockSwap(tx, id);
    const row = await readSwap(tx, id);
    assertStatus(row, ["accepted"]);
    if (row.accepted_by !== seen.accepted_by) throw new ApiError("conflict", CHANGED_MEANWHILE);
    await carryOut(tx, row, before, audit, audit.actor.username);
  }, LOCKING_TRANSACTION);
  return toSwapDto(await readSwap(db, id), { planner: true });
}

/**
 * Carries an accepted offer out, in the caller's transaction, which holds the people, the shifts and the offer:
 * both shifts must still be as offered (a planner's change ends the offer, ./end-swaps.ts), the rules are asked
 * again, the offer is marked approved before the plan change is recorded (so that change ends no other offer of
 * it), and the shifts change hands.
 */
async function carryOut(
  tx: Tx,
  row: SwapRow,
  before: Map<number, ShiftRecord>,
  audit: AuditContext,
  decidedBy: string | null,
): Promise<void> {
  const taker = row.accepted_by!;
  const shift = row.shift_id === null ? undefined : before.get(row.shift_id);
  const target = row.target_shift_id === null ? undefined : before.get(row.target_shift_id);
  if (!shift || shift.state.employee_id !== row.offered_by) throw new ApiError("conflict", CHANGED_MEANWHILE);
  if (row.kind === "swap" && (!target || target.state.employee_id !== taker))
    throw new ApiError("conflict", CHANGED_MEANWHILE);
  const { verdict, nameOf } = await judgeOnDraft(tx, sidesOf(row, taker));
  if ("refusal" in verdict) {
    const names = { taker: nameOf(taker), giver: nameOf(row.offered_by) };
    throw decidedBy ? plannerRefusal(verdict.refusal, names) : refusalError(verdict.refusal, "taker", names);
  }
  await tx.$executeRaw`
    UPDATE shift_swaps SET status = 'approved', decided_by = ${decidedBy ? audit.actor.id : null}::int,
                           decided_by_name = ${decidedBy}, decided_at = now(), updated_at = now()
    WHERE id = ${row.id}`;
  const shiftIds = lockScope(row).shiftIds;
  await tx.$executeRaw`
    UPDATE shifts SET employee_id = CASE WHEN id = ${row.shift_id} THEN ${taker}::int ELSE ${row.offered_by}::int END,
                      updated_at = now()
    WHERE id = ANY(${shiftIds}::int[])`;
  const { changeId } = await recordPlanChange(tx, { kind: "shift.swap", audit, before, shiftIds });
  await tx.$executeRaw`UPDATE shift_swaps SET change_id = ${changeId}::uuid WHERE id = ${row.id}`;
  // The two people see the change at once (docs/PRODUCT-RULES.md §35.4); the rest of the draft stays a draft.
  if (await lockPublishingSwitch(tx, "share"))
    await tx.$executeRaw`
      UPDATE published_shifts p
      SET employee_id = s.employee_id, location_id = s.location_id, shift_date = s.shift_date,
          start_time = s.start_time, end_time = s.end_time, break_minutes = s.break_minutes, is_custom = s.is_custom,
          custom_name = s.custom_name, updated_at = s.updated_at, published_at = now()
      FROM shifts s WHERE s.id = p.id AND p.id = ANY(${shiftIds}::int[])`;
  await recordAudit(tx, {
    ...audit,
    action: "shift.swap_approve",
    entityType: "shift",
    entityId: row.shift_id ?? undefined,
    details: auditDetails(row, { change_id: changeId, automatic: decidedBy === null }),
  });
  // The webhooks' `swap.approved` (docs/PRODUCT-RULES.md §37): the offer as a planner's GET /api/swaps shows it.
  await queueWebhookEvent(tx, "swap.approved", async () => toSwapDto(await readSwap(tx, row.id), { planner: true }));
  const text = { ...swapText(row), taker: row.accepted_by_name! };
  await notifyEmployees(tx, [
    { employeeId: row.offered_by, message: swapApproved(text, "offerer", decidedBy) },
    { employeeId: taker, message: swapApproved(text, "taker", decidedBy) },
  ]);
}

/**
 * A planner rejects a running offer (POST /api/swaps/{id}/reject): the plan stays; the one who offered and the one
 * who accepted (or was asked) are told, with the reason when one is given.
 */
export async function rejectSwap({ id, input, audit }: SwapStepOptions & { input: SwapRejectInput }): Promise<SwapDto> {
  await transaction(async (tx) => {
    if (!(await lockSwap(tx, id))) throw new ApiError("not_found", SWAP_NOT_FOUND);
    const row = await readSwap(tx, id);
    assertStatus(row, ["open", "accepted"]);
    await tx.$executeRaw`
      UPDATE shift_swaps
      SET status = 'rejected', decided_by = ${audit.actor.id}, decided_by_name = ${audit.actor.username},
          decided_at = now(), reject_reason = ${input.reason}, updated_at = now()
      WHERE id = ${id}`;
    await recordAudit(tx, {
      ...audit,
      action: "shift.swap_reject",
      entityType: "shift",
      entityId: row.shift_id ?? undefined,
      details: auditDetails(row, input.reason ? { reason: input.reason } : {}),
    });
    const decision = { decidedBy: audit.actor.username, reason: input.reason };
    const taker = row.accepted_by ?? row.target_employee_id;
    await notifyEmployees(tx, [
      { employeeId: row.offered_by, message: swapRejected(swapText(row), "offerer", decision) },
      ...(taker === null ? [] : [{ employeeId: taker, message: swapRejected(swapText(row), "taker", decision) }]),
    ]);
  });
  return toSwapDto(await readSwap(db, id), { planner: true });
}

/**
 * The one who offered takes it back while nobody has accepted (POST /api/swaps/{id}/withdraw); an accepted offer is
 * for a planner to reject. Another person's offer is 404. A colleague asked for a swap is told.
 */
export async function withdrawSwap({
  id,
  employeeId,
  audit,
}: SwapStepOptions & { employeeId: number }): Promise<SwapDto> {
  await transaction(async (tx) => {
    if (!(await lockSwap(tx, id))) throw new ApiError("not_found", SWAP_NOT_FOUND);
    const row = await readSwap(tx, id);
    if (row.offered_by !== employeeId) throw new ApiError("not_found", SWAP_NOT_FOUND);
    if (currentStatus(row) === "accepted")
      throw new ApiError(
        "conflict",
        `${row.accepted_by_name} hat die Schicht schon übernommen – zurücknehmen kann das jetzt nur die Leitung.`,
      );
    assertStatus(row, ["open"]);
    await tx.$executeRaw`UPDATE shift_swaps SET status = 'withdrawn', updated_at = now() WHERE id = ${id}`;
    await recordAudit(tx, {
      ...audit,
      action: "shift.swap_withdraw",
      entityType: "shift",
      entityId: row.shift_id ?? undefined,
      details: auditDetails(row),
    });
    if (row.kind === "swap" && row.target_employee_id !== null)
      await notifyEmployee(tx, row.target_employee_id, swapWithdrawn(swapText(row)));
  });
  return toSwapDto(await readSwap(db, id), { planner: false });
}
