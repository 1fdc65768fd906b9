import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays, isoWeekday } from "../../lib/shared/dates";
import { formatDate } from "../../lib/shared/format";
import { E2E_ADMIN } from "../../playwright.config";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  expectAccessible,
  screenLoaded,
  screenshot,
  signIn,
  toast,
  unique,
} from "./support";

// Balances on the employees page count the current calendar year (in the
// business's time zone), so the vacations lie in December of this year:
// always in this year, whenever the test runs.
const year = Number(
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich", year: "numeric" }).format(new Date()),
);
const monday = [1, 2, 3, 4, 5, 6, 7].map((day) => `${year}-12-0${day}`).find((date) => isoWeekday(date) === 1)!;
const day = (offset: number) => addDays(monday, offset);

type Employee = { id: number; first_name: string; last_name: string };

async function createEmployee(request: APIRequestContext, vacationDays = 20): Promise<Employee & { name: string }> {
  const data = {
    first_name: "Ayşe",
    last_name: unique("Şahin"),
    weekly_hours: 40,
    vacation_days_total: vacationDays,
    is_hourly: false,
  };
  const res = await request.post("/api/employees", { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  const employee = (await res.json()) as Employee;
  return { ...employee, name: `${employee.first_name} ${employee.last_name}` };
}

async function createVacation(request: APIRequestContext, employeeId: number, start: string, end: string) {
  const res = await request.post("/api/vacations", {
    headers: await adminHeaders(request),
    data: { employee_id: employeeId, start_date: start, end_date: end },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The toast of a refused save: the server's message with the numbers as its second line. */
const detailToast = (page: Page, title: string, description: string) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]", { hasText: title }) })
    .filter({ has: page.locator("[data-description]", { hasText: new RegExp(`^${description}$`) }) });

test(
  "manager records a vacation with the live count, is stopped by a too small balance, edits and deletes it; " +
    "the employee table follows",
  async ({ page, request }) => {
    const employee = await createEmployee(request, 10);
    const manager = await createAccount(request, "manager", "mgr");
    await signIn(page, manager, "/vacations");
    await expect(page.getByRole("heading", { name: "Ferien" })).toBeVisible();

    await page.getByRole("button", { name: "+ Ferien eintragen" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Ferien eintragen" });
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog.getByText("Bitte wähle einen Mitarbeiter aus")).toBeVisible();
    await expect(dialog.getByText("Bitte gib ein gültiges Startdatum ein")).toBeVisible();
    await expect(dialog.getByText("Bitte gib ein gültiges Enddatum ein")).toBeVisible();
    await expectAccessible(page, "vacation dialog");

    await dialog.getByLabel("Mitarbeiter").selectOption({ label: employee.name });
    await expect(dialog.getByText(`Ferienguthaben ${year}: 10 von 10 Tagen verfügbar`)).toBeVisible();
    // Live count: Monday to Friday, a range over a weekend counts only Mo–Fr; a start after the end moves the end
    // along (docs/PRODUCT-RULES.md §31.4), an end before the start shows none.
    const count = dialog.getByText(/^\d+ Arbeitstage?$/);
    await dialog.getByLabel("Von").fill(day(0));
    await dialog.getByLabel("Bis").fill(day(4));
    await expect(count).toHaveText("5 Arbeitstage");
    await dialog.getByLabel("Von").fill(day(-3));
    await dialog.getByLabel("Bis").fill(day(1));
    await expect(count).toHaveText("3 Arbeitstage");
    await dialog.getByLabel("Von").fill(day(2));
    await expect(dialog.getByLabel("Bis")).toHaveValue(day(2));
    await expect(count).toHaveText("1 Arbeitstag");
    await dialog.getByLabel("Bis").fill(day(1));
    await expect(count).toHaveCount(0);
    await dialog.getByLabel("Von").fill(day(0));
    await dialog.getByLabel("Bis").fill(day(4));
    await expect(count).toHaveText("5 Arbeitstage");
    await dialog.getByLabel("Notizen (optional)").fill("Skiferien Engadin");
    await screenshot(page, "vacations-dialog");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page, "Ferien eingetragen!")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole("row").filter({ hasText: employee.last_name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell")).toHaveText([
      employee.name,
      formatDate(day(0)),
      formatDate(day(4)),
      "5",
      "Genehmigt",
      "Skiferien Engadin",
      /Bearbeiten\s*Löschen/,
    ]);
    await expectAccessible(page, "vacations");
    await screenshot(page, "vacations");

    // Two more weeks need 10 days; 5 are left. The dialog stays with what was typed.
    await page.getByRole("button", { name: "+ Ferien eintragen" }).first().click();
    await dialog.getByLabel("Mitarbeiter").selectOption({ label: employee.name });
    await expect(dialog.getByText(`Ferienguthaben ${year}: 5 von 10 Tagen verfügbar`)).toBeVisible();
    await dialog.getByLabel("Von").fill(day(7));
    await dialog.getByLabel("Bis").fill(day(18));
    await expect(count).toHaveText("10 Arbeitstage");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    const refusal = detailToast(page, "Nicht genügend Ferientage", "Benötigt: 10 Tage, Verfügbar: 5 Tage");
    await expect(refusal).toBeVisible();
    await expect(dialog.getByLabel("Von")).toHaveValue(day(7));
    await expect(dialog.getByLabel("Bis")).toHaveValue(day(18));
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await expect(dialog).toBeHidden();

    // Edit: the vacation's own days count as available again.
    await row.getByRole("button", { name: /bearbeiten$/ }).click();
    const edit = page.getByRole("dialog", { name: "Ferien bearbeiten" });
    await expect(edit.getByLabel("Von")).toHaveValue(day(0));
    await expect(edit.getByText(`Ferienguthaben ${year}: 10 von 10 Tagen verfügbar`)).toBeVisible();
    await edit.getByLabel("Bis").fill(day(2));
    await expect(edit.getByText(/^\d+ Arbeitstage?$/)).toHaveText("3 Arbeitstage");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page, "Ferien aktualisiert!")).toBeVisible();
    await expect(row).toContainText(formatDate(day(2)));

    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    await nav.getByRole("link", { name: "Mitarbeiter" }).click();
    const employeeRow = page.getByRole("row").filter({ hasText: employee.last_name });
    await expect(employeeRow).toContainText("10 / 3 / 7");

    // Delete: the confirmation says the days go back, and they do.
    await nav.getByRole("link", { name: "Ferien" }).click();
    await row.getByRole("button", { name: /löschen$/ }).click();
    const confirm = page.getByRole("dialog", { name: "Ferien löschen" });
    await expect(confirm).toContainText(
      `Ferien wirklich löschen? Die 3 Ferientage werden ${employee.name} wieder gutgeschrieben.`,
    );
    await expectAccessible(page, "vacation delete confirmation");
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await expect(toast(page, "Ferien gelöscht!")).toBeVisible();
    await expect(row).toHaveCount(0);
    await nav.getByRole("link", { name: "Mitarbeiter" }).click();
    await expect(employeeRow).toContainText("10 / 0 / 10");
  },
);

test("the employee filter asks the server for one employee's vacations; users only look", async ({ page, request }) => {
  const [anna, ben, carla] = [
    await createEmployee(request),
    await createEmployee(request),
    await createEmployee(request),
  ];
  await createVacation(request, anna.id, day(0), day(4));
  await createVacation(request, ben.id, day(7), day(8));
  const viewer = await createAccount(request, "user", "usr");
  await signIn(page, viewer, "/vacations");

  const annaRow = page.getByRole("row").filter({ hasText: anna.last_name });
  const benRow = page.getByRole("row").filter({ hasText: ben.last_name });
  await expect(annaRow).toBeVisible();
  await expect(benRow).toContainText(`${formatDate(day(7))}${formatDate(day(8))}2Genehmigt`);
  await expect(page.getByRole("button", { name: "+ Ferien eintragen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /bearbeiten$|löschen$/ })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Aktionen" })).toHaveCount(0);

  const filtered = page.waitForRequest((req) => req.url().endsWith(`/api/vacations?employee_id=${anna.id}`));
  await page.getByLabel("Mitarbeiter").selectOption({ label: anna.name });
  await filtered;
  await expect(benRow).toHaveCount(0);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(annaRow).toContainText("5");

  await page.getByLabel("Mitarbeiter").selectOption({ label: carla.name });
  await expect(page.getByText(`Keine Ferien für ${carla.name} eingetragen`)).toBeVisible();
  await expectAccessible(page, "vacations (user, empty filter)");

  await page.getByLabel("Mitarbeiter").selectOption({ label: "Alle Mitarbeiter" });
  await expect(annaRow).toBeVisible();
  await expect(benRow).toBeVisible();
});

test("an overlapping vacation gets the server's message; phone layout", async ({ page, request }) => {
  const employee = await createEmployee(request);
  await createVacation(request, employee.id, day(0), day(4));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ADMIN, "/vacations");
  await page.getByLabel("Mitarbeiter").selectOption({ label: employee.name });
  // One card per vacation on the phone (docs/PRODUCT-RULES.md §31.4); the page does not scroll sideways.
  await expect(page.getByRole("list", { name: "Ferien" }).getByRole("listitem")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "vacations-phone");

  await page.getByRole("button", { name: "+ Ferien eintragen" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Ferien eintragen" });
  await expect(dialog.getByLabel("Mitarbeiter")).toHaveValue(String(employee.id)); // taken from the filter
  await dialog.getByLabel("Von").fill(day(3));
  await dialog.getByLabel("Bis").fill(day(7));
  await expect(dialog.getByText("3 Arbeitstage")).toBeVisible();
  await screenshot(page, "vacations-dialog-phone");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(
    toast(page, `Überschneidet sich mit bestehenden Ferien (${formatDate(day(0))} – ${formatDate(day(4))})`),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Von")).toHaveValue(day(3));
});

test("a failed load says 'Fehler beim Laden der Daten'", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/");
  await page.route("**/api/vacations", (route) => route.abort());
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Ferien" }).click();
  await expect(toast(page, "Fehler beim Laden der Daten")).toBeVisible();
  await expect(page.getByText("Die Ferien konnten nicht geladen werden.")).toBeVisible();
});

/** A user account linked to the employee, and a vacation it requests through the API (docs/PRODUCT-RULES.md §26.3). */
async function requestVacation(request: APIRequestContext, employee: Employee, start: string, end: string) {
  const account = { username: unique("req"), password: "ui-test-passwort", role: "user", employee_id: employee.id };
  const created = await request.post("/api/users", {
    headers: await adminHeaders(request),
    data: { ...account, must_change_password: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { accessToken } = await apiLogin(request, account);
  const res = await request.post("/api/vacations", {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { employee_id: employee.id, start_date: start, end_date: end },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect((await res.json()).status).toBe("requested");
}

test("manager follows the dashboard to the requests, approves one and rejects one with a reason", async ({
  page,
  request,
}) => {
  const [anna, ben] = [await createEmployee(request), await createEmployee(request)];
  await requestVacation(request, anna, day(0), day(2));
  await requestVacation(request, ben, day(7), day(8));
  await createVacation(request, ben.id, day(14), day(14));
  const manager = await createAccount(request, "manager", "mgr");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, manager, "/");

  await expect(page.getByText(/^\d+ Ferienanträge warten auf Entscheid\.$/)).toBeVisible();
  await page.getByRole("link", { name: "Anträge ansehen" }).click();
  await expect(page).toHaveURL(/\/vacations\?status=requested$/);
  await screenLoaded(page);
  await expect(page.getByLabel("Status")).toHaveValue("requested");
  const annaRow = page.getByRole("row").filter({ hasText: anna.last_name });
  const benRows = page.getByRole("row").filter({ hasText: ben.last_name });
  await expect(annaRow).toContainText(`${formatDate(day(0))}${formatDate(day(2))}3Beantragt`);
  await expect(benRows).toHaveCount(1); // Ben's approved day is filtered out
  await expectAccessible(page, "vacations (requests)");
  await screenshot(page, "vacations-requests");

  await annaRow.getByRole("button", { name: /genehmigen$/ }).click();
  await expect(toast(page, "Ferienantrag genehmigt!")).toBeVisible();
  await expect(annaRow).toHaveCount(0); // no longer requested

  await benRows.getByRole("button", { name: /ablehnen$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Ferienantrag ablehnen" });
  await dialog.getByRole("button", { name: "Ablehnen" }).click();
  await expect(dialog.getByText("Bitte gib eine Begründung ein")).toBeVisible();
  await dialog.getByLabel("Begründung").fill("Inventur in dieser Woche");
  await expectAccessible(page, "reject dialog");
  await dialog.getByRole("button", { name: "Ablehnen" }).click();
  await expect(toast(page, "Ferienantrag abgelehnt!")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Status").selectOption({ label: "Abgelehnt" });
  await expect(page).toHaveURL(/\/vacations\?status=rejected$/);
  await expect(benRows).toHaveCount(1);
  await expect(benRows).toContainText("Abgelehnt");
  await expect(benRows).toContainText("Begründung: Inventur in dieser Woche");
  await expect(benRows.getByRole("button", { name: /bearbeiten$/ })).toHaveCount(0);

  await page.getByLabel("Status").selectOption({ label: "Alle" });
  await page.getByLabel("Mitarbeiter").selectOption({ label: ben.name });
  await expect(benRows).toHaveCount(2);
  await page.getByLabel("Mitarbeiter").selectOption({ label: "Alle Mitarbeiter" });
  await screenshot(page, "vacations-statuses");

  // On the phone only Ben's rows: the other tests' vacations would push them below the screen.
  await page.getByLabel("Mitarbeiter").selectOption({ label: ben.name });
  await page.setViewportSize({ width: 390, height: 844 });
  const benCards = page.getByRole("list", { name: "Ferien" }).getByRole("listitem");
  await expect(benCards).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "vacations-statuses-phone");
  // Cards (§31.4): the status, the reason and the buttons are on screen without scrolling sideways.
  const rejected = benCards.filter({ hasText: "Abgelehnt" });
  await expect(rejected).toContainText("Begründung: Inventur in dieser Woche");
  await expect(rejected.getByRole("button", { name: /löschen$/ })).toBeInViewport({ ratio: 1 });
});
