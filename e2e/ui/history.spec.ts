import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  expectAccessible,
  screenLoaded,
  signIn,
  unique,
  type Account,
} from "./support";

const SHOTS = "/tmp/shots-history";

/** A location and a manager who plans shifts on a day no other test uses (Mo 03.06.2041). */
async function seed(request: APIRequestContext) {
  const location = await request.post("/api/locations", {
    headers: await adminHeaders(request),
    data: { name: unique("Verlauf Bahnhof"), color: "#10B981" },
  });
  expect(location.status()).toBe(201);
  const manager = await createAccount(request, "manager", "verlauf");
  const headers = { Authorization: `Bearer ${(await apiLogin(request, manager)).accessToken}` };
  const { id: locationId, name: locationName } = await location.json();
  return { manager, headers, locationId, locationName };
}

async function createShift(request: APIRequestContext, headers: Record<string, string>, data: object) {
  const res = await request.post("/api/shifts", { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function openHistory(page: Page, manager: Account) {
  await signIn(page, manager, "/");
  await page.getByRole("navigation").getByRole("link", { name: "Verlauf" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verlauf" })).toBeVisible();
  await screenLoaded(page);
  await page.getByLabel("Person").selectOption({ label: manager.username });
  await expect(page).toHaveURL(/person=\d+/);
  // The previous list stays on screen until the filtered one has arrived: then every entry is the manager's.
  const entries = page.getByRole("list", { name: "Einträge" }).getByRole("listitem");
  await expect(entries.filter({ hasNotText: manager.username })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Einträge" })).not.toHaveAttribute("aria-busy", "true");
}

test("a manager's shift change and move read as sentences in Verlauf; filter by Art; axe; shots", async ({
  page,
  request,
}) => {
  const { manager, headers, locationId, locationName } = await seed(request);
  const base = { location_id: locationId, employee_id: null, shift_date: "2041-06-03", break_minutes: 0 };
  const created = await createShift(request, headers, { ...base, start_time: "09:00", end_time: "17:00" });
  const changed = await request.put(`/api/shifts/${created.id}`, {
    headers,
    data: { ...base, start_time: "10:00", end_time: "18:00" },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // Then moved to the next day, times kept: what a drag and drop does.
  const moved = await request.put(`/api/shifts/${created.id}`, {
    headers,
    data: { ...base, shift_date: "2041-06-04", start_time: "10:00", end_time: "18:00" },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await openHistory(page, manager);
  const entries = page.getByRole("list", { name: "Einträge" }).getByRole("listitem");
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(
    `${manager.username} hat die offene Schicht vom Mo 03.06. (${locationName}) auf Di 04.06. (${locationName}) ` +
      "verschoben.",
  );
  await expect(entries.nth(1)).toContainText(
    `${manager.username} hat die offene Schicht am Mo 03.06.2041 in ${locationName} von 09:00–17:00 auf ` +
      "10:00–18:00 geändert.",
  );
  await expect(entries.nth(2)).toContainText("angelegt.");
  await expect(entries.first()).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

  await expectAccessible(page, "Verlauf");
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.screenshot({ path: `${SHOTS}/history-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/history-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Managers get no admin kinds to choose from; absences besides vacation are theirs (docs/PRODUCT-RULES.md §32.2).
  const kinds = await page.getByLabel("Art").locator("option").allTextContents();
  expect(kinds).toEqual(["Alle Arten", "Schichten", "Ferien", "Nicht verfügbar", "Abwesenheiten"]);
  await page.getByLabel("Art").selectOption({ label: "Ferien" });
  await expect(page).toHaveURL(/kind=vacations/);
  await expect(page.getByText("Keine Einträge für diese Auswahl")).toBeVisible();
  // The filters are in the address: a reload (or a shared link) shows the same selection.
  await page.reload();
  await screenLoaded(page);
  await expect(page.getByLabel("Art")).toHaveValue("vacations");
  await expect(page.getByText("Keine Einträge für diese Auswahl")).toBeVisible();
  await page.getByLabel("Art").selectOption({ label: "Schichten" });
  await expect(entries).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/history-filtered-1280.png`, fullPage: true });
});

test("Mehr laden appends the next page by cursor until the list is complete", async ({ page, request }) => {
  const { manager, headers, locationId } = await seed(request);
  for (let i = 0; i < 53; i++) {
    const hour = String(6 + (i % 12)).padStart(2, "0");
    await createShift(request, headers, {
      location_id: locationId,
      employee_id: null,
      shift_date: "2041-06-04",
      start_time: `${hour}:00`,
      end_time: `${hour}:30`,
      break_minutes: 0,
    });
  }
  await openHistory(page, manager);
  const entries = page.getByRole("list", { name: "Einträge" }).getByRole("listitem");
  await expect(entries).toHaveCount(50);
  await page.getByRole("button", { name: "Mehr laden" }).click();
  await expect(entries).toHaveCount(53);
  await expect(page.getByRole("button", { name: "Mehr laden" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/history-more-390.png` });
});
