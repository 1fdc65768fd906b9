"use client";
import { logout } from "./auth-store";
import { hasPushDevice } from "./session-storage";

/**
 * "Abmelden" on this device: push to it ends first, while the session may still remove it at the server
 * (docs/PRODUCT-RULES.md §33.7; the push code loads only when there is a device), then the session ends.
 */
export async function signOut(): Promise<void> {
  if (hasPushDevice()) await import("./push").then((push) => push.disablePushAtSignOut()).catch(() => undefined);
  await logout();
}
