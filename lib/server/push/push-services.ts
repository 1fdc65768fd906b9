import "server-only";

/**
 * The browsers' push services (docs/PRODUCT-RULES.md §33.7). A subscription's endpoint is where the server sends
 * messages, so only these hosts are accepted: an endpoint given by a client is never a way to make the server call
 * an address of the operator's own network. PUSH_SERVICE_ORIGINS (comma-separated https origins) adds a push service
 * of one's own, e.g. a self-hosted one, or the tests' local one.
 */
const KNOWN_HOSTS = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Samsung Internet, Opera
  "updates.push.services.mozilla.com", // Firefox
  "web.push.apple.com", // Safari (macOS, and iOS home-screen apps)
];
const KNOWN_HOST_SUFFIXES = [".notify.windows.com", ".push.apple.com"]; // Edge on Windows; Apple's regional hosts

export function isKnownPushService(endpoint: string, env: Record<string, string | undefined> = process.env): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const extra = (env.PUSH_SERVICE_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  if (extra.includes(url.origin)) return true;
  if (url.port) return false;
  const host = url.hostname.toLowerCase();
  return KNOWN_HOSTS.includes(host) || KNOWN_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
