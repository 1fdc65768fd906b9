// POST /api/webhooks/[id]/test – "Test senden": a ping now, answered with its outcome (admin, PRODUCT-RULES §37)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { pingWebhook } from "@/lib/server/webhooks/ping-webhook";
import * as api from "@/lib/shared/contract/webhooks";

export const POST = route(api.testWebhook, async ({ params }) => json(await pingWebhook({ id: params.id }), 201));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
