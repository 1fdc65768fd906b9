import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { apiLogin, expectAccessible, screenshot, signIn, toast, unique } from "./support";

test("admin sees the users with role, 2FA and creation date; the own row is '(Du)' without delete", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN, "/users");
  await expect(page.getByRole("heading", { name: "Benutzer" })).toBeVisible();
  for (const header of ["Benutzername", "E-Mail", "Rolle", "2FA", "Erstellt am"])
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  const own = page.getByRole("row").filter({ hasText: "(Du)" });
  await expect(own).toContainText(E2E_ADMIN.username);
  await expect(own).toContainText("Administrator");
  await expect(own).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(own.getByRole("button", { name: /löschen$/ })).toHaveCount(0);
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expectAccessible(page, "users");
  await screenshot(page, "users");
});

test("admin creates a user (with the form's checks), changes the role, deletes the user", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/users");
  const username = unique("kassier");

  await page.getByRole("button", { name: "+ Neuer Benutzer" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer Benutzer" });
  await dialog.getByLabel("Benutzername").fill("ab");
  await dialog.getByLabel("E-Mail (optional)").fill("keine-adresse");
  await dialog.getByLabel("Passwort").fill("kurz");
  await dialog.getByRole("button", { name: "Benutzer erstellen" }).click();
  await expect(dialog.getByText("Benutzername muss mindestens 3 Zeichen lang sein")).toBeVisible();
  await expect(dialog.getByText("Ungültige E-Mail-Adresse")).toBeVisible();
  await expect(dialog.getByText("Passwort muss mindestens 8 Zeichen lang sein", { exact: true })).toBeVisible();
  await expectAccessible(page, "create user dialog");

  await dialog.getByLabel("Benutzername").fill(username);
  await dialog.getByLabel("E-Mail (optional)").fill(`${username}@example.ch`);
  await dialog.getByLabel("Passwort").fill("kassier-passwort");
  await dialog.getByLabel("Rolle").selectOption("manager");
  await dialog.getByRole("button", { name: "Benutzer erstellen" }).click();
  await expect(toast(page, "Benutzer erstellt!")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row).toContainText(`${username}@example.ch`);
  await expect(row.getByRole("combobox", { name: `Rolle von ${username}` })).toHaveValue("manager");
  await expect(row).toContainText("Deaktiviert");
  expect((await apiLogin(page.request, { username, password: "kassier-passwort" })).user.role).toBe("manager");

  // The same name again: the server's message.
  await page.getByRole("button", { name: "+ Neuer Benutzer" }).click();
  await dialog.getByLabel("Benutzername").fill(username);
  await dialog.getByLabel("Passwort").fill("kassier-passwort");
  await dialog.getByRole("button", { name: "Benutzer erstellen" }).click();
  await expect(toast(page, "Benutzername bereits vergeben")).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();

  await row.getByRole("combobox", { name: `Rolle von ${username}` }).selectOption("user");
  await expect(toast(page, "Rolle geändert!")).toBeVisible();
  expect((await apiLogin(page.request, { username, password: "kassier-passwort" })).user.role).toBe("user");

  await row.getByRole("button", { name: `${username} löschen` }).click();
  await page.getByRole("dialog", { name: "Benutzer löschen" }).getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Benutzer gelöscht!")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(
    (await page.request.post("/api/auth/login", { data: { username, password: "kassier-passwort" } })).status(),
  ).toBe(401);
});
