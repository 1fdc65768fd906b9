// GET /api/me/notifications?before – the caller's inbox, newest first, with the unread count (every signed-in
// user, docs/PRODUCT-RULES.md §33.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findNotifications } from "@/lib/server/notifications/find-notifications";
import * as api from "@/lib/shared/contract/notifications";

export const GET = route(api.listMyNotifications, async ({ user, query }) =>
  json(await findNotifications(db, { userId: user.id, before: query.before })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
