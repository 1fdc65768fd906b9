// @ts-check
// Debian's chromium driven through puppeteer-core (the copy lighthouse brings
// and drives itself), and the app's session put into the browser's storage
// the way the app keeps it (docs/PRODUCT-RULES.md §7.7; e2e/ui/support.ts `signIn` does the same).
import puppeteer from "puppeteer-core";

/** @typedef {import("puppeteer-core").Page} Page */

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

/**
 * Runs in the page (puppeteer and Playwright alike send its source there, so
 * it uses nothing from outside): stores `session` in localStorage as the app
 * does after a login, or the signed-out state when `session` is null.
 * @param {import("./api.mjs").Session | null} session
 */
export function writeSessionToStorage(session) {
  if (!session) {
    localStorage.removeItem("access_token");
    localStorage.removeItem("refresh_token");
    localStorage.setItem("auth-storage", JSON.stringify({ state: { user: null, isAuthenticated: false }, version: 0 }));
    return;
  }
  localStorage.setItem("access_token", session.accessToken);
  localStorage.setItem("refresh_token", session.refreshToken);
  localStorage.setItem(
    "auth-storage",
    JSON.stringify({ state: { user: session.user, isAuthenticated: true }, version: 0 }),
  );
}

/**
 * Opens /login (the app then writes its signed-out state), then stores
 * `session` as the app would after a login, or removes any session when
 * `session` is null. The next navigation of `page` starts from that state.
 * @param {Page} page
 * @param {string} baseUrl
 * @param {import("./api.mjs").Session | null} session
 */
export async function storeSession(page, baseUrl, session) {
  await page.goto(`${baseUrl}/login`, { waitUntil: "load" });
  await page.waitForFunction(() => localStorage.getItem("auth-storage") !== null, { timeout: 30_000 });
  await page.evaluate(writeSessionToStorage, session);
  await page.goto("about:blank");
}

/**
 * Empties the HTTP cache, so that the next load is a first load.
 * @param {Page} page
 */
export async function clearHttpCache(page) {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}
