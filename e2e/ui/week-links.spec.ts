import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  expectAccessible,
  publishPlan,
  reviewShots,
  screenLoaded,
  signIn,
  toast,
  unique,
} from "./support";

// Issue 29 (docs/PRODUCT-RULES.md §31.6): the dashboard's next week and waiting applications, the vacation dialog's
// warning and week link, the history's undo sentence and week link. Dates in July 2041, which no other test uses.

async function post(request: APIRequestContext, path: string, data: object, headers?: Record<string, string>) {
  const res = await request.post(path, { headers: headers ?? (await adminHeaders(request)), data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Record<string, unknown> & { id: number };
}

async function employeeAndLocation(request: APIRequestContext) {
  const location = await post(request, "/api/locations", { name: unique("Wochen Bahnhof"), color: "#10B981" });
  const employee = await post(request, "/api/employees", {
    first_name: "Lia",
    last_name: unique("Wochen"),
    weekly_hours: 40,
    vacation_days_total: 25,
    is_hourly: false,
  });
  return { location, employee, name: `Lia ${employee.last_name as string}` };
}

test("the vacation dialog warns of the shifts it will open; the toast leads to the week", async ({ page, request }) => {
  const { location, employee, name } = await employeeAndLocation(request);
  const shift = { location_id: location.id, employee_id: employee.id, start_time: "09:00", end_time: "17:00" };
  await post(request, "/api/shifts", { ...shift, shift_date: "2041-07-02", break_minutes: 30 });
  await post(request, "/api/shifts", { ...shift, shift_date: "2041-07-03", break_minutes: 30 });
  const manager = await createAccount(request, "manager", "wochen");
  await signIn(page, manager, "/vacations");
  await screenLoaded(page);

  await page.getByRole("button", { name: "+ Ferien eintragen" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Ferien eintragen" });
  await dialog.getByLabel("Mitarbeiter").selectOption({ label: name });
  await dialog.getByLabel("Von").fill("2041-07-01");
  await dialog.getByLabel("Bis").fill("2041-07-02");
  await expect(dialog.getByText("In diesem Zeitraum ist 1 Schicht eingeplant.")).toBeVisible();
  await dialog.getByLabel("Bis").fill("2041-07-05");
  const warning = dialog.getByText(
    "In diesem Zeitraum sind 2 Schichten eingeplant. Sie werden beim Speichern offen (ohne Mitarbeiter).",
  );
  await expect(warning).toBeVisible();
  await expectAccessible(page, "Ferien-Dialog mit Warnung");
  await reviewShots(page, "vacation-dialog-warning");

  await dialog.getByRole("button", { name: "Speichern" }).click();
  const saved = toast(page, "Ferien eingetragen! 2 Schichten sind jetzt offen.");
  await expect(saved).toBeVisible();
  await saved.getByRole("button", { name: "Woche ansehen" }).click();
  await expect(page).toHaveURL(/\/schedule\?week=2041-07-01/);
});

test("Rückgängig in the vacation's toast takes the vacation back and assigns its shift again", async ({
  page,
  request,
}) => {
  const { location, employee, name } = await employeeAndLocation(request);
  const shift = await post(request, "/api/shifts", {
    location_id: location.id,
    employee_id: employee.id,
    shift_date: "2041-07-16",
    start_time: "09:00",
    end_time: "17:00",
    break_minutes: 30,
  });
  const manager = await createAccount(request, "manager", "wochen");
  await signIn(page, manager, "/vacations");
  await screenLoaded(page);

  const dialog = page.getByRole("dialog", { name: "Ferien eintragen" });
  const record = async () => {
    await page.getByRole("button", { name: "+ Ferien eintragen" }).first().click();
    await dialog.getByLabel("Mitarbeiter").selectOption({ label: name });
    await dialog.getByLabel("Von").fill("2041-07-15");
    await dialog.getByLabel("Bis").fill("2041-07-17");
    await dialog.getByRole("button", { name: "Speichern" }).click();
  };
  await record();
  const saved = toast(page, "Ferien eingetragen! 1 Schicht ist jetzt offen.");
  await expect(saved.getByRole("button", { name: "Woche ansehen" })).toBeVisible();
  await expect(saved.getByRole("button", { name: "Rückgängig" })).toBeVisible();
  const headers = await adminHeaders(request);
  const shiftNow = async () => {
    const res = await request.get(`/api/shifts?start_date=2041-07-16&end_date=2041-07-16`, { headers });
    return ((await res.json()) as { id: number; employee_id: number | null }[]).find((row) => row.id === shift.id);
  };
  expect(await shiftNow()).toMatchObject({ employee_id: null });

  await saved.getByRole("button", { name: "Rückgängig" }).click();
  await expect(toast(page, "Änderung rückgängig gemacht")).toBeVisible();
  expect(await shiftNow()).toMatchObject({ employee_id: employee.id });
  const vacations = await request.get(`/api/vacations?employee_id=${employee.id}`, { headers });
  expect(await vacations.json()).toEqual([]);
  await expect(page.getByText("15.07.2041")).toHaveCount(0);

  // For review only: the pictures take longer than the toast stays, so they are of a second recording.
  if (process.env.REVIEW_SHOTS) {
    await record();
    await expect(saved).toBeVisible();
    await reviewShots(page, "vacation-toast-undo");
  }
});

test("the history names what an undo undid and links each entry to its planner week", async ({ page, request }) => {
  const { location } = await employeeAndLocation(request);
  const manager = await createAccount(request, "manager", "wochen");
  const headers = { Authorization: `Bearer ${(await apiLogin(request, manager)).accessToken}` };
  const base = { location_id: location.id, employee_id: null, break_minutes: 0, start_time: "10:00" };
  const created = await post(request, "/api/shifts", { ...base, shift_date: "2041-07-08", end_time: "14:00" }, headers);
  const changed = await request.put(`/api/shifts/${created.id}`, {
    headers,
    data: { ...base, shift_date: "2041-07-08", end_time: "15:00" },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const { change_id: changeId } = (await changed.json()) as { change_id: string };
  expect((await request.post(`/api/changes/${changeId}/undo`, { headers })).status()).toBe(200);

  await signIn(page, manager, "/history");
  await screenLoaded(page);
  await page.getByLabel("Person").selectOption({ label: manager.username });
  const entries = page.getByRole("list", { name: "Einträge" }).getByRole("listitem");
  await expect(entries.filter({ hasNotText: manager.username })).toHaveCount(0);
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(
    `${manager.username} hat »Offene Schicht am Mo 08.07.2041 in ${location.name as string} von 10:00–14:00 auf ` +
      "10:00–15:00 geändert« rückgängig gemacht (1 Schicht).",
  );
  await expect(page.getByLabel("Art")).toContainText("Nicht verfügbar");
  await expectAccessible(page, "Verlauf mit Wochen-Links");
  await reviewShots(page, "history-week-links");

  await entries
    .first()
    .getByRole("link", { name: /Woche ansehen/ })
    .click();
  await expect(page).toHaveURL(/\/schedule\?week=2041-07-08/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the dashboard switches to next week and counts the applications waiting for a decision", async ({
  page,
  request,
}) => {
  const { location, employee } = await employeeAndLocation(request);
  // An open shift three days ahead with one application (applying needs a linked account).
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const open = await post(request, "/api/shifts", {
    location_id: location.id,
    employee_id: null,
    shift_date: day,
    start_time: "09:00",
    end_time: "13:00",
    break_minutes: 0,
  });
  await publishPlan(request, { from: day, locationIds: [location.id] });
  const staff = { username: unique("lia"), password: "ui-test-passwort", role: "user", employee_id: employee.id };
  // Signs in with the given password at once (docs/PRODUCT-RULES.md §31.5).
  await post(request, "/api/users", { ...staff, must_change_password: false });
  const staffHeaders = { Authorization: `Bearer ${(await apiLogin(request, staff)).accessToken}` };
  expect((await request.post(`/api/shifts/${open.id}/application`, { headers: staffHeaders })).status()).toBe(201);

  const manager = await createAccount(request, "manager", "wochen");
  await signIn(page, manager, "/");
  await screenLoaded(page);
  await expect(page.getByText(/auf offene Schichten warte(t|n) auf Entscheid/)).toBeVisible();
  await expect(page.getByText(/^\d+ Bewerbung(en)?$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Bewerbungen ansehen" })).toHaveAttribute(
    "href",
    /\/schedule\?week=\d{4}-\d{2}-\d{2}/,
  );

  const weekSwitch = page.getByRole("group", { name: "Woche" });
  const header = page.getByText(/^KW \d+ · /);
  const thisWeek = await header.textContent();
  await weekSwitch.getByRole("button", { name: "Nächste Woche" }).click();
  await expect(weekSwitch.getByRole("button", { name: "Nächste Woche" })).toHaveAttribute("aria-pressed", "true");
  await expect(header).not.toHaveText(thisWeek ?? "");
  await expect(page.getByRole("heading", { name: "Schichten nächste Woche" })).toBeVisible();
  await expectAccessible(page, "Dashboard nächste Woche");
  await reviewShots(page, "dashboard-next-week");
  await weekSwitch.getByRole("button", { name: "Diese Woche" }).click();
  await expect(header).toHaveText(thisWeek ?? "");
});
