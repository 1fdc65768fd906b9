import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDayMonth, isoWeekNumber } from "../../lib/shared/format";
import { adminHeaders, createAccount, expectAccessible, screenshot, signIn, toast, unique } from "./support";

const monday = () => mondayOf(todayIn("Europe/Zurich"));
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

test("planner: create, edit and delete a shift; unassigned shifts are amber and say 'Offen'", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const locationName = unique("Planer-Filiale");
  await request.post("/api/locations", { headers, data: { name: locationName, color: "#8B5CF6" } });
  const lastName = unique("Keller");
  await request.post("/api/employees", { headers, data: { first_name: "Mia", last_name: lastName, weekly_hours: 20 } });

  const calls: string[] = [];
  await signIn(page, E2E_ADMIN, "/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  page.on("request", (r) => r.url().includes("/api/") && calls.push(new URL(r.url()).pathname));
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Wochenplanung" }).click();
  const start = monday();
  await expect(page.getByText(`KW ${isoWeekNumber(start)} · ${formatDayMonth(start)}`)).toBeVisible();
  await expect(row(page, locationName)).toBeVisible();
  // at most three calls (issue budget P8)
  expect(calls.sort()).toEqual(["/api/employees", "/api/locations", "/api/schedule/week"]);

  // Create on Tuesday, crossing midnight: the preview says so.
  await row(page, locationName)
    .getByRole("button", { name: `Schicht hinzufügen: ${locationName}, Di ${formatDayMonth(addDays(start, 1))}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Neue Schicht" });
  await expect(dialog.getByLabel("Beginn")).toHaveValue("09:00");
  await expect(dialog.getByLabel("Ende")).toHaveValue("17:00");
  // The break starts at the legal minimum (docs/PRODUCT-RULES.md §23); the hours are the length less it.
  await expect(dialog.getByLabel("Pause (Minuten)")).toHaveValue("30");
  await expect(dialog.getByRole("status")).toHaveText("Vorschau: 09:00–17:00 · 7.5 h, 30 Min. Pause");
  await dialog.getByLabel("Mitarbeiter").selectOption({ label: `Mia ${lastName} – 20.0 h frei` });
  await dialog.getByLabel("Beginn").fill("22:00");
  await dialog.getByLabel("Ende").fill("06:30");
  await expect(dialog.getByRole("status")).toHaveText(
    "Vorschau: 22:00–06:30 · 8.0 h, 30 Min. Pause (über Mitternacht)",
  );
  await dialog.getByLabel("Sonderschicht mit eigenem Namen").check();
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte gib einen Namen für die Sonderschicht ein")).toBeVisible();
  await dialog.getByLabel("Name der Sonderschicht").fill("Inventur");
  await expectAccessible(page, "shift dialog");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Schicht erstellt!")).toBeVisible();
  const chip = row(page, locationName).getByTestId("shift");
  await expect(chip).toHaveCount(1);
  await expect(chip).toContainText(`Mia ${lastName}`);
  await expect(chip).toContainText("22:00–06:30");
  await expect(chip).toContainText("8.0 h");
  await expect(chip).toContainText("Inventur");
  await expect(row(page, locationName).getByRole("cell").last()).toHaveText("8.0 h"); // the location's week total
  await expect(
    page.getByRole("region", { name: "Verfügbare Mitarbeiter" }).getByRole("listitem").filter({ hasText: lastName }),
  ).toContainText("12.0 h frei");

  // Edit: unassign it. Amber background, amber border and the word "Offen".
  await chip.getByRole("button", { name: /^Schicht bearbeiten/ }).click();
  const edit = page.getByRole("dialog", { name: "Schicht bearbeiten" });
  await expect(edit.getByLabel("Name der Sonderschicht")).toHaveValue("Inventur");
  await edit.getByLabel("Mitarbeiter").selectOption({ label: "Nicht zugewiesen (offen)" });
  await edit.getByLabel("Sonderschicht mit eigenem Namen").uncheck();
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Schicht aktualisiert!")).toBeVisible();
  await expect(chip).toContainText("Offen");
  await expect(chip).not.toContainText("Inventur");
  expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(254, 243, 199)");
  expect(await chip.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe("rgb(245, 158, 11)");
  await screenshot(page, "schedule");

  // Delete, reachable by keyboard: the button is there on focus.
  const remove = chip.getByRole("button", { name: /^Schicht löschen/ });
  await remove.focus();
  await expect(remove).toBeVisible();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Schicht löschen" });
  await expect(confirm).toContainText("Schicht wirklich löschen?");
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Schicht gelöscht!")).toBeVisible();
  await expect(chip).toHaveCount(0);
  await expectAccessible(page, "schedule");
});

test("week navigation keeps the grid; a template is imported into the displayed week as open shifts", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const locationName = unique("Vorlagen-Filiale");
  const location = await (await request.post("/api/locations", { headers, data: { name: locationName } })).json();
  const templateName = unique("Standardwoche");
  const template = await request.post("/api/week-templates", {
    headers,
    data: {
      name: templateName,
      shifts: [
        { day_of_week: 3, location_id: location.id, start_time: "08:00", end_time: "12:00" },
        { day_of_week: 0, location_id: location.id, start_time: "10:00", end_time: "15:00" },
      ],
    },
  });
  expect(template.status()).toBe(201);
  const start = monday();
  const next = addDays(start, 7);
  await request.post("/api/shifts", {
    headers,
    data: { location_id: location.id, shift_date: addDays(next, 4), start_time: "07:00", end_time: "11:00" },
  });

  await signIn(page, E2E_ADMIN, "/schedule");
  await expect(page.getByText(`KW ${isoWeekNumber(start)} · ${formatDayMonth(start)}`)).toBeVisible();
  await page.getByRole("button", { name: "Nächste Woche" }).click();
  await expect(page.getByText(`KW ${isoWeekNumber(next)} · ${formatDayMonth(next)}`)).toBeVisible();
  await expect(page.getByRole("columnheader", { name: `Fr ${formatDayMonth(addDays(next, 4))}` })).toBeVisible();
  await expect(row(page, locationName).getByTestId("shift")).toHaveCount(1);
  await page.getByRole("button", { name: "Heute" }).click();
  await expect(page.getByRole("columnheader", { name: `Mo ${formatDayMonth(start)}` })).toBeVisible();
  await expect(row(page, locationName).getByTestId("shift")).toHaveCount(0);
  await page.getByRole("button", { name: "Nächste Woche" }).click();
  await expect(row(page, locationName).getByTestId("shift")).toHaveCount(1);

  await page.getByRole("button", { name: "Vorlage importieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Vorlage importieren" });
  await dialog.getByLabel(new RegExp(templateName)).check();
  await expectAccessible(page, "template import");
  await dialog.getByRole("button", { name: "Importieren" }).click();
  // The week has shifts already: the import asks first (docs/PRODUCT-RULES.md §27.3).
  const ask = page.getByRole("dialog", { name: "Woche hat bereits Schichten" });
  await expect(ask).toContainText("Trotzdem einfügen?");
  await ask.getByRole("button", { name: "Einfügen" }).click();
  await expect(toast(page, "Template importiert!")).toBeVisible();
  const chips = row(page, locationName).getByTestId("shift");
  await expect(chips).toHaveCount(3);
  // Wednesday (day_of_week 3) and Sunday (0, the end of the week), both open.
  const cells = row(page, locationName).getByRole("cell");
  await expect(cells.nth(2)).toContainText("Offen");
  await expect(cells.nth(2)).toContainText("08:00–12:00");
  await expect(cells.nth(6)).toContainText("10:00–15:00");
  const shifts = await (
    await request.get(`/api/shifts?start_date=${next}&end_date=${addDays(next, 6)}`, { headers })
  ).json();
  expect(
    shifts
      .filter((s: { location_id: number }) => s.location_id === location.id)
      .map((s: { shift_date: string }) => s.shift_date),
  ).toEqual([addDays(next, 2), addDays(next, 4), addDays(next, 6)]);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "schedule-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("users see the plan but cannot add, edit, delete or import", async ({ page, request }) => {
  const account = await createAccount(request, "user", "leser");
  await signIn(page, account, "/schedule");
  await expect(page.getByRole("heading", { name: "Wochenplanung" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Wochenplan" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Schicht (hinzufügen|bearbeiten|löschen)/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Vorlage importieren" })).toHaveCount(0);
});
