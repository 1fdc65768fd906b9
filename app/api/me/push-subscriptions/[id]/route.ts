// DELETE /api/me/push-subscriptions/[id] – this device receives no more push (docs/PRODUCT-RULES.md §33.7)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { noContent, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { removePushSubscription } from "@/lib/server/push/write-push-subscriptions";
import * as api from "@/lib/shared/contract/notifications";

export const DELETE = route(api.unsubscribeMyPush, async ({ user, params }) => {
  await removePushSubscription(db, { userId: user.id, id: params.id });
  return noContent();
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
