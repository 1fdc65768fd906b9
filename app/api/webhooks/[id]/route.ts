// PUT /api/webhooks/[id] – change, switch on again, new secret; DELETE – delete with its log (admin, §37)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, noContent, route } from "@/lib/server/api/route";
import { deleteWebhook, updateWebhook } from "@/lib/server/webhooks/write-webhooks";
import * as api from "@/lib/shared/contract/webhooks";

export const PUT = route(api.updateWebhook, async ({ params, body, audit }) =>
  json(await updateWebhook({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteWebhook, async ({ params, audit }) => {
  await deleteWebhook({ id: params.id, audit });
  return noContent();
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
