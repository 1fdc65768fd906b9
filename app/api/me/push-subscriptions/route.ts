// GET/POST /api/me/push-subscriptions – push on this server and the caller's devices; a device subscribes (every
// signed-in user, docs/PRODUCT-RULES.md §33.7)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findPushStatus } from "@/lib/server/push/find-push-devices";
import { savePushSubscription } from "@/lib/server/push/write-push-subscriptions";
import * as api from "@/lib/shared/contract/notifications";

export const GET = route(api.getMyPushStatus, async ({ user }) => json(await findPushStatus(db, user.id)));

export const POST = route(api.subscribeMyPush, async ({ user, body }) =>
  json(await savePushSubscription(db, { userId: user.id, input: body }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
