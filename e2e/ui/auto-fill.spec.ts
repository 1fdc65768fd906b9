import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate, formatDayMonth } from "../../lib/shared/format";
import { adminHeaders, createAccount, expectAccessible, reviewShots, signIn, toast, unique } from "./support";

// "Automatisch besetzen" in the planner (docs/PRODUCT-RULES.md §28.4): the dialog, proposal mode in both views,
// "Übernehmen" with "Rückgängig", "Verwerfen", and who sees the button.

type Headers = Awaited<ReturnType<typeof adminHeaders>>;

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
/** The view switch's radios are hidden behind their labels: a click on the label, as a user makes it. */
const showView = (page: Page, name: string) => page.locator("label", { hasText: name }).click();
const panel = (page: Page) => page.getByRole("region", { name: "Vorschlag" });

/** A week years ahead, its own per test: nothing else plans there, and nothing in it lies in the past. */
function farWeek(): string {
  const weeks = 200 + Math.floor(Math.random() * 2000);
  return addDays(mondayOf(todayIn("Europe/Zurich")), 7 * weeks);
}

async function post(request: APIRequestContext, headers: Headers, path: string, data: object) {
  const res = await request.post(path, { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/**
 * A location and the people of the test. Everybody else the shared test database holds is "nicht verfügbar" that
 * week, so only the test's people can be proposed.
 */
async function setup(request: APIRequestContext, week: string, people: { first: string; hourly: boolean }[]) {
  const headers = await adminHeaders(request);
  const location = { name: unique("Autofill"), id: 0 };
  location.id = (await post(request, headers, "/api/locations", { name: location.name, color: "#10B981" })).id;
  const staff: { id: number; name: string }[] = [];
  for (const person of people) {
    const last = unique("Muster");
    const data = {
      first_name: person.first,
      last_name: last,
      weekly_hours: person.hourly ? 0 : 40,
      is_hourly: person.hourly,
      location_ids: [location.id],
    };
    staff.push({ id: (await post(request, headers, "/api/employees", data)).id, name: `${person.first} ${last}` });
  }
  const everyone = (await (await request.get("/api/employees", { headers })).json()) as { id: number }[];
  for (const other of everyone.filter((employee) => !staff.some((own) => own.id === employee.id)))
    await post(request, headers, "/api/unavailability", {
      employee_id: other.id,
      start_date: week,
      end_date: addDays(week, 6),
    });
  const shift = (date: string, start: string, end: string, employeeId: number | null = null) =>
    post(request, headers, "/api/shifts", {
      employee_id: employeeId,
      location_id: location.id,
      shift_date: date,
      start_time: start,
      end_time: end,
      break_minutes: 0,
    });
  return { headers, location, staff, shift };
}

async function shiftsOf(request: APIRequestContext, headers: Headers, week: string, locationId: number) {
  const res = await request.get(`/api/shifts?start_date=${week}&end_date=${addDays(week, 6)}`, { headers });
  const list = (await res.json()) as { id: number; location_id: number; employee_id: number | null }[];
  return list.filter((shift) => shift.location_id === locationId);
}

async function propose(page: Page, week: string, locationName: string) {
  await page.getByRole("button", { name: "Automatisch besetzen" }).click();
  const dialog = page.getByRole("dialog", { name: "Automatisch besetzen" });
  await expect(dialog).toContainText(`Woche vom ${formatDayMonth(week)} – ${formatDate(addDays(week, 6))}`);
  await expect(dialog.getByRole("checkbox").first()).toBeFocused();
  // Only the test's location: the other tests' locations stay out of it.
  for (const box of await dialog.getByRole("checkbox").all()) await box.uncheck();
  await dialog.getByRole("checkbox", { name: locationName }).check();
  await reviewShots(page, "dialog");
  await dialog.getByRole("button", { name: "Vorschlag berechnen" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(panel(page)).toBeVisible();
}

test("propose, see the dashed chips and reasons, apply, and undo the whole apply", async ({ page, request }) => {
  const week = farWeek();
  const wednesday = addDays(week, 2);
  // Ben works fixed hours, so he is preferred to Anna (hourly) where both could; Ben is on vacation on Wednesday.
  const { headers, location, staff, shift } = await setup(request, week, [
    { first: "Ben", hourly: false },
    { first: "Anna", hourly: true },
  ]);
  const [ben, anna] = staff;
  await post(request, headers, "/api/vacations", { employee_id: ben.id, start_date: wednesday, end_date: wednesday });
  await shift(wednesday, "17:00", "20:00", anna.id);
  const monday = await shift(week, "08:00", "16:00");
  const morning = await shift(wednesday, "09:00", "14:00");
  // Overlaps Anna's evening, and Ben is away: nobody can take it.
  const nobody = await shift(wednesday, "16:00", "21:00");

  const manager = await createAccount(request, "manager", "autofill");
  await signIn(page, manager, `/schedule?week=${week}`);
  await showView(page, "Nach Standorten");
  await propose(page, week, location.name);

  await expect(panel(page).getByRole("status")).toHaveText("Vorschlag: 2 von 3 offenen Schichten besetzt");
  const chip = (id: number) => row(page, location.name).locator(`[data-shift-id="${id}"]`);
  await expect(chip(monday.id)).toHaveAttribute("data-proposal", "assigned");
  await expect(chip(monday.id)).toContainText(ben.name);
  await expect(chip(monday.id)).toContainText("Vorschlag");
  await expect(chip(monday.id)).toHaveClass(/border-dashed/);
  await expect(chip(morning.id)).toContainText(anna.name);
  // His vacation day on Wednesday leaves a target of 32 h for the week (docs/PRODUCT-RULES.md §31.1).
  await chip(monday.id).focus();
  await expect(page.getByRole("tooltip")).toHaveText(`Vorschlag: ${ben.name} – hat noch 32.0 h frei`);
  await expect(chip(monday.id)).toHaveAccessibleDescription(`Vorschlag: ${ben.name} – hat noch 32.0 h frei`);
  await expect(chip(morning.id)).toHaveAccessibleDescription(`Vorschlag: ${anna.name} – arbeitet im Stundenlohn`);
  // The reasons open on a click or tap, as on a phone where nothing hovers, and Enter toggles them
  // (docs/PRODUCT-RULES.md §31.1).
  await chip(morning.id).click();
  await page.mouse.move(0, 0);
  await expect(page.getByRole("tooltip")).toHaveText(`Vorschlag: ${anna.name} – arbeitet im Stundenlohn`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("tooltip")).toHaveText(`Vorschlag: ${anna.name} – arbeitet im Stundenlohn`);

  // What stays open, with its reason; the entry leads to its chip, which says the same.
  await expect(panel(page).getByRole("heading", { name: "Bleiben offen (1)" })).toBeVisible();
  const entry = panel(page).locator(`[data-unfilled-shift="${nobody.id}"]`);
  await expect(entry).toContainText("Mi");
  await expect(entry).toContainText("16:00–21:00");
  await expect(entry).toContainText("niemand ohne Konflikt verfügbar:");
  // The server names at most three people, in its own order; the shared database may hold more.
  const reason = (await entry.locator("span").last().textContent()) ?? "";
  await entry.click();
  await expect(chip(nobody.id)).toBeFocused();
  await expect(chip(nobody.id)).toHaveAttribute("data-proposal", "open");
  await expect(page.getByRole("tooltip")).toHaveText(`Bleibt offen – ${reason}`);

  // The plan cannot be edited meanwhile; Escape changes nothing.
  await expect(row(page, location.name).getByRole("button", { name: /^Schicht hinzufügen/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Woche kopieren" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeVisible();
  await expectAccessible(page, "proposal mode, by location");
  await reviewShots(page, "proposal-locations");

  // The view by employee: the proposed shifts in the person's row, dashed.
  await showView(page, "Nach Mitarbeitenden");
  await expect(row(page, ben.name).locator(`[data-shift-id="${monday.id}"]`)).toHaveAttribute(
    "data-proposal",
    "assigned",
  );
  await expect(row(page, anna.name).locator(`[data-shift-id="${morning.id}"]`)).toHaveAttribute(
    "data-proposal",
    "assigned",
  );
  // The row's hours count the proposed shift (Ben's week had none saved).
  await expect(row(page, ben.name).getByText("8.0 / 32.0 h")).toBeVisible();
  await expectAccessible(page, "proposal mode, by employee");
  await reviewShots(page, "proposal-employees");
  await showView(page, "Nach Standorten");

  await panel(page).getByRole("button", { name: "Übernehmen" }).click();
  await expect(toast(page, "2 Schichten besetzt")).toBeVisible();
  await expect(panel(page)).toBeHidden();
  await expect(row(page, location.name).locator("[data-proposal]")).toHaveCount(0);
  await expect(chip(monday.id).getByRole("button", { name: `Schicht bearbeiten: ${ben.name}` })).toBeVisible();
  const saved = await shiftsOf(request, headers, week, location.id);
  expect(saved.find((s) => s.id === monday.id)?.employee_id).toBe(ben.id);
  expect(saved.find((s) => s.id === morning.id)?.employee_id).toBe(anna.id);
  expect(saved.find((s) => s.id === nobody.id)?.employee_id).toBeNull();

  await toast(page, "2 Schichten besetzt").getByRole("button", { name: "Rückgängig" }).click();
  await expect(toast(page, "Änderung rückgängig gemacht")).toBeVisible();
  await expect(row(page, location.name).locator("[data-open]")).toHaveCount(3);
  const undone = await shiftsOf(request, headers, week, location.id);
  expect(undone.filter((s) => s.employee_id === null).map((s) => s.id)).toEqual(
    expect.arrayContaining([monday.id, morning.id, nobody.id]),
  );
});

test("'Verwerfen' writes nothing, and another week discards the proposal", async ({ page, request }) => {
  const week = farWeek();
  const { headers, location, staff, shift } = await setup(request, week, [{ first: "Lea", hourly: false }]);
  const open = await shift(addDays(week, 1), "08:00", "12:00");
  const manager = await createAccount(request, "manager", "autofill");
  await signIn(page, manager, `/schedule?week=${week}`);
  await showView(page, "Nach Standorten");
  const chip = row(page, location.name).locator(`[data-shift-id="${open.id}"]`);

  await propose(page, week, location.name);
  await expect(chip).toContainText(staff[0].name);
  await panel(page).getByRole("button", { name: "Verwerfen" }).click();
  await expect(panel(page)).toBeHidden();
  await expect(chip).not.toHaveAttribute("data-proposal");
  await expect(chip).toHaveAttribute("data-open", "true");
  expect((await shiftsOf(request, headers, week, location.id))[0].employee_id).toBeNull();

  await propose(page, week, location.name);
  await page.getByRole("button", { name: "Nächste Woche" }).click();
  await page.getByRole("button", { name: "Vorherige Woche" }).click();
  await expect(chip).toHaveAttribute("data-open", "true");
  await expect(panel(page)).toBeHidden();
  expect((await shiftsOf(request, headers, week, location.id))[0].employee_id).toBeNull();
});

test("staff (role user) see no 'Automatisch besetzen'", async ({ page, request }) => {
  const user = await createAccount(request, "user", "autofill");
  await signIn(page, user, "/schedule");
  await expect(page.getByRole("heading", { name: "Wochenplanung" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Automatisch besetzen" })).toHaveCount(0);
});
