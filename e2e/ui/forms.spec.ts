// Forms and confirmations a new customer tripped over (docs/PRODUCT-RULES.md §29.4).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { adminHeaders, apiLogin, createAccount, expectAccessible, reviewShots, signIn, toast, unique } from "./support";

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function employeeByLastName(page: Page, lastName: string) {
  const res = await page.request.get("/api/employees", { headers: await adminHeaders(page.request) });
  const list = (await res.json()) as { last_name: string; weekly_hours: number; is_hourly: boolean }[];
  return list.find((employee) => employee.last_name === lastName);
}

/** A Monday a year ahead: every date of its week is "from today on" whatever today is. */
const futureMonday = () => addDays(mondayOf(todayIn("Europe/Zurich")), 7 * 52);

test("the employee dialog focuses Vorname and takes a decimal comma: 32,5 is saved as 32.5", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/employees");
  const lastName = unique("Komma");
  await page.getByRole("button", { name: "+ Neuer Mitarbeiter" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neuer Mitarbeiter" });
  // The first field, not the close button (docs/PRODUCT-RULES.md §29.4).
  await expect(dialog.getByLabel("Vorname")).toBeFocused();
  const hours = dialog.getByLabel("Wochenstunden", { exact: true });
  // Text with a decimal keyboard: a number input would drop "32,5".
  await expect(hours).toHaveAttribute("type", "text");
  await expect(hours).toHaveAttribute("inputmode", "decimal");

  await dialog.getByLabel("Vorname").fill("Petra");
  await dialog.getByLabel("Nachname").fill(lastName);
  await hours.fill("3,2,5");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Wochenstunden muss eine Zahl sein")).toBeVisible();
  await hours.fill("32,5");
  await dialog.getByLabel("Ferientage pro Jahr").fill("22,5");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Mitarbeiter erstellt!")).toBeVisible();
  expect(await employeeByLastName(page, lastName)).toMatchObject({ weekly_hours: 32.5, is_hourly: false });
  const row = page.getByRole("row").filter({ hasText: lastName });
  await expect(row).toContainText("32.5 h");
  await expect(row).toContainText("22.5 / 0 / 22.5");
});

test("hourly staff: Wochenstunden disabled, a typed value survives, the table shows –", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/employees");
  const lastName = unique("Stundenlohn");
  await page.getByRole("button", { name: "+ Neuer Mitarbeiter" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Neuer Mitarbeiter" });
  const hours = dialog.getByLabel("Wochenstunden", { exact: true });
  const hourly = dialog.getByLabel("Stundenlohn (ohne feste Wochenstunden)");
  await dialog.getByLabel("Vorname").fill("Hugo");
  await dialog.getByLabel("Nachname").fill(lastName);
  await hours.fill("abc");
  await hourly.check();
  await expect(hours).toBeDisabled();
  await expect(dialog.getByText("Entfällt bei Stundenlohn")).toBeVisible();
  await hourly.uncheck();
  await expect(hours).toBeEnabled();
  await expect(hours).toHaveValue("abc");
  await hours.fill("12,5");
  await hourly.check();
  await expect(hours).toHaveValue("12,5");
  await reviewShots(page, "employee-dialog-hourly");
  // The disabled field is neither checked nor sent: the schema's default stays (docs/PRODUCT-RULES.md §7.1).
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Mitarbeiter erstellt!")).toBeVisible();
  expect(await employeeByLastName(page, lastName)).toMatchObject({ weekly_hours: 40, is_hourly: true });
  const row = page.getByRole("row").filter({ hasText: lastName });
  await expect(row.getByRole("cell").nth(2)).toHaveText("–");
  await expect(row).not.toContainText("40.0 h");

  // Back to a fixed contract: the field is there again and what is typed is saved.
  await row.getByRole("button", { name: /bearbeiten$/ }).click();
  const edit = page.getByRole("dialog", { name: "Mitarbeiter bearbeiten" });
  await expect(edit.getByLabel("Wochenstunden", { exact: true })).toBeDisabled();
  await edit.getByLabel("Stundenlohn (ohne feste Wochenstunden)").uncheck();
  await edit.getByLabel("Wochenstunden", { exact: true }).fill("20,5");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Mitarbeiter aktualisiert!")).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("20.5 h");
  expect(await employeeByLastName(page, lastName)).toMatchObject({ weekly_hours: 20.5, is_hourly: false });
});

test("deleting a location names it and counts its future shifts and template rows", async ({ page }) => {
  const name = unique("Seefeld");
  const location = await post(page.request, "/api/locations", { name });
  const monday = futureMonday();
  const shift = { location_id: location.id, start_time: "09:00", end_time: "12:00" };
  for (const day of [0, 1]) await post(page.request, "/api/shifts", { ...shift, shift_date: addDays(monday, day) });
  await post(page.request, "/api/week-templates", {
    name: unique("Vorlage"),
    shifts: [{ day_of_week: 5, location_id: location.id, start_time: "10:00", end_time: "14:00" }],
  });
  await signIn(page, E2E_ADMIN, "/locations");

  await page.getByRole("button", { name: `${name} löschen` }).click();
  const confirm = page.getByRole("dialog", { name: "Standort löschen" });
  await expect(confirm).toContainText("Standort wirklich löschen?");
  await expect(confirm.getByTestId("deletion-impact")).toHaveText(
    `${name}: Die 2 künftigen Schichten und 1 Vorlagenzeile werden gelöscht.`,
  );
  // The least destructive button has the focus (docs/PRODUCT-RULES.md §29.4).
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await expectAccessible(page, "location delete confirmation");
  await reviewShots(page, "location-delete-confirm");
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Standort gelöscht!")).toBeVisible();
});

test("deleting an employee counts shifts that become open and vacations deleted", async ({ page }) => {
  const location = await post(page.request, "/api/locations", { name: unique("Enge") });
  const busy = await post(page.request, "/api/employees", { first_name: "Anna", last_name: unique("Muster") });
  const single = await post(page.request, "/api/employees", { first_name: "Beat", last_name: unique("Einzel") });
  const idle = await post(page.request, "/api/employees", { first_name: "Carla", last_name: unique("Frei") });
  const monday = futureMonday();
  const shift = { location_id: location.id, start_time: "09:00", end_time: "12:00" };
  for (const day of [0, 1, 2, 3]) {
    await post(page.request, "/api/shifts", { ...shift, employee_id: busy.id, shift_date: addDays(monday, day) });
  }
  await post(page.request, "/api/shifts", { ...shift, employee_id: single.id, shift_date: addDays(monday, 4) });
  // Beat signs in with an account of his own: archiving him removes the link.
  await post(page.request, "/api/users", {
    username: unique("beat").toLowerCase(),
    password: "ein-langes-passwort",
    role: "user",
    employee_id: single.id,
  });
  for (const week of [1, 2]) {
    const day = addDays(monday, 7 * week);
    await post(page.request, "/api/vacations", { employee_id: busy.id, start_date: day, end_date: day });
  }
  await signIn(page, E2E_ADMIN, "/employees");
  const confirm = page.getByRole("dialog", { name: "Mitarbeiter löschen" });
  const impact = confirm.getByTestId("deletion-impact");
  const ask = async (employee: { first_name: string; last_name: string }) => {
    const fullName = `${employee.first_name} ${employee.last_name}`;
    await page.getByRole("button", { name: `${fullName} löschen` }).click();
    await expect(confirm).toContainText("Mitarbeiter wirklich löschen?");
    await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
    return fullName;
  };

  const anna = await ask(busy);
  await expect(impact).toHaveText(
    `${anna}: Die 4 künftigen Schichten werden offen und 2 künftige Ferieneinträge werden gelöscht.`,
  );
  await reviewShots(page, "employee-delete-confirm");
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(confirm).toBeHidden();

  const beat = await ask(single);
  await expect(impact).toHaveText(
    `${beat}: Die 1 künftige Schicht wird offen. Das verknüpfte Benutzerkonto wird getrennt.`,
  );
  await page.keyboard.press("Escape");

  const carla = await ask(idle);
  await expect(impact).toHaveText(`${carla}: Keine künftigen Schichten oder Ferien betroffen.`);
  await confirm.getByRole("button", { name: "Abbrechen" }).click();

  await ask(busy);
  await expect(impact).toContainText("Die 4 künftigen Schichten");
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Mitarbeiter gelöscht!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: busy.last_name })).toHaveCount(0);
});

