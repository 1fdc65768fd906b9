import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { reviewShots, signIn, toast, unique } from "./support";

// docs/PRODUCT-RULES.md §29.3: a 503 "database unavailable" is retried by the
// browser with back-off; one calm notice instead of an error per request, the
// dialog keeps what was typed, the normal error only after the last try.

const NOTICE = "Verbindung zur Datenbank unterbrochen – neuer Versuch …";
const UNAVAILABLE = {
  error: "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
  code: "service_unavailable",
};
// What the server's start-up wait sends with its 503: nothing of the request ran, so a write may be sent again.
const UNPROCESSED = { "X-Request-Unprocessed": "1" };

async function openNewEmployee(page: Page, firstName: string, lastName: string) {
  await signIn(page, E2E_ADMIN, "/employees");
  await page.getByRole("button", { name: "+ Neuer Mitarbeiter" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neuer Mitarbeiter" });
  await dialog.getByLabel("Vorname").fill(firstName);
  await dialog.getByLabel("Nachname").fill(lastName);
  await dialog.getByLabel("Wochenstunden", { exact: true }).fill("31.5");
  return dialog;
}

test("two 503s on saving an employee: one notice, retried, saved with what was typed", async ({ page }) => {
  const lastName = unique("Geduld");
  const dialog = await openNewEmployee(page, "Rahel", lastName);
  let posts = 0;
  let releaseSecond!: () => void;
  const secondMayAnswer = new Promise<void>((resolve) => (releaseSecond = resolve));
  await page.route("**/api/employees", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts++;
    if (posts === 2) await secondMayAnswer; // the notice stays while the pictures are taken
    if (posts <= 2) return route.fulfill({ status: 503, headers: UNPROCESSED, json: UNAVAILABLE });
    return route.continue();
  });
  const errorToasts = page.locator("[data-sonner-toast][data-type=error]");

  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, NOTICE)).toBeVisible();
  await expect(toast(page, NOTICE)).toHaveCount(1);
  // Still the dialog, still the values: the request is simply sent again.
  await expect(dialog.getByLabel("Vorname")).toHaveValue("Rahel");
  await expect(dialog.getByLabel("Nachname")).toHaveValue(lastName);
  await expect.poll(() => posts).toBe(2);
  await reviewShots(page, "database-retry-notice");
  releaseSecond();

  await expect(toast(page, "Mitarbeiter erstellt!")).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toBeHidden();
  await expect(toast(page, NOTICE)).toHaveCount(0);
  await expect(errorToasts).toHaveCount(0);
  expect(posts).toBe(3);
  const row = page.getByRole("row").filter({ hasText: lastName });
  await expect(row).toContainText("Rahel");
  await expect(row).toContainText("31.5 h");
});

test("503 on every try: after the last one the normal error, the dialog keeps its values", async ({ page }) => {
  const dialog = await openNewEmployee(page, "Beat", unique("Ausdauer"));
  const sentAt: number[] = [];
  await page.route("**/api/employees", (route) => {
    if (route.request().method() !== "POST") return route.continue();
    sentAt.push(Date.now());
    // Retry-After is honoured (here 1 s each instead of 1, 2, 4 s).
    return route.fulfill({ status: 503, headers: { ...UNPROCESSED, "Retry-After": "1" }, json: UNAVAILABLE });
  });

  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, NOTICE)).toBeVisible();
  await expect(toast(page, UNAVAILABLE.error)).toBeVisible({ timeout: 10_000 });
  await expect(toast(page, NOTICE)).toHaveCount(0);
  expect(sentAt).toHaveLength(4); // the first try and three retries
  const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]!);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
  for (const gap of gaps) expect(gap).toBeLessThan(2_500);
  await expect(dialog.getByLabel("Vorname")).toHaveValue("Beat");
  await expect(dialog.getByRole("button", { name: "Speichern" })).toBeEnabled();
});

test("a write's 503 from a database lost midway is not sent again: the error at once", async ({ page }) => {
  const dialog = await openNewEmployee(page, "Urs", unique("Einmal"));
  let posts = 0;
  await page.route("**/api/employees", (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts++;
    // No X-Request-Unprocessed: the server may have committed part of it.
    return route.fulfill({ status: 503, headers: { "Retry-After": "1" }, json: UNAVAILABLE });
  });

  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, UNAVAILABLE.error)).toBeVisible();
  await expect(toast(page, NOTICE)).toHaveCount(0);
  await page.waitForTimeout(1_500); // longer than the Retry-After: a retry would have been sent by now
  expect(posts).toBe(1);
  await expect(dialog.getByLabel("Vorname")).toHaveValue("Urs");
});
