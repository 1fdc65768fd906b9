// Copying a week, saving it as a template, and the question before filling a week twice
// (docs/PRODUCT-RULES.md §27.3). These act on whole weeks — a copy takes every location's shifts of the week, the
// question counts them all — so each test has weeks of its own in 2046, which no other spec plans in.
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays } from "../../lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber } from "../../lib/shared/format";
import { adminHeaders, expectAccessible, signIn, toast, unique } from "./support";

const SHOTS = "/tmp/shots-copy";
mkdirSync(SHOTS, { recursive: true });

/** Monday of the week `weeks` after 5 March 2046 (a Monday). */
const week = (weeks: number) => addDays("2046-03-05", 7 * weeks);
const weekLabel = (monday: string) =>
  `KW ${isoWeekNumber(monday)} · ${formatDayMonth(monday)}–${formatDate(addDays(monday, 6))}`;
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

/** The success toast of a plan write: its text, and "Rückgängig" (docs/PRODUCT-RULES.md §27.7). */
const changeToast = (page: Page, text: string) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]").getByText(text, { exact: true }) })
    .filter({ has: page.getByRole("button", { name: "Rückgängig" }) });

async function post(request: APIRequestContext, path: string, data: object) {
  const res = await request.post(path, { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Opens the planner on the week before `weeks` and steps forward to it. */
async function openWeek(page: Page, weeks: number) {
  await signIn(page, E2E_ADMIN, `/schedule?week=${week(weeks - 1)}`);
  await expect(page.getByText(weekLabel(week(weeks - 1)))).toBeVisible();
  await page.getByRole("button", { name: "Nächste Woche" }).click();
  await expect(page.getByText(weekLabel(week(weeks)))).toBeVisible();
}

test("copy a week with employees: a vacation in the target week leaves that copy open", async ({ page, request }) => {
  const location = await post(request, "/api/locations", { name: unique("Kopier-Filiale") });
  const lena = await post(request, "/api/employees", { first_name: "Lena", last_name: unique("Kopie") });
  const omar = await post(request, "/api/employees", { first_name: "Omar", last_name: unique("Ferien") });
  const source = week(2);
  const target = week(3);
  const shift = { location_id: location.id, start_time: "08:00", end_time: "16:00" };
  await post(request, "/api/shifts", { ...shift, employee_id: lena.id, shift_date: source });
  await post(request, "/api/shifts", { ...shift, employee_id: omar.id, shift_date: addDays(source, 1) });
  await post(request, "/api/vacations", {
    employee_id: omar.id,
    start_date: addDays(target, 1),
    end_date: addDays(target, 1),
  });

  await page.setViewportSize({ width: 1366, height: 800 });
  await openWeek(page, 2);
  await page.getByRole("button", { name: "Woche kopieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Woche kopieren" });
  // The next week by default, "mit Mitarbeitenden" on.
  await expect(dialog.getByRole("group", { name: "Zielwoche" })).toContainText(weekLabel(target));
  await expect(dialog.getByLabel("mit Mitarbeitenden")).toBeChecked();
  await expectAccessible(page, "copy week dialog");
  await page.screenshot({ path: `${SHOTS}/copy-dialog-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/copy-dialog-390.png` });
  await page.setViewportSize({ width: 1366, height: 800 });

  // Stepping to the week being copied is refused in place.
  await dialog.getByRole("button", { name: "Eine Woche früher" }).click();
  await expect(dialog.getByText("Die Zielwoche muss eine andere Woche sein")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Kopieren" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Eine Woche später" }).click();

  await dialog.getByRole("button", { name: "Kopieren" }).click();
  const copied = changeToast(page, "2 Schichten kopiert, 1 davon offen (Ferien)");
  await expect(copied).toBeVisible();
  await expect(dialog).toBeHidden();
  // The planner shows the target week.
  await expect(page.getByText(weekLabel(target))).toBeVisible();
  const chips = row(page, location.name).getByTestId("shift");
  await expect(chips).toHaveCount(2);
  await expect(chips.first()).toContainText(`Lena ${lena.last_name}`);
  await expect(chips.nth(1)).toContainText("Offen");
  // "Rückgängig" takes the whole copy back.
  await copied.getByRole("button", { name: "Rückgängig" }).click();
  await expect(chips).toHaveCount(0);
});

test("copying into or importing into a week with shifts asks first", async ({ page, request }) => {
  const location = await post(request, "/api/locations", { name: unique("Frage-Filiale") });
  const source = week(5);
  const target = week(6);
  const shift = { location_id: location.id, start_time: "09:00", end_time: "12:00" };
  await post(request, "/api/shifts", { ...shift, shift_date: addDays(source, 2) });
  await post(request, "/api/shifts", { ...shift, shift_date: target });
  await post(request, "/api/shifts", { ...shift, shift_date: addDays(target, 1) });
  const template = await post(request, "/api/week-templates", {
    name: unique("Frage-Vorlage"),
    shifts: [{ day_of_week: 5, location_id: location.id, start_time: "10:00", end_time: "14:00" }],
  });

  await page.setViewportSize({ width: 1366, height: 800 });
  await openWeek(page, 5);
  await page.getByRole("button", { name: "Woche kopieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Woche kopieren" });
  await dialog.getByRole("button", { name: "Kopieren" }).click();
  const question = page.getByRole("dialog", { name: "Woche hat bereits Schichten" });
  await expect(question).toContainText("Diese Woche hat bereits 2 Schichten. Trotzdem einfügen?");
  await page.screenshot({ path: `${SHOTS}/copy-confirm-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/copy-confirm-390.png` });
  await page.setViewportSize({ width: 1366, height: 800 });
  // "Abbrechen" copies nothing and leaves the copy dialog open.
  await question.getByRole("button", { name: "Abbrechen" }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Kopieren" }).click();
  await question.getByRole("button", { name: "Einfügen" }).click();
  await expect(changeToast(page, "1 Schicht kopiert")).toBeVisible();
  await expect(page.getByText(weekLabel(target))).toBeVisible();
  await expect(row(page, location.name).getByTestId("shift")).toHaveCount(3);

  // The template import asks with the shown week's count.
  await page.getByRole("button", { name: "Vorlage importieren" }).click();
  const importing = page.getByRole("dialog", { name: "Vorlage importieren" });
  await importing.getByText(template.name).click();
  await importing.getByRole("button", { name: "Importieren" }).click();
  const again = page.getByRole("dialog", { name: "Woche hat bereits Schichten" });
  await expect(again).toContainText("Diese Woche hat bereits 3 Schichten. Trotzdem einfügen?");
  await again.getByRole("button", { name: "Einfügen" }).click();
  await expect(changeToast(page, "Template importiert!")).toBeVisible();
  await expect(row(page, location.name).getByTestId("shift")).toHaveCount(4);
});

test("save the week as a template: it appears under Wochenvorlagen", async ({ page, request }) => {
  const location = await post(request, "/api/locations", { name: unique("Vorlagen-Filiale") });
  const source = week(8);
  const shift = { location_id: location.id, start_time: "07:00", end_time: "15:30", break_minutes: 30 };
  await post(request, "/api/shifts", { ...shift, shift_date: source });
  await post(request, "/api/shifts", { ...shift, shift_date: addDays(source, 6) });

  await page.setViewportSize({ width: 1366, height: 800 });
  await openWeek(page, 8);
  await page.getByRole("button", { name: "Als Vorlage speichern" }).click();
  const dialog = page.getByRole("dialog", { name: "Als Vorlage speichern" });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte gib einen Namen ein")).toBeVisible();
  const name = unique("Aus-Woche");
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Beschreibung").fill("Sommerbetrieb");
  await expectAccessible(page, "save week as template dialog");
  await page.screenshot({ path: `${SHOTS}/template-dialog-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/template-dialog-390.png` });
  await page.setViewportSize({ width: 1366, height: 800 });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Vorlage gespeichert!")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto("/week-templates");
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText("Sommerbetrieb")).toBeVisible();
});
