import "server-only";
import type { ShiftState } from "@/lib/server/changes/write-changes";
import { config } from "@/lib/server/config";
import type { Tx } from "@/lib/server/db/client";
import { shiftHoursSql } from "@/lib/server/shifts/find-shifts";
import type { WebhookEvent } from "@/lib/shared/schemas/webhook";
import { listenedEvents, queueWebhookEvents } from "./queue-webhook-events";

/** A shift a plan write touched: its state before and after (null: created, or deleted). */
export type ShiftEventItem = { shift_id: number; before: ShiftState | null; after: ShiftState | null };

type ShiftEvent = Extract<WebhookEvent, `shift.${string}`>;

/** The same fields, whenever written: a save that changed nothing is no `shift.updated`. */
function sameFields(before: ShiftState, after: ShiftState): boolean {
  return (Object.keys(before) as (keyof ShiftState)[]).every(
    (key) => key === "updated_ms" || before[key] === after[key],
  );
}

function eventOf({ before, after }: ShiftEventItem): ShiftEvent | null {
  if (before === null) return after === null ? null : "shift.created";
  if (after === null) return "shift.deleted";
  return sameFields(before, after) ? null : "shift.updated";
}

/**
 * The shift events of one plan write (docs/PRODUCT-RULES.md §37), called by `recordPlanChange` in the write's
 * transaction: `shift.created`, `shift.updated`, `shift.deleted`, each with the shift as GET /api/shifts answers a
 * planner (the draft); a deleted shift as it was. When no hook listens this is one small read and nothing more.
 */
export async function queueShiftEvents(tx: Tx, items: ShiftEventItem[]): Promise<void> {
  const events = items.flatMap((item) => {
    const event = eventOf(item);
    return event ? [{ event, state: { ...(item.after ?? item.before)!, id: item.shift_id } }] : [];
  });
  if (events.length === 0) return;
  const listened = await listenedEvents(tx, [...new Set(events.map((e) => e.event))]);
  const wanted = events.filter((e) => listened.has(e.event));
  if (wanted.length === 0) return;
  const json = await shiftJsonOf(
    tx,
    wanted.map((e) => e.state),
  );
  await queueWebhookEvents(
    tx,
    wanted.map((e) => ({ event: e.event, data: json.get(e.state.id) })),
  );
}

/**
 * Shifts in the JSON of GET /api/shifts, built from their states (a deleted shift has no row left): the columns of
 * `shiftsJson` (lib/server/shifts/find-shifts.ts) with the same hours and names.
 */
async function shiftJsonOf(tx: Tx, states: (ShiftState & { id: number })[]): Promise<Map<number, unknown>> {
  const rows = await tx.$queryRaw<{ id: number; json: unknown }[]>`
    SELECT r.id, row_to_json(r) AS json
    FROM (
      SELECT s.id, s.employee_id, s.location_id, s.shift_date,
             left(s.start_time::text, 5) AS start_time, left(s.end_time::text, 5) AS end_time,
             s.break_minutes, s.is_custom, s.custom_name, ${shiftHoursSql(config.timeZone)} AS hours,
             (SELECT e.first_name || ' ' || e.last_name FROM employees e WHERE e.id = s.employee_id) AS employee_name,
             l.name AS location_name, l.color::text AS location_color
      FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb)
        AS s(id int, employee_id int, location_id int, shift_date date, start_time time, end_time time,
             break_minutes int, is_custom boolean, custom_name text)
      JOIN LATERAL (SELECT name, color FROM locations WHERE id = s.location_id) l ON true
    ) r`;
  return new Map(rows.map((row) => [row.id, row.json]));
}
