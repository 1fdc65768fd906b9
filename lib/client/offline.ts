"use client";
/**
 * The installed app without a connection (docs/PRODUCT-RULES.md §33.8): a write is refused before it is sent, with
 * one clear message. (Meine Schichten's offline copy: ./offline-copy.ts.)
 */

export const OFFLINE_WRITE_MESSAGE =
  "Du bist offline: Es wurde nichts gespeichert. Versuche es wieder, sobald du Verbindung hast.";

/** The browser says it has no network at all (a connection that merely fails is not "offline"). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}
