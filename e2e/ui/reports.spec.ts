import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  adminHeaders,
  createAccount,
  expectAccessible,
  reviewShots,
  screenshot,
  signIn,
  toast,
  unique,
} from "./support";

// A week and month far ahead that no other test plans in: 11–17 February 2041 (KW 7).
// February 2041 starts on a Friday: 20 working days (1 + 5 + 5 + 5 + 4).
const WEEK = { start: "2041-02-11", end: "2041-02-17" };
const MONTH = { start: "2041-02-01", end: "2041-02-28" };

const hoursFormat = new Intl.NumberFormat("de-CH", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const h = (value: number) => `${hoursFormat.format(value)} h`;

type Person = { first: string; last: string };
type Seeded = { location: string; salaried: Person; hourly: Person };

/**
 * Ayşe (40 h/week) works Mon 8 h and Tue 4.5 h of the week, has vacation Thu–Fri,
 * and one more 8 h shift a week earlier; Łukasz (hourly) works Tue 22:00–06:00;
 * Wednesday has an open shift; one shift in March lies outside the month.
 */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const headers = await adminHeaders(request);
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const location = await post("/locations", { name: unique("Łódź Bahnhof"), color: "#10B981" });
  const salaried = { first: "Ayşe", last: unique("Şahin") };
  const hourly = { first: "Łukasz", last: unique("Nowak") };
  const ayse = await post("/employees", { first_name: salaried.first, last_name: salaried.last, weekly_hours: 40 });
  const lukasz = await post("/employees", {
    first_name: hourly.first,
    last_name: hourly.last,
    weekly_hours: 10,
    is_hourly: true,
  });
  const shifts: [number | null, string, string, string][] = [
    [ayse.id, "2041-02-11", "09:00", "17:00"],
    [ayse.id, "2041-02-12", "08:00", "12:30"],
    [lukasz.id, "2041-02-12", "22:00", "06:00"],
    [null, "2041-02-13", "10:00", "14:00"],
    [ayse.id, "2041-02-04", "09:00", "17:00"],
    [ayse.id, "2041-03-04", "09:00", "17:00"],
  ];
  for (const [employee_id, shift_date, start_time, end_time] of shifts) {
    await post("/shifts", {
      employee_id,
      location_id: location.id,
      shift_date,
      start_time,
      end_time,
      is_custom: false,
    });
  }
  await post("/vacations", { employee_id: ayse.id, start_date: "2041-02-14", end_date: "2041-02-15" });
  return { location: location.name, salaried, hourly };
}

