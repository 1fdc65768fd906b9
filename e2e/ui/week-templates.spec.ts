import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminHeaders, createAccount, expectAccessible, screenshot, signIn, toast, unique } from "./support";

type Location = { id: number; name: string };

async function createLocation(request: APIRequestContext, prefix: string, color: string): Promise<Location> {
  const res = await request.post("/api/locations", {
    headers: await adminHeaders(request),
    data: { name: unique(prefix), color },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The shift row "Schicht n" of the template dialog. */
const shiftRow = (dialog: Locator, n: number) => dialog.getByRole("group", { name: `Schicht ${n}`, exact: true });

/** One weekday of the view dialog, by its heading. */
const viewDay = (view: Locator, weekday: string) =>
  view.getByRole("listitem").filter({ has: view.page().getByRole("heading", { name: weekday, exact: true }) });

test("admin creates, views, edits and deletes a week template; validation messages; Sunday stays Sunday", async ({
  page,
  request,
}) => {
  const bakery = await createLocation(request, "Bäckerei Oerlikon", "#10B981");
  const depot = await createLocation(request, "Lager Altstetten", "#8B5CF6");
  await signIn(page, E2E_ADMIN, "/week-templates");
  await expect(page.getByRole("heading", { name: "Wochenvorlagen" })).toBeVisible();
  const name = unique("Standardwoche");

  await page.getByRole("button", { name: "+ Neue Vorlage" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neue Vorlage" });
  // One row to start with, Monday 09:00–17:00 (docs/PRODUCT-RULES.md §17).
  await expect(shiftRow(dialog, 1).getByLabel("Tag")).toHaveValue("1");
  await expect(shiftRow(dialog, 1).getByLabel("Von")).toHaveValue("09:00");
  await expect(shiftRow(dialog, 1).getByLabel("Bis")).toHaveValue("17:00");
  // The break starts at the legal minimum of the times (docs/PRODUCT-RULES.md §23): 30 min for 8 h.
  await expect(shiftRow(dialog, 1).getByLabel("Pause (Minuten)")).toHaveValue("30");
  await expect(shiftRow(dialog, 1)).toContainText("7.5 h");
  await expectAccessible(page, "template dialog");

  await dialog.getByRole("button", { name: "Schicht 1 entfernen" }).click();
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte gib einen Namen ein")).toBeVisible();
  await expect(dialog.getByText("Bitte füge mindestens eine Schicht hinzu")).toBeVisible();

  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Beschreibung (optional)").fill("Öffnungszeiten Winter");
  await dialog.getByRole("button", { name: "+ Schicht hinzufügen" }).click();
  await expect(dialog.getByText("Bitte füge mindestens eine Schicht hinzu")).toBeHidden();
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(shiftRow(dialog, 1).getByText("Bitte wähle einen Standort aus")).toBeVisible();
  await shiftRow(dialog, 1).getByLabel("Standort").selectOption({ label: bakery.name });

  // The next row continues on the next weekday with the same location and times.
  await dialog.getByRole("button", { name: "+ Schicht hinzufügen" }).click();
  const second = shiftRow(dialog, 2);
  await expect(second.getByLabel("Tag")).toHaveValue("2");
  await expect(second.getByLabel("Standort")).toHaveValue(String(bakery.id));
  await second.getByLabel("Tag").selectOption({ label: "So" });
  await second.getByLabel("Standort").selectOption({ label: depot.name });
  await second.getByLabel("Von").fill("22:00");
  await second.getByLabel("Bis").fill("22:00");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(second.getByText("Beginn und Ende dürfen nicht gleich sein")).toBeVisible();
  await second.getByLabel("Bis").fill("06:00");
  await expect(second).toContainText("7.5 h");
  await expect(second).toContainText("bis Folgetag");
  // Set by hand it stays, and below the minimum the row says what the law asks.
  await second.getByLabel("Pause (Minuten)").fill("0");
  await expect(second).toContainText("8.0 h");
  await expect(second.getByText("Gesetzliche Mindestpause: 30 Min.")).toBeVisible();
  await second.getByLabel("Pause (Minuten)").fill("45");
  await expect(second.getByText("Gesetzliche Mindestpause: 30 Min.")).toBeHidden();
  await expect(second).toContainText("7.3 h");
  await second.getByLabel("Notiz").fill("Nachtinventur");
  await expect(dialog.getByText("Total 14.8 h pro Woche")).toBeVisible();
  await screenshot(page, "week-template-dialog");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Vorlage erstellt!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("Öffnungszeiten Winter");
  await expect(card).toContainText("2 Tage · 2 Schichten · 14.8 h");
  await expect(card.getByRole("img", { name: "Schichten am Mo, So" })).toBeVisible();
  await expectAccessible(page, "week templates");
  await screenshot(page, "week-templates");

  // What was saved: Mo = 1, So = 0 (docs/PRODUCT-RULES.md §11).
  const saved = (
    (await (await request.get("/api/week-templates", { headers: await adminHeaders(request) })).json()) as {
      name: string;
      shifts: { day_of_week: number; break_minutes: number }[];
    }[]
  ).find((template) => template.name === name)!;
  expect(saved.shifts.map((shift) => shift.day_of_week)).toEqual([1, 0]);
  expect(saved.shifts.map((shift) => shift.break_minutes)).toEqual([30, 45]);

  await card.getByRole("button", { name: `${name} ansehen` }).click();
  const view = page.getByRole("dialog", { name });
  await expect(viewDay(view, "Montag")).toContainText(`${bakery.name}09:00–17:00 · 7.5 h, 30 Min. Pause`);
  await expect(viewDay(view, "Dienstag")).toContainText("Keine Schichten");
  const nightShift = `${depot.name}22:00–06:00 · 7.3 h, 45 Min. Pause (bis Folgetag)Nachtinventur`;
  await expect(viewDay(view, "Sonntag")).toContainText(nightShift);
  await expect(view.getByRole("heading", { level: 3 })).toHaveText([
    "Montag",
    "Dienstag",
    "Mittwoch",
    "Donnerstag",
    "Freitag",
    "Samstag",
    "Sonntag",
  ]);
  await expect(view).toContainText("Total 14.8 h pro Woche");
  await expectAccessible(page, "template view");
  await screenshot(page, "week-template-view");
  await view.getByRole("button", { name: "Schliessen", exact: true }).last().click();
  await expect(view).toBeHidden();

  // Edit: the rows come back as saved; Sunday is still "So".
  await card.getByRole("button", { name: `${name} bearbeiten` }).click();
  const edit = page.getByRole("dialog", { name: "Vorlage bearbeiten" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(shiftRow(edit, 1).getByLabel("Tag")).toHaveValue("1");
  await expect(shiftRow(edit, 2).getByLabel("Tag")).toHaveValue("0");
  await expect(shiftRow(edit, 2).getByLabel("Notiz")).toHaveValue("Nachtinventur");
  await expect(shiftRow(edit, 2).getByLabel("Pause (Minuten)")).toHaveValue("45");
  await edit.getByLabel("Name", { exact: true }).fill("");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(edit.getByText("Bitte gib einen Namen ein")).toBeVisible();
  const renamed = unique("Sommerwoche");
  await edit.getByLabel("Name", { exact: true }).fill(renamed);
  await edit.getByRole("button", { name: "Schicht 1 entfernen" }).click();
  await edit.getByRole("button", { name: "+ Schicht hinzufügen" }).click();
  await expect(shiftRow(edit, 2).getByLabel("Tag")).toHaveValue("1"); // after Sunday comes Monday
  await shiftRow(edit, 2).getByLabel("Tag").selectOption({ label: "Sa" });
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Vorlage aktualisiert!")).toBeVisible();
  const renamedCard = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: renamed, exact: true }) });
  await expect(renamedCard).toContainText("2 Tage · 2 Schichten · 14.5 h");
  await expect(renamedCard.getByRole("img", { name: "Schichten am Sa, So" })).toBeVisible();
  await expect(card).toHaveCount(0);

  // Delete: Escape cancels, the confirmation deletes.
  await renamedCard.getByRole("button", { name: `${renamed} löschen` }).click();
  const confirm = page.getByRole("dialog", { name: "Vorlage löschen" });
  await expect(confirm).toContainText(`Vorlage „${renamed}“ wirklich löschen?`);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await renamedCard.getByRole("button", { name: `${renamed} löschen` }).click();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Vorlage gelöscht!")).toBeVisible();
  await expect(renamedCard).toHaveCount(0);
});

test("managers view templates but cannot change them; phone layout", async ({ page, request }) => {
  const cafe = await createLocation(request, "Café Wiedikon", "#F59E0B");
  const name = unique("Wochenende");
  const res = await request.post("/api/week-templates", {
    headers: await adminHeaders(request),
    data: {
      name,
      description: null,
      shifts: [
        { day_of_week: 6, location_id: cafe.id, start_time: "08:00", end_time: "14:30", notes: null },
        { day_of_week: 0, location_id: cafe.id, start_time: "09:00", end_time: "13:00", notes: "Brunch" },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const manager = await createAccount(request, "manager", "mgr");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, manager, "/week-templates");

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("Keine Beschreibung");
  await expect(card).toContainText("2 Tage · 2 Schichten · 10.5 h");
  await expect(page.getByRole("button", { name: "+ Neue Vorlage" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: /bearbeiten$|löschen$/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, "week templates (manager)");
  await screenshot(page, "week-templates-phone");

  await card.getByRole("button", { name: `${name} ansehen` }).click();
  const view = page.getByRole("dialog", { name });
  await expect(viewDay(view, "Samstag")).toContainText("08:00–14:30 · 6.5 h");
  await expect(viewDay(view, "Sonntag")).toContainText("09:00–13:00 · 4.0 hBrunch");
  await screenshot(page, "week-template-view-phone");
});

test("phone: the template dialog stacks its rows; a refused save keeps what was typed", async ({ page, request }) => {
  const shop = await createLocation(request, "Laden Enge", "#3B82F6");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ADMIN, "/week-templates");
  await page.getByRole("button", { name: "+ Neue Vorlage" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neue Vorlage" });
  await dialog.getByLabel("Name", { exact: true }).fill("Inventurwoche");
  await shiftRow(dialog, 1).getByLabel("Standort").selectOption({ label: shop.name });
  await dialog.getByRole("button", { name: "+ Schicht hinzufügen" }).click();
  await screenshot(page, "week-template-dialog-phone");

  await page.route("**/api/week-templates", (route) =>
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
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Inventurwoche");
  await expect(shiftRow(dialog, 2).getByLabel("Tag")).toHaveValue("2");
});

test("a failed load says 'Fehler beim Laden der Templates'", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/");
  await page.route("**/api/week-templates", (route) => route.abort());
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Wochenvorlagen" }).click();
  await expect(toast(page, "Fehler beim Laden der Templates")).toBeVisible();
});
