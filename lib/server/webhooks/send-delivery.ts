import "server-only";
import { open } from "@/lib/server/auth/secret-box";
import { postWebhook, type PostOutcome } from "./post-webhook";
import { signatureHeader } from "./sign";
import type { GuardOptions } from "./ssrf-guard";

export const USER_AGENT = "Schichtwerk-Webhooks/1";

export type OutgoingDelivery = {
  id: string;
  event: string;
  /** The body as stored: the same text on every try. */
  body: string;
  url: string;
  /** The hook's sealed secret (lib/server/auth/secret-box.ts). */
  secret: string;
};

/** One try of a delivery: signed now, by the app's clock, with the headers of docs/PRODUCT-RULES.md §37. */
export function sendDelivery(delivery: OutgoingDelivery, guard: GuardOptions): Promise<PostOutcome> {
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Schichtwerk-Event": delivery.event,
    "X-Schichtwerk-Delivery": delivery.id,
    "X-Schichtwerk-Signature": signatureHeader(open(delivery.secret), delivery.body, new Date()),
  };
  return postWebhook(delivery.url, delivery.body, headers, guard);
}
