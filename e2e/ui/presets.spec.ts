import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDayMonth } from "../../lib/shared/format";
import { adminHeaders, expectAccessible, screenLoaded, signIn, storage, toast, unique } from "./support";

// Shift presets and the shift dialog's memory (docs/PRODUCT-RULES.md §27.1).

const SHOTS = "/tmp/shots-presets";
const monday = () => mondayOf(todayIn("Europe/Zurich"));
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });
const addButton = (page: Page, location: string, weekday: string, day: string) =>
  row(page, location).getByRole("button", {
    name: `Schicht hinzufügen: ${location}, ${weekday} ${formatDayMonth(day)}`,
  });

/** The open dialog at 1366 and 390 px wide (scrolled to `show`), then back to the project's viewport. */
async function shots(page: Page, name: string, show: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize()!;
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await show.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(before);
}

test("admin adds Früh 06:00–14:00; the shift dialog fills it with one click and remembers the times", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const name = unique("Presets-Filiale");
  const other = unique("Ohne-Presets");
  for (const location of [name, other]) {
    const res = await request.post("/api/locations", { headers, data: { name: location } });
    expect(res.status(), await res.text()).toBe(201);
  }

  // Locations screen: the location dialog's "Schichtarten".
  await signIn(page, E2E_ADMIN, "/locations");
  await page.getByRole("button", { name: `${name} bearbeiten` }).click();
  const dialog = page.getByRole("dialog", { name: "Standort bearbeiten" });
  const section = dialog.getByRole("region", { name: "Schichtarten" });
  await expect(section).toContainText("Noch keine Schichtarten.");
  await section.getByRole("button", { name: "+ Schichtart hinzufügen" }).click();
  await expect(section.getByLabel("Name")).toBeFocused();
  await section.getByRole("button", { name: "Schichtart speichern" }).click();
  await expect(section.getByText("Bitte gib einen Namen für die Schichtart ein")).toBeVisible();
  await expect(section.getByText("Bitte gib eine gültige Startzeit ein (HH:MM)")).toBeVisible();
  await section.getByLabel("Name").fill("Früh");
  await section.getByLabel("Von").fill("06:00");
  await section.getByLabel("Bis").fill("14:00");
  await section.getByLabel("Pause (Minuten)").fill("30");
  await section.getByRole("button", { name: "Schichtart speichern" }).click();
  await expect(toast(page, "Schichtart hinzugefügt!")).toBeVisible();
  const presets = section.getByRole("listitem");
  await expect(presets).toHaveCount(1);
  await expect(presets.first()).toContainText("Früh");
  await expect(presets.first()).toContainText("06:00–14:00 · 30 Min. Pause");
  await expect(section.getByRole("button", { name: "+ Schichtart hinzufügen" })).toBeFocused();

  // A second one, a name clash (under the field, from the server), an edit and a delete with confirmation.
  await section.getByRole("button", { name: "+ Schichtart hinzufügen" }).click();
  await section.getByLabel("Name").fill("früh");
  await section.getByLabel("Von").fill("14:00");
  await section.getByLabel("Bis").fill("22:00");
  await section.getByRole("button", { name: "Schichtart speichern" }).click();
  await expect(section.getByText("Diese Schichtart gibt es an diesem Standort bereits")).toBeVisible();
  await section.getByLabel("Name").fill("Spät");
  await section.getByRole("button", { name: "Schichtart speichern" }).click();
  await expect(toast(page, "Schichtart hinzugefügt!").last()).toBeVisible();
  await expect(presets).toHaveCount(2);
  await section.getByRole("button", { name: "Schichtart Spät bearbeiten" }).click();
  await expect(section.getByLabel("Bis")).toHaveValue("22:00");
  await section.getByLabel("Bis").fill("02:00");
  await section.getByRole("button", { name: "Schichtart speichern" }).click();
  await expect(toast(page, "Schichtart aktualisiert!")).toBeVisible();
  // The break follows the new times (the legal minimum of 12 h, docs/PRODUCT-RULES.md §31.4).
  await expect(presets.nth(1)).toContainText("14:00–02:00 (über Mitternacht) · 60 Min. Pause");
  await expectAccessible(page, "location dialog with presets");
  await shots(page, "location-dialog", section);
  await section.getByRole("button", { name: "Schichtart Spät löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Schichtart löschen" });
  await expect(confirm).toContainText(
    "Schichtart Spät (14:00–02:00 (über Mitternacht) · 60 Min. Pause) wirklich löschen?",
  );
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Schichtart gelöscht!")).toBeVisible();
  await expect(presets).toHaveCount(1);
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Schichtarten: Früh");

  // The planner: the presets come with the locations, no call of their own (P8).
  const calls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/") && calls.push(new URL(r.url()).pathname));
  await page.goto("/schedule");
  await screenLoaded(page);
  await page.waitForLoadState("networkidle");
  expect(calls.sort()).toEqual(["/api/auth/me", "/api/employees", "/api/locations", "/api/schedule/week"]);
  // The dialog offers the preset; one click fills start, end and break.
  const start = monday();
  const tuesday = addDays(start, 1);
  const wednesday = addDays(start, 2);
  await addButton(page, name, "Di", tuesday).click();
  const shift = page.getByRole("dialog", { name: "Neue Schicht" });
  await expect(shift.getByLabel("Beginn")).toHaveValue("09:00");
  await expect(shift.getByLabel("Ende")).toHaveValue("17:00");
  const early = shift.getByRole("group", { name: "Schichtart" }).getByRole("button", { name: "Früh 06:00–14:00" });
  await expect(early).toHaveAttribute("aria-pressed", "false");
  await early.click();
  await expect(shift.getByLabel("Beginn")).toHaveValue("06:00");
  await expect(shift.getByLabel("Ende")).toHaveValue("14:00");
  await expect(shift.getByLabel("Pause (Minuten)")).toHaveValue("30");
  await expect(shift.getByLabel("Datum")).toHaveValue(tuesday);
  await expect(early).toHaveAttribute("aria-pressed", "true");
  await expect(shift.getByRole("status")).toHaveText("Vorschau: 06:00–14:00 · 7.5 h, 30 Min. Pause");
  await expectAccessible(page, "shift dialog with presets");
  await shots(page, "shift-dialog", shift.getByRole("group", { name: "Schichtart" }));
  await shift.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Schicht erstellt!")).toBeVisible();
  const chip = row(page, name).getByTestId("shift");
  await expect(chip).toHaveCount(1);
  await expect(chip).toContainText("06:00–14:00");
  // Focus is back on the cell that opened the dialog.
  await expect(addButton(page, name, "Di", tuesday)).toBeFocused();

  // A second new shift there starts from the last times used at the location in this browser.
  await addButton(page, name, "Mi", wednesday).click();
  await expect(shift.getByLabel("Beginn")).toHaveValue("06:00");
  await expect(shift.getByLabel("Ende")).toHaveValue("14:00");
  await expect(shift.getByLabel("Pause (Minuten)")).toHaveValue("30");
  expect(JSON.parse((await storage(page, `shift-times:${await locationId(page, name)}`))!)).toEqual({
    start_time: "06:00",
    end_time: "14:00",
    break_minutes: 30,
  });
  // Another location has no memory and no presets: the defaults; back again, the location's times.
  await shift.getByLabel("Standort").selectOption({ label: other });
  await expect(shift.getByLabel("Beginn")).toHaveValue("09:00");
  await expect(shift.getByRole("group", { name: "Schichtart" })).toHaveCount(0);
  await shift.getByLabel("Standort").selectOption({ label: name });
  await expect(shift.getByLabel("Beginn")).toHaveValue("06:00");
  await shift.getByLabel("Ende").fill("13:00");
  await shift.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Schicht erstellt!").last()).toBeVisible();
  await expect(chip).toHaveCount(2);
  await expect(chip.nth(1)).toContainText("06:00–13:00");

  // Escape also hands focus back; the next new shift starts from the last save (06:00–13:00).
  await addButton(page, name, "Do", addDays(start, 3)).click();
  await expect(shift.getByLabel("Ende")).toHaveValue("13:00");
  await expect(shift.getByRole("button", { name: "Früh 06:00–14:00" })).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Escape");
  await expect(shift).toHaveCount(0);
  await expect(addButton(page, name, "Do", addDays(start, 3))).toBeFocused();
});

async function locationId(page: Page, name: string): Promise<number> {
  const res = await page.request.get("/api/locations", {
    headers: { Authorization: `Bearer ${await storage(page, "access_token")}` },
  });
  const locations = (await res.json()) as { id: number; name: string }[];
  return locations.find((location) => location.name === name)!.id;
}
