// @ts-check
// P8: how many API calls the dashboard and the planner make when they load,
// counted in a real Chromium. The app's session check at start
// (GET /api/auth/me, docs/PRODUCT-RULES.md §16.12) belongs to the app start, not to a screen: it
// is counted separately.
import { chromium } from "@playwright/test";
import { apiLogin } from "./lib/api.mjs";
import { CHROMIUM, CHROMIUM_ARGS, writeSessionToStorage } from "./lib/browser.mjs";
import { BENCH_ADMIN } from "./lib/server.mjs";

/**
 * @param {string} baseUrl
 * @returns {Promise<Record<string, { calls: string[], sessionCheck: boolean }>>} by screen: dashboard, planner
 */
export async function benchScreenCalls(baseUrl) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const session = await apiLogin(baseUrl, BENCH_ADMIN);
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(writeSessionToStorage, session);
    /** @type {string[]} */
    let calls = [];
    page.on("request", (request) => request.url().includes("/api/") && calls.push(new URL(request.url()).pathname));
    /** @type {Record<string, { calls: string[], sessionCheck: boolean }>} */
    const screens = {};
    for (const [name, path, ready] of [
      ["dashboard", "/", "Mitarbeiter diese Woche"],
      ["planner", "/schedule", "Verfügbare Mitarbeiter"],
    ]) {
      calls = [];
      await page.goto(`${baseUrl}${path}`);
      await page.getByText(ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState("networkidle");
      screens[name] = {
        calls: calls.filter((call) => call !== "/api/auth/me"),
        sessionCheck: calls.includes("/api/auth/me"),
      };
    }
    return screens;
  } finally {
    await browser.close();
  }
}
