/**
 * Web push on the caller's devices (docs/PRODUCT-RULES.md §33.7): the subscription a browser hands out
 * (`PushSubscription.toJSON()`), and what the server knows of the caller's devices.
 */
import { z } from "zod";
import { id, timestamp } from "./response-fields";

export const PUSH_ENDPOINT_MESSAGE = "Ungültige Push-Adresse";
export const PUSH_KEYS_MESSAGE = "Ungültige Schlüssel des Browsers";

/** base64url (RFC 4648 §5), with or without padding, of exactly `bytes` bytes. */
function base64urlOf(bytes: number, message: string) {
  const chars = Math.ceil((bytes * 4) / 3);
  return z.string({ error: message }).regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}=*$`), { error: message });
}

/** POST /api/me/push-subscriptions: the browser's subscription as it serialises it; other keys are ignored. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: PUSH_ENDPOINT_MESSAGE })
    .max(1000, { error: PUSH_ENDPOINT_MESSAGE })
    .meta({ description: "The device's address at its browser's push service (https)" }),
  keys: z.object(
    {
      p256dh: base64urlOf(65, PUSH_KEYS_MESSAGE).meta({ description: "The browser's P-256 public key, base64url" }),
      auth: base64urlOf(16, PUSH_KEYS_MESSAGE).meta({ description: "The browser's 16-byte auth secret, base64url" }),
    },
    { error: PUSH_KEYS_MESSAGE },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

// Answers: strict objects (exactly these keys).

export const pushDeviceSchema = z.strictObject({
  id,
  endpoint: z.string().meta({ description: "The device's push address: a browser compares it with its own" }),
  created_at: timestamp,
  last_pushed_at: timestamp.nullable().meta({ description: "The last message the push service took for it" }),
  failed_at: timestamp.nullable().meta({ description: "Its last message failed after every try; null: none" }),
});
export type PushDeviceDto = z.infer<typeof pushDeviceSchema>;

export const pushStatusSchema = z.strictObject({
  available: z.boolean().meta({ description: "Whether this server sends push (VAPID keys configured)" }),
  public_key: z
    .string()
    .nullable()
    .meta({ description: "The server's VAPID public key (base64url), `applicationServerKey` when subscribing" }),
  devices: z.array(pushDeviceSchema).meta({ description: "The caller's devices that receive push, oldest first" }),
});
export type PushStatusDto = z.infer<typeof pushStatusSchema>;
