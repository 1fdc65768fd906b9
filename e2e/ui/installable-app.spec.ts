import { expect, test } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  createAsAdmin,
  publishPlan,
  reviewShots,
  signIn,
  toast,
  unique,
} from "./support";

// The installable app (docs/PRODUCT-RULES.md §33.8): manifest, icons, the service worker; the waiter's Meine
// Schichten on his phone without a connection: the last loaded weeks with "Stand: …", writes refused with one clear
// message and nothing kept; push on the profile.

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });

test("manifest and icons: what a phone needs to install Schichtwerk", async ({ request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: "Schichtwerk",
    short_name: "Schichtwerk",
    lang: "de-CH",
    start_url: "/login",
    scope: "/",
    display: "standalone",
  });
  const purposes = [];
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    purposes.push(`${icon.sizes} ${icon.purpose}`);
  }
  expect(purposes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  const worker = await request.get("/serwist/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("javascript");
  expect(worker.headers()["service-worker-allowed"]).toBe("/");
  // Never kept by a proxy: a phone would stay on an old build.
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("offline, Meine Schichten shows the last loaded weeks with when they were loaded; writes are refused", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const friday = addDays(monday, 4);
  const locationName = unique("Perron");
  const location = await createAsAdmin(request, "/api/locations", { name: locationName });
  const luca = await createAsAdmin(request, "/api/employees", { first_name: "Luca", last_name: unique("Offline") });
  const account = await createAccount(request, "user", "offline");
  const linked = await request.put(`/api/users/${account.id}`, {
    headers: await adminHeaders(request),
    data: { employee_id: luca.id },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  await createAsAdmin(request, "/api/shifts", {
    employee_id: luca.id,
    location_id: location.id,
    shift_date: friday,
    start_time: "14:00",
    end_time: "22:00",
  });
  await publishPlan(request, { from: monday, to: addDays(monday, 6), locationIds: [location.id] });

  await signIn(page, account, "/me");
  // His shift in the weeks (the location's name is also an option of the stamp card's location picker).
  const shiftText = page.getByRole("region", { name: "Meine nächsten Wochen" }).getByText(locationName);
  await expect(shiftText).toBeVisible();
  // The worker is registered once the page has settled; installed (the build's files and this page kept), it
  // takes control of the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Meine Schichten", level: 1 })).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: "Offline · Stand:" });
  await expect(banner).toContainText(/Offline · Stand: (Mo|Di|Mi|Do|Fr|Sa|So) \d\d\.\d\d\.\d{4} \d\d:\d\d\./);
  await expect(shiftText).toBeVisible();
  await expect(page.getByText("Offline: Stempeln geht nur mit Verbindung.")).toBeVisible();
  await reviewShots(page, "me-offline");
  // Opened from the home screen (the manifest's start, /login), offline too: on to Meine Schichten and its copy.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/me$/);
  await expect(banner).toBeVisible();

  // A vacation request offline: refused before it is sent, the form keeps what was typed.
  await page.getByRole("button", { name: "Ferien beantragen" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Von").fill(addDays(monday, 14));
  await dialog.getByLabel("Bis").fill(addDays(monday, 15));
  await dialog.getByRole("button", { name: "Beantragen" }).click();
  await expect(
    toast(page, "Du bist offline: Es wurde nichts gespeichert. Versuche es wieder, sobald du Verbindung hast."),
  ).toBeVisible();
  await expect(dialog).toBeVisible();

  await context.setOffline(false);
  const headers = { Authorization: `Bearer ${(await apiLogin(request, account)).accessToken}` };
  const vacations = await request.get("/api/me", { headers });
  expect((await vacations.json()).vacations).toEqual([]);
  // Back online the fresh state replaces the copy.
  await expect(banner).toHaveCount(0);
});

test("the profile offers push on this device; a browser that blocks notifications is told so", async ({
  page,
  request,
}) => {
  const account = await createAccount(request, "user", "push");
  await signIn(page, account, "/profile");
  const section = page.getByRole("region", { name: "Mitteilungen" });
  await expect(section.getByRole("heading", { name: "Push-Mitteilungen auf diesem Gerät" })).toBeVisible();
  await expect(section.getByText(/Jede Mitteilung erscheint auch als Benachrichtigung/)).toBeVisible();
  // Headless Chromium answers "denied" to the permission prompt, as a user saying no would.
  await section.getByRole("button", { name: "Auf diesem Gerät einschalten" }).click();
  await expect(
    toast(page, "Dein Browser blockiert Mitteilungen von Schichtwerk. Erlaube sie in den Einstellungen des Browsers."),
  ).toBeVisible();
  const devices = await request.get("/api/me/push-subscriptions", {
    headers: { Authorization: `Bearer ${(await apiLogin(request, account)).accessToken}` },
  });
  expect((await devices.json()).devices).toEqual([]);
  await reviewShots(page, "profile-push");
});
