// Debian's chromium driven through puppeteer-core (the copy lighthouse brings
// and drives itself), and the app's session put into the browser's storage
// the way the app keeps it (SPEC §3; e2e/ui/support.ts `signIn` does the same).
import puppeteer from "puppeteer-core";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-dev-shm-usage",
];

/** A headless chromium; the viewport is left to whoever emulates (Lighthouse does its own). */
export function launchChromium() {
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, defaultViewport: null });
}

/** `POST /api/auth/login`: `{ accessToken, refreshToken, user }`. */
export async function apiLogin(baseUrl, credentials) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || !body.accessToken)
    throw new Error(`login as ${credentials.username} failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Opens /login (the app then writes its signed-out state), then stores
 * `session` as the app would after a login, or removes any session when
 * `session` is null. The next navigation of `page` starts from that state.
 */
export async function storeSession(page, baseUrl, session) {
  await page.goto(`${baseUrl}/login`, { waitUntil: "load" });
  await page.waitForFunction(() => localStorage.getItem("auth-storage") !== null, { timeout: 30_000 });
  await page.evaluate((s) => {
    if (!s) {
      localStorage.removeItem("access_token");
      localStorage.removeItem("refresh_token");
      localStorage.setItem(
        "auth-storage",
        JSON.stringify({ state: { user: null, isAuthenticated: false }, version: 0 }),
      );
      return;
    }
    localStorage.setItem("access_token", s.accessToken);
    localStorage.setItem("refresh_token", s.refreshToken);
    localStorage.setItem(
      "auth-storage",
      JSON.stringify({ state: { user: s.user, isAuthenticated: true }, version: 0 }),
    );
  }, session);
  await page.goto("about:blank");
}

/** Empties the HTTP cache, so that the next load is a first load. */
export async function clearHttpCache(page) {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}
