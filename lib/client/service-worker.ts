"use client";
/**
 * The installable app's service worker (docs/PRODUCT-RULES.md §33.8; its source is service-worker/sw.ts, built by
 * Serwist and served at /serwist/sw.js). Registered once the page has settled, in production builds only (`next dev`
 * rebuilds pages on every request, which a worker keeping pages would hide).
 */

const SERVICE_WORKER_URL = "/serwist/sw.js";

const supported = () =>
  typeof navigator !== "undefined" && "serviceWorker" in navigator && process.env.NODE_ENV === "production";

/** Registers the worker (a no-op once registered). */
export function registerServiceWorker(): void {
  if (!supported()) return;
  // No worker (private mode, blocked): the app works as before, only not offline.
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => undefined);
}
