import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { adminHeaders, apiLogin, createAccount, expectAccessible, publishPlan, signIn, toast, unique } from "./support";

// Looked at by hand when the screen changes (docs/PRODUCT-RULES.md §26.5).
const SHOTS = "/tmp/shots-appl";
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

test("an application seeded by a linked user: the manager sees it on the chip and assigns it", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const locationName = unique("Bewerbungs-Filiale");
  const location = await (await request.post("/api/locations", { headers, data: { name: locationName } })).json();
  const lastName = unique("Muster");
  const employee = await (
    await request.post("/api/employees", { headers, data: { first_name: "Anna", last_name: lastName } })
  ).json();
  // An open shift on Wednesday of next week: within the four weeks staff may apply for.
  const nextMonday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const shiftRes = await request.post("/api/shifts", {
    headers,
    data: {
      location_id: location.id,
      shift_date: addDays(nextMonday, 2),
      start_time: "09:00",
      end_time: "14:00",
    },
  });
  expect(shiftRes.status()).toBe(201);
  const shift = await shiftRes.json();
  await publishPlan(request, { from: addDays(nextMonday, 2), locationIds: [location.id] });

  // The employee's own account applies through the API.
  const staff = { username: unique("anna"), password: "ui-test-passwort", role: "user", employee_id: employee.id };
  const data = { ...staff, must_change_password: false };
  expect((await request.post("/api/users", { headers, data })).status()).toBe(201);
  const session = await apiLogin(request, staff);
  const applied = await request.post(`/api/shifts/${shift.id}/application`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  const manager = await createAccount(request, "manager");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, manager, "/schedule");
  await page.getByRole("button", { name: "Nächste Woche" }).click();
  const chip = row(page, locationName).getByTestId("shift");
  await expect(chip).toHaveCount(1);
  await expect(chip.getByTestId("shift-applicants")).toHaveText("1 Bewerbung");
  await expect(chip.getByRole("button", { name: /Offen, 09:00–14:00.*1 Bewerbung/ })).toBeVisible();
  await chip.scrollIntoViewIfNeeded();
  await shot(page, "planner-chip-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await chip.scrollIntoViewIfNeeded();
  await shot(page, "planner-chip-390");

  await chip.getByRole("button", { name: /Schicht bearbeiten/ }).click();
  const dialog = page.getByRole("dialog", { name: "Schicht bearbeiten" });
  const applicants = dialog.getByRole("region", { name: "Bewerbungen (1)" });
  await expect(applicants).toContainText(`Anna ${lastName}`);
  await expectAccessible(page, "shift dialog with applicants");
  await shot(page, "planner-dialog-390");
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, "planner-dialog-1366");

  await applicants.getByRole("button", { name: `Zuweisen: Anna ${lastName}` }).click();
  await expect(toast(page, `Schicht an Anna ${lastName} vergeben!`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(chip).toContainText(`Anna ${lastName}`);
  await expect(chip.getByTestId("shift-applicants")).toHaveCount(0);
  await shot(page, "planner-assigned-1366");
});
