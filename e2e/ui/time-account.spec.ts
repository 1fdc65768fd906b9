import { expect, test } from "@playwright/test";
import { todayIn } from "../../lib/shared/dates";
import { monthLabel, shiftMonth } from "../../lib/shared/periods";
import { instantAt } from "../../components/time/time-view";
import {
  adminHeaders,
  createAccount,
  createAsAdmin,
  expectAccessible,
  reviewShots,
  screenLoaded,
  signIn,
  toast,
  unique,
} from "./support";

// The time account (docs/PRODUCT-RULES.md §34.3–§34.5): a manager reads last month's accounts on /time, books a
// payout, asks for the payroll export before the month is approved (refused, naming who), approves; the employee
// then finds the message and the account with the Monatsabrechnung on Meine Schichten.

const ZONE = "Europe/Zurich";

test("a manager books on the time account; the employee reads the balance and downloads the statement", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const month = shiftMonth(todayIn(ZONE), -1).slice(0, 7); // last month: every day of it is past
  const place = unique("Konto-Filiale");
  const last = unique("Konto");
  const location = await createAsAdmin(request, "/api/locations", { name: place });
  const lea = await createAsAdmin(request, "/api/employees", { first_name: "Lea", last_name: last, weekly_hours: 5 });
  const headers = await adminHeaders(request);
  const opening = await request.put("/api/time-accounts/opening", {
    headers,
    data: { employee_id: lea.id, month, minutes: 120, reason: "Übertrag aus der alten Liste" },
  });
  expect(opening.status(), await opening.text()).toBe(200);
  for (const day of ["05", "06", "07"])
    await createAsAdmin(request, "/api/time-entries", {
      employee_id: lea.id,
      location_id: location.id,
      start_at: instantAt(ZONE, `${month}-${day}`, "08:00"),
      end_at: instantAt(ZONE, `${month}-${day}`, "12:00"),
      reason: "Nachgetragen für den Test",
    });
  const staff = { username: unique("konto"), password: "ui-test-passwort" };
  const user = await request.post("/api/users", {
    headers,
    data: { ...staff, role: "user", employee_id: lea.id, must_change_password: false },
  });
  expect(user.status(), await user.text()).toBe(201);
  const manager = await createAccount(request, "manager", "konto");

  await signIn(page, manager, "/time");
  await page.getByRole("radio", { name: "Monat" }).check();
  await page.getByRole("button", { name: "← Zurück" }).click();
  await page.getByLabel("Standort").selectOption({ label: place });
  await screenLoaded(page);
  const accounts = page.getByRole("region", { name: `Zeitkonten ${monthLabel(month)}` });
  const row = accounts.getByRole("row", { name: new RegExp(`Lea ${last}`) });
  await expect(row).toContainText("+2:00"); // brought in
  await expect(row).toContainText("12:00"); // worked: three mornings of 4 h
  await expect(row).toContainText("vorläufig");

  await row.getByRole("button", { name: `Buchen für Lea ${last}` }).click();
  const dialog = page.getByRole("dialog", { name: "Auf dem Zeitkonto buchen" });
  await dialog.getByLabel("Stunden").fill("1,5");
  await dialog.getByRole("button", { name: "Buchen" }).click();
  await expect(dialog.getByText("Bitte gib eine Begründung ein")).toBeVisible();
  await dialog.getByLabel("Begründung").fill("Mit dem Lohn ausbezahlt");
  await dialog.getByRole("button", { name: "Buchen" }).click();
  await expect(toast(page, "Auszahlung gebucht!")).toBeVisible();
  await expect(row).toContainText("−1:30");
  await expectAccessible(page, "time accounts");
  await reviewShots(page, "time-accounts");

  // Not approved yet: the export is refused with who is missing.
  await page
    .getByRole("group", { name: `Lohndaten ${monthLabel(month)}` })
    .getByRole("button", { name: "CSV" })
    .click();
  const refusal = page.locator("[data-sonner-toast]").filter({ hasText: "noch nicht genehmigt" });
  await expect(refusal).toContainText(
    `Der Monat ${month.slice(5, 7)}.${month.slice(0, 4)} ist noch nicht genehmigt für:`,
  );
  await expect(refusal).toContainText(`Lea ${last}`);

  const approved = await request.post("/api/timesheets/approve", { headers, data: { employee_id: lea.id, month } });
  expect(approved.status(), await approved.text()).toBe(200);

  // Lea: the message, the balance and her statement.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, staff, "/notifications");
  await expect(page.getByText(`Deine Monatsabrechnung ${monthLabel(month)} ist bereit`)).toBeVisible();
  await page.goto("/me#zeitkonto");
  await screenLoaded(page);
  await page.getByRole("button", { name: "Zeitkonto anzeigen" }).click();
  const own = page.getByRole("region", { name: "Zeitkonto" });
  await expect(own.getByText(monthLabel(month), { exact: true })).toBeVisible();
  await expect(own.getByText(/genehmigt/).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await own.getByRole("button", { name: `Monatsabrechnung ${monthLabel(month)}` }).click();
  expect((await download).suggestedFilename()).toBe(`monatsabrechnung-${month}-lea-${last.toLowerCase()}.pdf`);
  await expect(toast(page, "Monatsabrechnung wurde heruntergeladen!")).toBeVisible();
  await expectAccessible(page, "own time account");
  await reviewShots(page, "me-time-account");
});

