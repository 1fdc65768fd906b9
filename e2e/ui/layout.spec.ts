// Layout of issue 19 (docs/PRODUCT-RULES.md §29.5): "Erste Schritte" ticks itself off, the sidebar shows each role
// only what it may open, no screen scrolls sideways on a phone with a large staff of long names, the phone planner's
// panel folds away, its × are touch-sized and names break only between words.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { adminHeaders, createAccount, reviewShots, screenLoaded, signIn, unique } from "./support";

const monday = () => mondayOf(todayIn("Europe/Zurich"));
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });

async function post(request: APIRequestContext, path: string, data: object) {
  const res = await request.post(`/api${path}`, { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test("Erste Schritte: whole cards are links, done steps say 'Erledigt' with a check mark", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const region = (await (await request.get("/api/settings", { headers })).json()).holiday_region;
  // Without a region the card shows for admins; a location, a preset, an employee and a shift this week tick four
  // steps off.
  const cleared = await request.put("/api/settings", { headers, data: { holiday_region: null } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  try {
    const location = await post(request, "/locations", { name: unique("Schritte-Filiale") });
    await post(request, `/locations/${location.id}/presets`, {
      name: "Früh",
      start_time: "06:00",
      end_time: "14:00",
      break_minutes: 30,
    });
    await post(request, "/shifts", {
      employee_id: null,
      location_id: location.id,
      shift_date: addDays(monday(), 2),
      start_time: "09:00",
      end_time: "12:00",
    });
    await post(request, "/employees", { first_name: "Ida", last_name: unique("Schritte") });

    await signIn(page, E2E_ADMIN, "/");
    const steps = page.getByRole("region", { name: "Erste Schritte" });
    const card = (name: string) => steps.getByRole("link", { name: new RegExp(name) });
    await expect(card("Feiertage: Kanton wählen")).toHaveAttribute("href", "/settings");
    await expect(card("Feiertage: Kanton wählen")).not.toContainText("Erledigt");
    for (const [name, href] of [
      ["Standorte anlegen", "/locations"],
      ["Schichtarten anlegen", "/locations"],
      ["Mitarbeiter erfassen", "/employees"],
      ["Woche planen", "/schedule"],
    ]) {
      await expect(card(name)).toHaveAttribute("href", href);
      await expect(card(name)).toContainText("✓");
      await expect(card(name)).toContainText("Erledigt");
    }
    // It looks like a link: an arrow, a border that changes on focus.
    const open = card("Feiertage: Kanton wählen");
    await expect(open).toContainText("→");
    const before = await open.evaluate((link) => getComputedStyle(link).borderColor);
    await open.focus();
    await expect.poll(() => open.evaluate((link) => getComputedStyle(link).borderColor)).not.toBe(before);
    await reviewShots(page, "first-steps");

    // Every step done: the card is gone.
    const chosen = await request.put("/api/settings", { headers, data: { holiday_region: "CH-ZH" } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    await page.reload();
    await screenLoaded(page);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Erste Schritte" })).toHaveCount(0);
  } finally {
    await request.put("/api/settings", { headers, data: { holiday_region: region } });
  }
});

const EVERYONE = ["Dashboard", "Wochenplanung", "Mitarbeiter", "Standorte", "Wochenvorlagen", "Ferien"];

test("the sidebar shows each role only the screens it may open", async ({ page, request }) => {
  test.setTimeout(120_000); // three roles, every screen of each
  const expected = {
    user: EVERYONE,
    manager: [...EVERYONE, "Zeiterfassung", "Berichte", "Verlauf"],
    admin: [...EVERYONE, "Zeiterfassung", "Berichte", "Verlauf", "Benutzer", "Betrieb", "Integrationen"],
  };
  for (const role of ["user", "manager", "admin"] as const) {
    const account = await createAccount(request, role, `nav-${role}`);
    await signIn(page, account, "/");
    const links = sidebar(page).getByRole("link");
    await expect(links).toHaveText(expected[role]);
    await reviewShots(page, `sidebar-${role}`);
    // Every entry opens a screen, never the notice that it is for other roles.
    for (const label of expected[role]) {
      await sidebar(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
      await screenLoaded(page);
      await expect(page.getByText(/ist nur für|sind nur für/)).toHaveCount(0);
    }
    await page.evaluate(() => localStorage.clear());
  }
});

/** A 40-character name: a short first name and one long word that cannot break. */
const longName = (index: number) => {
  const last = `Wolfeschlegelsteinhausenberger${String(index).padStart(2, "0")}${unique("x").slice(-4)}`;
  return { first_name: "Ann", last_name: last.padEnd(36, "z").slice(0, 36) };
};

const wide = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("at 390 px with 80 employees of 40-character names, no screen scrolls sideways", async ({ page, request }) => {
  test.setTimeout(240_000);
  const headers = await adminHeaders(request);
  const location = await post(request, "/locations", { name: unique("Breite-Filiale") });
  // Created and deleted in batches: 160 requests one after the other were most of this test's time.
  const employees: { id: number }[] = [];
  for (let i = 0; i < 80; i += 10)
    employees.push(
      ...(await Promise.all([...Array(10).keys()].map((k) => post(request, "/employees", longName(i + k))))),
    );
  const start = monday();
  for (const [i, employee] of employees.slice(0, 3).entries())
    await post(request, "/shifts", {
      employee_id: employee.id,
      location_id: location.id,
      shift_date: addDays(start, i),
      start_time: "08:00",
      end_time: "12:00",
    });
  await post(request, "/vacations", {
    employee_id: employees[3].id,
    start_date: addDays(start, 1),
    end_date: addDays(start, 2),
  });

  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E_ADMIN, "/");
    const routes = [
      "/",
      "/schedule",
      "/schedule?view=employees",
      "/employees",
      "/locations",
      "/week-templates",
      "/vacations",
      "/time",
      "/reports",
      "/history",
      "/users",
      "/settings",
      "/integrations",
      "/profile",
      "/notifications",
    ];
    const failing: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      await screenLoaded(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The planner's list of available employees open, whether phones start with it folded or not.
      if (route.startsWith("/schedule")) {
        await expect(panelToggle(page)).toBeVisible();
        if ((await panelToggle(page).getAttribute("aria-expanded")) !== "true") await panelToggle(page).click();
        await expect(page.getByTestId("employee-availability").first()).toBeVisible();
      }
      const width = await wide(page);
      if (width !== 390) failing.push(`${route}: ${width}`);
    }
    expect(failing).toEqual([]);
  } finally {
    for (let i = 0; i < employees.length; i += 10)
      await Promise.all(
        employees.slice(i, i + 10).map((employee) => request.delete(`/api/employees/${employee.id}`, { headers })),
      );
  }
});

const panelToggle = (page: Page) =>
  page.getByRole("region", { name: "Verfügbare Mitarbeiter" }).getByRole("button", { name: "Verfügbare Mitarbeiter" });

test("phone planner: the panel folds, × is a 44 px target, names break between words", async ({ page, request }) => {
  const location = await post(request, "/locations", { name: unique("Telefon-Filiale") });
  const name = { first_name: "Maximiliane Josefine", last_name: unique("Wolfeschlegelsteinhausen") };
  const employee = await post(request, "/employees", name);
  await post(request, "/shifts", {
    employee_id: employee.id,
    location_id: location.id,
    shift_date: monday(),
    start_time: "08:00",
    end_time: "12:00",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ADMIN, "/schedule");

  // Folded on phones; the button says so and opens the list.
  const toggle = panelToggle(page);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("employee-availability").first()).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const row = page.getByTestId("employee-availability").filter({ hasText: name.last_name });
  await expect(row).toBeVisible();
  await expect(row.getByTitle(`${name.first_name} ${name.last_name}`, { exact: true })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  const chip = page.locator('[data-testid="shift"]').filter({ hasText: name.last_name });
  await chip.scrollIntoViewIfNeeded();
  const remove = chip.getByRole("button", { name: /^Schicht löschen:/ });
  const box = await remove.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);

  // The chip's name: every word on one line (an overlong word is cut with "…"; a hyphen may end a line), the full
  // name in its title.
  const title = chip.getByTitle(`${name.first_name} ${name.last_name}`);
  await expect(title).toBeVisible();
  const split = await title.evaluate((element) => {
    const text = element.firstChild!;
    const words = [...(text.textContent ?? "").matchAll(/[^\s-]+/g)];
    return words
      .filter((word) => {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
      })
      .map((word) => word[0]);
  });
  expect(split).toEqual([]);
  await reviewShots(page, "planner-phone");
});
