import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { seal } from "@/lib/server/auth/secret-box";
import type { Tx } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import type {
  WebhookCreated,
  WebhookCreateInput,
  WebhookSaved,
  WebhookUpdateInput,
} from "@/lib/shared/schemas/webhook";
import { webhookNotFound } from "./find-webhooks";
import { newWebhookSecret } from "./sign";
import { assertPublicUrl, guardOptions, RefusedAddressError, type GuardOptions } from "./ssrf-guard";
import { toWebhookDto, WEBHOOK_SELECT } from "./webhook-dto";

/**
 * The URL's host resolved and judged before anything is written (docs/PRODUCT-RULES.md §37): a private, loopback,
 * link-local or metadata address, or a host that does not resolve, is 400 with the reason on `fields.url`.
 */
async function checkUrl(url: string, guard: GuardOptions): Promise<void> {
  try {
    await assertPublicUrl(new URL(url), guard);
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    throw new ApiError("validation_failed", error.message, { fields: { url: error.message } });
  }
}

/** Registers a hook (admins) and answers it with its secret, the only time the secret is shown. */
export async function createWebhook(
  { input, audit }: CreateOptions<WebhookCreateInput>,
  guard: GuardOptions = guardOptions(),
): Promise<WebhookCreated> {
  await checkUrl(input.url, guard);
  const secret = newWebhookSecret();
  return transaction(async (tx) => {
    const row = await tx.webhook.create({
      data: { name: input.name, url: input.url, events: input.events, secret: seal(secret), createdBy: audit.actor.id },
      select: WEBHOOK_SELECT,
    });
    await recordAudit(tx, {
      ...audit,
      action: "webhook.created",
      entityType: "webhook",
      entityId: row.id,
      details: { name: row.name, url: row.url, events: row.events },
    });
    return { ...toWebhookDto(row), secret };
  });
}

/**
 * Changes a hook. Switching it on again (or giving it another URL) starts its health anew: `failing_since` and
 * `disabled_at` are cleared. `rotate_secret` makes a new secret, answered this once.
 */
export async function updateWebhook(
  { id, input, audit }: UpdateOptions<WebhookUpdateInput>,
  guard: GuardOptions = guardOptions(),
): Promise<WebhookSaved> {
  await checkUrl(input.url, guard);
  const secret = input.rotate_secret ? newWebhookSecret() : undefined;
  return transaction(async (tx) => {
    const before = await tx.webhook.findUnique({ where: { id }, select: { url: true, active: true } });
    if (!before) throw webhookNotFound();
    const freshStart = (input.active && !before.active) || input.url !== before.url;
    const row = await tx.webhook.update({
      where: { id },
      data: {
        name: input.name,
        url: input.url,
        events: input.events,
        active: input.active,
        updatedAt: new Date(),
        ...(secret && { secret: seal(secret) }),
        ...(freshStart && { failingSince: null }),
        ...(input.active && { disabledAt: null }),
      },
      select: WEBHOOK_SELECT,
    });
    await recordAudit(tx, {
      ...audit,
      action: "webhook.updated",
      entityType: "webhook",
      entityId: id,
      details: {
        name: row.name,
        url: row.url,
        events: row.events,
        active: row.active,
        ...(secret && { secret_rotated: true }),
      },
    });
    return { ...toWebhookDto(row), ...(secret && { secret }) };
  });
}

/** Deletes a hook with its log; the jobs of its deliveries still waiting are taken out of the queue. */
export async function deleteWebhook({ id, audit }: RemoveOptions): Promise<void> {
  await transaction(async (tx) => {
    await dropWaitingJobs(tx, id);
    const row = await tx.webhook.findUnique({ where: { id }, select: { name: true, url: true } });
    if (!row) throw webhookNotFound();
    await tx.webhook.delete({ where: { id } });
    await recordAudit(tx, {
      ...audit,
      action: "webhook.deleted",
      entityType: "webhook",
      entityId: id,
      details: { name: row.name, url: row.url },
    });
  });
}

/**
 * Removes the queue's jobs of a hook's unfinished deliveries. A job already running keeps going and then finds its
 * delivery gone or ended (./deliver-webhook.ts).
 */
export async function dropWaitingJobs(tx: Tx, webhookId: number): Promise<void> {
  await tx.$executeRaw`
    SELECT graphile_worker.remove_job('webhook:' || id) FROM webhook_deliveries
    WHERE webhook_id = ${webhookId} AND status IN ('pending', 'retrying')`;
}
