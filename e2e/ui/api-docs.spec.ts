import { expect, test } from "@playwright/test";
import { expectAccessible, screenshot } from "./support";

test("/api-docs: the API reference without signing in, operations grouped by resource with roles and schemas", async ({
  page,
  baseURL,
}) => {
  // Served by the app itself: nothing is fetched from elsewhere (no CDN).
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
  });
  await page.goto("/api-docs");
  await expect(page).toHaveTitle("API reference · Schichtwerk");
  await expect(page).toHaveURL(/\/api-docs$/); // no redirect to the login
  await expect(page.getByRole("heading", { level: 1, name: "Schichtwerk API" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Shifts" })).toBeVisible();

  const createShift = page.locator("#createShift");
  await expect(createShift.getByRole("heading", { name: "POST /api/shifts" })).toBeVisible();
  await expect(createShift.getByText("manager", { exact: true })).toBeVisible();
  await expect(createShift.getByRole("cell", { name: "location_id (required)" })).toBeVisible();
  await expect(
    page.locator("#createWeekTemplate").getByRole("cell", { name: "shifts[].start_time (required)" }),
  ).toBeVisible();
  await expect(page.locator("#schema-Shift").getByRole("cell", { name: "location_color (required)" })).toBeVisible();

  await page.getByRole("link", { name: "openapi.json", exact: true }).click();
  await expect(page).toHaveURL(/\/api\/openapi\.json$/);
  expect(foreign).toEqual([]);
});

test("/api-docs is accessible and fits a phone", async ({ page }) => {
  // axe takes 20-30 s over a page this long on two shared cores.
  test.setTimeout(120_000);
  await page.goto("/api-docs");
  await expectAccessible(page, "api-docs");
  await page.setViewportSize({ width: 375, height: 740 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await screenshot(page, "api-docs-phone");
});
