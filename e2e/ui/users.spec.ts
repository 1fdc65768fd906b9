import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  expectAccessible,
  screenLoaded,
  screenshot,
  signIn,
  toast,
  unique,
} from "./support";

test("admin sees the users with role, 2FA and creation date; the own row is '(Du)' without delete", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN, "/users");
  await expect(page.getByRole("heading", { name: "Benutzer" })).toBeVisible();
  for (const header of ["Benutzername", "E-Mail", "Rolle", "Mitarbeiter", "2FA", "Erstellt am"])
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  const own = page.getByRole("row").filter({ hasText: "(Du)" });
  await expect(own).toContainText(E2E_ADMIN.username);
  await expect(own).toContainText("Administrator");
  await expect(own).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(own.getByRole("button", { name: /löschen$/ })).toHaveCount(0);
  // The own role is a badge; the own account may still be linked to an employee (docs/PRODUCT-RULES.md §26.1).
  await expect(own.getByRole("combobox", { name: /^Rolle von/ })).toHaveCount(0);
  await expect(own.getByRole("combobox", { name: /^Verknüpfter Mitarbeiter von/ })).toBeVisible();
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
  // Asked first (docs/PRODUCT-RULES.md §29.4).
  await page
    .getByRole("dialog", { name: `Rolle von „${username}“ ändern?` })
    .getByRole("button", { name: "Rolle ändern" })
    .click();
  await expect(toast(page, "Rolle geändert!")).toBeVisible();
  // Role "user" is shown as "Mitarbeitende" (docs/PRODUCT-RULES.md §1.1).
  await expect(row.getByRole("combobox", { name: `Rolle von ${username}` }).locator("option:checked")).toHaveText(
    "Mitarbeitende",
  );
  expect((await apiLogin(page.request, { username, password: "kassier-passwort" })).user.role).toBe("user");

  await row.getByRole("button", { name: `${username} löschen` }).click();
  await page.getByRole("dialog", { name: "Benutzer löschen" }).getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Benutzer gelöscht!")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(
    (await page.request.post("/api/auth/login", { data: { username, password: "kassier-passwort" } })).status(),
  ).toBe(401);
});

async function newEmployee(page: Page, first: string): Promise<{ id: number; name: string }> {
  const last_name = unique("Link");
  const res = await page.request.post("/api/employees", {
    headers: await adminHeaders(page.request),
    data: { first_name: first, last_name },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, name: `${first} ${last_name}` };
}

test("admin links users to employees (docs/PRODUCT-RULES.md §26.1); the table shows the name", async ({ page }) => {
  const anna = await newEmployee(page, "Anna");
  const beat = await newEmployee(page, "Beat");
  const theke = await createAccount(page.request, "user", "theke");
  await signIn(page, E2E_ADMIN, "/users");

  const row = page.getByRole("row").filter({ hasText: theke.username });
  await expect(row.getByRole("combobox", { name: `Rolle von ${theke.username}` }).locator("option:checked")).toHaveText(
    "Mitarbeitende",
  );
  const picker = row.getByRole("combobox", { name: `Verknüpfter Mitarbeiter von ${theke.username}` });
  await expect(picker.locator("option:checked")).toHaveText("Kein Mitarbeiter");
  await picker.selectOption({ label: anna.name });
  await expect(toast(page, "Mitarbeiter verknüpft!")).toBeVisible();
  await expect(picker.locator("option:checked")).toHaveText(anna.name);
  expect((await apiLogin(page.request, theke)).user).toMatchObject({ employee_id: anna.id, employee_name: anna.name });

  // A new account: Anna is taken, so the dialog's picker offers Beat but not her.
  const kasse = unique("kasse");
  await page.getByRole("button", { name: "+ Neuer Benutzer" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuer Benutzer" });
  const dialogPicker = dialog.getByLabel("Verknüpfter Mitarbeiter");
  await expect(dialogPicker.locator("option", { hasText: anna.name })).toHaveCount(0);
  await dialog.getByLabel("Benutzername").fill(kasse);
  await dialog.getByLabel("Passwort").fill("kasse-passwort");
  await dialogPicker.selectOption({ label: beat.name });
  await dialog.getByRole("button", { name: "Benutzer erstellen" }).click();
  await expect(toast(page, "Benutzer erstellt!")).toBeVisible();
  const kasseRow = page.getByRole("row").filter({ hasText: kasse });
  await expect(
    kasseRow.getByRole("combobox", { name: `Verknüpfter Mitarbeiter von ${kasse}` }).locator("option:checked"),
  ).toHaveText(beat.name);
  await expect(picker.locator("option", { hasText: beat.name })).toHaveCount(0);

  // Before the employees are loaded, the column shows the linked name as text.
  await page.route("**/api/employees", (route) => route.abort());
  await page.reload();
  await screenLoaded(page);
  await expect(kasseRow.getByRole("cell").nth(3)).toHaveText(beat.name);
  await page.unroute("**/api/employees");
  await page.reload();
  await screenLoaded(page);

  await picker.selectOption({ label: "Kein Mitarbeiter" });
  await expect(toast(page, "Verknüpfung aufgehoben!")).toBeVisible();
  expect((await apiLogin(page.request, theke)).user).toMatchObject({ employee_id: null, employee_name: null });
  await expectAccessible(page, "users with links");
});

for (const [label, width] of [
  ["desktop", 1366],
  ["mobile", 390],
] as const) {
  test(`the users screen with a linked account at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const employee = await newEmployee(page, "Chiara");
    const account = await createAccount(page.request, "user", "bild");
    const res = await page.request.put(`/api/users/${account.id}`, {
      headers: await adminHeaders(page.request),
      data: { employee_id: employee.id },
    });
    expect(res.status(), await res.text()).toBe(200);
    await signIn(page, E2E_ADMIN, "/users");
    await expect(page.getByRole("columnheader", { name: "Mitarbeiter" })).toBeVisible();
    const picker = page.getByRole("combobox", { name: `Verknüpfter Mitarbeiter von ${account.username}` });
    await expect(picker.locator("option:checked")).toHaveText(employee.name);
    await screenshot(page, `users-linked-${label}`);
  });
}
