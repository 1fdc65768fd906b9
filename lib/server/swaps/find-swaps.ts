import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import type { Db } from "@/lib/server/db/client";
import { locationIdsSql } from "@/lib/server/employees/find-employees";
import { spokenTo } from "@/lib/server/privacy/viewer";
import { readRuleFacts } from "@/lib/server/rules/read-rule-facts";
import type { Finding, RuleShift } from "@/lib/shared/rules";
import { windowFor } from "@/lib/shared/rules";
import type { SwapEndReason, SwapKind, SwapStatus } from "@/lib/shared/schemas/swap";
import type { SwapDto } from "@/lib/shared/api-types";
import type { SwapShiftText, SwapText } from "@/lib/server/notifications/swap-messages";
import { judgeSwap, type SwapSides } from "./swap-checks";

/** A shift of an offer as the row keeps it (`shift_text`, `target_text`). */
export type SwapShiftJson = SwapShiftText & { break_minutes: number; location_id: number };

export type SwapRow = {
  id: number;
  kind: SwapKind;
  status: SwapStatus;
  shift_id: number | null;
  offered_by: number;
  offered_by_name: string;
  target_shift_id: number | null;
  target_employee_id: number | null;
  target_name: string | null;
  accepted_by: number | null;
  accepted_by_name: string | null;
  accepted_at: Date | null;
  note: string | null;
  shift_text: SwapShiftJson;
  target_text: SwapShiftJson | null;
  starts_at: Date;
  created_at: Date;
  decided_by_name: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  end_reason: SwapEndReason | null;
  change_id: string | null;
  needs_approval: boolean;
};

export const SWAP_NOT_FOUND = "Angebot nicht gefunden";

/** The offers `where` picks, with the names and the approval setting of their locations. */
export function selectSwaps(db: Pick<Db, "$queryRaw">, where: Prisma.Sql): Promise<SwapRow[]> {
  return db.$queryRaw<SwapRow[]>`
    SELECT w.id, w.kind::text AS kind, w.status::text AS status, w.shift_id, w.offered_by,
           eo.first_name || ' ' || eo.last_name AS offered_by_name, w.target_shift_id, w.target_employee_id,
           et.first_name || ' ' || et.last_name AS target_name, w.accepted_by,
           ea.first_name || ' ' || ea.last_name AS accepted_by_name, w.accepted_at, w.note, w.shift_text,
           w.target_text, w.starts_at, w.created_at, w.decided_by_name, w.decided_at, w.reject_reason, w.end_reason,
           w.change_id::text AS change_id,
           coalesce(l.swap_needs_approval, true) OR coalesce(lt.swap_needs_approval, false) AS needs_approval
    FROM shift_swaps w
    JOIN employees eo ON eo.id = w.offered_by
    LEFT JOIN employees et ON et.id = w.target_employee_id
    LEFT JOIN employees ea ON ea.id = w.accepted_by
    LEFT JOIN locations l ON l.id = (w.shift_text ->> 'location_id')::int
    LEFT JOIN locations lt ON lt.id = (w.target_text ->> 'location_id')::int
    WHERE ${where}
    ORDER BY w.status = 'accepted' DESC, w.starts_at, w.id`;
}

/** One offer, or 404. */
export async function readSwap(db: Pick<Db, "$queryRaw">, id: number): Promise<SwapRow> {
  const [row] = await selectSwaps(db, Prisma.sql`w.id = ${id}`);
  if (!row) throw new ApiError("not_found", SWAP_NOT_FOUND);
  return row;
}

const LIVE = Prisma.sql`w.status IN ('open', 'accepted')`;

/** A running offer whose shift has begun is over, whether or not the expiry job has marked it yet. */
export function currentStatus(row: Pick<SwapRow, "status" | "starts_at">, now = new Date()): SwapStatus {
  const live = row.status === "open" || row.status === "accepted";
  return live && row.starts_at.getTime() <= now.getTime() ? "expired" : row.status;
}

function ruleShift(id: number, employeeId: number, text: SwapShiftJson): RuleShift {
  return {
    id,
    employee_id: employeeId,
    location_id: text.location_id,
    location_name: text.location_name,
    shift_date: text.shift_date,
    start_time: text.start_time,
    end_time: text.end_time,
    break_minutes: text.break_minutes,
  };
}

