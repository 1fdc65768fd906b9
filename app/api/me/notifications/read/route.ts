// POST /api/me/notifications/read – mark the caller's messages read, the named ones or all (every signed-in user,
// docs/PRODUCT-RULES.md §33.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { unreadCount } from "@/lib/server/notifications/find-notifications";
import { markNotificationsRead } from "@/lib/server/notifications/write-notifications";
import * as api from "@/lib/shared/contract/notifications";

export const POST = route(api.markMyNotificationsRead, async ({ user, body }) => {
  const marked = await markNotificationsRead(db, { userId: user.id, ids: body.all ? "all" : (body.ids ?? []) });
  return json({ marked, unread_count: await unreadCount(db, user.id) });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
