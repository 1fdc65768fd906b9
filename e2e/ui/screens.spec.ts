import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { addDays, isoWeekday } from "../../lib/shared/dates";
import { formatDate } from "../../lib/shared/format";
import { E2E_ADMIN } from "../../playwright.config";
import { adminHeaders, apiLogin, createAccount, screenLoaded, signIn, toast, unique } from "./support";

// Issue 29, defects 4 and 6 to 9 (docs/PRODUCT-RULES.md §31.4): the vacations list on a desk and a phone, the
// presets' legal break, "Bis" following "Von", "Heute" on the phone, and toasts that hide no control.

const SHOTS = process.env.REVIEW_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const year = Number(
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich", year: "numeric" }).format(new Date()),
);
// December of this year, as vacations.spec.ts: the balances count this year.
const decemberMonday = [1, 2, 3, 4, 5, 6, 7].map((d) => `${year}-12-0${d}`).find((d) => isoWeekday(d) === 1)!;
const day = (offset: number) => addDays(decemberMonday, offset);

async function createEmployee(request: APIRequestContext) {
  const data = { first_name: "Jana", last_name: unique("Bühler"), weekly_hours: 40, vacation_days_total: 25 };
  const res = await request.post("/api/employees", { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  const employee = (await res.json()) as { id: number; first_name: string; last_name: string };
  return { ...employee, name: `${employee.first_name} ${employee.last_name}` };
}

/** The employee's own request (status "Beantragt"), made by a user account linked to them. */
async function requestVacation(request: APIRequestContext, employeeId: number, start: string, end: string) {
  const account = { username: unique("req"), password: "ui-test-passwort", role: "user", employee_id: employeeId };
  // Signs in with the given password at once (docs/PRODUCT-RULES.md §31.5).
  const created = await request.post("/api/users", {
    headers: await adminHeaders(request),
    data: { ...account, must_change_password: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { accessToken } = await apiLogin(request, account);
  const res = await request.post("/api/vacations", {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { employee_id: employeeId, start_date: start, end_date: end, notes: "Hochzeit meiner Schwester in Lugano" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Whether the element lies wholly inside the viewport's width (a box scrolled sideways out of it does not). */
async function withinWidth(locator: Locator) {
  const box = (await locator.boundingBox())!;
  const width = locator.page().viewportSize()!.width;
  return box.x >= 0 && box.x + box.width <= width;
}

test("vacations: the table fits at 1366 px with its buttons; on the phone each vacation is a card", async ({
  page,
  request,
}) => {
  const employee = await createEmployee(request);
  await requestVacation(request, employee.id, day(0), day(4));
  const manager = await createAccount(request, "manager", "mgr");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, manager, "/vacations");
  await page.getByLabel("Mitarbeiter").selectOption({ label: employee.name });
  const row = page.getByRole("row").filter({ hasText: employee.last_name });
  await expect(row).toHaveCount(1);
  // Nothing to scroll sideways: the frame is as wide as the table, and every button is on screen.
  const frame = page.getByRole("table").locator("xpath=..");
  expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const name of [/genehmigen$/, /ablehnen$/, /bearbeiten$/, /löschen$/]) {
    const button = row.getByRole("button", { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await withinWidth(button)).toBe(true);
  }
  await shot(page, "vacations-1366");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("table")).toBeHidden();
  const card = page.getByRole("list", { name: "Ferien" }).getByRole("listitem").filter({ hasText: employee.last_name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${formatDate(day(0))} – ${formatDate(day(4))} · 5 Tage`);
  await expect(card).toContainText("Hochzeit meiner Schwester in Lugano");
  // Status and every button on screen without scrolling sideways.
  await card.scrollIntoViewIfNeeded();
  expect(await withinWidth(card.getByText("Beantragt"))).toBe(true);
  for (const name of [/genehmigen$/, /ablehnen$/, /bearbeiten$/, /löschen$/])
    expect(await withinWidth(card.getByRole("button", { name }))).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "vacations-390");
  await card.getByRole("button", { name: /genehmigen$/ }).click();
  await expect(toast(page, "Ferienantrag genehmigt!")).toBeVisible();
  await expect(card).toContainText("Genehmigt");
});

test("a new preset proposes the legal break with the shift dialog's hint, and follows its times", async ({
  page,
  request,
}) => {
  const name = unique("Pausen-Filiale");
  const res = await request.post("/api/locations", { headers: await adminHeaders(request), data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  await signIn(page, E2E_ADMIN, "/locations");
  await page.getByRole("button", { name: `${name} bearbeiten` }).click();
  const section = page
    .getByRole("dialog", { name: "Standort bearbeiten" })
    .getByRole("region", { name: "Schichtarten" });
  await section.getByRole("button", { name: "+ Schichtart hinzufügen" }).click();
  await section.getByLabel("Name").fill("Früh");
  await section.getByLabel("Von").fill("06:30");
  await section.getByLabel("Bis").fill("14:30");
  const pause = section.getByLabel("Pause (Minuten)");
  await expect(pause).toHaveValue("30");
  await expect(section.getByText("Gesetzliche Mindestpause: 30 Min.")).toBeVisible();
  await section.getByLabel("Bis").fill("11:00");
  await expect(pause).toHaveValue("0");
  await expect(section.getByText("Gesetzliche Mindestpause: keine")).toBeVisible();
  await section.getByLabel("Bis").fill("16:30");
  await expect(pause).toHaveValue("60");
  await shot(page, "preset-break");
  await section.getByRole("button", { name: "Schichtart speichern" }).click();
  await expect(toast(page, "Schichtart hinzugefügt!")).toBeVisible();
  await expect(section.getByRole("listitem").first()).toContainText("06:30–16:30 · 60 Min. Pause");

  // A break typed in stays, whatever the times.
  await section.getByRole("button", { name: "+ Schichtart hinzufügen" }).click();
  await section.getByLabel("Name").fill("Spät");
  await section.getByLabel("Von").fill("14:00");
  await section.getByLabel("Bis").fill("22:00");
  await expect(pause).toHaveValue("30");
  await pause.fill("45");
  await section.getByLabel("Bis").fill("23:00");
  await expect(pause).toHaveValue("45");
  await expect(section.getByText("Gesetzliche Mindestpause: 30 Min.")).toBeVisible();
});

test("'Bis' follows 'Von' in the unavailability and vacation dialogs", async ({ page, request }) => {
  const employee = await createEmployee(request);
  await signIn(page, E2E_ADMIN, "/vacations");
  await page.getByRole("button", { name: "+ Ferien eintragen" }).first().click();
  const vacation = page.getByRole("dialog", { name: "Ferien eintragen" });
  await vacation.getByLabel("Mitarbeiter").selectOption({ label: employee.name });
  await vacation.getByLabel("Von").fill(day(2));
  await expect(vacation.getByLabel("Bis")).toHaveValue(day(2));
  await vacation.getByLabel("Bis").fill(day(4));
  await vacation.getByLabel("Von").fill(day(1));
  await expect(vacation.getByLabel("Bis")).toHaveValue(day(4)); // an end after the start stays
  await vacation.getByLabel("Von").fill(day(7));
  await expect(vacation.getByLabel("Bis")).toHaveValue(day(7));
  await vacation.getByRole("button", { name: "Abbrechen" }).click();

  // The unavailability dialog, as the planner opens it (Meine Schichten opens the same dialog).
  await page.goto("/schedule");
  await screenLoaded(page);
  const panel = page.getByRole("region", { name: "Verfügbare Mitarbeiter" });
  await panel.getByRole("button", { name: "Nicht verfügbar eintragen" }).click();
  const dialog = page.getByRole("dialog", { name: "Nicht verfügbar eintragen" });
  const from = dialog.getByLabel("Von", { exact: true });
  const to = dialog.getByLabel("Bis", { exact: true });
  const start = await from.inputValue();
  await from.fill(addDays(start, 3));
  await expect(to).toHaveValue(addDays(start, 3));
  await to.fill(addDays(start, 6));
  await from.fill(addDays(start, 4));
  await expect(to).toHaveValue(addDays(start, 6));
  await shot(page, "unavailability-range");
});

test("on the phone the planner opens on today's column, and 'Heute' shows it again", async ({ page, request }) => {
  const location = unique("Heute-Filiale");
  const res = await request.post("/api/locations", { headers: await adminHeaders(request), data: { name: location } });
  expect(res.status(), await res.text()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ADMIN, "/schedule");
  const grid = page.getByRole("region", { name: "Wochenplan" });
  const todayHeader = grid.locator('th[aria-current="date"]');
  const sticky = grid.getByRole("columnheader", { name: "Standort" });
  /**
   * Today's column lies wholly between the sticky location column and the grid's right edge. Without a box the
   * answer is null, neither yes nor no, and the poll asks again: drag and drop wraps the grid once its code has
   * loaded and draws it anew, and a box asked for in that moment belongs to a table just taken away (a loaded
   * machine stretches the moment).
   */
  const todayShown = async () => {
    const [head, left, frame] = [await todayHeader.boundingBox(), await sticky.boundingBox(), await grid.boundingBox()];
    if (!head || !left || !frame) return null;
    return head.x >= left.x + left.width - 1 && head.x + head.width <= frame.x + frame.width + 1;
  };
  await expect(todayHeader).toHaveCount(1);
  await expect.poll(todayShown).toBe(true);

  // Away from today (sideways and up to the toolbar), then "Heute": today's column fully in view again.
  await grid.evaluate((el) => el.scrollTo({ left: el.scrollLeft > 0 ? 0 : el.scrollWidth }));
  await expect.poll(todayShown).toBe(false);
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await page.getByRole("button", { name: "Heute", exact: true }).click();
  await expect.poll(todayShown).toBe(true);
  await expect(todayHeader).toBeInViewport({ ratio: 1 });
  await shot(page, "planner-today-390");

  // The desk is left as it was: the whole week, nothing scrolled.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/schedule");
  await screenLoaded(page);
  expect(await page.getByRole("region", { name: "Wochenplan" }).evaluate((el) => el.scrollLeft)).toBe(0);
});

test("quick successive actions show one toast of a kind at a time, and it covers no toolbar button", async ({
  page,
  request,
}) => {
  const people = [
    await createEmployee(request),
    await createEmployee(request),
    await createEmployee(request),
    await createEmployee(request),
  ];
  for (const [i, person] of people.entries()) await requestVacation(request, person.id, day(7 + i), day(7 + i));
  for (const [index, [width, height]] of [
    [1366, 900],
    [390, 844],
  ].entries()) {
    await page.setViewportSize({ width, height });
    await signIn(page, E2E_ADMIN, "/vacations?status=requested");
    const approve = async (person: (typeof people)[number]) => {
      const done = page.waitForResponse((res) => res.url().includes("/approve") && res.request().method() === "POST");
      await page
        .getByRole("button", { name: new RegExp(`^Ferienantrag von ${person.name} ab .* genehmigen$`) })
        .click();
      expect((await done).status()).toBe(200);
    };
    await approve(people[2 * index]);
    await expect(toast(page, "Ferienantrag genehmigt!")).toBeVisible();
    await approve(people[2 * index + 1]);
    // The second replaces the first at once: a stacked first one would stay the rest of its 2 s.
    const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
    await expect(toasts).toHaveCount(1, { timeout: 600 });
    await expect(toasts).toContainText("Ferienantrag genehmigt!");
    await shot(page, `toast-${width}`);
    // No toast over the page header's button ("+ Ferien eintragen") nor the filters.
    const box = (await toasts.boundingBox())!;
    for (const control of [
      page.getByRole("button", { name: "+ Ferien eintragen" }).first(),
      page.getByLabel("Mitarbeiter"),
      page.getByLabel("Status"),
    ]) {
      const other = (await control.boundingBox())!;
      const overlaps =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      expect(overlaps, `toast over ${await control.textContent()}`).toBe(false);
    }
  }
});
