import { expect, test, type Page } from "@playwright/test";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  createAsAdmin,
  expectAccessible,
  reviewShots,
  screenLoaded,
  signIn,
  unique,
} from "./support";

// The bell and the inbox (docs/PRODUCT-RULES.md §33.2): a waiter on his phone sees how many messages are unread,
// reads them, marks one and then all read; a message that arrives while the app is open shows on the bell when the
// tab comes back into view.

const bell = (page: Page) => page.getByRole("link", { name: /^Mitteilungen/ });

test("waiter at 390 px: bell count, the inbox, mark one and all read, a new message on return", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const lastName = unique("Keller");
  const waiter = await createAsAdmin(request, "/api/employees", { first_name: "Luca", last_name: lastName });
  const account = await createAccount(request, "user", "luca");
  const linked = await request.put(`/api/users/${account.id}`, {
    headers: await adminHeaders(request),
    data: { employee_id: waiter.id },
  });
  expect(linked.status(), await linked.text()).toBe(200);

  const headers = { Authorization: `Bearer ${(await apiLogin(request, account)).accessToken}` };
  const boss = {
    Authorization: `Bearer ${(await apiLogin(request, await createAccount(request, "manager"))).accessToken}`,
  };
  async function decide(start: string, end: string, decision: "approve" | "reject") {
    const asked = await request.post("/api/vacations", {
      headers,
      data: { employee_id: waiter.id, start_date: start, end_date: end },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { id } = await asked.json();
    const res = await request.post(`/api/vacations/${id}/${decision}`, {
      headers: boss,
      data: decision === "reject" ? { reason: "Inventur" } : undefined,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await decide("2044-06-01", "2044-06-03", "approve");
  await decide("2044-07-04", "2044-07-04", "reject");

  await signIn(page, account, "/me");
  await expect(bell(page)).toHaveAccessibleName("Mitteilungen, 2 ungelesen");
  await expect(bell(page)).toContainText("2");
  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await screenLoaded(page);
  await expect(page.getByRole("heading", { name: "Mitteilungen", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Mitteilungen" });
  const messages = list.getByRole("listitem").filter({ has: page.locator("time") });
  await expect(messages).toHaveCount(2);
  const rejected = messages.nth(0);
  await expect(rejected).toContainText("Ungelesen: Ferienantrag abgelehnt: 04.07.2044");
  await expect(rejected).toContainText("Begründung: Inventur");
  await expect(messages.nth(1)).toContainText("Ferien genehmigt: 01.06.–03.06.2044");
  await expect(messages.nth(1)).toContainText("3 Ferientage");
  await expectAccessible(page, "inbox");
  await reviewShots(page, "inbox-unread");

  await rejected.getByRole("button", { name: "Als gelesen markieren" }).click();
  await expect(bell(page)).toHaveAccessibleName("Mitteilungen, 1 ungelesen");
  await expect(rejected).not.toContainText("Ungelesen");
  await expect(rejected.getByRole("button", { name: "Als gelesen markieren" })).toHaveCount(0);

  await page.getByRole("button", { name: "Alle als gelesen markieren" }).click();
  await expect(bell(page)).toHaveAccessibleName("Mitteilungen");
  await expect(list).not.toContainText("Ungelesen");
  await expect(page.getByRole("button", { name: "Alle als gelesen markieren" })).toHaveCount(0);

  // A reload keeps what was marked: it was the server's.
  await page.reload();
  await screenLoaded(page);
  await expect(bell(page)).toHaveAccessibleName("Mitteilungen");
  await expect(messages).toHaveCount(2);
  await expect(list).not.toContainText("Ungelesen");

  // Another decision while the app is open: the bell shows it when the tab is seen again.
  await page.goto("/me");
  await screenLoaded(page);
  await decide("2044-08-01", "2044-08-02", "approve");
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(bell(page)).toHaveAccessibleName("Mitteilungen, 1 ungelesen");

  // A message's link leads where it says and marks it read.
  await bell(page).click();
  await screenLoaded(page);
  await messages.nth(0).getByRole("link", { name: "Ansehen" }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(bell(page)).toHaveAccessibleName("Mitteilungen");
});

test("manager at 1366 px: the bell at the top of the sidebar, an empty inbox says what will come", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const manager = await createAccount(request, "manager");
  await signIn(page, manager, "/");
  await expect(bell(page)).toHaveAccessibleName("Mitteilungen");
  await bell(page).click();
  await screenLoaded(page);
  await expect(page.getByText("Keine Mitteilungen")).toBeVisible();
  await expect(bell(page)).toHaveAttribute("aria-current", "page");
  await expectAccessible(page, "empty inbox");
  await reviewShots(page, "inbox-empty");
});
