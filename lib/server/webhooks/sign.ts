import "server-only";
import { createHmac, randomBytes } from "node:crypto";

/**
 * A new signing secret: `whsec_` and 32 random bytes in base64url. The whole string, prefix included, is the HMAC
 * key (the README shows how a receiver checks it).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * The `X-Schichtwerk-Signature` header (docs/PRODUCT-RULES.md §37): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * t + "." + body)>`. The time is signed with the body, so a receiver can refuse a replayed old delivery.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`, "utf8").digest("hex");
  return `t=${t},v1=${v1}`;
}
