import { expect, test, type Page } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate, formatDayMonth } from "../../lib/shared/format";
import { adminHeaders, createAccount, publishPlan, screenLoaded, signIn, unique } from "./support";

// docs/PRODUCT-RULES.md §31.1 "One target everywhere": in the Christmas week of Kanton Zürich (Friday 25.12.2026 is a
// public holiday) a waiter on vacation Monday to Thursday has no working day left, so his target is 0 h. The planner's
// "Verfügbare Mitarbeiter" and the hours report show the same balance: the 4 h he works on Saturday are over it.
const WEEK = { start: "2026-12-21", end: "2026-12-27" };

// The settings are one row for the whole app: the test leaves the region as it found it (none).
test.afterEach(async ({ request }) => {
  const res = await request.put("/api/settings", {
    headers: await adminHeaders(request),
    data: { holiday_region: null },
  });
  expect(res.status()).toBe(200);
});

async function pickWeek(page: Page, date: string) {
  await page.getByRole("radio", { name: "Woche" }).check();
  await page.getByLabel("Datum in der Woche").fill(date);
}

test("a holiday and a vacation: the planner's panel shows the same free hours as the hours report", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number };
  };
  expect((await request.put("/api/settings", { headers, data: { holiday_region: "CH-ZH" } })).status()).toBe(200);
  const location = await post("/locations", { name: unique("Weihnacht"), color: "#10B981" });
  const last = unique("Kellner");
  const waiter = await post("/employees", { first_name: "Luca", last_name: last, weekly_hours: 40 });
  await post("/vacations", { employee_id: waiter.id, start_date: "2026-12-21", end_date: "2026-12-24" });
  await post("/shifts", {
    employee_id: waiter.id,
    location_id: location.id,
    shift_date: "2026-12-26",
    start_time: "08:00",
    end_time: "12:00",
    break_minutes: 0,
  });

  const manager = await createAccount(request, "manager", "ziel");
  await signIn(page, manager, `/schedule?week=${WEEK.start}`);
  const entry = page.getByTestId("employee-availability").filter({ hasText: `Luca ${last}` });
  await expect(entry).toContainText("Ferien Mo–Do");
  // 40 / 5 × (5 − Christmas − 4 vacation days) = 0 h target; 4 h planned: 4 h over, not "36.0 h frei".
  await expect(entry).toContainText("+4.0 h Überstunden");
  await shots(page, "planner-panel");

  await page.goto("/reports");
  await page.getByRole("tab", { name: "Stundenbericht" }).click();
  await pickWeek(page, "2026-12-23");
  await expect(page.getByRole("heading", { name: "KW 52 · 21.12.2026 – 27.12.2026" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: last });
  // Target, scheduled, difference: the same 4 h over the target as the panel.
  await expect(row.getByRole("cell").nth(1)).toHaveText("0.0 h");
  await expect(row.getByRole("cell").nth(2)).toHaveText("4.0 h");
  await expect(row.getByRole("cell").nth(3)).toHaveText("+4.0 h");
  await shots(page, "hours-report");

  // The view by employee counts against the same target.
  await page.goto(`/schedule?week=${WEEK.start}`);
  await page.locator("label", { hasText: "Nach Mitarbeitenden" }).click();
  const staffRow = page.getByTestId("employee-row").filter({ hasText: `Luca ${last}` });
  await expect(staffRow).toContainText("4.0 / 0.0 h");
  await expect(staffRow).toContainText("+4.0 h über Soll");
  await shots(page, "planner-by-employee");
});

test("Meine Schichten counts a vacation week against the reduced target, as the planner does", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number };
  };
  // The week after next (by the server's today, Zurich), Monday and Tuesday away: 40 − 2 × 8 = 24 h.
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 14);
  const location = await post("/locations", { name: unique("Meine Ziel"), color: "#10B981" });
  const waiter = await post("/employees", { first_name: "Noa", last_name: unique("Ziel"), weekly_hours: 40 });
  await post("/vacations", { employee_id: waiter.id, start_date: monday, end_date: addDays(monday, 1) });
  await post("/shifts", {
    employee_id: waiter.id,
    location_id: location.id,
    shift_date: addDays(monday, 2),
    start_time: "08:00",
    end_time: "12:00",
    break_minutes: 0,
  });
  await publishPlan(request, { from: monday, to: addDays(monday, 6), locationIds: [location.id] });
  const staff = await createAccount(request, "user", "ziel");
  const linked = await request.put(`/api/users/${staff.id}`, { headers, data: { employee_id: waiter.id } });
  expect(linked.status(), await linked.text()).toBe(200);
  await signIn(page, staff, "/me");
  await screenLoaded(page);
  const week = page
    .getByRole("listitem")
    .filter({ hasText: `${formatDayMonth(monday)}–${formatDate(addDays(monday, 6))}` })
    .first();
  await expect(week).toContainText("4.0 / 24.0 h");
  await shots(page, "me-target");
});

/** Pictures for review at a desk and a phone width, only when REVIEW_SHOTS names a folder (never committed). */
async function shots(page: Page, name: string) {
  const folder = process.env.REVIEW_SHOTS;
  if (!folder) return;
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
