import { expect, test } from "@playwright/test";

test("the login page shows the brand title, labelled fields and 'Anmelden'", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle("Anmelden · Schichtwerk");
  await expect(page.getByRole("heading", { name: "Schichtwerk" })).toBeVisible();
  await expect(page.getByLabel("Benutzername")).toBeVisible();
  await expect(page.getByLabel("Passwort")).toBeVisible();
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await page.screenshot({ path: "screenshots/login-desktop.png", fullPage: true });
});

test("the root path leads to the login page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("the login page fits a phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Anmelden" });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.height).toBeGreaterThanOrEqual(44); // touch target (UX.md)
  await page.screenshot({ path: "screenshots/login-phone.png", fullPage: true });
});

test("wrong credentials show the server's message; the fields are usable again", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Benutzername").fill("niemand");
  await page.getByLabel("Passwort").fill("falsches-passwort");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Ungültige Anmeldedaten" })).toBeVisible();
  await expect(page.getByLabel("Benutzername")).toBeEnabled();
});
