"use client";
/**
 * The bell's figure: how many of the signed-in user's messages are unread (docs/PRODUCT-RULES.md §33.2). It comes
 * with every session check (`GET /api/auth/me` answers `unread_notifications`), so the bell costs no request of its
 * own on a page load; the inbox screen sets it after marking, and the bell asks again when the tab comes back into
 * view and once a minute while it is seen. `null` = not known yet (just signed in) or signed out.
 */
import { useEffect, useSyncExternalStore } from "react";
import { api } from "./api";

let unread: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
}

export function setUnreadCount(count: number | null) {
  if (count === unread) return;
  unread = count;
  for (const listener of listeners) listener();
}

let asking: Promise<void> | null = null;

/** Asks the server again (one request at a time); a failure keeps the figure shown. */
export function refreshUnreadCount(): Promise<void> {
  asking ??= api
    .get("/auth/me")
    .then((me) => setUnreadCount(me.unread_notifications))
    .catch(() => undefined)
    .finally(() => {
      asking = null;
    });
  return asking;
}

const REFRESH_EVERY_MS = 60_000;

/**
 * Keeps the figure current while the app is open (once, in the app's frame): asks when it is unknown after a login,
 * when the tab comes back into view, and once a minute while it is seen – never in a hidden tab.
 */
export function useUnreadCountKeptFresh(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    if (unread === null) void refreshUnreadCount();
    const whenSeen = () => {
      if (document.visibilityState === "visible") void refreshUnreadCount();
    };
    const timer = window.setInterval(whenSeen, REFRESH_EVERY_MS);
    document.addEventListener("visibilitychange", whenSeen);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", whenSeen);
    };
  }, [signedIn]);
}
