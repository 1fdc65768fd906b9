import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate, formatDayMonth } from "../../lib/shared/format";
import { createAsAdmin, expectAccessible, signIn, toast, unique } from "./support";

// A manager records someone's unavailability in the planner (docs/PRODUCT-RULES.md §26.4): the panel shows it,
// the shift picker marks it, and a shift assigned into it carries the `unavailable` warning (§24.4).

const monday = () => mondayOf(todayIn("Europe/Zurich"));
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

/** Screenshots to look at (not compared): /tmp/shots-unav, or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-unav";
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const width of [1366, 390]) {
  test(`manager records Friday unavailable, panel and picker show it, the shift warns (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const locationName = unique("Wiedikon");
    await createAsAdmin(request, "/api/locations", { name: locationName });
    const lastName = unique("Test");
    await createAsAdmin(request, "/api/employees", { first_name: "Timo", last_name: lastName });
    const name = `Timo ${lastName}`;
    const friday = addDays(monday(), 4);

    await signIn(page, E2E_ADMIN, "/schedule");
    const panel = page.getByRole("region", { name: "Verfügbare Mitarbeiter" });
    // Phones start with the list folded (docs/PRODUCT-RULES.md §29.5).
    if (width < 640) await panel.getByRole("button", { name: "Verfügbare Mitarbeiter" }).click();
    await panel.getByRole("button", { name: "Nicht verfügbar eintragen" }).click();
    const dialog = page.getByRole("dialog", { name: "Nicht verfügbar eintragen" });
    await dialog.getByLabel("Mitarbeiter").selectOption({ label: name });
    await dialog.getByLabel("Von", { exact: true }).fill(friday);
    await dialog.getByLabel("Bis", { exact: true }).fill(friday);
    await dialog.getByLabel("Ganzer Tag").uncheck();
    await dialog.getByLabel("Von (Uhrzeit)").fill("14:00");
    await dialog.getByLabel("Bis (Uhrzeit)").fill("18:00");
    await dialog.getByLabel("Notiz (optional)").fill("Kurs");
    await shot(page, `planner-unavailability-dialog-${width}`);
    await expectAccessible(page, "unavailability dialog");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page, "Nicht verfügbar eingetragen!")).toBeVisible();
    await expect(dialog).toBeHidden();

    const entry = panel.getByRole("listitem").filter({ hasText: name });
    await expect(entry).toContainText("nicht verfügbar Fr 14:00–18:00");
    await shot(page, `planner-unavailability-panel-${width}`);

    // On a phone the toast lies over the grid's lower buttons, and a pointer resting on it keeps it: a finger would
    // not, so the test waits until it has gone.
    await expect(toast(page, "Nicht verfügbar eingetragen!")).toBeHidden();
    // The picker marks Timo for an afternoon shift on Friday, not for a morning one.
    await row(page, locationName)
      .getByRole("button", { name: `Schicht hinzufügen: ${locationName}, Fr ${formatDayMonth(friday)}` })
      .click();
    const shiftDialog = page.getByRole("dialog", { name: "Neue Schicht" });
    const option = shiftDialog.getByRole("option", { name: new RegExp(`^${name} – `) });
    await shiftDialog.getByLabel("Beginn").fill("08:00");
    await shiftDialog.getByLabel("Ende").fill("12:00");
    await expect(option).toHaveText(`${name} – 40.0 h frei`);
    await shiftDialog.getByLabel("Beginn").fill("13:00");
    await shiftDialog.getByLabel("Ende").fill("17:00");
    await expect(option).toHaveText(`${name} – 40.0 h frei – nicht verfügbar`);
    await shiftDialog.getByLabel("Mitarbeiter").selectOption({ label: `${name} – 40.0 h frei – nicht verfügbar` });
    const warning = `${name} ist am ${formatDate(friday)} nicht verfügbar (14:00–18:00)`;
    await expect(shiftDialog.getByRole("list", { name: "Hinweise zur Schicht" })).toContainText(`Hinweis: ${warning}`);
    await shiftDialog.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page, `Schicht erstellt! 1 Hinweis: ${warning}`)).toBeVisible();
    const marker = row(page, locationName).getByTestId("shift").getByTestId("shift-findings");
    await expect(marker).toHaveAttribute("title", `Hinweis: ${warning}`);

    // A planner deletes the entry from the panel; the warning goes with it.
    await entry.getByRole("button", { name: `${name}: nicht verfügbar Fr 14:00–18:00 löschen` }).click();
    await page.getByRole("dialog", { name: "Eintrag löschen" }).getByRole("button", { name: "Löschen" }).click();
    await expect(toast(page, "Eintrag gelöscht!")).toBeVisible();
    await expect(entry).not.toContainText("nicht verfügbar");
    await expect(row(page, locationName).getByTestId("shift-findings")).toHaveCount(0);
  });
}
