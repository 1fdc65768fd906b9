// The browser keeps to the API's window of dates (docs/PRODUCT-RULES.md §30.1): date pickers offer only
// 2000-01-01..2099-12-31, a form refuses a date outside it with the shared schema's message before sending, and the
// planner's week steps stop at the first and last whole weeks.
import { expect, test } from "@playwright/test";
import { DATE_WINDOW_MESSAGE, FIRST_WEEK_START, LAST_WEEK_START, MAX_DATE, MIN_DATE } from "../../lib/shared/dates";
import { formatDayMonth, isoWeekNumber } from "../../lib/shared/format";
import { adminHeaders, createAccount, reviewShots, signIn, unique } from "./support";

test("the vacation dialog offers only the window and refuses 2100 without sending", async ({ page, request }) => {
  const res = await request.post("/api/employees", {
    headers: await adminHeaders(request),
    data: {
      first_name: "Mara",
      last_name: unique("Fenster"),
      weekly_hours: 40,
      vacation_days_total: 20,
      is_hourly: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const employee = await res.json();
  const manager = await createAccount(request, "manager", "window");
  await signIn(page, manager, "/vacations");

  await page.getByRole("button", { name: "+ Ferien eintragen" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Ferien eintragen" });
  const from = dialog.getByLabel("Von");
  const to = dialog.getByLabel("Bis");
  await expect(from).toHaveAttribute("min", MIN_DATE);
  await expect(from).toHaveAttribute("max", MAX_DATE);
  await expect(to).toHaveAttribute("min", MIN_DATE);
  await expect(to).toHaveAttribute("max", MAX_DATE);

  const posts: string[] = [];
  page.on("request", (req) => req.method() === "POST" && req.url().includes("/api/vacations") && posts.push(req.url()));
  await dialog.getByLabel("Mitarbeiter").selectOption(String(employee.id));
  await from.fill("2100-01-01");
  await to.fill("2100-01-02");
  // The end's lower limit follows the start, as before.
  await expect(to).toHaveAttribute("min", "2100-01-01");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText(DATE_WINDOW_MESSAGE)).toHaveCount(2);
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await reviewShots(page, "vacation-date-window");
  expect(posts).toEqual([]);
});

test("the planner's week steps stop at the window's first and last whole weeks", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "edge");
  const heading = (monday: string) => page.getByText(`KW ${isoWeekNumber(monday)} · ${formatDayMonth(monday)}`);
  const next = page.getByRole("button", { name: "Nächste Woche" });
  const previous = page.getByRole("button", { name: "Vorherige Woche" });

  await signIn(page, manager, `/schedule?week=${LAST_WEEK_START}`);
  await expect(heading(LAST_WEEK_START)).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await reviewShots(page, "planner-last-week");
  // Copying the last week: its target is the week before, and the step forward stops at the last week too.
  await page.getByRole("button", { name: "Woche kopieren" }).click();
  const copy = page.getByRole("dialog", { name: "Woche kopieren" });
  const later = copy.getByRole("button", { name: "Eine Woche später" });
  await expect(later).toBeEnabled();
  await later.click();
  await expect(later).toBeDisabled();
  await reviewShots(page, "copy-week-last-week");
  await copy.getByRole("button", { name: "Abbrechen" }).click();

  await previous.click();
  await expect(page).toHaveURL(/\/schedule\?week=2099-12-14$/);
  await expect(next).toBeEnabled();

  await page.goto(`/schedule?week=${FIRST_WEEK_START}`);
  await expect(heading(FIRST_WEEK_START)).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
});

test("the reports' period picker offers only whole weeks and months of the window", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "months");
  await signIn(page, manager, "/reports");
  // A week's report asks for the whole Monday–Sunday week: the first and last weeks wholly in the window.
  const input = page.getByLabel("Datum in der Woche");
  await expect(input).toHaveAttribute("min", "2000-01-03");
  await expect(input).toHaveAttribute("max", "2099-12-27");
  // 01.01.2000 lies in the week from 27.12.1999, which the API refuses: the plan's shifts are not asked for.
  const asked: string[] = [];
  page.on("request", (req) => req.url().includes("/api/shifts?") && asked.push(req.url()));
  await input.fill("2000-01-01");
  await Promise.all([
    page.waitForRequest((req) => req.url().includes("/api/shifts?start_date=2000-01-03")),
    input.fill("2000-01-03"),
  ]);
  expect(asked.filter((url) => url.includes("1999"))).toEqual([]);
  await page.getByRole("radio", { name: "Monat" }).check();
  const month = page.getByLabel("Kalendermonat");
  await expect(month).toHaveAttribute("min", "2000-01");
  await expect(month).toHaveAttribute("max", "2099-12");
});
