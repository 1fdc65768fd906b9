import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import {
  adminHeaders,
  createAccount,
  createAsAdmin,
  expectAccessible,
  reviewShots,
  screenshot,
  signIn,
  toast,
  unique,
} from "./support";

test("admin creates, edits and deletes an employee; bad input gets the German messages", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/employees");
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  const lastName = unique("Şahin");

  await page.getByRole("button", { name: "+ Neuer Mitarbeiter" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neuer Mitarbeiter" });
  await expect(dialog.getByLabel("Wochenstunden", { exact: true })).toHaveValue("40");
  await expect(dialog.getByLabel("Ferientage pro Jahr")).toHaveValue("20");
  // A text field with the decimal keyboard, so "32,5" arrives (docs/PRODUCT-RULES.md §29.4).
  await expect(dialog.getByLabel("Wochenstunden", { exact: true })).toHaveAttribute("inputmode", "decimal");
  await expectAccessible(page, "employee dialog");

  // Nothing filled in, hours out of range: messages, no request, the dialog stays.
  await dialog.getByLabel("Wochenstunden", { exact: true }).fill("170");
  await dialog.getByLabel("Ferientage pro Jahr").fill("2.25");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte gib einen Vornamen ein")).toBeVisible();
  await expect(dialog.getByText("Bitte gib einen Nachnamen ein")).toBeVisible();
  await expect(dialog.getByText("Wochenstunden muss zwischen 0 und 168 liegen")).toBeVisible();
  await expect(dialog.getByText("Ferientage pro Jahr nur in Schritten von 0.5")).toBeVisible();

  await dialog.getByLabel("Vorname").fill("Ayşe");
  await dialog.getByLabel("Nachname").fill(lastName);
  await dialog.getByLabel("Wochenstunden", { exact: true }).fill("42.5");
  await dialog.getByLabel("Ferientage pro Jahr").fill("25");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Mitarbeiter erstellt!")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: lastName });
  await expect(row).toContainText("Ayşe");
  await expect(row).toContainText("Festanstellung");
  await expect(row).toContainText("42.5 h");
  await expect(row).toContainText("25 / 0 / 25");
  await screenshot(page, "employees");

  await row.getByRole("button", { name: /bearbeiten$/ }).click();
  const edit = page.getByRole("dialog", { name: "Mitarbeiter bearbeiten" });
  await expect(edit.getByLabel("Nachname")).toHaveValue(lastName);
  await edit.getByLabel("Stundenlohn (ohne feste Wochenstunden)").check();
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Mitarbeiter aktualisiert!")).toBeVisible();
  await expect(row).toContainText("Stundenlohn");

  // Delete: Escape cancels, the confirmation deletes.
  await row.getByRole("button", { name: /löschen$/ }).click();
  const confirm = page.getByRole("dialog", { name: "Mitarbeiter löschen" });
  await expect(confirm).toContainText("Mitarbeiter wirklich löschen?");
  await expectAccessible(page, "delete confirmation");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /löschen$/ }).click();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Mitarbeiter gelöscht!")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a server refusal keeps the dialog open with what was typed", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/employees");
  await page.getByRole("button", { name: "+ Neuer Mitarbeiter" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neuer Mitarbeiter" });
  await dialog.getByLabel("Vorname").fill("Łukasz");
  await dialog.getByLabel("Nachname").fill("Nowak");
  await page.route("**/api/employees", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: "Interner Serverfehler", code: "internal" }),
        })
      : route.continue(),
  );
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Interner Serverfehler")).toBeVisible();
  await expect(dialog.getByLabel("Vorname")).toHaveValue("Łukasz");
  await expect(dialog.getByRole("button", { name: "Speichern" })).toBeEnabled();
});

test("an admin sets a Personalnummer in the dialog; one someone else has is refused at the field", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const annaName = unique("Nummer");
  const benName = unique("Nummer");
  const anna = await createAsAdmin(request, "/api/employees", { first_name: "Anna", last_name: annaName });
  const ben = await createAsAdmin(request, "/api/employees", { first_name: "Ben", last_name: benName });
  const numberOf = async (id: number) =>
    (await (await request.get(`/api/employees/${id}`, { headers })).json()).personnel_number;
  const taken = unique("P");
  const free = unique("P");

  await signIn(page, E2E_ADMIN, "/employees");
  await page.getByRole("button", { name: `Anna ${annaName} bearbeiten` }).click();
  const dialog = page.getByRole("dialog", { name: "Mitarbeiter bearbeiten" });
  await expect(dialog.getByLabel("Personalnummer")).toHaveValue("");
  await dialog.getByLabel("Personalnummer").fill(taken);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Mitarbeiter aktualisiert!")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await numberOf(anna.id)).toBe(taken);
  await page.getByRole("button", { name: `Anna ${annaName} bearbeiten` }).click();
  await expect(dialog.getByLabel("Personalnummer")).toHaveValue(taken);
  await dialog.getByRole("button", { name: "Abbrechen" }).click();

  // Ben: a number a spreadsheet would read as a formula, then Anna's; both at the field, nothing saved.
  await page.getByRole("button", { name: `Ben ${benName} bearbeiten` }).click();
  const field = dialog.getByLabel("Personalnummer");
  const error = dialog.locator("#employee-personnel-number-error");
  await field.fill("-12");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(error).toContainText("sie beginnt mit einem Buchstaben oder einer Ziffer");
  await field.fill(taken);
  await expect(error).toHaveCount(0);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const refusal = `Die Personalnummer ${taken} hat bereits Anna ${annaName}.`;
  await expect(error).toHaveText(refusal);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(toast(page, refusal)).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await numberOf(ben.id)).toBeNull();
  await expectAccessible(page, "employee dialog with a taken personnel number");
  await reviewShots(page, "employee-personnel-number");

  await field.fill(free);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  // The dialog closes once the save is done; Anna's toast of the same text may still be there beside Ben's.
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Mitarbeiter aktualisiert!").last()).toBeVisible();
  expect(await numberOf(ben.id)).toBe(free);
  expect(await numberOf(anna.id)).toBe(taken);
});

test("a failed load says 'Fehler beim Laden der Mitarbeiter'", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/");
  await page.route("**/api/employees", (route) => route.abort());
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Mitarbeiter" }).click();
  await expect(toast(page, "Fehler beim Laden der Mitarbeiter")).toBeVisible();
});

test("managers see the employees but no create, edit or delete", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "mgr");
  await signIn(page, manager, "/employees");
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  await expect(
    page.getByRole("columnheader", { name: "Name" }).or(page.getByText("Noch keine Mitarbeitenden")),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "+ Neuer Mitarbeiter" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /bearbeiten$|löschen$/ })).toHaveCount(0);
  await expectAccessible(page, "employees (manager)");
});
