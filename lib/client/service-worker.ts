"use client";
/**
 * The installable app's service worker (docs/PRODUCT-RULES.md §33.8; its source is service-worker/sw.ts, built by
 * Serwist and served at /serwist/sw.js). Registered once the page has settled, in production builds only (`next dev`
 * rebuilds pages on every request, which a worker keeping pages would hide).
 */

const SERVICE_WORKER_URL = "/serwist/sw.js";

const supported = () =>
  typeof navigator !== "undefined" && "serviceWorker" in navigator && process.env.NODE_ENV === "production";

/** Registers the worker (a no-op once registered) and has it keep the page shown now for offline use. */
export function registerServiceWorker(): void {
  if (!supported()) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).then(
    () => keepPageForOffline(window.location.pathname),
    () => undefined, // no worker (private mode, blocked): the app works as before, only not offline
  );
}

/**
 * The worker keeps a page the moment it is shown, also one reached inside the app (a client-side navigation loads
 * no HTML the worker could keep on its way): offline the page then opens from its copy. Serwist's "CACHE_URLS".
 */
export function keepPageForOffline(pathname: string): void {
  if (!supported() || !navigator.onLine) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [pathname] } }),
  );
}

/** The worker's registration once it is active (push needs it); null where there is none within ten seconds. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}
