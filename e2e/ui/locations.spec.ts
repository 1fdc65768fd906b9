import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectAccessible, screenshot, signIn, toast, unique } from "./support";

test("admin creates a location with a preset colour, edits it with a typed colour, deletes it", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/locations");
  await expect(page.getByRole("heading", { name: "Standorte" })).toBeVisible();
  const name = unique("Łódź Bahnhof");

  await page.getByRole("button", { name: "+ Neuer Standort" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neuer Standort" });
  const presets = dialog.getByRole("button", { name: /^Farbe #/ });
  await expect(presets).toHaveCount(10);
  await expect(dialog.getByLabel("Farbcode (#RRGGBB)")).toHaveValue("#3B82F6");
  await expectAccessible(page, "location dialog");

  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte gib einen Namen ein")).toBeVisible();

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Farbe #10B981" }).click();
  await expect(dialog.getByRole("button", { name: "Farbe #10B981" })).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByLabel("Farbcode (#RRGGBB)")).toHaveValue("#10B981");
  await dialog.getByLabel("Adresse (optional)").fill("Bahnhofstrasse 1, 8001 Zürich");
  // On for a new location (docs/PRODUCT-RULES.md §35.4), with its hint tied to it.
  const approval = dialog.getByRole("checkbox", { name: "Tausch braucht Freigabe" });
  await expect(approval).toBeChecked();
  await expect(approval).toHaveAccessibleDescription(
    "Übernimmt jemand eine Schicht oder tauscht, muss die Leitung zustimmen.",
  );
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Standort erstellt!")).toBeVisible();
  // A new location's dialog stays open for its presets (docs/PRODUCT-RULES.md §31.5); "Fertig" closes it.
  await page.getByRole("dialog", { name: "Standort bearbeiten" }).getByRole("button", { name: "Fertig" }).click();
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("Bahnhofstrasse 1, 8001 Zürich");
  await expect(card).toContainText("#10B981");
  await screenshot(page, "locations");
  await expect(card).not.toContainText("Tausch ohne Freigabe");

  await card.getByRole("button", { name: `${name} bearbeiten` }).click();
  const edit = page.getByRole("dialog", { name: "Standort bearbeiten" });
  await edit.getByLabel("Farbcode (#RRGGBB)").fill("#12345");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(edit.getByText("Farbe muss im Format #RRGGBB angegeben werden")).toBeVisible();
  await edit.getByLabel("Farbcode (#RRGGBB)").fill("#ff00aa");
  await edit.getByLabel("Adresse (optional)").fill("");
  await edit.getByRole("checkbox", { name: "Tausch braucht Freigabe" }).uncheck();
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Standort aktualisiert!")).toBeVisible();
  await expect(card).toContainText("#FF00AA");
  await expect(card).toContainText("Keine Adresse hinterlegt");
  await expect(card).toContainText("Tausch ohne Freigabe");
  await card.getByRole("button", { name: `${name} bearbeiten` }).click();
  await expect(edit.getByRole("checkbox", { name: "Tausch braucht Freigabe" })).not.toBeChecked();
  await edit.getByRole("button", { name: "Abbrechen" }).click();

  await card.getByRole("button", { name: `${name} löschen` }).click();
  const confirm = page.getByRole("dialog", { name: "Standort löschen" });
  await expect(confirm).toContainText("Standort wirklich löschen?");
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `${name} löschen` }).click();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Standort gelöscht!")).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("the server's message is shown: deleting a location someone else already deleted", async ({ page, browser }) => {
  await signIn(page, E2E_ADMIN, "/locations");
  const name = unique("Filiale");
  await page.getByRole("button", { name: "+ Neuer Standort" }).first().click();
  await page.getByRole("dialog", { name: "Neuer Standort" }).getByLabel("Name").fill(name);
  await page.getByRole("dialog", { name: "Neuer Standort" }).getByRole("button", { name: "Speichern" }).click();
  await page.getByRole("dialog", { name: "Standort bearbeiten" }).getByRole("button", { name: "Fertig" }).click();
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toBeVisible();

  // Someone else deletes it meanwhile.
  const other = await browser.newPage();
  await signIn(other, E2E_ADMIN, "/locations");
  await other.getByRole("button", { name: `${name} löschen` }).click();
  await other.getByRole("dialog", { name: "Standort löschen" }).getByRole("button", { name: "Löschen" }).click();
  await expect(toast(other, "Standort gelöscht!")).toBeVisible();
  await other.close();

  await card.getByRole("button", { name: `${name} löschen` }).click();
  await page.getByRole("dialog", { name: "Standort löschen" }).getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Standort nicht gefunden")).toBeVisible();
});
