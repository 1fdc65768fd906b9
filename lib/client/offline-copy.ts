"use client";
/**
 * Meine Schichten without a connection (docs/PRODUCT-RULES.md §33.8): the copy of its last answer, kept per user in
 * localStorage and removed at sign-out (`clearOfflineCopies`, ./session-storage.ts), so a shared phone never shows
 * the previous person's shifts. Only the screens that keep a copy load this file.
 */
import { useSyncExternalStore } from "react";
import { OFFLINE_COPY_PREFIX } from "./session-storage";
import { isOffline } from "./offline";

type StoredCopy<T> = { userId: number; savedAt: string; data: T };

/** Keeps the answer of `path` for the user, replacing the previous one. */
export function keepOfflineCopy<T>(path: string, userId: number, data: T): void {
  try {
    const copy: StoredCopy<T> = { userId, savedAt: new Date().toISOString(), data };
    window.localStorage.setItem(OFFLINE_COPY_PREFIX + path, JSON.stringify(copy));
  } catch {
    // Storage full or unavailable: there is just no copy for offline.
  }
}

/** The user's last kept answer of `path` and when it was loaded; null if there is none of theirs. */
export function readOfflineCopy<T>(path: string, userId: number): { data: T; savedAt: string } | null {
  try {
    const copy = JSON.parse(window.localStorage.getItem(OFFLINE_COPY_PREFIX + path) ?? "null") as StoredCopy<T> | null;
    return copy && copy.userId === userId ? { data: copy.data, savedAt: copy.savedAt } : null;
  } catch {
    return null;
  }
}

/** An answer, or offline the user's kept copy of it: `savedAt` says when that copy was loaded (null: fresh). */
export type MaybeOffline<T> = { data: T; savedAt: string | null };

/**
 * Loads `path` and keeps a copy of the answer; when the request cannot reach the server (a TypeError: no network,
 * server unreachable), answers the user's kept copy instead, if there is one. Refusals by the server never do.
 */
export async function loadKeepingCopy<T>(
  path: string,
  userId: number,
  load: () => Promise<T>,
  signal: AbortSignal,
): Promise<MaybeOffline<T>> {
  try {
    const data = await load();
    keepOfflineCopy(path, userId, data);
    return { data, savedAt: null };
  } catch (error) {
    const copy = error instanceof TypeError && !signal.aborted ? readOfflineCopy<T>(path, userId) : null;
    if (copy) return copy;
    throw error;
  }
}

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser has a network, kept up to date; true while rendering on the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => !isOffline(),
    () => true,
  );
}
