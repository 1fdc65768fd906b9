import { expect, test } from "@playwright/test";
import {
  adminHeaders,
  createAsAdmin,
  expectAccessible,
  reviewShots,
  screenLoaded,
  screenshot,
  signIn,
  toast,
  unique,
} from "./support";

// Stamping on the phone (docs/PRODUCT-RULES.md §32.1): Lea, linked to her employee, stamps in at a location she
// picks (no shift is near), takes a break, stamps out, and sees the entry under "Heute gestempelt"; then she
// sets her PIN for the Stempeluhr (§32.4) and reports sick for two days (§32.2); the toast says how many of her
// shifts opened.

test.use({ viewport: { width: 390, height: 844 } });

test("Lea stamps in at a picked location, takes a break, stamps out; then reports sick on the phone", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const place = unique("Seefeld");
  const location = await createAsAdmin(request, "/api/locations", { name: place });
  const lea = await createAsAdmin(request, "/api/employees", { first_name: "Lea", last_name: unique("Stempel") });
  // Her Einsatzort, so the picker offers only it and another of her locations.
  const other = await createAsAdmin(request, "/api/locations", { name: unique("Altstadt") });
  const res = await request.put(`/api/employees/${lea.id}`, {
    headers: await adminHeaders(request),
    data: { location_ids: [location.id, other.id] },
  });
  expect(res.status(), await res.text()).toBe(200);
  const account = { username: unique("lea"), password: "ui-test-passwort" };
  await createAsAdmin(request, "/api/users", {
    ...account,
    role: "user",
    must_change_password: false,
    employee_id: lea.id,
  });

  await signIn(page, account, "/me");
  const card = page.getByRole("region", { name: "Zeiterfassung" });
  await expect(card.getByText("Nicht eingestempelt")).toBeVisible();
  await expect(card.getByText("Heute keine Schicht geplant")).toBeVisible();
  await expectAccessible(page, "stamping, out");

  // No shift near: the location is asked first.
  await card.getByRole("button", { name: "Einstempeln" }).click();
  await expect(card.getByText("Bitte wähle den Standort, an dem du arbeitest")).toBeVisible();
  await card.getByRole("combobox", { name: "Standort" }).selectOption({ label: place });
  await card.getByRole("button", { name: "Einstempeln" }).click();
  await expect(toast(page, "Eingestempelt")).toBeVisible();
  await expect(card.getByText(/^Eingestempelt seit \d\d:\d\d$/)).toBeVisible();
  await expect(card.getByLabel("Gearbeitet heute")).toHaveText("0:00 h");
  await screenshot(page, "me-stamping-in-390");

  await card.getByRole("button", { name: "Pause beginnen" }).click();
  await expect(card.getByText(/^In der Pause seit/)).toBeVisible();
  await card.getByRole("button", { name: "Pause beenden" }).click();
  await expect(card.getByText(/^Eingestempelt seit/)).toBeVisible();
  await card.getByRole("button", { name: "Ausstempeln" }).click();
  await expect(toast(page, "Ausgestempelt")).toBeVisible();
  await expect(card.getByText("Nicht eingestempelt")).toBeVisible();
  const today = card.getByRole("list").getByRole("listitem");
  await expect(today).toHaveCount(1);
  await expect(today).toContainText(/\d\d:\d\d–\d\d:\d\d/);
  await expectAccessible(page, "stamping, after a day");
  await reviewShots(page, "me-stamping");

  // What the server stored: one recorded entry of today at the picked location, with its break.
  const day = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Zurich" });
  const stored = await request.get(`/api/time-entries?start_date=${day}&end_date=${day}&employee_id=${lea.id}`, {
    headers: await adminHeaders(request),
  });
  expect(stored.status()).toBe(200);
  const items = (await stored.json()) as { location_id: number; status: string; breaks: unknown[]; source: string }[];
  expect(items).toEqual([
    expect.objectContaining({
      location_id: location.id,
      status: "recorded",
      source: "app",
      breaks: [expect.anything()],
    }),
  ]);

  // Her PIN for the Stempeluhr: an easy one is refused with the reason, a good one is kept (only as a hash).
  const pin = page.getByLabel("Neue PIN (4–6 Ziffern)");
  await pin.fill("1234");
  await page.getByRole("button", { name: "PIN speichern" }).click();
  await expect(
    page.getByText("Diese PIN ist zu leicht zu erraten (keine gleichen Ziffern, keine Reihe wie 1234)"),
  ).toBeVisible();
  await pin.fill("4711");
  await page.getByRole("button", { name: "PIN speichern" }).click();
  // Saved: the field empties and the toast says so, even when it follows the last success toast as that fades out.
  await expect(toast(page, "PIN gespeichert")).toBeVisible();
  await expect(pin).toHaveValue("");
  await expect(page.getByText("Diese PIN ist zu leicht zu erraten", { exact: false })).toBeHidden();

  // A shift of hers tomorrow opens when she reports sick for today and tomorrow.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await createAsAdmin(request, "/api/shifts", {
    employee_id: lea.id,
    location_id: location.id,
    shift_date: tomorrow,
    start_time: "09:00",
    end_time: "17:00",
    break_minutes: 30,
  });
  await page.getByRole("button", { name: "Ich bin krank" }).click();
  const dialog = page.getByRole("dialog", { name: "Ich bin krank" });
  await dialog.getByLabel("Wie viele Tage (ab heute)?").fill("2");
  await expect(dialog.getByText(/^Bis und mit \d\d\.\d\d\.\d{4}$/)).toBeVisible();
  await screenshot(page, "me-sick-dialog-390");
  await expectAccessible(page, "sick report dialog");
  await dialog.getByRole("button", { name: "Krank melden" }).click();
  await expect(toast(page, "Gute Besserung! 1 Schicht wurde freigegeben.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await screenLoaded(page);
});
