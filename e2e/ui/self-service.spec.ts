import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate, formatDayMonth } from "../../lib/shared/format";
import {
  createAccount,
  createAsAdmin,
  expectAccessible,
  publishPlan,
  screenLoaded,
  screenshot,
  signIn,
  toast,
  unique,
} from "./support";

// The staff side end to end (docs/PRODUCT-RULES.md §26): an admin links the shared "theke" login to an employee;
// on a phone she requests three days off, marks Friday unavailable, offers to take an open shift and copies her
// calendar link; the manager approves the request (her shifts of those days open), assigns her the shift she
// offered to take, publishes the week, and she sees both on Meine Schichten.

/** The manager's planner row of a location. */
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

test("staff journey: link, request, unavailable, apply, calendar; manager approves and assigns", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const nextMonday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const [monday, wednesday, thursday, friday] = [0, 2, 3, 4].map((days) => addDays(nextMonday, days));
  const locationName = unique("Seefeld");
  const location = await createAsAdmin(request, "/api/locations", { name: locationName, address: "Seefeldstrasse 5" });
  const lastName = unique("Brunner");
  const lea = await createAsAdmin(request, "/api/employees", {
    first_name: "Lea",
    last_name: lastName,
    weekly_hours: 24,
  });
  const name = `Lea ${lastName}`;
  for (const day of [monday, addDays(nextMonday, 1), wednesday])
    await createAsAdmin(request, "/api/shifts", {
      employee_id: lea.id,
      location_id: location.id,
      shift_date: day,
      start_time: "08:00",
      end_time: "13:00",
    });
  await createAsAdmin(request, "/api/shifts", {
    employee_id: null,
    location_id: location.id,
    shift_date: thursday,
    start_time: "10:00",
    end_time: "15:00",
  });
  await publishPlan(request, { from: monday, to: friday, locationIds: [location.id] });
  const theke = await createAccount(request, "user", "theke");
  const manager = await createAccount(request, "manager", "chefin");

  // 1. The admin links "theke" to Lea on the users screen.
  await signIn(page, E2E_ADMIN, "/users");
  await page
    .getByRole("row")
    .filter({ hasText: theke.username })
    .getByRole("combobox", { name: `Verknüpfter Mitarbeiter von ${theke.username}` })
    .selectOption({ label: name });
  await expect(toast(page, "Mitarbeiter verknüpft!")).toBeVisible();

  // 2. Lea signs in on her phone and lands on Meine Schichten.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.grantPermissions(["clipboard-read", "clipboard-write"]);
  const staff = await phone.newPage();
  await staff.goto("/login");
  await staff.getByLabel("Benutzername").fill(theke.username);
  await staff.getByLabel("Passwort").fill(theke.password);
  await staff.getByRole("button", { name: "Anmelden" }).click();
  await expect(staff).toHaveURL(/\/me$/);
  await expect(staff.getByRole("heading", { name: "Meine Schichten", level: 1 })).toBeVisible();
  await screenLoaded(staff);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const nextWeek = staff.getByRole("listitem").filter({ hasText: "Nächste Woche" });
  await expect(nextWeek).toContainText("15.0 / 24.0 h");
  await expect(nextWeek).toContainText(locationName);
  await expectAccessible(staff, "Meine Schichten");
  await screenshot(staff, "me-390");

  // 3. Three days off: Monday to Wednesday.
  await staff.getByRole("button", { name: "Ferien beantragen" }).click();
  const request3 = staff.getByRole("dialog", { name: "Ferien beantragen" });
  await request3.getByLabel("Von").fill(monday);
  await request3.getByLabel("Bis").fill(wednesday);
  await expect(request3).toContainText("3 Arbeitstage");
  await request3.getByRole("button", { name: "Beantragen" }).click();
  await expect(toast(staff, "Ferienantrag gesendet!")).toBeVisible();
  const vacations = staff.locator("#ferien");
  await expect(vacations.getByRole("listitem").filter({ hasText: formatDate(monday) })).toContainText("Beantragt");
  await expect(vacations.getByRole("definition").nth(1)).toHaveText("3");

  // 4. Friday: not available.
  await staff.getByRole("button", { name: "Nicht verfügbar eintragen" }).click();
  const unavailable = staff.getByRole("dialog", { name: "Nicht verfügbar eintragen" });
  await expect(unavailable.getByLabel("Mitarbeiter")).toHaveCount(0);
  await unavailable.getByLabel("Von", { exact: true }).fill(friday);
  await unavailable.getByLabel("Bis", { exact: true }).fill(friday);
  await unavailable.getByLabel("Notiz (optional)").fill("Prüfung");
  await unavailable.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(staff, "Nicht verfügbar eingetragen!")).toBeVisible();
  await expect(staff.locator("#nicht-verfuegbar")).toContainText(`Fr ${formatDate(friday)}`);
  await expect(nextWeek.getByRole("listitem").filter({ hasText: formatDayMonth(friday) })).toContainText(
    "Nicht verfügbar",
  );

  // 5. "Ich kann" for the open Thursday shift. The list offers every location's open shifts (she may work anywhere):
  // only those of this test's location are its own.
  const openHere = staff.locator("#offen").getByRole("listitem").filter({ hasText: locationName });
  const openShift = openHere.filter({ hasText: formatDate(thursday) });
  await openShift.getByRole("button", { name: /Ich kann/ }).click();
  await expect(toast(staff, "Du hast dich gemeldet!")).toBeVisible();
  await expect(openShift).toContainText("Gemeldet");

  // 6. The calendar link, shown once, copied, and serving her shifts.
  await staff.getByRole("button", { name: "Kalender-Link erzeugen" }).click();
  await expect(toast(staff, "Kalender-Link erstellt!")).toBeVisible();
  const link = await staff.getByLabel("Dein Kalender-Link (wird nur jetzt angezeigt)").inputValue();
  expect(link).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(staff.getByRole("link", { name: "In Kalender-App öffnen" })).toHaveAttribute(
    "href",
    link.replace(/^https?:/, "webcal:"),
  );
  await staff.getByRole("button", { name: "Link kopieren" }).click();
  await expect(toast(staff, "Link kopiert!")).toBeVisible();
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const feed = await request.get(link);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("Seefeldstrasse 5");
  await screenshot(staff, "me-390-done");

  // 7. The manager approves: Lea's three shifts of those days become open.
  await signIn(page, manager, "/");
  await expect(page.getByText(/Ferienantr(ag wartet|äge warten) auf Entscheid/)).toBeVisible();
  await page.getByRole("link", { name: "Anträge ansehen" }).click();
  await expect(page).toHaveURL(/\/vacations\?status=requested/);
  await page.getByRole("button", { name: `Ferienantrag von ${name} ab ${formatDate(monday)} genehmigen` }).click();
  await expect(toast(page, "Ferienantrag genehmigt! 3 Schichten sind jetzt offen.")).toBeVisible();

  // 8. ... sees Lea's offer on the open Thursday shift and assigns it with one click.
  await page.goto("/schedule");
  await screenLoaded(page);
  await page.getByRole("button", { name: "Nächste Woche" }).click();
  await row(page, locationName)
    .getByRole("button", { name: /^Schicht bearbeiten: Offen.*1 Bewerbung/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Schicht bearbeiten" });
  await dialog.getByRole("button", { name: `Zuweisen: ${name}` }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `Schicht an ${name} vergeben!` })).toBeVisible();
  // ... and publishes the week: until then Lea sees the plan as it was (docs/PRODUCT-RULES.md §33.3).
  await page.getByRole("button", { name: "Veröffentlichen" }).click();
  await page
    .getByRole("dialog", { name: "Plan veröffentlichen" })
    .getByRole("button", { name: "Veröffentlichen" })
    .click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Plan veröffentlicht:" })).toBeVisible();

  // 9. Lea sees both: the vacation approved, Thursday hers, the offer gone from the open shifts.
  await staff.reload();
  await screenLoaded(staff);
  await expect(vacations.getByRole("listitem").filter({ hasText: formatDate(monday) })).toContainText("Genehmigt");
  await expect(nextWeek).toContainText("10:00–15:00");
  // Against the week's target (§31.1): 24 h less the three vacation days of 4.8 h.
  await expect(nextWeek).toContainText("5.0 / 9.6 h");
  await expect(nextWeek.getByRole("listitem").filter({ hasText: formatDayMonth(monday) })).toContainText("Ferien");
  await expect(openShift).toHaveCount(0);
  // Her own Monday to Wednesday shifts are open now, but not hers to take: none of this location's is offered.
  await expect(openHere).toHaveCount(0);
  // Nothing sticks out sideways on the phone.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(staff, "me-390-after");
  await phone.close();

  await signIn(page, theke, "/me");
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole("heading", { name: "Ferien", level: 2 })).toBeVisible();
  await screenshot(page, "me-1366");
});
