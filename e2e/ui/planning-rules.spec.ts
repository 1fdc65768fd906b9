import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate, formatDayMonth } from "../../lib/shared/format";
import {
  adminHeaders,
  createAccount,
  expectAccessible,
  publishPlan,
  screenLoaded,
  signIn,
  toast,
  unique,
} from "./support";

// The planner and its dialog with the planning rules (docs/PRODUCT-RULES.md §16.4, §24, §25).

test.use({ viewport: { width: 1366, height: 900 } });

const monday = () => mondayOf(todayIn("Europe/Zurich"));
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });
const WEEKDAYS = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"];
const addButton = (page: Page, location: string, day: string) =>
  row(page, location).getByRole("button", {
    name:
      `Schicht hinzufügen: ${location}, ${WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]} ` +
      formatDayMonth(day),
  });

/** Screenshots to look at (not compared): /tmp/shots-planner, or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-planner";
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

type Named = { id: number; name: string };

async function location(request: APIRequestContext, prefix: string): Promise<Named> {
  const name = unique(prefix);
  const res = await request.post("/api/locations", { headers: await adminHeaders(request), data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, name };
}

async function employee(request: APIRequestContext, first: string, weekly_hours = 40): Promise<Named> {
  const last_name = unique("Test");
  const res = await request.post("/api/employees", {
    headers: await adminHeaders(request),
    data: { first_name: first, last_name, weekly_hours },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, name: `${first} ${last_name}` };
}

async function shift(
  request: APIRequestContext,
  data: { employee_id: number | null; location_id: number; shift_date: string; start_time: string; end_time: string },
  break_minutes = 0,
) {
  const res = await request.post("/api/shifts", {
    headers: await adminHeaders(request),
    data: { ...data, break_minutes },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test("a double booking is refused with the German text; a shift with a warning shows the marker", async ({
  page,
  request,
}) => {
  const altstadt = await location(request, "Altstadt");
  const bahnhof = await location(request, "Bahnhof");
  const chiara = await employee(request, "Chiara");
  const tuesday = addDays(monday(), 1);
  await shift(
    request,
    {
      employee_id: chiara.id,
      location_id: altstadt.id,
      shift_date: tuesday,
      start_time: "08:00",
      end_time: "16:00",
    },
    30,
  );
  // 9 h without a break: a warning (break), which the chip shows.
  const thursday = addDays(monday(), 3);
  await shift(request, {
    employee_id: chiara.id,
    location_id: altstadt.id,
    shift_date: thursday,
    start_time: "08:00",
    end_time: "17:00",
  });

  await signIn(page, E2E_ADMIN, "/schedule");
  const chips = row(page, altstadt.name).getByTestId("shift");
  await expect(chips).toHaveCount(2);
  await expect(chips.first().getByTestId("shift-findings")).toHaveCount(0);
  const marker = chips.last().getByTestId("shift-findings");
  await expect(marker).toHaveAttribute("data-severity", "warning");
  const breakMessage =
    `Die Pause von ${chiara.name} am ${formatDate(thursday)} (08:00–17:00) ist 0 min, ` +
    "nötig sind mindestens 30 min";
  await expect(marker).toHaveAttribute("title", `Hinweis: ${breakMessage}`);
  await expect(marker).toHaveAccessibleName(`Hinweis: ${breakMessage}`);

  // The marker opens the week's list with its finding focused.
  await marker.click();
  const panel = page.getByRole("region", { name: /^Hinweise \(\d+\)$/ });
  await expect(panel).toBeVisible();
  const item = panel.getByRole("button", { name: breakMessage });
  await expect(item).toBeFocused();
  await expect(item).toContainText(`Do ${formatDayMonth(thursday)}`);
  await expect(page.getByRole("button", { name: /^Hinweise \(\d+\)$/ })).toHaveAttribute("aria-expanded", "true");
  await shot(page, "planner-findings-1366");
  await expectAccessible(page, "planner with findings");
  // A manager's click opens the shift.
  await item.click();
  const editing = page.getByRole("dialog", { name: "Schicht bearbeiten" });
  await expect(editing.getByLabel("Beginn")).toHaveValue("08:00");
  await expect(editing.getByRole("list", { name: "Hinweise zur Schicht" })).toContainText(`Hinweis: ${breakMessage}`);
  await editing.getByRole("button", { name: "Abbrechen" }).click();

  // The same person at another location, overlapping: the dialog says so, the server refuses.
  await addButton(page, bahnhof.name, tuesday).click();
  const dialog = page.getByRole("dialog", { name: "Neue Schicht" });
  await dialog.getByLabel("Mitarbeiter").selectOption({ label: `${chiara.name} – 23.5 h frei` });
  await dialog.getByLabel("Beginn").fill("12:00");
  await dialog.getByLabel("Ende").fill("18:00");
  const overlap = `${chiara.name} arbeitet am ${formatDate(tuesday)} bereits 08:00–16:00 (${altstadt.name})`;
  await expect(dialog.getByRole("list", { name: "Hinweise zur Schicht" })).toContainText(`Nicht möglich: ${overlap}`);
  await expect(dialog.getByRole("button", { name: "Speichern" })).toBeEnabled();
  await shot(page, "shift-dialog-error-1366");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, overlap)).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(row(page, bahnhof.name).getByTestId("shift")).toHaveCount(0);
});

test("the picker and the available list show who is on vacation in the week", async ({ page, request }) => {
  const filiale = await location(request, "Seefeld");
  const deniz = await employee(request, "Deniz");
  const wednesday = addDays(monday(), 2);
  const res = await request.post("/api/vacations", {
    headers: await adminHeaders(request),
    data: { employee_id: deniz.id, start_date: wednesday, end_date: addDays(wednesday, 1) },
  });
  expect(res.status(), await res.text()).toBe(201);

  await signIn(page, E2E_ADMIN, "/schedule");
  const available = page.getByRole("region", { name: "Verfügbare Mitarbeiter" });
  await expect(available.getByRole("listitem").filter({ hasText: deniz.name })).toContainText("Ferien Mi–Do");

  await addButton(page, filiale.name, wednesday).click();
  const dialog = page.getByRole("dialog", { name: "Neue Schicht" });
  const option = dialog.getByRole("option", { name: new RegExp(`^${deniz.name} – `) });
  // The one target (docs/PRODUCT-RULES.md §31.1): 40 h a week less two vacation days of eight hours.
  await expect(option).toHaveText(`${deniz.name} – 24.0 h frei – Ferien`);
  // Selectable all the same: the server decides, and refuses it.
  await dialog.getByLabel("Mitarbeiter").selectOption({ label: `${deniz.name} – 24.0 h frei – Ferien` });
  const vacation = `${deniz.name} hat am ${formatDate(wednesday)} Ferien`;
  await expect(dialog.getByRole("list", { name: "Hinweise zur Schicht" })).toContainText(`Nicht möglich: ${vacation}`);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, vacation)).toBeVisible();
});

test("the dialog lists a rest-time warning before saving; the saved toast names it", async ({ page, request }) => {
  const filiale = await location(request, "Oerlikon");
  const mia = await employee(request, "Mia");
  const tuesday = addDays(monday(), 1);
  await shift(
    request,
    {
      employee_id: mia.id,
      location_id: filiale.id,
      shift_date: tuesday,
      start_time: "15:00",
      end_time: "23:00",
    },
    30,
  );

  await signIn(page, E2E_ADMIN, "/schedule");
  await addButton(page, filiale.name, addDays(tuesday, 1)).click();
  const dialog = page.getByRole("dialog", { name: "Neue Schicht" });
  // The break starts at the legal minimum and follows the times until it is set by hand.
  await expect(dialog.getByLabel("Pause (Minuten)")).toHaveValue("30");
  await expect(dialog.getByText("Gesetzliche Mindestpause: 30 Min.")).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText("Vorschau: 09:00–17:00 · 7.5 h, 30 Min. Pause");
  await dialog.getByLabel("Mitarbeiter").selectOption({ label: `${mia.name} – 32.5 h frei` });
  await dialog.getByLabel("Beginn").fill("06:00");
  await dialog.getByLabel("Ende").fill("12:00");
  await expect(dialog.getByLabel("Pause (Minuten)")).toHaveValue("15");
  await expect(dialog.getByText("Gesetzliche Mindestpause: 15 Min.")).toBeVisible();
  const rest =
    `${mia.name} hat nach der Schicht am ${formatDate(tuesday)} bis 23:00 (${filiale.name}) nur 7.0 h Ruhezeit ` +
    "bis 06:00 (mindestens 11 h)";
  const findings = dialog.getByRole("list", { name: "Hinweise zur Schicht" });
  await expect(findings).toContainText(`Hinweis: ${rest}`);
  await expect(findings.getByRole("listitem")).toHaveCount(1);
  // A break set by hand stays; below the minimum the rules warn.
  await dialog.getByLabel("Pause (Minuten)").fill("0");
  await expect(findings.getByRole("listitem")).toHaveCount(2);
  await dialog.getByLabel("Ende").fill("12:30");
  await expect(dialog.getByLabel("Pause (Minuten)")).toHaveValue("0");
  await dialog.getByLabel("Pause (Minuten)").fill("15");
  await expect(findings.getByRole("listitem")).toHaveCount(1);
  await expect(dialog.getByRole("status")).toHaveText("Vorschau: 06:00–12:30 · 6.3 h, 15 Min. Pause");
  await shot(page, "shift-dialog-warning-1366");
  await expectAccessible(page, "shift dialog with findings");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, `Schicht erstellt! 1 Hinweis: ${rest}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, filiale.name).getByTestId("shift-findings")).toHaveCount(1);
});

test("on a phone: the findings list, the dialog with findings, no sideways page scroll", async ({ page, request }) => {
  const filiale = await location(request, "Wiedikon");
  const lena = await employee(request, "Lena", 10);
  const wednesday = addDays(monday(), 2);
  await shift(request, {
    employee_id: lena.id,
    location_id: filiale.id,
    shift_date: wednesday,
    start_time: "07:00",
    end_time: "19:00",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ADMIN, "/schedule");
  await page.getByRole("button", { name: /^Hinweise \(\d+\)$/ }).click();
  const panel = page.getByRole("region", { name: /^Hinweise \(\d+\)$/ });
  await expect(panel).toContainText(`${lena.name} ist in der Woche vom ${formatDate(monday())} mit 12.0 h über`);
  await shot(page, "planner-findings-390");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, "planner on a phone");

  await row(page, filiale.name)
    .getByRole("button", { name: /^Schicht bearbeiten/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Schicht bearbeiten" });
  await expect(dialog.getByRole("list", { name: "Hinweise zur Schicht" }).getByRole("listitem")).not.toHaveCount(0);
  await shot(page, "shift-dialog-390");
  await expectAccessible(page, "shift dialog on a phone");
});

test("public holidays: in the day's header for every location, in the cells when regions differ", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const before = await (await request.get("/api/settings", { headers })).json();
  const setRegion = async (holiday_region: string | null) => {
    const res = await request.put("/api/settings", { headers, data: { holiday_region } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const bern = await location(request, "Bern");
  let munich: Named | null = null;
  try {
    // The canton is chosen where an owner chooses it: on "Betrieb".
    await signIn(page, E2E_ADMIN, "/settings");
    await page.getByRole("combobox", { name: "Feiertage" }).selectOption({ label: "Kanton Bern" });
    await page.getByRole("form", { name: "Firma und Planung" }).getByRole("button", { name: "Speichern" }).click();
    const saved = toast(page, "Einstellungen gespeichert!");
    await expect(saved).toBeVisible();
    // The toast sits over the planner's week buttons until it goes.
    await expect(saved).toBeHidden({ timeout: 10_000 });
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Wochenplanung" })
      .click();
    // A click on the week buttons before the navigation has settled can be lost to the router's own address update:
    // wait for the planner's address, its data and this week's heading first.
    await expect(page).toHaveURL(/\/schedule/);
    await screenLoaded(page);
    await expect(page.getByText(/^KW \d+ ·/)).toContainText(formatDayMonth(monday()));
    // The week of Friday 01.01.2027 and Saturday 02.01.2027, one week per click, each shown before the next.
    const target = "2026-12-28";
    const steps = Math.round((Date.parse(target) - Date.parse(monday())) / (7 * 86_400_000));
    const button = page.getByRole("button", { name: steps >= 0 ? "Nächste Woche" : "Vorherige Woche" });
    const goToTarget = async () => {
      for (let i = 1; i <= Math.abs(steps); i++) {
        await button.click();
        const shown = addDays(monday(), 7 * i * Math.sign(steps));
        await expect(page.getByText(/^KW \d+ ·/)).toContainText(formatDayMonth(shown));
      }
    };
    await goToTarget();
    const saturday = page.getByRole("columnheader", { name: /^Sa 02\.01\./ });
    // The header also holds the day's "Tag kopieren …" (docs/PRODUCT-RULES.md §31.7).
    await expect(saturday).toContainText("Sa 02.01.Feiertag: Berchtoldstag");
    await expect(page.getByRole("columnheader", { name: /^Fr 01\.01\./ })).toContainText("Feiertag: Neujahr");
    await expect(row(page, bern.name).getByRole("cell").nth(5)).not.toContainText("Feiertag");
    await shot(page, "planner-holidays-1366");

    // A location in Bavaria: Berchtoldstag is Bern's alone, so it moves into the cells of the locations having it.
    const name = unique("München");
    const res = await request.post("/api/locations", { headers, data: { name, holiday_region: "DE-BY" } });
    expect(res.status(), await res.text()).toBe(201);
    munich = { id: (await res.json()).id, name };
    await page.reload();
    // A reload keeps the week of the address (docs/PRODUCT-RULES.md §27.4).
    await expect(page.getByText(/^KW \d+ ·/)).toContainText(formatDayMonth(target));
    await expect(saturday).not.toContainText("Feiertag");
    await expect(row(page, bern.name).getByRole("cell").nth(5)).toContainText("Feiertag: Berchtoldstag");
    await expect(row(page, munich.name).getByRole("cell").nth(5)).not.toContainText("Feiertag");
    // New Year is everyone's.
    await expect(page.getByRole("columnheader", { name: /^Fr 01\.01\./ })).toContainText("Feiertag: Neujahr");
    await shot(page, "planner-holiday-cells-1366");
    await expectAccessible(page, "planner with holidays");
  } finally {
    if (munich) await request.delete(`/api/locations/${munich.id}`, { headers });
    await setRegion(before.holiday_region);
  }
});

test("users see the markers and the list; choosing a finding focuses its chip", async ({ page, request }) => {
  const filiale = await location(request, "Enge");
  const noah = await employee(request, "Noah");
  const friday = addDays(monday(), 4);
  await shift(request, {
    employee_id: noah.id,
    location_id: filiale.id,
    shift_date: friday,
    start_time: "07:00",
    end_time: "17:00",
  });
  await publishPlan(request, { from: friday, locationIds: [filiale.id] });
  const account = await createAccount(request, "user", "leser");
  await signIn(page, account, "/schedule");
  const chip = row(page, filiale.name).getByTestId("shift");
  await expect(chip.getByTestId("shift-findings")).toHaveAttribute("data-severity", "warning");
  await page.getByRole("button", { name: /^Hinweise \(\d+\)$/ }).click();
  const panel = page.getByRole("region", { name: /^Hinweise \(\d+\)$/ });
  await panel.getByRole("button", { name: new RegExp(`Die Pause von ${noah.name}`) }).click();
  await expect(chip.getByTestId("shift-findings")).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
