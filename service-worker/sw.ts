// The service worker of the installable app (docs/PRODUCT-RULES.md §33.8), built by Serwist into /serwist/sw.js
// (app/serwist/[path]/route.ts). It keeps the app's own files and pages for offline use and shows web push
// (§33.7). It never keeps an answer of the API: those hold people's data, and the phone's offline copy of Meine
// Schichten is the app's own, per user and removed at sign-out (lib/client/offline-copy.ts).
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type SerwistGlobalConfig,
} from "serwist";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    // The build's files (hashed chunks, styles, icons), filled in by Serwist at build time.
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 3600;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    // The API: always the network. Offline it fails, and the app says so (writes) or shows its copy (Meine Schichten).
    { matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/api/"), handler: new NetworkOnly() },
    // Build files carry their hash in the name: never changed once made.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/_next/static/"),
      handler: new CacheFirst({
        cacheName: "next-static",
        plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })],
      }),
    },
    // Pages (their HTML and the router's payloads hold no one's data; it is loaded by the page): the network first,
    // the last copy offline, after three seconds without an answer. (/login and /me are kept with the build's files,
    // app/serwist/[path]/route.ts.)
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && !/^\/(api|_next|serwist|icons)\//.test(url.pathname) && url.pathname !== "/manifest.webmanifest",
      handler: new NetworkFirst({
        cacheName: "pages",
        networkTimeoutSeconds: 3,
        plugins: [new ExpirationPlugin({ maxEntries: 64, maxAgeSeconds: 30 * DAY })],
      }),
    },
    // Icons and the manifest.
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && (url.pathname.startsWith("/icons/") || url.pathname === "/manifest.webmanifest"),
      handler: new StaleWhileRevalidate({ cacheName: "app-files" }),
    },
  ],
});

serwist.addEventListeners();

/** What the server pushes (lib/server/push/push-message.ts). */
type PushPayload = { title: string; body: string; url: string; tag: string };

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url },
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: "de-CH",
    }),
  );
});

function readPayload(data: PushMessageData | null): PushPayload | null {
  try {
    const payload = data?.json() as Partial<PushPayload> | undefined;
    return payload && typeof payload.title === "string" ? (payload as PushPayload) : null;
  } catch {
    return null;
  }
}

// A tap on the notification opens its screen: in a window of the app already open, else a new one. Only paths of
// this app are followed.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path: unknown = event.notification.data?.url;
  let target = new URL(typeof path === "string" ? path : "/notifications", self.location.origin);
  if (target.origin !== self.location.origin) target = new URL("/notifications", self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        await open.focus();
        // A window this worker does not control (opened before it was installed) cannot be sent elsewhere.
        if (await open.navigate(target.href).catch(() => null)) return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