const day = (page: Page, heading: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
const row = (page: Page, lastName: string) => page.getByRole("row").filter({ hasText: lastName });

async function pickWeek(page: Page, date: string) {
  await page.getByRole("radio", { name: "Woche" }).check();
  await page.getByLabel("Datum in der Woche").fill(date);
}

async function pickMonth(page: Page, month: string) {
  await page.getByRole("radio", { name: "Monat" }).check();
  await page.getByLabel("Kalendermonat").fill(month);
}

async function expectNoPageOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

test("manager previews the week's schedule and the hours report with the right figures", async ({ page, request }) => {
  test.setTimeout(60_000); // a long journey through both tabs, week, month and phone size on 2 busy cores
  const data = await seed(request);
  const manager = await createAccount(request, "manager", "bericht");
  await signIn(page, manager, "/reports");
  await expect(page.getByRole("heading", { name: "Berichte", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Arbeitsplan" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Diese Woche" })).toHaveAttribute("aria-pressed", "true");

  // A Wednesday picks its Monday–Sunday week.
  await pickWeek(page, "2041-02-13");
  await expect(page.getByRole("heading", { name: "KW 7 · 11.02.2041 – 17.02.2041" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Diese Woche" })).toHaveAttribute("aria-pressed", "false");

  const monday = day(page, "Mo 11.02.");
  await expect(monday).toContainText("1 Schicht · 8.0 h");
  await expect(monday).toContainText("09:00–17:00 · 8.0 h");
  await expect(monday).toContainText(`${data.salaried.first} ${data.salaried.last}`);
  await expect(monday).toContainText(data.location);
  const tuesday = day(page, "Di 12.02.");
  await expect(tuesday).toContainText("2 Schichten · 12.5 h");
  await expect(tuesday).toContainText("08:00–12:30 · 4.5 h");
  await expect(tuesday).toContainText("22:00–06:00 · 8.0 h"); // across midnight
  await expect(tuesday).toContainText(`${data.hourly.first} ${data.hourly.last}`);
  await expect(day(page, "Mi 13.02.")).toContainText("10:00–14:00 · 4.0 h");
  await expect(day(page, "Mi 13.02.")).toContainText("Offen");
  await expect(day(page, "Do 14.02.")).toContainText("Keine Schichten");
  await expect(day(page, "So 17.02.")).toBeVisible();
  await expect(page.getByText("24.5 h · 4 Schichten · davon 1 offen")).toBeVisible();
  await expectAccessible(page, "reports: schedule tab");
  await screenshot(page, "reports-schedule");

  // Arrow key to the second tab; the period stays. The report it loads is kept for the totals below.
  const hoursReport = page.waitForResponse((res) =>
    res.url().endsWith(`/api/reports/hours?start_date=${WEEK.start}&end_date=${WEEK.end}`),
  );
  await page.getByRole("tab", { name: "Arbeitsplan" }).focus();
  await page.keyboard.press("ArrowRight");
  const hoursTab = page.getByRole("tab", { name: "Stundenbericht" });
  await expect(hoursTab).toHaveAttribute("aria-selected", "true");
  await expect(hoursTab).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Stundenbericht" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "KW 7 · 11.02.2041 – 17.02.2041" })).toBeVisible();

  // Target = 40 / 5 × (5 working days − 2 vacation days) = 24 h; scheduled 8 + 4.5.
  const ayse = row(page, data.salaried.last);
  await expect(ayse.getByRole("cell")).toHaveText(["Fest (40.0 h/Woche)", h(24), h(12.5), "-11.5 h", "2", "2"]);
  await expect(ayse.getByRole("cell").nth(3).locator("span")).toHaveClass(/text-red-700/);
  await expect(row(page, data.hourly.last).getByRole("cell")).toHaveText(["Stundenlohn", "–", h(8), "–", "1", "0"]);
  // Totals of everyone the report lists, as the API computed them in the answer this screen shows: every salaried
  // employee has a target, so another spec's new employee changes the figures of a report asked for later.
  const hoursAnswer = await hoursReport;
  expect(hoursAnswer.status()).toBe(200);
  const all = await hoursAnswer.json();
  // Soll against Geplant of those with contract hours; the hourly staff's hours on a line of their own (§29.5).
  const totals = page.getByRole("row").filter({ hasText: "Total Fest (" });
  const { salaried, hourly } = all.totals;
  await expect(totals).toContainText(`Total Fest (${salaried.employees} Mitarbeitende)`);
  await expect(totals.getByRole("cell").nth(1)).toHaveText(h(salaried.target_hours));
  await expect(totals.getByRole("cell").nth(2)).toHaveText(h(salaried.scheduled_hours));
  await expect(totals.getByRole("cell").nth(4)).toHaveText(String(salaried.shift_count));
  const hourlyTotals = page.getByRole("row").filter({ hasText: "Total Stundenlohn (" });
  await expect(hourlyTotals).toContainText(`Total Stundenlohn (${hourly.employees} Mitarbeitende)`);
  await expect(hourlyTotals.getByRole("cell").nth(1)).toHaveText("–");
  await expect(hourlyTotals.getByRole("cell").nth(2)).toHaveText(h(hourly.scheduled_hours));
  await expect(hourlyTotals.getByRole("cell").nth(4)).toHaveText(String(hourly.shift_count));
  await expectAccessible(page, "reports: hours tab");
  await reviewShots(page, "hours-report");
  await screenshot(page, "reports-hours");

  // One employee: the table and its totals are hers alone.
  await page
    .getByLabel("Mitarbeiter", { exact: true })
    .selectOption({ label: `${data.salaried.last}, ${data.salaried.first}` });
  await expect(page.getByRole("row")).toHaveCount(3);
  await expect(totals.getByRole("cell")).toHaveText(["", h(24), h(12.5), "-11.5 h", "2", "2"]);
  await expect(hourlyTotals).toHaveCount(0);

  // The month: 40 / 5 × (20 − 2) = 144 h; the March shift is outside.
  await pickMonth(page, "2041-02");
  await expect(page.getByRole("heading", { name: "Februar 2041 · 01.02.2041 – 28.02.2041" })).toBeVisible();
  await expect(ayse.getByRole("cell")).toHaveText(["Fest (40.0 h/Woche)", h(144), h(20.5), "-123.5 h", "3", "2"]);

  await page.getByRole("tab", { name: "Arbeitsplan" }).click();
  await expect(page.getByRole("heading", { name: "KW 5 · 01.02.–03.02." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "KW 9 · 25.02.–28.02." })).toBeVisible();
  const week = (name: string) =>
    page.locator("section").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(week("KW 7 · 11.02.–17.02.")).toContainText("4 Schichten · 24.5 h");
  await expect(week("KW 8 · 18.02.–24.02.")).toContainText("Keine Schichten");
  await expect(week("KW 8 · 18.02.–24.02.").getByRole("listitem")).toHaveCount(0);
  await expect(page.getByText("32.5 h · 5 Schichten · davon 1 offen")).toBeVisible();
  await expect(day(page, "Mo 04.02.")).toContainText("1 Schicht · 8.0 h");
  await screenshot(page, "reports-schedule-month");

  // Phone: usable, nothing wider than the screen (the table scrolls in its own box).
  await page.setViewportSize({ width: 390, height: 844 });
  await pickWeek(page, "2041-02-11");
  await expect(day(page, "Di 12.02.")).toContainText("2 Schichten · 12.5 h");
  await expectNoPageOverflow(page);
  await screenshot(page, "reports-schedule-phone");
  await page.getByRole("tab", { name: "Stundenbericht" }).click();
  // The employment type moves under the name; the figures follow it directly.
  await expect(ayse.getByRole("rowheader")).toContainText("Fest (40.0 h/Woche)");
  await expect(ayse.getByRole("cell")).toHaveText([h(24), h(12.5), "-11.5 h", "2", "2"]);
  await expectNoPageOverflow(page);
  await screenshot(page, "reports-hours-phone");
});

test("the shortcuts pick this week, this month and last month", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "kurz");
  await signIn(page, manager, "/reports");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date());
  const [year, month] = today.split("-").map(Number);
  const dmy = (y: number, m: number, d: number) => `${String(d).padStart(2, "0")}.${String(m).padStart(2, "0")}.${y}`;
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const [prevYear, prevMonth] = month === 1 ? [year - 1, 12] : [year, month - 1];

  await page.getByRole("button", { name: "Dieser Monat" }).click();
  await expect(page.getByRole("radio", { name: "Monat" })).toBeChecked();
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(
    `${dmy(year, month, 1)} – ${dmy(year, month, lastDay(year, month))}`,
  );
  await page.getByRole("button", { name: "Letzter Monat" }).click();
  await expect(page.getByRole("button", { name: "Letzter Monat" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Kalendermonat")).toHaveValue(`${prevYear}-${String(prevMonth).padStart(2, "0")}`);
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(
    `${dmy(prevYear, prevMonth, 1)} – ${dmy(prevYear, prevMonth, lastDay(prevYear, prevMonth))}`,
  );
  await page.getByRole("button", { name: "Diese Woche" }).click();
  await expect(page.getByRole("radio", { name: "Woche" })).toBeChecked();
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(
    /^KW \d+ · \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/,
  );
});

test("both PDFs download with their filenames; the hours PDF keeps the employee filter", async ({ page, request }) => {
  const last = unique("Nowak");
  const res = await request.post("/api/employees", {
    headers: await adminHeaders(request),
    data: { first_name: "Łukasz", last_name: last, is_hourly: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const employee = await res.json();
  const manager = await createAccount(request, "manager", "pdf");
  await signIn(page, manager, "/reports");
  await pickWeek(page, "2041-02-17");

  let download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Arbeitsplan als PDF" }).click();
  const schedule = await download;
  expect(schedule.suggestedFilename()).toBe(`Arbeitsplan_${WEEK.start}_${WEEK.end}.pdf`);
  expect(
    readFileSync(await schedule.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await expect(toast(page, "PDF wurde heruntergeladen!")).toBeVisible();

  // "Zeilen: Mitarbeitende", chosen with the arrow key, goes with the download as rows=employees.
  await page.getByRole("radio", { name: "Standorte" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Mitarbeitende" })).toBeChecked();
  download = page.waitForEvent("download");
  const byEmployee = page.waitForRequest((req) => req.url().includes("/api/reports/schedule/pdf"));
  await page.getByRole("button", { name: "Arbeitsplan als PDF" }).click();
  expect((await download).suggestedFilename()).toBe(`Arbeitsplan_${WEEK.start}_${WEEK.end}.pdf`);
  expect(new URL((await byEmployee).url()).searchParams.get("rows")).toBe("employees");

  await page.getByRole("tab", { name: "Stundenbericht" }).click();
  await pickMonth(page, "2041-02");
  await page.getByLabel("Mitarbeiter", { exact: true }).selectOption({ label: `${last}, Łukasz` });
  await expect(page.getByRole("row")).toHaveCount(3);
  download = page.waitForEvent("download");
  const pdfRequest = page.waitForRequest((req) => req.url().includes("/api/reports/hours/pdf"));
  await page.getByRole("button", { name: "Stundenbericht als PDF" }).click();
  const hours = await download;
  expect(hours.suggestedFilename()).toBe(`Stundenbericht_${MONTH.start}_${MONTH.end}.pdf`);
  expect(new URL((await pdfRequest).url()).searchParams.get("employee_id")).toBe(String(employee.id));
  await expect(toast(page, "PDF wurde heruntergeladen!").first()).toBeVisible();
});

test("without a filename from the server the PDF is named after report and period", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "pdfname");
  await signIn(page, manager, "/reports");
  await pickWeek(page, WEEK.start);
  await page.route(/\/api\/reports\/schedule\/pdf\?/, async (route) => {
    const response = await route.fetch();
    const { "content-disposition": _dropped, ...headers } = response.headers();
    await route.fulfill({ response, headers });
  });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Arbeitsplan als PDF" }).click();
  expect((await download).suggestedFilename()).toBe(`Arbeitsplan_${WEEK.start}_${WEEK.end}.pdf`);
});

test("a failing PDF: busy label meanwhile, then 'Fehler beim Erstellen des PDFs'", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "pdffail");
  await signIn(page, manager, "/reports");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/reports\/schedule\/pdf\?/, async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "Interner Serverfehler", code: "internal" }),
    });
  });
  await page.getByRole("button", { name: "Arbeitsplan als PDF" }).click();
  const busy = page.getByRole("button", { name: "PDF wird erstellt..." });
  await expect(busy).toBeDisabled();
  release();
  await expect(toast(page, "Fehler beim Erstellen des PDFs")).toBeVisible();
  await expect(page.getByRole("button", { name: "Arbeitsplan als PDF" })).toBeEnabled();
});

test("a failed load says 'Fehler beim Laden der Daten' and can be retried", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "ladefehler");
  await page.route(/\/api\/shifts\?/, (route) => route.abort());
  await signIn(page, manager, "/reports");
  await expect(toast(page, "Fehler beim Laden der Daten")).toBeVisible();
  await page.unroute(/\/api\/shifts\?/);
  await page.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(
    page.getByRole("heading", { name: "Total Zeitraum" }).or(page.getByText("Keine Schichten in diesem Zeitraum")),
  ).toBeVisible();
});

test("a user account is turned away", async ({ page, request }) => {
  const user = await createAccount(request, "user", "leser");
  await signIn(page, user, "/reports");
  await expect(
    page.getByRole("alert").filter({ hasText: "Berichte sind nur für Manager und Administratoren verfügbar" }),
  ).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /als PDF$/ })).toHaveCount(0);
});
