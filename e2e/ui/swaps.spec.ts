import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { addDays, isoWeekday, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDayMonth, WEEKDAYS_SHORT } from "../../lib/shared/format";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  createAsAdmin,
  expectAccessible,
  publishPlan,
  reviewShots,
  screenLoaded,
  signIn,
  toast,
  unique,
  type Account,
} from "./support";

// Giving a shift away (docs/PRODUCT-RULES.md §35), end to end: Lea offers her Saturday on her phone, Ben takes it on
// his, the manager approves it on the desktop; afterwards Lea's and Ben's Meine Schichten and calendar feeds show the
// new state and both were told. A shift given away is offered to everyone who could take it, and the planners are
// told: the spec runs with the global specs, one at a time, so no other spec's inbox counts these messages.

/** A linked staff account for a new employee; answers the account, the employee and its calendar feed path. */
async function staff(request: APIRequestContext, firstName: string) {
  const lastName = unique("Muster");
  const employee = await createAsAdmin(request, "/api/employees", { first_name: firstName, last_name: lastName });
  const account = await createAccount(request, "user", firstName.toLowerCase());
  const linked = await request.put(`/api/users/${account.id}`, {
    headers: await adminHeaders(request),
    data: { employee_id: employee.id },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  const headers = { Authorization: `Bearer ${(await apiLogin(request, account)).accessToken}` };
  const link = await request.post("/api/me/calendar-link", { headers });
  expect(link.status(), await link.text()).toBe(201);
  return { account, employee, name: `${firstName} ${lastName}`, feed: (await link.json()).path as string };
}

/** A phone of its own (its own context: the app keeps the session in the browser's storage). */
async function phoneOf(browser: Browser, account: Account) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await signIn(phone, account, "/me");
  await expect(phone.getByRole("heading", { name: "Meine Schichten", level: 1 })).toBeVisible();
  return phone;
}

test("Lea (390 px) gives her Saturday away, Ben takes it on his phone, the manager approves at 1366 px", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const saturday = addDays(mondayOf(todayIn("Europe/Zurich")), 12);
  const slot = `${WEEKDAYS_SHORT[isoWeekday(saturday) - 1]} ${formatDayMonth(saturday)}`;
  const locationName = unique("Bahnhof");
  const location = await createAsAdmin(request, "/api/locations", { name: locationName });
  const lea = await staff(request, "Lea");
  const ben = await staff(request, "Ben");
  await createAsAdmin(request, "/api/shifts", {
    employee_id: lea.employee.id,
    location_id: location.id,
    shift_date: saturday,
    start_time: "06:30",
    end_time: "14:30",
    break_minutes: 30,
  });
  await publishPlan(request, { from: saturday, locationIds: [location.id] });
  const feedHas = async (feed: string) => (await (await request.get(feed)).text()).includes(locationName);
  expect(await feedHas(lea.feed)).toBe(true);
  expect(await feedHas(ben.feed)).toBe(false);

  // Lea offers it from her week.
  const leaPhone = await phoneOf(browser, lea.account);
  await leaPhone.getByRole("button", { name: `Abgeben oder tauschen: ${slot}, 06:30–14:30` }).click();
  const dialog = leaPhone.getByRole("dialog", { name: "Abgeben oder tauschen" });
  await expect(dialog.getByRole("radio", { name: /^Abgeben/ })).toBeChecked();
  await dialog.getByLabel("Nachricht an die Kolleginnen und Kollegen (optional)").fill("Hochzeit meiner Schwester");
  await expectAccessible(leaPhone, "offer dialog");
  await reviewShots(leaPhone, "swap-offer-dialog");
  await dialog.getByRole("button", { name: "Schicht anbieten" }).click();
  await expect(toast(leaPhone, "Schicht angeboten!")).toBeVisible();
  await expect(leaPhone.getByText("Angeboten in der Schichtbörse")).toBeVisible();
  const leasOffer = leaPhone.getByRole("list", { name: "Deine Angebote und Tausche" }).getByTestId("swap");
  await expect(leasOffer).toContainText("Angeboten – noch nicht übernommen");

  // Ben finds it in his Schichtbörse, with the message that told him, and takes it.
  const benPhone = await phoneOf(browser, ben.account);
  await expect(benPhone.getByRole("link", { name: /^Mitteilungen/ })).toHaveAccessibleName("Mitteilungen, 1 ungelesen");
  const offer = benPhone.getByRole("list", { name: "Angebote für dich" }).getByTestId("swap").filter({
    hasText: locationName,
  });
  await expect(offer).toContainText(`${lea.name} gibt ab`);
  await expect(offer).toContainText(`${slot}`);
  await expect(offer).toContainText("«Hochzeit meiner Schwester»");
  await offer.scrollIntoViewIfNeeded();
  await reviewShots(benPhone, "swap-market");
  await offer.getByRole("button", { name: "Übernehmen" }).click();
  await expect(toast(benPhone, "Angenommen! Die Leitung muss noch zustimmen.")).toBeVisible();
  await expect(
    benPhone
      .getByRole("list", { name: "Deine Angebote und Tausche" })
      .getByTestId("swap")
      .filter({ hasText: locationName }),
  ).toContainText("Angenommen – wartet auf Freigabe");

  // The manager approves it on the desktop, from the planner's "Tauschanfragen".
  const manager = await createAccount(request, "manager", "sandra");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, manager, `/schedule?week=${mondayOf(saturday)}`);
  const chip = page.getByTestId("shift").filter({ hasText: "06:30–14:30" }).filter({ hasText: lea.name });
  await expect(chip.getByTestId("shift-swap")).toHaveText("⇄ Abgabe: wartet");
  await page.getByRole("button", { name: /^Tauschanfragen \(\d+\)$/ }).click();
  const offerItem = page.getByRole("listitem", { name: `Abgabe: ${lea.name} an ${ben.name}` });
  await expect(offerItem).toContainText("Wartet auf Freigabe");
  await expect(offerItem).toContainText("«Hochzeit meiner Schwester»");
  await offerItem.scrollIntoViewIfNeeded();
  await reviewShots(page, "swap-planner-approve");
  await offerItem.getByRole("button", { name: "Freigeben" }).click();
  await expect(toast(page, "Abgabe freigegeben!")).toBeVisible();
  await expect(
    page.getByTestId("shift").filter({ hasText: "06:30–14:30" }).filter({ hasText: ben.name }),
  ).toBeVisible();

  // Afterwards: the shift is Ben's on both phones and in both feeds, and both were told.
  await leaPhone.reload();
  await screenLoaded(leaPhone);
  await expect(leaPhone.getByRole("button", { name: `Abgeben oder tauschen: ${slot}, 06:30–14:30` })).toHaveCount(0);
  await benPhone.reload();
  await screenLoaded(benPhone);
  await expect(benPhone.getByRole("button", { name: `Abgeben oder tauschen: ${slot}, 06:30–14:30` })).toBeVisible();
  expect(await feedHas(lea.feed)).toBe(false);
  expect(await feedHas(ben.feed)).toBe(true);
  for (const [phone, title] of [
    [benPhone, `Schicht übernommen: ${slot}`],
    [leaPhone, `Schicht abgegeben: ${slot}`],
  ] as const) {
    await phone.getByRole("link", { name: /^Mitteilungen/ }).click();
    await screenLoaded(phone);
    const message = phone.getByRole("list", { name: "Mitteilungen" }).getByRole("listitem").first();
    await expect(message).toContainText(title);
    await expect(message).toContainText(`Freigegeben von ${manager.username}.`);
  }
  await reviewShots(benPhone, "swap-inbox");
  await leaPhone.context().close();
  await benPhone.context().close();
});

