import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminHeaders, createAccount, expectAccessible, screenshot, signIn, toast, unique } from "./support";

// The settings are one row for the whole app: every test leaves the region as it found it (none).
test.afterEach(async ({ request }) => {
  const res = await request.put("/api/settings", {
    headers: await adminHeaders(request),
    data: { holiday_region: null, labour_rules: "CH", weekly_max_hours: 50 },
  });
  expect(res.status()).toBe(200);
});

test("admin sets canton Zürich on Betrieb: toast, kept after reload; the dashboard stops asking", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  await request.put("/api/settings", { headers, data: { holiday_region: null } });
  // With a location and an employee, only the missing region keeps "Erste Schritte" on the dashboard.
  await request.post("/api/locations", { headers, data: { name: unique("Betrieb-Filiale") } });
  await request.post("/api/employees", { headers, data: { first_name: "Rita", last_name: unique("Region") } });

  await signIn(page, E2E_ADMIN, "/");
  const regionStep = page.getByRole("link", { name: /Feiertage: Kanton wählen/ });
  await expect(regionStep).toHaveAttribute("href", "/settings");
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Betrieb" }).click();
  await expect(page.getByRole("heading", { name: "Betrieb", level: 1 })).toBeVisible();

  const region = page.getByRole("combobox", { name: "Feiertage" });
  await expect(region).toHaveValue("");
  await region.selectOption({ label: "Kanton Zürich" });
  await page.getByLabel("Firmenname").fill("Bäckerei Zürcher AG");

  // Another law proposes its maximum; back to the Swiss one, and the Swiss figure is back.
  const rules = page.getByRole("combobox", { name: "Arbeitsrecht" });
  const maximum = page.getByLabel("Wöchentliche Höchstarbeitszeit (h)");
  await rules.selectOption({ label: "Deutschland – Arbeitszeitgesetz" });
  await expect(maximum).toHaveValue("48");
  await rules.selectOption({ label: "Schweiz – Arbeitsgesetz" });
  await expect(maximum).toHaveValue("50");
  await expect(page.getByText(/45 h für Industrie, Büro/)).toBeVisible();

  // The page's first form; the Lohnabrechnung below has a "Speichern" of its own.
  const save = page.getByRole("form", { name: "Firma und Planung" }).getByRole("button", { name: "Speichern" });
  await maximum.fill("200");
  await save.click();
  await expect(page.getByText("Höchstarbeitszeit muss zwischen 1 und 168 liegen")).toBeVisible();
  await maximum.fill("45");
  await save.click();
  await expect(toast(page, "Einstellungen gespeichert!")).toBeVisible();
  await expectAccessible(page, "settings");

  await page.reload();
  await expect(page.getByLabel("Feiertage")).toHaveValue("CH-ZH");
  await expect(page.getByLabel("Firmenname")).toHaveValue("Bäckerei Zürcher AG");
  await expect(page.getByLabel("Wöchentliche Höchstarbeitszeit (h)")).toHaveValue("45");
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, "settings");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "settings-phone");
  // A phone's width: nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/locations");
  await page.getByRole("button", { name: "+ Neuer Standort" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer Standort" });
  await expect(dialog.getByLabel("Feiertage").locator("option").first()).toHaveText("wie Betrieb (Kanton Zürich)");
  await dialog.getByRole("button", { name: "Abbrechen" }).click();

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // The dashboard's data is there (the week under its heading comes with it), so a missing step is really missing;
  // alone on a fresh database the other first steps are still open, and the region's says "Erledigt".
  await expect(page.getByText(/^KW \d+ · \d/)).toBeVisible();
  await expect(
    page.getByRole("link", { name: /Feiertage: Kanton wählen/ }).filter({ hasNotText: "Erledigt" }),
  ).toHaveCount(0);
});

test("a manager does not see Betrieb, and the page tells them it is for admins", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "betrieb");
  await signIn(page, manager, "/");
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link", { name: "Berichte" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Betrieb" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Feiertage: Kanton wählen/ })).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByText("Nur Administratoren haben Zugriff auf diese Seite")).toBeVisible();
});