/** The offer's sides for this taker (the one who accepted, a swap's colleague, or a candidate). */
export function sidesOf(
  row: Pick<SwapRow, "shift_id" | "offered_by" | "shift_text" | "target_shift_id" | "target_text">,
  taker: number,
): SwapSides {
  return {
    shift: ruleShift(row.shift_id ?? 0, row.offered_by, row.shift_text),
    target:
      row.target_text && row.target_shift_id !== null ? ruleShift(row.target_shift_id, taker, row.target_text) : null,
    offeredBy: row.offered_by,
    taker,
  };
}

/** The texts of the messages about this offer. */
export function swapText(row: SwapRow): SwapText {
  return {
    kind: row.kind,
    shift: row.shift_text,
    target: row.target_text,
    offeredBy: row.offered_by_name,
    taker: row.accepted_by_name ?? row.target_name,
    note: row.note,
  };
}

const shiftDto = (id: number | null, text: SwapShiftJson) => ({
  id,
  shift_date: text.shift_date,
  start_time: text.start_time,
  end_time: text.end_time,
  break_minutes: text.break_minutes,
  location_id: text.location_id,
  location_name: text.location_name,
  custom_name: text.custom_name,
});

const person = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

type DtoOptions = { canAccept?: boolean; findings?: Finding[]; planner: boolean; now?: Date };

export function toSwapDto(row: SwapRow, { canAccept = false, findings = [], planner, now }: DtoOptions): SwapDto {
  return {
    id: row.id,
    kind: row.kind,
    status: currentStatus(row, now),
    shift: shiftDto(row.shift_id, row.shift_text),
    offered_by: { id: row.offered_by, name: row.offered_by_name },
    target_shift: row.target_text ? shiftDto(row.target_shift_id, row.target_text) : null,
    target: person(row.target_employee_id, row.target_name),
    accepted_by: person(row.accepted_by, row.accepted_by_name),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    note: row.note,
    needs_approval: row.needs_approval,
    starts_at: row.starts_at.toISOString(),
    created_at: row.created_at.toISOString(),
    decided_by: row.decided_by_name,
    decided_at: row.decided_at?.toISOString() ?? null,
    reject_reason: row.reject_reason,
    end_reason: row.end_reason,
    change_id: planner ? row.change_id : null,
    can_accept: canAccept,
    findings,
  };
}

/** The days of the rules' window around every shift of the offers. */
function windowOf(rows: SwapRow[]): { start_date: string; end_date: string } | null {
  const dates = rows.flatMap((row) => [
    row.shift_text.shift_date,
    ...(row.target_text ? [row.target_text.shift_date] : []),
  ]);
  if (dates.length === 0) return null;
  dates.sort();
  return windowFor({ start_date: dates[0], end_date: dates[dates.length - 1] });
}

/** Each person's Einsatzorte (an empty list: every location, §28.1). */
export async function readLocationIds(
  db: Pick<Db, "$queryRaw">,
  employeeIds: number[],
): Promise<Map<number, number[]>> {
  const rows = await db.$queryRaw<{ id: number; location_ids: number[] }[]>`
    SELECT e.id, ${locationIdsSql(Prisma.sql`e.id`)} AS location_ids
    FROM employees e WHERE e.id = ANY(${employeeIds}::int[])`;
  return new Map(rows.map((row) => [row.id, row.location_ids]));
}

/**
 * The planners' list (GET /api/swaps, docs/PRODUCT-RULES.md §35.7): `pending` the running offers of shifts not yet
 * begun, accepted ones first; `all` also those ended in the last 30 days. An accepted one carries what the rules
 * would say after its approval, for both people, on the draft (what a planner's approval decides on).
 */
