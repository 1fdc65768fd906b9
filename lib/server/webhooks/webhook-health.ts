import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Db, Tx } from "@/lib/server/db/client";
import { webhookDisabled } from "@/lib/server/notifications/webhook-messages";
import { notifyHolders } from "@/lib/server/notifications/write-notifications";
import { GIVE_UP_AFTER_MS } from "./retry-schedule";
import { dropWaitingJobs } from "./write-webhooks";

/** A hook's deliveries keep their payload for its newest this many (and while they are not finished). */
export const KEPT_PAYLOADS = 50;

/**
 * A failed try, for the hook's health (docs/PRODUCT-RULES.md §37): `failing_since` is set at the first failure to
 * the oldest event the hook has not taken since its last success; once that is 24 h ago the hook is disabled.
 */
export async function recordHookFailure(
  tx: Tx,
  { webhookId, createdAt, now, error }: { webhookId: number; createdAt: Date; now: Date; error: string | null },
): Promise<boolean> {
  const [hook] = await tx.$queryRaw<{ failing_since: Date; active: boolean }[]>`
    UPDATE webhooks SET failing_since = coalesce(failing_since, greatest(${createdAt}::timestamptz, last_success_at))
    WHERE id = ${webhookId}
    RETURNING failing_since, active`;
  if (!hook?.active || now.getTime() - hook.failing_since.getTime() < GIVE_UP_AFTER_MS) return false;
  await disableWebhook(tx, { webhookId, now, error });
  return true;
}

/**
 * Switches a hook off after 24 h of failures: its unfinished deliveries are given up and their jobs taken out of
 * the queue, every admin is told in the inbox, and the history keeps it (`webhook.disabled`, no actor).
 */
export async function disableWebhook(
  tx: Tx,
  { webhookId, now, error }: { webhookId: number; now: Date; error: string | null },
): Promise<void> {
  const [hook] = await tx.$queryRaw<{ name: string | null; url: string; failing_since: Date | null }[]>`
    UPDATE webhooks SET active = false, disabled_at = ${now}, updated_at = ${now}
    WHERE id = ${webhookId} AND active
    RETURNING name, url, failing_since`;
  if (!hook) return;
  await dropWaitingJobs(tx, webhookId);
  await tx.$executeRaw`
    UPDATE webhook_deliveries
    SET status = 'gave_up', next_attempt_at = NULL, finished_at = ${now},
        error = coalesce(error, 'Nicht zugestellt: Webhook ausgeschaltet')
    WHERE webhook_id = ${webhookId} AND status IN ('pending', 'retrying')`;
  await notifyHolders(tx, "users:manage", webhookDisabled({ ...hook, error }));
  await recordAudit(tx, {
    actor: null,
    action: "webhook.disabled",
    entityType: "webhook",
    entityId: webhookId,
    details: { url: hook.url, failing_since: hook.failing_since?.toISOString() ?? null, error },
  });
}

/**
 * A success, as a statement for the success's own (./deliver-webhook.ts): the hook is healthy again.
 * `last_success_at` is written at most once a minute while the hook stays healthy: every delivery would otherwise
 * update the one row of a busy hook, and its runners would queue on its lock. A minute off only moves a later
 * `failing_since` by as much.
 */
export function healthyAgain(webhookId: number, now: Date): Prisma.Sql {
  return Prisma.sql`
    UPDATE webhooks SET failing_since = NULL, last_success_at = ${now}
    WHERE id = ${webhookId}
      AND (failing_since IS NOT NULL OR last_success_at IS NULL
           OR last_success_at < ${now}::timestamptz - interval '1 minute')
    RETURNING id`;
}

/**
 * The payloads of the hook's finished deliveries beyond its newest 50 dropped (the log keeps their status), as a
 * statement; `except` is a delivery the same statement finishes (it is among the newest).
 */
export function prunedPayloads(webhookId: number, except: string | null = null): Prisma.Sql {
  return Prisma.sql`
    UPDATE webhook_deliveries SET payload = NULL
    WHERE webhook_id = ${webhookId} AND payload IS NOT NULL AND finished_at IS NOT NULL
      AND id IS DISTINCT FROM ${except}::uuid
      AND (created_at, id) < (SELECT created_at, id FROM webhook_deliveries WHERE webhook_id = ${webhookId}
                              ORDER BY created_at DESC, id DESC OFFSET ${KEPT_PAYLOADS - 1} LIMIT 1)
    RETURNING id`;
}

/** Drops the payloads of the hook's finished deliveries beyond its newest 50. */
export async function prunePayloads(db: Db, webhookId: number): Promise<void> {
  await db.$executeRaw`WITH p AS (${prunedPayloads(webhookId)}) SELECT count(*) FROM p`;
}
