import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { WebhookDeliveryDto, WebhookDto, WebhookEvent } from "@/lib/shared/schemas/webhook";

/** What every read of a hook selects: never its secret. */
export const WEBHOOK_SELECT = {
  id: true,
  name: true,
  url: true,
  events: true,
  active: true,
  failingSince: true,
  lastSuccessAt: true,
  disabledAt: true,
  createdAt: true,
} as const satisfies Prisma.WebhookSelect;

type WebhookRow = Prisma.WebhookGetPayload<{ select: typeof WEBHOOK_SELECT }>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toWebhookDto(row: WebhookRow): WebhookDto {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events as WebhookEvent[],
    active: row.active,
    failing_since: iso(row.failingSince),
    last_success_at: iso(row.lastSuccessAt),
    disabled_at: iso(row.disabledAt),
    created_at: row.createdAt.toISOString(),
  };
}

export const DELIVERY_SELECT = {
  id: true,
  event: true,
  status: true,
  attempts: true,
  responseStatus: true,
  durationMs: true,
  error: true,
  nextAttemptAt: true,
  createdAt: true,
  finishedAt: true,
  payload: true,
} as const satisfies Prisma.WebhookDeliverySelect;

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof DELIVERY_SELECT }>;

export function toDeliveryDto(row: DeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    event: row.event as WebhookDeliveryDto["event"],
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    duration_ms: row.durationMs,
    error: row.error,
    next_attempt_at: iso(row.nextAttemptAt),
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
    payload: row.payload ?? null,
  };
}
