import "server-only";
import { ECDH } from "node:crypto";
import { ApiError } from "@/lib/server/api/errors";
import type { Db } from "@/lib/server/db/client";
import {
  PUSH_ENDPOINT_MESSAGE,
  PUSH_KEYS_MESSAGE,
  type PushDeviceDto,
  type PushSubscriptionInput,
} from "@/lib/shared/schemas/push";
import { deviceDto, deviceSelect } from "./find-push-devices";
import { isKnownPushService } from "./push-services";
import { pushSettings } from "./push-settings";

const PUSH_OFF = "Push-Mitteilungen sind auf diesem Server aus";

// A device is the user's own affair, like reading their messages: not audited.

export type SavePushSubscriptionOptions = { userId: number; input: PushSubscriptionInput };

/**
 * POST /api/me/push-subscriptions: this device receives the caller's messages. The endpoint must be a push
 * service's (./push-services.ts) and the key a point of P-256, or the messages could never be encrypted for it. One
 * row per endpoint: sent again, its keys are renewed; held by another user (the same browser, another account), it
 * becomes the caller's, so a shared device never shows the previous person's messages.
 */
export async function savePushSubscription(
  db: Db,
  { userId, input }: SavePushSubscriptionOptions,
): Promise<PushDeviceDto> {
  if (!pushSettings()) throw new ApiError("conflict", PUSH_OFF);
  if (!isKnownPushService(input.endpoint))
    throw new ApiError("validation_failed", PUSH_ENDPOINT_MESSAGE, { fields: { endpoint: PUSH_ENDPOINT_MESSAGE } });
  const p256dh = input.keys.p256dh.replace(/=+$/, "");
  const auth = input.keys.auth.replace(/=+$/, "");
  try {
    ECDH.convertKey(Buffer.from(p256dh, "base64url"), "prime256v1");
  } catch {
    throw new ApiError("validation_failed", PUSH_KEYS_MESSAGE, { fields: { keys: PUSH_KEYS_MESSAGE } });
  }
  const row = await db.pushSubscription.upsert({
    where: { endpoint: input.endpoint },
    create: { userId, endpoint: input.endpoint, p256dh, auth },
    update: { userId, p256dh, auth, failedAt: null, error: null },
    select: deviceSelect,
  });
  return deviceDto(row);
}

/** DELETE /api/me/push-subscriptions/{id}: only the caller's own device; another's is 404, as if unknown. */
export async function removePushSubscription(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  const { count } = await db.pushSubscription.deleteMany({ where: { id, userId } });
  if (count === 0) throw new ApiError("not_found", "Gerät nicht gefunden");
}
