import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { Db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import type { WebhookDeliveryDto, WebhookDto } from "@/lib/shared/schemas/webhook";
import { DELIVERY_SELECT, toDeliveryDto, toWebhookDto, WEBHOOK_SELECT } from "./webhook-dto";

/** The delivery log shows this many of a hook's deliveries. */
export const DELIVERY_LOG_SIZE = 100;

export const webhookNotFound = () => new ApiError("not_found", "Webhook nicht gefunden");

/** Every hook, oldest first, without secrets. */
export async function findWebhooks(db: Db): Promise<WebhookDto[]> {
  const rows = await db.webhook.findMany({ select: WEBHOOK_SELECT, orderBy: { id: "asc" } });
  return rows.map(toWebhookDto);
}

export async function getWebhook(db: Db, { id }: IdOptions): Promise<WebhookDto> {
  const row = await db.webhook.findUnique({ where: { id }, select: WEBHOOK_SELECT });
  if (!row) throw webhookNotFound();
  return toWebhookDto(row);
}

/** A hook's newest deliveries, newest first (the index `webhook_deliveries (webhook_id, created_at DESC, id)`). */
export async function findWebhookDeliveries(db: Db, { id }: IdOptions): Promise<WebhookDeliveryDto[]> {
  const hook = await db.webhook.findUnique({ where: { id }, select: { id: true } });
  if (!hook) throw webhookNotFound();
  const rows = await db.webhookDelivery.findMany({
    where: { webhookId: id },
    select: DELIVERY_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERY_LOG_SIZE,
  });
  return rows.map(toDeliveryDto);
}
