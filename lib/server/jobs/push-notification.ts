import "server-only";
import type { JobHelpers } from "graphile-worker";
import webpush, { WebPushError } from "web-push";
import { z } from "zod";
import { db } from "@/lib/server/db/client";
import { pushPayload } from "@/lib/server/push/push-message";
import { pushSettings } from "@/lib/server/push/push-settings";

const payloadSchema = z.object({ notification_id: z.int().positive(), subscription_id: z.int().positive() });

/** A push service keeps a message this long for a device that is offline (seconds). */
const TIME_TO_LIVE = 24 * 3600;

/**
 * The job of one message on one device (docs/PRODUCT-RULES.md §33.7): encrypted for the device's keys (RFC 8291)
 * and handed to its push service, signed with the server's VAPID key. A device the service no longer knows (404,
 * 410) is removed. Other failures are tried again; after the last try the device's row says why. A job per device,
 * so a retry never pushes again to a device that already has the message.
 */
export async function pushNotification(payload: unknown, { job }: Pick<JobHelpers, "job">): Promise<void> {
  const { notification_id: notificationId, subscription_id: subscriptionId } = payloadSchema.parse(payload);
  const settings = pushSettings();
  if (!settings) return;
  const [notification, subscription] = await Promise.all([
    db.notification.findUnique({
      where: { id: notificationId },
      select: { id: true, userId: true, title: true, lines: true, link: true },
    }),
    db.pushSubscription.findUnique({ where: { id: subscriptionId } }),
  ]);
  // The device was removed, or now belongs to another account: nothing of this user's goes to it.
  if (!notification || !subscription || subscription.userId !== notification.userId) return;
  try {
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(pushPayload(notification)),
      {
        vapidDetails: settings,
        TTL: TIME_TO_LIVE,
        contentEncoding: "aes128gcm",
        timeout: 10_000,
      },
    );
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await db.pushSubscription.deleteMany({ where: { id: subscriptionId } });
      return;
    }
    // The last try is given up: the device's row says why, and the job ends (see deliver-notification.ts).
    if (job.attempts < job.max_attempts) throw error;
    await db.pushSubscription.updateMany({
      where: { id: subscriptionId },
      data: { failedAt: new Date(), error: describe(error).slice(0, 500) },
    });
    return;
  }
  await db.pushSubscription.updateMany({
    where: { id: subscriptionId },
    data: { lastPushedAt: new Date(), failedAt: null, error: null },
  });
}

function describe(error: unknown): string {
  if (error instanceof WebPushError) return `${error.statusCode} ${error.body || error.message}`.trim();
  return error instanceof Error ? error.message : String(error);
}
