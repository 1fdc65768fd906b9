// GET /api/webhooks/[id]/deliveries – the webhook's delivery log, newest 100 first (admin, docs/PRODUCT-RULES.md §37)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findWebhookDeliveries } from "@/lib/server/webhooks/find-webhooks";
import * as api from "@/lib/shared/contract/webhooks";

export const GET = route(api.listWebhookDeliveries, async ({ params }) =>
  json(await findWebhookDeliveries(db, { id: params.id })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
