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

// Moves with every figure set here (a marking, a logout): an answer asked for before it is then stale and dropped,
// so a refresh under way cannot bring back the count of before "Alle als gelesen markieren" or of another user.
let generation = 0;

export function setUnreadCount(count: number | null) {
  generation += 1;
  if (count === unread) return;
  unread = count;
  for (const listener of listeners) listener();
}

let asking: { at: number; answer: Promise<void> } | null = null;

/** Asks the server again (one request at a time, unless the one under way is stale); a failure keeps the figure. */
export function refreshUnreadCount(): Promise<void> {
  if (asking?.at === generation) return asking.answer;
  const at = generation;
  const answer = api
    .get("/auth/me")
    .then((me) => {
      if (generation === at) setUnreadCount(me.unread_notifications);
    })
    .catch(() => undefined)
    .finally(() => {
      if (asking?.answer === answer) asking = null;
    });
  asking = { at, answer };
  return answer;
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
