// GET/PUT /api/me/notification-settings – the caller's e-mail address and whether messages are mailed (every
// signed-in user, docs/PRODUCT-RULES.md §33.5)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findNotificationSettings, updateNotificationSettings } from "@/lib/server/notifications/notification-settings";
import * as api from "@/lib/shared/contract/notifications";

export const GET = route(api.getMyNotificationSettings, async ({ user }) =>
  json(await findNotificationSettings(db, user.id)),
);

export const PUT = route(api.updateMyNotificationSettings, async ({ user, body, audit }) =>
  json(await updateNotificationSettings({ userId: user.id, input: body, audit })),
);

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
