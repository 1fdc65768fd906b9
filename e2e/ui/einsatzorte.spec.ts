import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDayMonth } from "../../lib/shared/format";
import { adminHeaders, expectAccessible, reviewShots, signIn, toast, unique } from "./support";

// Einsatzorte (docs/PRODUCT-RULES.md §28.1): set in the employee dialog, respected by the planner's picker.

const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

test("Einsatzorte from the employee dialog limit the shift picker; the assigned one stays, marked", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const [altstadt, bahnhof] = [unique("Altstadt"), unique("Bahnhof")];
  const ids: number[] = [];
  for (const [name, color] of [
    [altstadt, "#10B981"],
    [bahnhof, "#F59E0B"],
  ]) {
    const res = await request.post("/api/locations", { headers, data: { name, color } });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).id);
  }
  const [lea, tom] = [unique("Lea"), unique("Tom")];
  const employeeIds: number[] = [];
  for (const last of [lea, tom]) {
    const res = await request.post("/api/employees", { headers, data: { first_name: "E", last_name: last } });
    employeeIds.push((await res.json()).id);
  }
  const start = mondayOf(todayIn("Europe/Zurich"));
  // Assigned at Bahnhof before her Einsatzorte were set.
  const shift = await request.post("/api/shifts", {
    headers,
    data: {
      employee_id: employeeIds[0],
      location_id: ids[1],
      shift_date: addDays(start, 2),
      start_time: "08:00",
      end_time: "12:00",
      break_minutes: 0,
    },
  });
  expect(shift.status(), await shift.text()).toBe(201);

  await signIn(page, E2E_ADMIN, "/employees");
  const employeeRow = page.getByRole("row").filter({ hasText: lea });
  await expect(employeeRow.getByTestId("employee-locations")).toHaveText("Einsatzorte: Alle Standorte");
  await employeeRow.getByRole("button", { name: /bearbeiten$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Mitarbeiter bearbeiten" });
  const places = dialog.getByRole("group", { name: "Einsatzorte" });
  await expect(places).toContainText("Keine Auswahl = alle Standorte");
  await places.getByLabel(altstadt).check();
  await expect(places.getByLabel(bahnhof)).not.toBeChecked();
  await expectAccessible(page, "employee dialog with Einsatzorte");
  await reviewShots(page, "employee-dialog");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Mitarbeiter aktualisiert!")).toBeVisible();
  await expect(employeeRow.getByTestId("employee-locations")).toHaveText(`Einsatzorte: ${altstadt}`);
  await reviewShots(page, "employees-table");

  await page.goto("/schedule");
  // A new shift at Bahnhof: Tom (every location) is offered, Lea (Altstadt only) is not.
  await row(page, bahnhof)
    .getByRole("button", { name: `Schicht hinzufügen: ${bahnhof}, Di ${formatDayMonth(addDays(start, 1))}` })
    .click();
  const create = page.getByRole("dialog", { name: "Neue Schicht" });
  const picker = create.getByLabel("Mitarbeiter");
  await expect(picker.locator("option", { hasText: tom })).toHaveCount(1);
  await expect(picker.locator("option", { hasText: lea })).toHaveCount(0);
  // At Altstadt she is offered, unmarked.
  await create.getByLabel("Standort", { exact: true }).selectOption({ label: altstadt });
  await expect(picker.locator("option", { hasText: lea })).not.toContainText("anderer Einsatzort");
  await create.getByRole("button", { name: "Abbrechen" }).click();

  // Her shift at Bahnhof keeps her, selected and marked.
  await row(page, bahnhof)
    .getByTestId("shift")
    .filter({ hasText: lea })
    .getByRole("button", { name: /^Schicht bearbeiten/ })
    .click();
  const edit = page.getByRole("dialog", { name: "Schicht bearbeiten" });
  const assigned = edit.getByLabel("Mitarbeiter");
  await expect(assigned).toHaveValue(String(employeeIds[0]));
  await expect(assigned.locator("option", { hasText: lea })).toContainText("– anderer Einsatzort");
  await expect(edit.getByText("Arbeitet nicht an diesem Standort (anderer Einsatzort).")).toBeVisible();
  await expectAccessible(page, "shift dialog with a foreign Einsatzort");
  await reviewShots(page, "shift-picker");
});
