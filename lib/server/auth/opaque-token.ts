import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: refresh tokens and 2FA temp tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this hash is stored; the token itself never is. */
export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
