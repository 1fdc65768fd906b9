import { expect, test } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate } from "../../lib/shared/format";
import { adminHeaders, createAccount, createAsAdmin, publishPlan, reviewShots, signIn, unique } from "./support";

// Colleagues' data (docs/PRODUCT-RULES.md §31.2): a waiter linked to his employee sees of his colleagues their
// names and shifts, never their weekly hours, vacation days, employment or findings; about himself he reads "Du".

test("a linked waiter sees colleagues' names and shifts, not their hours or findings", async ({ page, request }) => {
  test.setTimeout(90_000);
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const location = await createAsAdmin(request, "/api/locations", { name: unique("Rosengarten") });
  const fatimaLast = unique("Osman");
  const fatima = await createAsAdmin(request, "/api/employees", {
    first_name: "Fatima",
    last_name: fatimaLast,
    weekly_hours: 33.5,
    vacation_days_total: 23.5,
  });
  const oleLast = unique("Berg");
  const ole = await createAsAdmin(request, "/api/employees", {
    first_name: "Ole",
    last_name: oleLast,
    weekly_hours: 24,
  });
  const shift = (employee: number, day: number, start: string, end: string) =>
    createAsAdmin(request, "/api/shifts", {
      employee_id: employee,
      location_id: location.id,
      shift_date: addDays(monday, day),
      start_time: start,
      end_time: end,
    });
  // Fatima: 14:00–23:00, then 06:00 the next morning: only 7 h rest, a finding about her.
  await shift(fatima.id, 0, "14:00", "23:00");
  await shift(fatima.id, 1, "06:00", "14:00");
  // Ole: a shift on a Wednesday morning he said he cannot work.
  await shift(ole.id, 2, "08:00", "12:00");
  await createAsAdmin(request, "/api/unavailability", {
    employee_id: ole.id,
    start_date: addDays(monday, 2),
    end_date: addDays(monday, 2),
  });
  await publishPlan(request, { from: monday, to: addDays(monday, 6), locationIds: [location.id] });
  const waiter = await createAccount(request, "user", "kellner");
  const linked = await request.put(`/api/users/${waiter.id}`, {
    headers: await adminHeaders(request),
    data: { employee_id: ole.id },
  });
  expect(linked.status(), await linked.text()).toBe(200);

  // Mitarbeiter: names only.
  await signIn(page, waiter, "/employees");
  await expect(page.getByRole("cell", { name: `Fatima ${fatimaLast}` })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Wochenstunden" })).toHaveCount(0);
  await expect(page.getByText("33.5 h")).toHaveCount(0);
  await expect(page.getByText("23.5")).toHaveCount(0);
  await expect(page.getByText("Festanstellung")).toHaveCount(0);
  await reviewShots(page, "colleague-employees");

  // Wochenplanung: Fatima's shifts are there, her rest-time finding and hours are not; Ole's own finding says "Du".
  await page.goto(`/schedule?week=${monday}`);
  await expect(page.getByText(`Fatima ${fatimaLast}`).first()).toBeVisible();
  await expect(page.getByText("Verfügbare Mitarbeiter")).toHaveCount(0);
  await expect(page.getByText(/Ruhezeit/)).toHaveCount(0);
  await page.getByRole("button", { name: /^Hinweise \(1\)/ }).click();
  await expect(page.getByText(`Du bist am ${formatDate(addDays(monday, 2))} nicht verfügbar`).first()).toBeVisible();
  await expect(page.getByText(`Ole ${oleLast} ist am`)).toHaveCount(0);
  await reviewShots(page, "colleague-schedule");

  // The view by employee: Fatima's row has her name and shifts, no hours against a contract.
  await page.locator("label", { hasText: "Nach Mitarbeitenden" }).click();
  const fatimaRow = page.getByTestId("employee-row").filter({ hasText: `Fatima ${fatimaLast}` });
  await expect(fatimaRow).toBeVisible();
  await expect(fatimaRow.getByText("06:00–14:00")).toBeVisible();
  await expect(fatimaRow.getByText(/33\.5|Stundenlohn/)).toHaveCount(0);
  await reviewShots(page, "colleague-schedule-by-employee");
});