test("a role change in the users table is asked first; Abbrechen keeps the role", async ({ page }) => {
  const account = await createAccount(page.request, "user", "rolle");
  await signIn(page, E2E_ADMIN, "/users");
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes("/api/users/")) puts.push(request.url());
  });
  const row = page.getByRole("row").filter({ hasText: account.username });
  const picker = row.getByRole("combobox", { name: `Rolle von ${account.username}` });

  await picker.selectOption("manager");
  const confirm = page.getByRole("dialog", { name: `Rolle von „${account.username}“ ändern?` });
  await expect(confirm).toContainText(
    `„${account.username}“ bekommt die Rolle Manager und darf dann Schichten planen, Ferien eintragen und ` +
      "Berichte sehen.",
  );
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await expectAccessible(page, "role change confirmation");
  await reviewShots(page, "role-change-confirm");
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(confirm).toBeHidden();
  await expect(picker).toHaveValue("user");
  expect(puts).toEqual([]);
  expect((await apiLogin(page.request, account)).user.role).toBe("user");

  await picker.selectOption("manager");
  await confirm.getByRole("button", { name: "Rolle ändern" }).click();
  await expect(toast(page, "Rolle geändert!")).toBeVisible();
  await expect(picker).toHaveValue("manager");
  expect(puts).toHaveLength(1);
  expect((await apiLogin(page.request, account)).user.role).toBe("manager");
});