export async function findPlannerSwaps(db: Db, { all }: { all: boolean }): Promise<SwapDto[]> {
  const now = new Date();
  const where = all
    ? Prisma.sql`((${LIVE} AND w.starts_at > ${now}) OR w.updated_at > ${now}::timestamptz - interval '30 days')`
    : Prisma.sql`${LIVE} AND w.starts_at > ${now}`;
  const rows = await selectSwaps(db, where);
  const accepted = rows.filter((row) => currentStatus(row, now) === "accepted" && row.accepted_by !== null);
  const window = windowOf(accepted);
  const facts =
    window &&
    (await readRuleFacts(db, {
      startDate: window.start_date,
      endDate: window.end_date,
      employees: { ids: [...new Set(accepted.flatMap((row) => [row.offered_by, row.accepted_by!]))] },
    }));
  const locations = await readLocationIds(db, [
    ...new Set(accepted.flatMap((row) => [row.offered_by, row.accepted_by!])),
  ]);
  return rows.map((row) => {
    if (!facts || row.accepted_by === null || currentStatus(row, now) !== "accepted")
      return toSwapDto(row, { planner: true, now });
    const verdict = judgeSwap(facts, sidesOf(row, row.accepted_by), {
      taker: locations.get(row.accepted_by) ?? [],
      giver: locations.get(row.offered_by) ?? [],
    });
    const findings =
      "refusal" in verdict
        ? verdict.refusal.kind === "rule"
          ? [verdict.refusal.finding]
          : []
        : [...verdict.findings.taker, ...verdict.findings.giver];
    return toSwapDto(row, { planner: true, findings, now });
  });
}

/**
 * A person's side of the Schichtbörse (GET /api/swaps for staff, docs/PRODUCT-RULES.md §35.2): their own offers,
 * those they accepted and the swaps they were asked for (running, or ended in the last 14 days), and the open
 * offers they could take — never one they could not (another Einsatzort, an overlap, a vacation or absence day), each
 * with the warnings taking it would give them, spoken to them. Judged on the plan as they see it (§33.3).
 */
export async function findMySwaps(db: Db, { employeeId }: { employeeId: number }): Promise<SwapDto[]> {
  const now = new Date();
  const rows = await selectSwaps(
    db,
    Prisma.sql`((w.offered_by = ${employeeId} OR w.target_employee_id = ${employeeId} OR w.accepted_by = ${employeeId})
                AND ((${LIVE} AND w.starts_at > ${now}) OR w.updated_at > ${now}::timestamptz - interval '14 days'))
            OR (w.status = 'open' AND w.kind = 'give_away' AND w.offered_by <> ${employeeId} AND w.starts_at > ${now})`,
  );
  const takeable = rows.filter(
    (row) =>
      currentStatus(row, now) === "open" &&
      row.offered_by !== employeeId &&
      (row.kind === "give_away" || row.target_employee_id === employeeId),
  );
  const window = windowOf(takeable);
  const people = [...new Set([employeeId, ...takeable.map((row) => row.offered_by)])];
  const facts =
    window &&
    (await readRuleFacts(db, {
      startDate: window.start_date,
      endDate: window.end_date,
      employees: { ids: people },
      staff: true,
    }));
  const locations = await readLocationIds(db, people);
  const name = facts?.employees.find((employee) => employee.id === employeeId)?.name ?? "";
  const list: SwapDto[] = [];
  for (const row of rows) {
    if (!facts || !takeable.includes(row)) {
      list.push(toSwapDto(row, { planner: false, now }));
      continue;
    }
    const verdict = judgeSwap(facts, sidesOf(row, employeeId), {
      taker: locations.get(employeeId) ?? [],
      giver: locations.get(row.offered_by) ?? [],
    });
    const addressed = row.kind === "swap";
    if ("refusal" in verdict) {
      // An offer to anyone that this person cannot take is not theirs to see; a swap they were asked for is.
      if (!addressed) continue;
      const own = verdict.refusal.kind === "rule" && verdict.refusal.side === "taker" ? [verdict.refusal.finding] : [];
      list.push(toSwapDto(row, { planner: false, findings: spokenTo(name, own), now }));
      continue;
    }
    const findings = spokenTo(name, verdict.findings.taker);
    list.push(toSwapDto(row, { planner: false, canAccept: true, findings, now }));
  }
  return list;
}

/**
 * How many accepted offers wait for a planner (the dashboard, docs/PRODUCT-RULES.md §35.7): of shifts not begun at
 * `now`, the same moment the lists above judge by.
 */
export async function countPendingSwaps(db: Pick<Db, "$queryRaw">, now = new Date()): Promise<number> {
  const [{ count }] = await db.$queryRaw<[{ count: number }]>`
    SELECT count(*)::int AS count FROM shift_swaps WHERE status = 'accepted' AND starts_at > ${now}`;
  return count;
}
