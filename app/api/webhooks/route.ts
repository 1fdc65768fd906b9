// GET/POST /api/webhooks – list webhooks, register one and get its secret once (admin, docs/PRODUCT-RULES.md §37)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findWebhooks } from "@/lib/server/webhooks/find-webhooks";
import { createWebhook } from "@/lib/server/webhooks/write-webhooks";
import * as api from "@/lib/shared/contract/webhooks";

export const GET = route(api.listWebhooks, async () => json(await findWebhooks(db)));

export const POST = route(api.createWebhook, async ({ body, audit }) =>
  json(await createWebhook({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
