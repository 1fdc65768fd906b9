import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate } from "../../lib/shared/format";
import { adminHeaders, createAsAdmin, expectAccessible, reviewShots, signIn, toast, unique } from "./support";

// Weekly unavailability and wishes (docs/PRODUCT-RULES.md §35.8): on her phone a linked waiter enters "jeden Montag
// bis 12:00" from next Monday without an end, wishes early shifts and a Saturday off, and deletes a wish; the
// planner sees the weekly entry and the wishes beside her name in "Verfügbare Mitarbeiter".

test("staff enter a weekly unavailability and wishes on their phone; the planner sees them", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const nextMonday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const saturday = addDays(nextMonday, 5);
  // The planner shows its panel once a location exists.
  await createAsAdmin(request, "/api/locations", { name: unique("Enge") });
  const lastName = unique("Keller");
  const nina = await createAsAdmin(request, "/api/employees", { first_name: "Nina", last_name: lastName });
  const name = `Nina ${lastName}`;
  const account = { username: unique("nina"), password: "ui-test-passwort" };
  const created = await request.post("/api/users", {
    headers: await adminHeaders(request),
    data: { ...account, role: "user", employee_id: nina.id, must_change_password: false },
  });
  expect(created.status(), await created.text()).toBe(201);

  // 1. On her phone: "Nicht verfügbar eintragen", weekly on Mondays, from next Monday, no end, until 12:00.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const staff = await phone.newPage();
  await signIn(staff, account, "/me");
  const section = staff.locator("#nicht-verfuegbar");
  await section.getByRole("button", { name: "Nicht verfügbar eintragen" }).click();
  const dialog = staff.getByRole("dialog", { name: "Nicht verfügbar eintragen" });
  await dialog.getByLabel("Von", { exact: true }).fill(nextMonday);
  await dialog.getByLabel("Wiederholen: jede Woche am Montag").check();
  await expect(dialog.getByLabel("Bis (optional)")).toHaveValue("");
  await expect(dialog).toContainText(`Jeden Montag ab ${formatDate(nextMonday)}`);
  await dialog.getByLabel("Ganzer Tag").uncheck();
  await dialog.getByLabel("Von (Uhrzeit)").fill("00:00");
  await dialog.getByLabel("Bis (Uhrzeit)").fill("12:00");
  await dialog.getByLabel("Notiz (optional)").fill("Schule");
  await expectAccessible(staff, "weekly unavailability dialog");
  await reviewShots(staff, "weekly-unavailability-dialog");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(staff, "Nicht verfügbar eingetragen!")).toBeVisible();
  await expect(section).toContainText(`Jeden Montag ab ${formatDate(nextMonday)}`);
  await expect(section).toContainText("00:00–12:00 · Schule");
  // Next week's Monday is marked in her weeks, Tuesday is not.
  await expect(staff.locator("#schichten")).toContainText("Nicht verfügbar 00:00–12:00");

  // 2. Wishes: rather early shifts, and Saturday off.
  const wishes = staff.locator("#wuensche");
  await wishes.getByRole("button", { name: "Wunsch eintragen" }).click();
  let wishDialog = staff.getByRole("dialog", { name: "Wunsch eintragen" });
  await wishDialog.getByLabel("Lieber Frühschicht (Beginn vor 12:00)").check();
  await wishDialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(staff, "Wunsch eingetragen!")).toBeVisible();
  await wishes.getByRole("button", { name: "Wunsch eintragen" }).click();
  wishDialog = staff.getByRole("dialog", { name: "Wunsch eintragen" });
  await wishDialog.getByLabel("Wunschfrei an einem Tag").check();
  await wishDialog.getByLabel("Tag", { exact: true }).fill(saturday);
  await wishDialog.getByLabel("Notiz (optional)").fill("Hochzeit");
  await expectAccessible(staff, "wish dialog");
  await reviewShots(staff, "wish-dialog");
  await wishDialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(staff, "Wunsch eingetragen!")).toBeVisible();
  const list = wishes.getByRole("list", { name: "Meine Wünsche" });
  await expect(list).toContainText("Lieber Frühschicht");
  await expect(list).toContainText("Schichten mit Beginn vor 12:00");
  await expect(list).toContainText(`Wunschfrei Sa ${formatDate(saturday)}`);
  // A second standing wish is refused, in German, with the dialog kept open.
  await wishes.getByRole("button", { name: "Wunsch eintragen" }).click();
  wishDialog = staff.getByRole("dialog", { name: "Wunsch eintragen" });
  await wishDialog.getByLabel("Lieber Spätschicht (Beginn ab 12:00)").check();
  await wishDialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(staff, "Es gibt schon den Wunsch „lieber Frühschicht“ – lösche ihn zuerst.")).toBeVisible();
  await wishDialog.getByRole("button", { name: "Abbrechen" }).click();
  await staff.locator("#wuensche").scrollIntoViewIfNeeded();
  await reviewShots(staff, "me-wishes");

  // 3. The planner's panel: the weekly entry and both wishes beside her name.
  await signIn(page, E2E_ADMIN, `/schedule?week=${nextMonday}`);
  const panel = page.getByRole("region", { name: "Verfügbare Mitarbeiter" });
  const entry = panel.getByRole("listitem").filter({ hasText: name });
  await expect(entry).toContainText("nicht verfügbar jeden Mo 00:00–12:00");
  await expect(entry.getByTestId("wish-chip")).toHaveText(["Wunsch: lieber Frühschicht", "Wunsch: Wunschfrei Sa"]);
  await entry.scrollIntoViewIfNeeded();
  await reviewShots(page, "planner-wishes");

  // 4. She deletes the early-shift wish; the planner's list loses it on the next load.
  await list.getByRole("button", { name: "Wunsch „lieber Frühschicht“ löschen" }).click();
  await staff.getByRole("dialog", { name: "Wunsch löschen?" }).getByRole("button", { name: "Löschen" }).click();
  await expect(toast(staff, "Wunsch gelöscht!")).toBeVisible();
  await expect(list).not.toContainText("Lieber Frühschicht");
  await page.reload();
  await expect(panel.getByRole("listitem").filter({ hasText: name }).getByTestId("wish-chip")).toHaveText([
    "Wunsch: Wunschfrei Sa",
  ]);
  await phone.close();
});
