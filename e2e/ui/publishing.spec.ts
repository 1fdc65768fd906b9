import { expect, test, type APIRequestContext } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDayMonth } from "../../lib/shared/format";
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
} from "./support";

// Draft and published (docs/PRODUCT-RULES.md §33.3), end to end: the manager plans a shift for next Friday; the
// waiter does not see it on his phone or in his calendar until the manager publishes; then he does, and the bell
// tells him. Publishing is on by default; the spec makes sure of it and runs with the global specs, one at a time, so
// that no other spec's shifts count among the week's changes.

const setPublishing = async (request: APIRequestContext, publishing: boolean) => {
  const res = await request.put("/api/settings", { headers: await adminHeaders(request), data: { publishing } });
  expect(res.status(), await res.text()).toBe(200);
};

test("manager publishes; the waiter (390 px) sees the shift, in his calendar too, and the message", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await setPublishing(request, true);
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const friday = addDays(monday, 4);
  // What other specs planned for next week is published first: the count below is this spec's change alone.
  await publishPlan(request, { from: monday, to: addDays(monday, 6) });
  const locationName = unique("Bahnhof");
  const location = await createAsAdmin(request, "/api/locations", { name: locationName });
  const lastName = unique("Meier");
  const luca = await createAsAdmin(request, "/api/employees", { first_name: "Luca", last_name: lastName });
  const account = await createAccount(request, "user", "luca");
  const linked = await request.put(`/api/users/${account.id}`, {
    headers: await adminHeaders(request),
    data: { employee_id: luca.id },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  const shift = await createAsAdmin(request, "/api/shifts", {
    employee_id: luca.id,
    location_id: location.id,
    shift_date: friday,
    start_time: "14:00",
    end_time: "22:00",
  });

  // His calendar link, and what the feed holds of this location.
  const waiterHeaders = { Authorization: `Bearer ${(await apiLogin(request, account)).accessToken}` };
  const link = await request.post("/api/me/calendar-link", { headers: waiterHeaders });
  expect(link.status(), await link.text()).toBe(201);
  const feedPath = (await link.json()).path as string;
  const inFeed = async () => (await (await request.get(feedPath)).text()).includes(locationName);

  // The waiter, before: nothing on Friday, nothing in the feed, no message.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, account, "/me");
  await expect(phone.getByRole("heading", { name: "Meine Schichten", level: 1 })).toBeVisible();
  // (The location is named in the stamp card's choice of location; the week shows the shift's times.)
  await expect(phone.getByText("14:00–22:00")).toHaveCount(0);
  expect(await inFeed()).toBe(false);
  await expect(phone.getByRole("link", { name: /^Mitteilungen/ })).toHaveAccessibleName("Mitteilungen");

  // The manager sees the draft, marked, and publishes the week.
  const manager = await createAccount(request, "manager", "chefin");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, manager, `/schedule?week=${monday}`);
  await expect(page.getByTestId("publication-status")).toHaveText("1 Änderung nicht veröffentlicht");
  const chip = page.locator(`[data-testid="shift"][data-shift-id="${shift.id}"]`);
  await expect(chip).toHaveAttribute("data-unpublished", "true");
  await expect(chip.getByTestId("shift-unpublished")).toHaveText("Entwurf");
  await reviewShots(page, "planner-unpublished");
  await page.getByRole("button", { name: "Veröffentlichen" }).click();
  const dialog = page.getByRole("dialog", { name: "Plan veröffentlichen" });
  await expect(dialog).toContainText("1 Änderung der KW");
  await expectAccessible(page, "publish dialog");
  await reviewShots(page, "publish-dialog");
  await dialog.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(toast(page, "Plan veröffentlicht: 1 Änderung, 1 Person benachrichtigt.")).toBeVisible();
  await expect(page.getByTestId("publication-status")).toHaveText("Alles veröffentlicht");
  await expect(chip).not.toHaveAttribute("data-unpublished", "true");
  await expect(page.getByRole("button", { name: "Veröffentlichen" })).toBeDisabled();

  // The waiter, after: the shift on Meine Schichten and in the feed, the bell counts one.
  await phone.reload();
  await screenLoaded(phone);
  await expect(phone.getByText("14:00–22:00").first()).toBeVisible();
  expect(await inFeed()).toBe(true);
  const bell = phone.getByRole("link", { name: /^Mitteilungen/ });
  await expect(bell).toHaveAccessibleName("Mitteilungen, 1 ungelesen");
  await bell.click();
  await screenLoaded(phone);
  const message = phone.getByRole("list", { name: "Mitteilungen" }).getByRole("listitem").first();
  await expect(message).toContainText("Schichtplan geändert:");
  await expect(message).toContainText(`Neu: Fr ${formatDayMonth(friday)}, 14:00–22:00, ${locationName}`);
  await reviewShots(phone, "inbox-published");
  await phone.close();
});
