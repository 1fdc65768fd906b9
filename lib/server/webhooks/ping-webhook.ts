import "server-only";
import { db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import type { WebhookDeliveryDto } from "@/lib/shared/schemas/webhook";
import { PING_EVENT } from "@/lib/shared/schemas/webhook";
import { webhookNotFound } from "./find-webhooks";
import { sendDelivery } from "./send-delivery";
import { guardOptions, type GuardOptions } from "./ssrf-guard";
import { DELIVERY_SELECT, toDeliveryDto } from "./webhook-dto";
import { prunePayloads } from "./webhook-health";

/**
 * "Test senden" (docs/PRODUCT-RULES.md §37): a `ping` delivered within the request, tried once, logged like every
 * delivery (`failed` when it did not arrive; never retried). It leaves the hook's health alone: a test of a hook
 * being set up says nothing about the events it missed. Works on a switched-off hook too, to check it before
 * switching it on.
 */
export async function pingWebhook(
  { id }: IdOptions,
  guard: GuardOptions = guardOptions(),
): Promise<WebhookDeliveryDto> {
  const hook = await db.webhook.findUnique({ where: { id }, select: { url: true, secret: true } });
  if (!hook) throw webhookNotFound();
  const payload = {
    event: PING_EVENT,
    occurred_at: new Date().toISOString(),
    data: { webhook_id: id, message: "Test von Schichtwerk" },
  };
  // Written before the try, so a request cut off midway still leaves its line in the log.
  const { id: deliveryId } = await db.webhookDelivery.create({
    data: { webhookId: id, event: PING_EVENT, payload },
    select: { id: true },
  });
  const outcome = await sendDelivery(
    { id: deliveryId, event: PING_EVENT, body: JSON.stringify(payload), url: hook.url, secret: hook.secret },
    guard,
  );
  const row = await db.webhookDelivery.update({
    where: { id: deliveryId },
    data: {
      status: outcome.ok ? "succeeded" : "failed",
      attempts: 1,
      responseStatus: outcome.status,
      durationMs: outcome.durationMs,
      error: outcome.error,
      finishedAt: new Date(),
    },
    select: DELIVERY_SELECT,
  });
  await prunePayloads(db, id);
  return toDeliveryDto(row);
}
