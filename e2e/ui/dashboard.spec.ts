import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatHours } from "../../lib/shared/hours";
import { adminHeaders, expectAccessible, screenshot, signIn, unique } from "./support";

type Shift = { employee_id: number | null; hours: number };

test("the dashboard's figures match the data, with an overbooked employee and an unassigned shift", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const monday = mondayOf(todayIn("Europe/Zurich"));
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const location = await post("/locations", { name: unique("Dashboard-Filiale") });
  const lastName = unique("Überbucht");
  const busy = await post("/employees", { first_name: "Noah", last_name: lastName, weekly_hours: 10 });
  await post("/employees", { first_name: "Lea", last_name: unique("Stundenlohn"), is_hourly: true });
  // 8 h + 8 h (over midnight) = 16 h for 10 weekly hours: 6 h over.
  await post("/shifts", {
    employee_id: busy.id,
    location_id: location.id,
    shift_date: monday,
    start_time: "09:00",
    end_time: "17:00",
  });
  await post("/shifts", {
    employee_id: busy.id,
    location_id: location.id,
    shift_date: addDays(monday, 1),
    start_time: "22:00",
    end_time: "06:00",
  });
  await post("/shifts", {
    employee_id: null,
    location_id: location.id,
    shift_date: addDays(monday, 2),
    start_time: "10:00",
    end_time: "14:00",
  });

  // What the API says now, whatever other tests left in this database.
  const get = async (path: string) => (await request.get(`/api${path}`, { headers })).json();
  const employees: { is_hourly: boolean }[] = await get("/employees");
  const locations: unknown[] = await get("/locations");
  const shifts: Shift[] = await get(`/shifts?start_date=${monday}&end_date=${addDays(monday, 6)}`);
  const assignedHours = shifts.filter((s) => s.employee_id !== null).reduce((sum, s) => sum + s.hours, 0);
  const unassigned = shifts.filter((s) => s.employee_id === null).length;

  const calls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/") && calls.push(new URL(r.url()).pathname));
  await signIn(page, E2E_ADMIN, "/schedule");
  await expect(page.getByRole("heading", { name: "Wochenplanung" })).toBeVisible();
  calls.length = 0;
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Dashboard" }).click();

  const card = (label: string) => page.getByRole("region", { name: label, exact: true });
  const figure = (label: string) => card(label).locator("p").first();
  await expect(figure("Mitarbeiter")).toHaveText(String(employees.length));
  await expect(card("Mitarbeiter")).toContainText(
    `davon ${employees.filter((e) => e.is_hourly).length} im Stundenlohn`,
  );
  await expect(figure("Standorte")).toHaveText(String(locations.length));
  await expect(figure("Schichten diese Woche")).toHaveText(String(shifts.length));
  await expect(card("Schichten diese Woche")).toContainText(`${formatHours(assignedHours)} h zugewiesen`);
  await expect(page.getByText(unassigned === 1 ? "1 offene Schicht" : `${unassigned} offene Schichten`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Zur Wochenplanung" })).toHaveAttribute(
    "href",
    /^\/schedule\?week=\d{4}-\d{2}-\d{2}$/,
  );
  await expect(page.getByText(`Noah ${lastName}: +6.0 h über 10.0 h`)).toBeVisible();
  const status = page
    .getByRole("region", { name: "Mitarbeiter diese Woche" })
    .getByRole("listitem")
    .filter({ hasText: lastName });
  await expect(status).toContainText("16.0 / 10.0 h");
  await expect(status).toContainText("+6.0 h Überstunden");
  expect(calls.length).toBeLessThanOrEqual(3);
  expect(calls).toEqual(["/api/dashboard"]);
  await expectAccessible(page, "dashboard");
  await screenshot(page, "dashboard");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "dashboard-phone");
});

test("the dashboard says so when loading fails", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/employees");
  await page.route("**/api/dashboard", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Interner Serverfehler", code: "internal" }),
    }),
  );
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Fehler beim Laden der Dashboard-Daten" }),
  ).toBeVisible();
});
