import { expect, test } from "@playwright/test";
import { isoWeekday, mondayOf, todayIn } from "../../lib/shared/dates";
import { WEEKDAYS_SHORT } from "../../lib/shared/format";
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

// Absences on the screens (docs/PRODUCT-RULES.md §32.8): a manager records "Krank" for an employee from the planner's
// panel (prefilled with that employee and today), the shift of today opens, the panel names the absence, a click
// opens it for a change ("Arztzeugnis erhalten"); the dashboard's "Heute im Dienst" lists the colleague who works
// today (not yet stamped in) and the sick one under "Heute abwesend".

test("a manager records Krank in the planner's panel, changes it, and sees it on the dashboard", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const today = todayIn("Europe/Zurich");
  const weekday = WEEKDAYS_SHORT[isoWeekday(today) - 1];
  const place = unique("Absenz-Filiale");
  const [sickLast, worksLast] = [unique("Krank"), unique("Dienst")];
  const location = await createAsAdmin(request, "/api/locations", { name: place });
  const sick = await createAsAdmin(request, "/api/employees", { first_name: "Mara", last_name: sickLast });
  const works = await createAsAdmin(request, "/api/employees", { first_name: "Tim", last_name: worksLast });
  for (const employee of [sick, works])
    await createAsAdmin(request, "/api/shifts", {
      employee_id: employee.id,
      location_id: location.id,
      shift_date: today,
      start_time: "23:00",
      end_time: "23:45",
    });
  const sickName = `Mara ${sickLast}`;
  const worksName = `Tim ${worksLast}`;
  const manager = await createAccount(request, "manager", "abs");

  await signIn(page, manager, `/schedule?week=${mondayOf(today)}`);
  await screenLoaded(page);
  await page.getByRole("button", { name: `Abwesenheit erfassen: ${sickName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Abwesenheit erfassen" });
  await expect(dialog.getByLabel("Art")).toHaveValue("krank");
  await expect(dialog.getByLabel("Von")).toHaveValue(today);
  // A field error in German, under its field: no employee chosen.
  await dialog.getByLabel("Mitarbeiter").selectOption({ label: "Mitarbeiter auswählen" });
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte wähle einen Mitarbeiter aus")).toBeVisible();
  await dialog.getByLabel("Mitarbeiter").selectOption({ label: sickName });
  await expect(dialog.getByLabel("Arztzeugnis erhalten")).not.toBeChecked();
  await expectAccessible(page, "absence dialog");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Abwesenheit erfasst! 1 Schicht ist jetzt offen.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const chip = page.getByRole("button", { name: `${sickName}: Krank ${weekday} bearbeiten` });
  await expect(chip).toBeVisible();
  await chip.click();
  const edit = page.getByRole("dialog", { name: "Abwesenheit bearbeiten" });
  await edit.getByLabel("Arztzeugnis erhalten").check();
  await edit.getByLabel("Notiz (optional)").fill("Grippe");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Abwesenheit aktualisiert!")).toBeVisible();
  await expect(edit).toBeHidden();
  await reviewShots(page, "absences-planner");

  // Hours on one day open nothing; the chip names them; deleting one needs a confirmation.
  await page.getByRole("button", { name: `Abwesenheit erfassen: ${worksName}` }).click();
  const hours = page.getByRole("dialog", { name: "Abwesenheit erfassen" });
  await hours.getByLabel("Art").selectOption({ label: "Weiterbildung" });
  await hours.getByLabel("Stunden an einem Tag").check();
  await hours.getByLabel("Stunden", { exact: true }).fill("1,5");
  await hours.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Abwesenheit erfasst!")).toBeVisible();
  const hoursChip = page.getByRole("button", { name: `${worksName}: Weiterbildung ${weekday} 1.5 h bearbeiten` });
  await hoursChip.click();
  await page
    .getByRole("dialog", { name: "Abwesenheit bearbeiten" })
    .getByRole("button", { name: "Abwesenheit löschen" })
    .click();
  await page.getByRole("dialog", { name: "Abwesenheit löschen?" }).getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Abwesenheit gelöscht. Freigegebene Schichten bleiben offen.")).toBeVisible();
  await expect(hoursChip).toBeHidden();

  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Dashboard" }).click();
  const onDuty = page.getByRole("region", { name: "Heute im Dienst" });
  const row = onDuty.getByTestId("on-duty-list").getByRole("listitem").filter({ hasText: worksName });
  await expect(row).toContainText("23:00–23:45");
  await expect(row).toContainText(place);
  await expect(row).toContainText("noch nicht eingestempelt");
  // Her shift opened: she is not on duty, she is away.
  await expect(onDuty.getByTestId("on-duty-list")).not.toContainText(sickName);
  await expect(onDuty.getByTestId("absent-today").getByRole("listitem").filter({ hasText: sickName })).toContainText(
    "Krank · ganzer Tag",
  );
  await expect(page.getByRole("region", { name: "Jetzt eingestempelt", exact: true })).toBeVisible();
  await expectAccessible(page, "dashboard with Heute im Dienst");
  await reviewShots(page, "absences-dashboard");
});

test("the employee sees their own absence on /me with its type, and abwesend on its days", async ({
  page,
  request,
}) => {
  const today = todayIn("Europe/Zurich");
  const last = unique("Weiter");
  const nina = await createAsAdmin(request, "/api/employees", { first_name: "Nina", last_name: last });
  const account = { username: unique("nina"), password: "ui-test-passwort" };
  await createAsAdmin(request, "/api/users", {
    ...account,
    role: "user",
    must_change_password: false,
    employee_id: nina.id,
  });
  await createAsAdmin(request, "/api/absences", {
    employee_id: nina.id,
    type: "weiterbildung",
    start_date: today,
    hours: 2.5,
    note: "Hygienekurs",
  });

  await signIn(page, account, "/me");
  const mine = page.getByTestId("my-absences");
  await expect(mine).toContainText("Weiterbildung");
  await expect(mine).toContainText("2.5 h");
  await expect(mine).toContainText("Hygienekurs");
  await expect(page.getByText("abwesend · Weiterbildung 2.5 h").first()).toBeVisible();
  await expectAccessible(page, "/me with an absence");
  await reviewShots(page, "absences-me");
});
