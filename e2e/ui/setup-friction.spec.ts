// Setup without friction (docs/PRODUCT-RULES.md §31.5): a new location's dialog stays open for its presets, the
// presets are copied to other locations in one go, and a new account sets a password of its own at the first login.
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminHeaders, apiLogin, expectAccessible, screenLoaded, signIn, toast, unique } from "./support";

const SHOTS = "/tmp/shots-setup";

/** The page at 1366 and 390 px wide, then back to the project's viewport. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize()!;
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

async function post(request: APIRequestContext, path: string, data: object) {
  const res = await request.post(`/api${path}`, { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test("a new location's dialog stays open for presets; they are copied to another location", async ({
  page,
  request,
}) => {
  const other = await post(request, "/locations", { name: unique("Kopie-Ziel") });
  await post(request, `/locations/${other.id}/presets`, {
    name: "Spät",
    start_time: "14:00",
    end_time: "22:00",
    break_minutes: 30,
  });
  await signIn(page, E2E_ADMIN, "/locations");
  const name = unique("Seefeld");
  await page.getByRole("button", { name: "+ Neuer Standort" }).first().click();
  await page.getByRole("dialog", { name: "Neuer Standort" }).getByLabel("Name").fill(name);
  await page.getByRole("dialog", { name: "Neuer Standort" }).getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Standort erstellt!")).toBeVisible();

  // The same dialog, now the saved location's, with its presets right there.
  const dialog = page.getByRole("dialog", { name: "Standort bearbeiten" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await expect(dialog.getByRole("status").filter({ hasText: "Standort gespeichert" })).toBeVisible();
  const section = dialog.getByRole("region", { name: "Schichtarten" });
  for (const [preset, from, to] of [
    ["Früh", "06:00", "14:00"],
    ["Spät", "14:00", "22:00"],
  ]) {
    await section.getByRole("button", { name: "+ Schichtart hinzufügen" }).click();
    await section.getByLabel("Name").fill(preset);
    await section.getByLabel("Von").fill(from);
    await section.getByLabel("Bis").fill(to);
    await section.getByLabel("Pause (Minuten)").fill("30");
    await section.getByRole("button", { name: "Schichtart speichern" }).click();
    await expect(section.getByRole("listitem").filter({ hasText: preset })).toBeVisible();
  }
  await expectAccessible(page, "new location with presets");
  await shots(page, "location-created");

  // Copy both to the other location: Früh is new there, Spät it has already.
  await dialog.getByRole("button", { name: "Auf andere Standorte kopieren…" }).click();
  const copy = dialog.getByRole("group", { name: "Schichtarten kopieren nach" });
  await copy.getByRole("button", { name: "Kopieren" }).click();
  await expect(copy.getByText("Bitte wähle mindestens einen Standort")).toBeVisible();
  await copy.getByRole("checkbox", { name: other.name }).check();
  await shots(page, "location-copy-presets");
  await copy.getByRole("button", { name: "Kopieren" }).click();
  await expect(toast(page, "1 Schichtart kopiert")).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: "Nicht kopiert" })).toContainText(
    `Spät → ${other.name}: gibt es dort schon`,
  );
  await shots(page, "location-copied");

  await dialog.getByRole("button", { name: "Fertig" }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByRole("listitem").filter({ hasText: other.name });
  await expect(card).toContainText("Schichtarten: Spät, Früh");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Schichtarten: Früh, Spät");
});

test("a new account sets a password of its own at the first login, then works as usual", async ({ page, request }) => {
  const account = { username: unique("neu").toLowerCase(), password: "start-passwort-1", role: "user" };
  await post(request, "/users", account); // asked to change by default

  await page.goto("/login");
  await page.getByLabel("Benutzername").fill(account.username);
  await page.getByLabel("Passwort").fill(account.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toBeVisible();
  await screenLoaded(page);
  await expectAccessible(page, "set own password");
  await shots(page, "first-login");

  // No screen until then, whatever the address.
  await page.goto("/employees");
  await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mitarbeiter", level: 1 })).toHaveCount(0);

  await page.getByLabel("Bisheriges Passwort").fill(account.password);
  await page.getByLabel("Neues Passwort", { exact: true }).fill(account.password);
  await page.getByLabel("Neues Passwort bestätigen").fill(account.password);
  await page.getByRole("button", { name: "Passwort festlegen" }).click();
  await expect(page.getByText("Das neue Passwort muss sich vom bisherigen unterscheiden")).toBeVisible();

  await page.getByLabel("Neues Passwort", { exact: true }).fill("mein-eigenes-passwort");
  await page.getByLabel("Neues Passwort bestätigen").fill("mein-eigenes-passwort");
  await page.getByRole("button", { name: "Passwort festlegen" }).click();
  await expect(toast(page, "Passwort festgelegt!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mitarbeiter", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toHaveCount(0);

  // The start password is gone; the own one signs in without the question.
  expect((await request.post("/api/auth/login", { data: account })).status()).toBe(401);
  const session = await apiLogin(request, { username: account.username, password: "mein-eigenes-passwort" });
  expect((session.user as { must_change_password?: boolean }).must_change_password).toBe(false);
});