test("a manager sets an opening balance on /time; the account carries it; an approved month refuses a new one", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const month = shiftMonth(todayIn(ZONE), -1).slice(0, 7);
  const last = unique("Anfang");
  const name = `Nora ${last}`;
  // No weekly hours: no target, so the carried balance is the opening itself.
  const nora = await createAsAdmin(request, "/api/employees", { first_name: "Nora", last_name: last, weekly_hours: 0 });
  const headers = await adminHeaders(request);
  const account = async () => {
    const query = `year=${month.slice(0, 4)}&month=${Number(month.slice(5, 7))}&employee_id=${nora.id}`;
    const res = await request.get(`/api/time-accounts?${query}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).accounts[0];
  };
  const manager = await createAccount(request, "manager", "anfang");

  await signIn(page, manager, "/time");
  await page.getByRole("radio", { name: "Monat" }).check();
  await page.getByRole("button", { name: "← Zurück" }).click();
  await page.getByLabel("Mitarbeitende").selectOption({ label: name });
  await screenLoaded(page);
  const accounts = page.getByRole("region", { name: `Zeitkonten ${monthLabel(month)}` });
  // Without entries the account has not begun: her name opens the dialog.
  await expect(accounts).toContainText("Noch ohne Zeitkonto");
  await reviewShots(page, "time-opening-not-begun");
  await accounts.getByRole("button", { name: `Anfangssaldo setzen für ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Anfangssaldo setzen" });
  await expect(dialog.getByLabel("Ab Monat")).toHaveValue(month);
  await dialog.getByLabel("Saldo (Stunden:Minuten)").fill("12:75");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte gib den Saldo in Stunden:Minuten an, z. B. 12:30 oder −3:15")).toBeVisible();
  await expect(dialog.getByText("Bitte gib eine Begründung ein")).toBeVisible();
  await dialog.getByLabel("Saldo (Stunden:Minuten)").fill("12:30");
  await dialog.getByLabel("Begründung").fill("Übertrag aus der alten Liste");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Anfangssaldo gesetzt!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = accounts.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell").first()).toHaveText("+12:30"); // Übertrag
  await expect(row.getByRole("cell").nth(6)).toHaveText("+12:30"); // Neuer Übertrag
  expect((await account()).opening).toMatchObject({ month, minutes: 750, reason: "Übertrag aus der alten Liste" });
  expect((await account()).months[0].carried_minutes).toBe(750);

  // Set again from the row: it replaces the first, with a minus the table writes too.
  await row.getByRole("button", { name: `Anfangssaldo setzen für ${name}` }).click();
  await expect(dialog).toContainText("Bisher: +12:30 h ab");
  await expect(dialog.getByLabel("Saldo (Stunden:Minuten)")).toHaveValue("+12:30");
  await dialog.getByLabel("Saldo (Stunden:Minuten)").fill("−3:15");
  await dialog.getByLabel("Begründung").fill("Falsch übertragen");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Anfangssaldo gesetzt!").last()).toBeVisible();
  await expect(row.getByRole("cell").nth(6)).toHaveText("−3:15");
  expect((await account()).months[0].carried_minutes).toBe(-195);

  // Once the month is approved the server refuses; its reason stays in the dialog and nothing changes.
  const approved = await request.post("/api/timesheets/approve", { headers, data: { employee_id: nora.id, month } });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await screenLoaded(page);
  await page.getByRole("radio", { name: "Monat" }).check();
  await page.getByRole("button", { name: "← Zurück" }).click();
  await page.getByLabel("Mitarbeitende").selectOption({ label: name });
  await screenLoaded(page);
  await expect(row).toContainText("genehmigt");
  await row.getByRole("button", { name: `Anfangssaldo setzen für ${name}` }).click();
  await dialog.getByLabel("Saldo (Stunden:Minuten)").fill("1:00");
  await dialog.getByLabel("Begründung").fill("Doch anders");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    `Der Monat ${month.slice(5, 7)}.${month.slice(0, 4)} von ${name} ist genehmigt: der Anfangssaldo lässt sich ` +
      "erst nach dem Wiedereröffnen.",
  );
  await expect(dialog.getByLabel("Saldo (Stunden:Minuten)")).toHaveValue("1:00");
  expect((await account()).opening.minutes).toBe(-195);
  await expectAccessible(page, "opening balance refused");
  await reviewShots(page, "time-opening-refused");
  await dialog.getByRole("button", { name: "Abbrechen" }).click();

  // A phone: the card per person offers it too.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = accounts.getByRole("listitem", { name });
  await expect(card).toContainText("−3:15");
  await card.getByRole("button", { name: `Anfangssaldo setzen für ${name}` }).click();
  await expect(dialog).toBeVisible();
  await reviewShots(page, "time-opening-dialog");
});
