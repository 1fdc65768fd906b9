/**
 * Webhooks (docs/PRODUCT-RULES.md §37): admins only (`users:manage`: a hook hands personal data to a system outside
 * the app, the same trust as creating accounts, and no integration token opens user administration).
 */
import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryDtoSchema,
  webhookDtoSchema,
  webhookSavedSchema,
  webhookUpdateSchema,
} from "@/lib/shared/schemas/webhook";
import { defineOperation } from "./operation";

const tag = "Webhooks";
const badUrl = {
  status: 400,
  description:
    "`validation_failed` with `fields.url`: not http(s), credentials in it, longer than 2,000 characters, a host " +
    "that does not resolve, or an address on loopback, a private, link-local or metadata network (unless the " +
    "server runs with WEBHOOK_ALLOW_PRIVATE=1)",
} as const;

export const listWebhooks = defineOperation({
  method: "GET",
  path: "/api/webhooks",
  id: "listWebhooks",
  tag,
  summary: "Every webhook, oldest first (never a secret)",
  access: "users:manage",
  responses: [{ status: 200, description: "The webhooks", schema: z.array(webhookDtoSchema) }],
});

export const createWebhook = defineOperation({
  method: "POST",
  path: "/api/webhooks",
  id: "createWebhook",
  tag,
  summary: "Register a webhook: a URL and its events; answers the signing secret once",
  description:
    "Each event is delivered as a JSON POST `{ event, occurred_at, data }` (see the `webhooks` of this document) " +
    "with `X-Schichtwerk-Event`, `X-Schichtwerk-Delivery` and `X-Schichtwerk-Signature: t=<unix>,v1=<hex " +
    'HMAC-SHA256(secret, t + "." + body)>`, retried with growing pauses for 24 hours.',
  access: "users:manage",
  body: webhookCreateSchema,
  responses: [{ status: 201, description: "The webhook and its secret", schema: webhookCreatedSchema }],
  errors: [badUrl],
});

export const updateWebhook = defineOperation({
  method: "PUT",
  path: "/api/webhooks/{id}",
  id: "updateWebhook",
  tag,
  summary: "Change a webhook; `active: true` re-enables a disabled one, `rotate_secret: true` makes a new secret",
  access: "users:manage",
  params: idParamsSchema,
  body: webhookUpdateSchema,
  responses: [
    { status: 200, description: "The webhook, with the new secret when one was made", schema: webhookSavedSchema },
  ],
  errors: [badUrl],
});

export const deleteWebhook = defineOperation({
  method: "DELETE",
  path: "/api/webhooks/{id}",
  id: "deleteWebhook",
  tag,
  summary: "Delete a webhook with its delivery log; deliveries still waiting are dropped",
  access: "users:manage",
  params: idParamsSchema,
  responses: [{ status: 204, description: "Deleted" }],
});

export const listWebhookDeliveries = defineOperation({
  method: "GET",
  path: "/api/webhooks/{id}/deliveries",
  id: "listWebhookDeliveries",
  tag,
  summary: "The webhook's delivery log: its newest 100 deliveries, newest first",
  access: "users:manage",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The deliveries", schema: z.array(webhookDeliveryDtoSchema) }],
});

export const testWebhook = defineOperation({
  method: "POST",
  path: "/api/webhooks/{id}/test",
  id: "testWebhook",
  tag,
  summary: '"Test senden": delivers a `ping` now and answers how it went (logged like every delivery)',
  description: "Tried once, within the request (at most 10 s); a failed test is not retried.",
  access: "users:manage",
  params: idParamsSchema,
  responses: [{ status: 201, description: "The delivery and its outcome", schema: webhookDeliveryDtoSchema }],
});
