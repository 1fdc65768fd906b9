/**
 * The inbox (docs/PRODUCT-RULES.md §33.1): every signed-in user's own messages. Access "profile:manage": every
 * role, and only the caller's own messages.
 */
import {
  markReadResultSchema,
  markReadSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from "@/lib/shared/schemas/notification";
import { pushDeviceSchema, pushStatusSchema, pushSubscriptionInputSchema } from "@/lib/shared/schemas/push";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { defineOperation } from "./operation";

const tag = "Notifications";

export const listMyNotifications = defineOperation({
  method: "GET",
  path: "/api/me/notifications",
  id: "listMyNotifications",
  tag,
  summary: "The caller's messages, newest first, a page at a time, with the unread count",
  description:
    "Messages about the caller's shifts, vacation requests, applications and stamps (docs §33.1), written when " +
    "the event happened, with German texts and a link into the app. 30 per page; `before` pages back.",
  access: "profile:manage",
  query: notificationsQuerySchema,
  responses: [{ status: 200, description: "A page of the inbox", schema: notificationsPageSchema }],
});

export const markMyNotificationsRead = defineOperation({
  method: "POST",
  path: "/api/me/notifications/read",
  id: "markMyNotificationsRead",
  tag,
  summary: "Mark messages read: the ones named (`ids`), or all of the caller's (`all: true`)",
  description:
    "Ids of other users' messages, or unknown ones, are passed over: the answer counts the caller's messages that " +
    "became read. Marking a read message again changes nothing.",
  access: "profile:manage",
  body: markReadSchema,
  responses: [{ status: 200, description: "How many became read, and the unread count", schema: markReadResultSchema }],
});

export const getMyNotificationSettings = defineOperation({
  method: "GET",
  path: "/api/me/notification-settings",
  id: "getMyNotificationSettings",
  tag,
  summary: "How the caller gets their messages: the e-mail address and whether to mail them",
  description: "`email_available` says whether this server sends e-mail at all (docs §33.5).",
  access: "profile:manage",
  responses: [{ status: 200, description: "The caller's choices", schema: notificationSettingsSchema }],
});

export const updateMyNotificationSettings = defineOperation({
  method: "PUT",
  path: "/api/me/notification-settings",
  id: "updateMyNotificationSettings",
  tag,
  summary: "Change the own e-mail address or whether messages are mailed; absent keys stay",
  description:
    "Mailing needs an address: `email_notifications: true` without one, or removing the address while it is on, " +
    "is refused (400). Audited as a change of the account.",
  access: "profile:manage",
  body: notificationSettingsUpdateSchema,
  responses: [{ status: 200, description: "The caller's choices as stored", schema: notificationSettingsSchema }],
});

const pushOff = { status: 409, description: "`conflict`: this server sends no push (no VAPID keys)" } as const;

export const getMyPushStatus = defineOperation({
  method: "GET",
  path: "/api/me/push-subscriptions",
  id: "getMyPushStatus",
  tag,
  summary: "Whether the server sends push, its VAPID public key, and the caller's devices that receive it",
  description: "A browser subscribes with `public_key` as its `applicationServerKey` (docs §33.7).",
  access: "profile:manage",
  responses: [{ status: 200, description: "Push on this server and the caller's devices", schema: pushStatusSchema }],
});

export const subscribeMyPush = defineOperation({
  method: "POST",
  path: "/api/me/push-subscriptions",
  id: "subscribeMyPush",
  tag,
  summary: "This device receives the caller's messages as push: the browser's subscription",
  description:
    "The body is `PushSubscription.toJSON()`. The endpoint must be at a browser's push service (Google, Mozilla, " +
    "Apple, Microsoft, or one in PUSH_SERVICE_ORIGINS). Sending the same endpoint again updates its keys; an " +
    "endpoint another user had (the same browser, another account) becomes the caller's.",
  access: "profile:manage",
  body: pushSubscriptionInputSchema,
  responses: [{ status: 201, description: "The device", schema: pushDeviceSchema }],
  errors: [
    { status: 400, description: "`validation_failed`: no push service's address, or keys that are no P-256 key" },
    pushOff,
  ],
});

export const unsubscribeMyPush = defineOperation({
  method: "DELETE",
  path: "/api/me/push-subscriptions/{id}",
  id: "unsubscribeMyPush",
  tag,
  summary: "This device receives no more push (also when signing out on it)",
  access: "profile:manage",
  params: idParamsSchema,
  responses: [{ status: 204, description: "Removed" }],
  errors: [{ status: 404, description: "`not_found`: no device of the caller's with this id" }],
});
