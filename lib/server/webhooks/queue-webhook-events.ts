import "server-only";
import type { Tx } from "@/lib/server/db/client";
import { MAX_ATTEMPTS, TASKS } from "@/lib/server/jobs/queue";
import type { WebhookEvent } from "@/lib/shared/schemas/webhook";

export type QueuedEvent = { event: WebhookEvent; data: unknown };

/**
 * Writes the events of a domain write for every active hook that listens to them (docs/PRODUCT-RULES.md §37), in
 * the write's own transaction and in one statement: one delivery row per hook and event, one job per delivery. A
 * write rolled back leaves neither behind; with no hook listening nothing is written. Every delivery of one call
 * carries the same `occurred_at` (the transaction's start).
 *
 * The job (`deliver_webhook`, ./deliver-webhook.ts) names its delivery and the try it is for (`attempt`): the task
 * schedules each retry itself as a new job, so a job run twice after a crash finds its try made and does nothing.
 * Its `job_key` (`webhook:<id>`) keeps one waiting job per delivery. graphile-worker's own retries (MAX_ATTEMPTS,
 * e^attempt s) are only for the task failing itself (the database away); a receiver's failure is not a thrown error.
 */
export async function queueWebhookEvents(tx: Tx, events: QueuedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  // `data` travels as JSON text; the body is put together as text and stored as `json` (not jsonb): it keeps the
  // API's key order and JSON.stringify's compact form, byte for byte the same on every try.
  const [{ queued }] = await tx.$queryRaw<{ queued: number }[]>`
    WITH e AS (
      SELECT * FROM unnest(${events.map((e) => e.event)}::text[], ${events.map((e) => JSON.stringify(e.data))}::text[])
        WITH ORDINALITY AS e(event, data, n)
    ), d AS (
      INSERT INTO webhook_deliveries (webhook_id, event, payload)
      SELECT w.id, e.event,
             ('{"event":' || to_json(e.event)::text
               || ',"occurred_at":' || to_json(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
               || ',"data":' || e.data || '}')::json
      FROM e JOIN webhooks w ON w.active AND w.events @> ARRAY[e.event]
      ORDER BY e.n, w.id
      RETURNING id
    )
    SELECT count(graphile_worker.add_job(${TASKS.deliverWebhook}, json_build_object('id', d.id, 'attempt', 0),
                                         job_key => 'webhook:' || d.id, max_attempts => ${MAX_ATTEMPTS}::int))::int
           AS queued
    FROM d`;
  return queued;
}

/** Which of these events some active hook listens to (a write builds the data of those only). */
export async function listenedEvents(tx: Tx, events: WebhookEvent[]): Promise<Set<WebhookEvent>> {
  const rows = await tx.$queryRaw<{ event: WebhookEvent }[]>`
    SELECT DISTINCT e AS event FROM webhooks w, unnest(w.events) e
    WHERE w.active AND w.events && ${events}::text[] AND e = ANY(${events}::text[])`;
  return new Set(rows.map((row) => row.event));
}

/**
 * One event of a domain write, its data read only when some hook listens (`read` runs in the write's transaction,
 * after the change): without a listener this costs one small read.
 */
export async function queueWebhookEvent(tx: Tx, event: WebhookEvent, read: () => Promise<unknown>): Promise<void> {
  if (!(await listenedEvents(tx, [event])).has(event)) return;
  await queueWebhookEvents(tx, [{ event, data: await read() }]);
}
