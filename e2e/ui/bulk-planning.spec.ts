// Several shifts at once (docs/PRODUCT-RULES.md §31.7): a day's shifts copied to other days from the day header or
// a location's row, in one change that "Rückgängig" takes back. Dates in May 2044, which no other test uses.
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays } from "../../lib/shared/dates";
import { adminHeaders, createAccount, expectAccessible, screenLoaded, signIn, unique } from "./support";

const SHOTS = "/tmp/shots-bulk";
mkdirSync(SHOTS, { recursive: true });

async function post(request: APIRequestContext, path: string, data: object) {
  const res = await request.post(path, { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Record<string, unknown> & { id: number };
}

async function shiftsOf(request: APIRequestContext, locationId: number, from: string, to: string) {
  const res = await request.get(`/api/shifts?start_date=${from}&end_date=${to}`, {
    headers: await adminHeaders(request),
  });
  const all = (await res.json()) as { location_id: number; shift_date: string; employee_id: number | null }[];
  return all.filter((shift) => shift.location_id === locationId);
}

const changeToast = (page: Page, text: string) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]").getByText(text, { exact: true }) })
    .filter({ has: page.getByRole("button", { name: "Rückgängig" }) });

async function shots(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("a location's row: Monday copied to Tuesday and Wednesday, with employees; Rückgängig takes it back", async ({
  page,
  request,
}) => {
  const monday = "2044-05-02";
  const location = await post(request, "/api/locations", { name: unique("Tageskopie") });
  const lea = await post(request, "/api/employees", { first_name: "Lea", last_name: unique("Kopie") });
  const shift = { location_id: location.id, shift_date: monday, break_minutes: 0 };
  await post(request, "/api/shifts", { ...shift, employee_id: lea.id, start_time: "07:00", end_time: "11:00" });
  await post(request, "/api/shifts", { ...shift, start_time: "12:00", end_time: "18:00" });
  const manager = await createAccount(request, "manager", "tageskopie");
  await signIn(page, manager, `/schedule?week=${monday}`);
  await screenLoaded(page);

  await page.getByRole("button", { name: `Zeile kopieren: ${location.name as string}` }).click();
  const dialog = page.getByRole("dialog", { name: "Zeile kopieren" });
  await expect(dialog.getByLabel("Tag")).toHaveValue(monday);
  await expect(dialog.getByLabel("Standort")).toHaveValue(String(location.id));
  await dialog.getByRole("checkbox", { name: "Di 03.05." }).check();
  await dialog.getByRole("checkbox", { name: "Mi 04.05." }).check();
  await expect(dialog.getByText("2 Schichten auf 2 Tage")).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "mit Mitarbeitenden" })).toBeChecked();
  await expectAccessible(page, "Zeile kopieren");
  await shots(page, "copy-day-dialog");

  await dialog.getByRole("button", { name: "Kopieren" }).click();
  const copied = changeToast(page, "4 Schichten kopiert");
  await expect(copied).toBeVisible();
  await expect(dialog).toBeHidden();
  const after = await shiftsOf(request, location.id, monday, addDays(monday, 6));
  expect(after.map((s) => [s.shift_date, s.employee_id]).sort()).toEqual(
    [
      [monday, lea.id],
      [monday, null],
      ["2044-05-03", lea.id],
      ["2044-05-03", null],
      ["2044-05-04", lea.id],
      ["2044-05-04", null],
    ].sort(),
  );
  await shots(page, "copy-day-done");

  await copied.getByRole("button", { name: "Rückgängig" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Änderung rückgängig gemacht")).toBeVisible();
  await expect.poll(async () => (await shiftsOf(request, location.id, monday, addDays(monday, 6))).length).toBe(2);
});

test("the day header's 'Tag kopieren …': that day, one location, without employees", async ({ page, request }) => {
  const monday = "2044-05-09";
  const location = await post(request, "/api/locations", { name: unique("Tageskopf") });
  const ben = await post(request, "/api/employees", { first_name: "Ben", last_name: unique("Kopf") });
  await post(request, "/api/shifts", {
    location_id: location.id,
    employee_id: ben.id,
    shift_date: "2044-05-11",
    start_time: "09:00",
    end_time: "13:00",
    break_minutes: 0,
  });
  const manager = await createAccount(request, "manager", "tageskopf");
  await signIn(page, manager, `/schedule?week=${monday}`);
  await screenLoaded(page);

  await page.getByRole("button", { name: "Tag kopieren: Mi 11.05." }).click();
  const dialog = page.getByRole("dialog", { name: "Tag kopieren" });
  await expect(dialog.getByLabel("Tag")).toHaveValue("2044-05-11");
  await expect(dialog.getByLabel("Standort")).toHaveValue("");
  // Its own day is no target.
  await expect(dialog.getByRole("checkbox", { name: "Mi 11.05." })).toHaveCount(0);
  await dialog.getByLabel("Standort").selectOption(String(location.id));
  await dialog.getByRole("checkbox", { name: "Fr 13.05." }).check();
  await dialog.getByRole("checkbox", { name: "mit Mitarbeitenden" }).uncheck();
  await dialog.getByRole("button", { name: "Kopieren" }).click();
  await expect(changeToast(page, "1 Schicht kopiert")).toBeVisible();
  const after = await shiftsOf(request, location.id, "2044-05-13", "2044-05-13");
  expect(after.map((s) => s.employee_id)).toEqual([null]);
});

test("three chips selected by keyboard move a day together; Rückgängig; Escape clears; a selection deleted", async ({
  page,
  request,
}) => {
  const monday = "2044-05-16";
  const location = await post(request, "/api/locations", { name: unique("Auswahl") });
  const mia = await post(request, "/api/employees", { first_name: "Mia", last_name: unique("Auswahl") });
  const ids: number[] = [];
  for (const day of [0, 1, 2]) {
    const shift = await post(request, "/api/shifts", {
      location_id: location.id,
      employee_id: mia.id,
      shift_date: addDays(monday, day),
      start_time: "08:00",
      end_time: "12:00",
      break_minutes: 0,
    });
    ids.push(shift.id);
  }
  const manager = await createAccount(request, "manager", "auswahl");
  await signIn(page, manager, `/schedule?week=${monday}`);
  await screenLoaded(page);

  const toggle = (id: number) => page.locator(`button[data-select="${id}"]`);
  for (const id of ids) {
    await toggle(id).focus();
    await page.keyboard.press("Space");
    await expect(toggle(id)).toHaveAttribute("aria-pressed", "true");
  }
  const bar = page.getByRole("status").filter({ hasText: "3 Schichten ausgewählt" });
  await expect(bar).toBeVisible();
  await expectAccessible(page, "Auswahl");
  await shots(page, "selection-bar");

  await bar.getByRole("button", { name: "Verschieben / Kopieren nach …" }).click();
  const dialog = page.getByRole("dialog", { name: "Auswahl verschieben / kopieren" });
  await dialog.getByLabel("Tag").selectOption(addDays(monday, 1));
  await shots(page, "selection-move-dialog");
  await dialog.getByRole("button", { name: "Verschieben" }).click();
  const moved = changeToast(page, "3 Schichten verschoben");
  await expect(moved).toBeVisible();
  const dates = async () =>
    (await shiftsOf(request, location.id, monday, addDays(monday, 6))).map((s) => s.shift_date).sort();
  expect(await dates()).toEqual([addDays(monday, 1), addDays(monday, 2), addDays(monday, 3)]);
  await expect(page.getByText("3 Schichten ausgewählt")).toBeHidden();

  await moved.getByRole("button", { name: "Rückgängig" }).click();
  await expect.poll(dates).toEqual([monday, addDays(monday, 1), addDays(monday, 2)]);

  // Shift+click selects too; Escape clears.
  await page
    .locator(`[data-shift-id="${ids[0]}"]`)
    .first()
    .click({ modifiers: ["Shift"] });
  await expect(page.getByText("1 Schicht ausgewählt")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("1 Schicht ausgewählt")).toBeHidden();

  await toggle(ids[1]).click();
  await toggle(ids[2]).click();
  await page.getByRole("button", { name: "Löschen", exact: true }).first().click();
  const confirm = page.getByRole("dialog", { name: "Schichten löschen" });
  await expect(confirm.getByText("2 Schichten wirklich löschen?")).toBeVisible();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(changeToast(page, "2 Schichten gelöscht")).toBeVisible();
  expect(await dates()).toEqual([monday]);
});
