import { expect, test } from "@playwright/test";
import { todayIn } from "../../lib/shared/dates";
import { monthLabel, shiftMonth } from "../../lib/shared/periods";
import { instantAt } from "../../components/time/time-view";
import {
  createAccount,
  createAsAdmin,
  expectAccessible,
  reviewShots,
  screenLoaded,
  signIn,
  toast,
  unique,
} from "./support";

// The manager's timesheet (docs/PRODUCT-RULES.md §32.6): planned vs. worked of last month at a location of this test's
// own, a flag, a correction with its reason in the Verlauf, a night entry added, the month approved (editing
// disabled) and reopened with a reason.

const ZONE = "Europe/Zurich";

test("a manager compares planned and worked, corrects with a reason, approves and reopens the month", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const month = shiftMonth(todayIn(ZONE), -1); // yyyy-MM-01 of last month: every day of it is past
  const [day1, day2, day3] = ["10", "11", "12"].map((day) => `${month.slice(0, 8)}${day}`);
  const place = unique("Zeit-Filiale");
  const [lateLast, onTimeLast] = [unique("Spaet"), unique("Puenktlich")];
  const location = await createAsAdmin(request, "/api/locations", { name: place });
  const late = await createAsAdmin(request, "/api/employees", { first_name: "Lea", last_name: lateLast });
  const onTime = await createAsAdmin(request, "/api/employees", { first_name: "Ben", last_name: onTimeLast });
  const shift = (employee: { id: number }, date: string, start: string, end: string) =>
    createAsAdmin(request, "/api/shifts", {
      employee_id: employee.id,
      location_id: location.id,
      shift_date: date,
      start_time: start,
      end_time: end,
    });
  const entry = (employee: { id: number }, date: string, start: string, end: string) =>
    createAsAdmin(request, "/api/time-entries", {
      employee_id: employee.id,
      location_id: location.id,
      start_at: instantAt(ZONE, date, start),
      end_at: instantAt(ZONE, date, end),
      reason: "Nachgetragen für den Test",
    });
  await shift(late, day1, "08:00", "16:00");
  await entry(late, day1, "08:20", "16:00");
  await shift(onTime, day1, "09:00", "17:00");
  await entry(onTime, day1, "09:00", "17:00");
  await shift(onTime, day2, "09:00", "17:00"); // never stamped
  const manager = await createAccount(request, "manager", "time");

  await signIn(page, manager, "/");
  await page.getByRole("navigation").getByRole("link", { name: "Zeiterfassung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Zeiterfassung" })).toBeVisible();
  await screenLoaded(page);
  await page.getByRole("radio", { name: "Monat" }).check();
  await page.getByRole("button", { name: "← Zurück" }).click();
  await page.getByLabel("Standort").selectOption({ label: place });

  const lea = page.getByRole("region", { name: `Lea ${lateLast}` });
  const ben = page.getByRole("region", { name: `Ben ${onTimeLast}` });
  await expect(lea.getByText("Beginn 20 min später als geplant")).toBeVisible();
  await expect(lea.getByText("08:00–16:00 · 8:00 h")).toBeVisible();
  await expect(lea.getByText("08:20–16:00", { exact: true })).toBeVisible();
  await expect(lea.getByLabel("Summen")).toContainText("Geplant8:00 h");
  await expect(lea.getByLabel("Summen")).toContainText("Differenz−0:20 h");
  await expect(ben.getByText("Nicht gestempelt")).toBeVisible();
  await expect(ben.getByLabel("Summen")).toContainText("Differenz−8:00 h");
  await expectAccessible(page, "time sheet");
  await reviewShots(page, "time-sheet");

  // Correct Lea's start: the reason is required, and the change is in the entry's Verlauf.
  await lea.getByRole("button", { name: "Korrigieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Eintrag korrigieren" });
  await dialog.getByLabel("Beginn").fill("08:00");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte gib eine Begründung ein")).toBeVisible();
  await dialog.getByLabel("Begründung").fill("Stempel am Terminal vergessen");
  await expectAccessible(page, "entry dialog");
  await reviewShots(page, "time-entry-dialog");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Eintrag korrigiert!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(lea.getByText("Beginn 20 min später als geplant")).toBeHidden();
  await expect(lea.getByLabel("Summen")).toContainText("Differenz±0:00 h");
  await lea.getByRole("button", { name: "Verlauf" }).click();
  const history = page.getByRole("dialog", { name: "Verlauf des Eintrags" });
  await expect(history.getByText("Begründung: Stempel am Terminal vergessen")).toBeVisible();
  await expect(history.getByText(/08:20–16:00 · .* → .*08:00–16:00/)).toBeVisible();
  await reviewShots(page, "time-history");
  await history.getByRole("button", { name: "Schliessen" }).first().click();
  await expect(history).toBeHidden();

  // A night entry for Ben ending after midnight, without a planned shift.
  await page.getByRole("button", { name: "+ Eintrag hinzufügen" }).click();
  const add = page.getByRole("dialog", { name: "Eintrag hinzufügen" });
  await add.getByLabel("Mitarbeiter").selectOption({ label: `Ben ${onTimeLast}` });
  await add.getByLabel("Standort").selectOption({ label: place });
  await add.getByLabel("Datum").fill(day3);
  await add.getByLabel("Beginn").fill("22:00");
  await add.getByLabel("Ende").fill("02:00");
  await add.getByLabel("Begründung").fill("Inventur in der Nacht");
  await add.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Eintrag hinzugefügt!")).toBeVisible();
  await expect(ben.getByText("22:00–02:00", { exact: true })).toBeVisible();
  await expect(ben.getByText("Ohne geplante Schicht")).toBeVisible();

  // Approve Lea's month: editing is disabled with a hint, until the month is reopened with a reason.
  await lea.getByRole("button", { name: "Monat genehmigen" }).click();
  const confirm = page.getByRole("dialog", { name: "Monat genehmigen" });
  await confirm.getByRole("button", { name: "Monat genehmigen" }).click();
  await expect(toast(page, `${monthLabel(month.slice(0, 7))} von Lea ${lateLast} genehmigt!`)).toBeVisible();
  await expect(lea.getByText(/genehmigt am \d\d\.\d\d\.\d{4} von /)).toBeVisible();
  await expect(lea.getByRole("button", { name: "Korrigieren" })).toBeDisabled();
  await expect(lea.getByRole("button", { name: "Stornieren" })).toBeDisabled();
  await expect(lea.getByText("Monat genehmigt – zuerst wieder öffnen")).toBeVisible();
  await expect(lea.getByText("genehmigt", { exact: true })).toBeVisible(); // the entry's status
  await expectAccessible(page, "approved month");
  await reviewShots(page, "time-approved");

  await lea.getByRole("button", { name: "Wieder öffnen" }).click();
  const reopen = page.getByRole("dialog", { name: "Monat wieder öffnen" });
  await reopen.getByRole("button", { name: "Wieder öffnen" }).click();
  await expect(reopen.getByText("Bitte gib eine Begründung ein")).toBeVisible();
  await reopen.getByLabel("Begründung").fill("Nachtrag der Spesen");
  await reopen.getByRole("button", { name: "Wieder öffnen" }).click();
  await expect(toast(page, "Monat wieder geöffnet!")).toBeVisible();
  await expect(lea.getByRole("button", { name: "Korrigieren" })).toBeEnabled();
  // Open again: the month's line and the entry's status both say so.
  await expect(lea.getByRole("list", { name: "Monate" })).toContainText("offen");
  await expect(lea.locator("li[data-entry]")).toContainText("offen");

  // Void Ben's night entry: struck through, "storniert", no longer counted.
  await ben.locator("li[data-entry]", { hasText: "22:00–02:00" }).getByRole("button", { name: "Stornieren" }).click();
  const voiding = page.getByRole("dialog", { name: "Eintrag stornieren" });
  await voiding.getByLabel("Begründung").fill("Doppelt erfasst");
  await voiding.getByRole("button", { name: "Stornieren" }).click();
  await expect(toast(page, "Eintrag storniert!")).toBeVisible();
  await expect(ben.getByText("storniert", { exact: true })).toBeVisible();
  await expect(ben.getByLabel("Summen")).toContainText("Gearbeitet8:00 h");
});