test("Lea swaps her Monday against Ben's Tuesday; where no approval is needed it is done when he accepts", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Next week: the weeks shown unfolded on Meine Schichten are this one and the next.
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const tuesday = addDays(monday, 1);
  const locationName = unique("Seefeld");
  const location = await createAsAdmin(request, "/api/locations", { name: locationName, swap_needs_approval: false });
  const lea = await staff(request, "Lea");
  const ben = await staff(request, "Ben");
  const plan = (employeeId: number, date: string, start: string, end: string) =>
    createAsAdmin(request, "/api/shifts", {
      employee_id: employeeId,
      location_id: location.id,
      shift_date: date,
      start_time: start,
      end_time: end,
      break_minutes: 30,
    });
  await plan(lea.employee.id, monday, "07:00", "15:00");
  await plan(ben.employee.id, tuesday, "12:00", "20:00");
  await publishPlan(request, { from: monday, to: tuesday, locationIds: [location.id] });
  const day = (date: string) => `${WEEKDAYS_SHORT[isoWeekday(date) - 1]} ${formatDayMonth(date)}`;

  const leaPhone = await phoneOf(browser, lea.account);
  await leaPhone.getByRole("button", { name: `Abgeben oder tauschen: ${day(monday)}, 07:00–15:00` }).click();
  const dialog = leaPhone.getByRole("dialog", { name: "Abgeben oder tauschen" });
  await dialog.getByRole("radio", { name: /^Tauschen/ }).check();
  await dialog.getByRole("button", { name: "Tausch anbieten" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Bitte wähle die Schicht, gegen die du tauschen möchtest");
  await dialog.getByRole("radio", { name: new RegExp(`${day(tuesday)}, 12:00–20:00.*${ben.name}`) }).check();
  await reviewShots(leaPhone, "swap-offer-swap");
  await dialog.getByRole("button", { name: "Tausch anbieten" }).click();
  await expect(toast(leaPhone, "Tausch angeboten!")).toBeVisible();

  const benPhone = await phoneOf(browser, ben.account);
  const offer = benPhone.getByRole("list", { name: "Angebote für dich" }).getByTestId("swap").filter({
    hasText: locationName,
  });
  await expect(offer).toContainText(`Tauschangebot von ${lea.name}`);
  await expect(offer).toContainText(new RegExp(`Du bekommst:\\s*${day(monday)}\\d{4}, 07:00–15:00`));
  await expect(offer).toContainText(new RegExp(`Du gibst ab:\\s*${day(tuesday)}\\d{4}, 12:00–20:00`));
  await offer.getByRole("button", { name: "Tausch annehmen" }).click();
  await expect(toast(benPhone, "Getauscht!")).toBeVisible();
  await expect(
    benPhone.getByRole("button", { name: `Abgeben oder tauschen: ${day(monday)}, 07:00–15:00` }),
  ).toBeVisible();
  await leaPhone.reload();
  await screenLoaded(leaPhone);
  await expect(
    leaPhone.getByRole("button", { name: `Abgeben oder tauschen: ${day(tuesday)}, 12:00–20:00` }),
  ).toBeVisible();
  await leaPhone.context().close();
  await benPhone.context().close();
});
