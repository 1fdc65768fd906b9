import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminHeaders, expectAccessible, reviewShots, screenshot, signIn, toast, unique } from "./support";

// The Stempeluhr (docs/PRODUCT-RULES.md §32.4): pair with a one-time link, stamp in with a PIN, lockout after five
// wrong PINs, offline says so; on a tablet in portrait and landscape and at 390 px.

/** A location with one employee (an Einsatzort) and her PIN, and a terminal registered there. */
async function setup(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const location = await request.post("/api/locations", { headers, data: { name: unique("Tür"), color: "#10B981" } });
  const locationId = (await location.json()).id as number;
  const last = unique("Muster");
  const employee = await request.post("/api/employees", {
    headers,
    data: { first_name: "Lea", last_name: last, location_ids: [locationId] },
  });
  expect(employee.status(), await employee.text()).toBe(201);
  const employeeId = (await employee.json()).id as number;
  const pin = await request.put(`/api/employees/${employeeId}/pin`, { headers, data: { pin: "4711" } });
  expect(pin.status(), await pin.text()).toBe(200);
  const terminal = await request.post("/api/terminals", {
    headers,
    data: { location_id: locationId, name: "Eingang" },
  });
  expect(terminal.status(), await terminal.text()).toBe(201);
  return { name: `Lea ${last.slice(0, 1)}.`, pairingPath: (await terminal.json()).pairing_path as string };
}

const pressPin = async (page: import("@playwright/test").Page, pin: string) => {
  for (const digit of pin) await page.getByRole("button", { name: digit, exact: true }).click();
};

test("pair, stamp in with a PIN, confirmation, back to the tiles; five wrong PINs lock out", async ({
  page,
  request,
}) => {
  const lea = await setup(request);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(lea.pairingPath);
  await expect(page).toHaveURL(/\/terminal$/);
  expect(await page.evaluate(() => window.location.hash)).toBe("");
  const tile = page.getByRole("button", { name: new RegExp(`^${lea.name}`) });
  await expect(tile).toBeVisible();
  expect((await tile.boundingBox())!.height).toBeGreaterThanOrEqual(64);
  await screenshot(page, "terminal-tiles-tablet");
  await expectAccessible(page, "terminal tiles");

  await tile.click();
  await expect(page.getByRole("heading", { name: lea.name })).toBeVisible();
  expect((await page.getByRole("button", { name: "5", exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(72);
  await expect(page.getByRole("button", { name: "Einstempeln" })).toBeDisabled();
  await pressPin(page, "4711");
  await screenshot(page, "terminal-pin-tablet");
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, "terminal-pin-tablet-landscape");
  await expectAccessible(page, "terminal PIN pad");
  await page.getByRole("button", { name: "Einstempeln" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Guten (Morgen|Tag|Abend), Lea — eingestempelt \d\d:\d\d$/);
  // Back to the tiles by itself after 5 s, now showing her as clocked in.
  await expect(tile).toBeVisible({ timeout: 8000 });
  await expect(tile).toContainText("da");

  // Five wrong PINs: four say how many are left, the fifth locks her on this terminal.
  await page.setViewportSize({ width: 390, height: 844 });
  await tile.click();
  for (let attempt = 1; attempt <= 5; attempt++) {
    await pressPin(page, "9090");
    await page.getByRole("button", { name: "Ausstempeln" }).click();
    const alert = page.getByRole("alert").filter({ hasText: /\S/ });
    if (attempt < 5)
      await expect(alert).toHaveText(`Falsche PIN. Noch ${5 - attempt} Versuch${attempt === 4 ? "" : "e"}.`);
    else await expect(alert).toHaveText(/für dich ist diese Stempeluhr bis \d\d:\d\d Uhr gesperrt/);
  }
  await pressPin(page, "4711");
  await page.getByRole("button", { name: "Ausstempeln" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(/gesperrt/);
  await screenshot(page, "terminal-locked-phone");
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(sideways).toBe(false);
});

test("offline it says so and stamps nothing; unpaired it says so", async ({ page, context, request }) => {
  const lea = await setup(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(lea.pairingPath);
  const tile = page.getByRole("button", { name: new RegExp(`^${lea.name}`) });
  await tile.click();
  await pressPin(page, "4711");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Einstempeln" }).click();
  // The banner and the answer to the tap both say it; nothing was sent.
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText([
    "Keine Verbindung — es wird nichts gestempelt",
    "Keine Verbindung — es wird nichts gestempelt",
  ]);
  await screenshot(page, "terminal-offline-phone");
  await context.setOffline(false);
  await page.getByRole("button", { name: "Zurück" }).click();
  await expect(tile).not.toContainText("da");

  await page.evaluate(() => localStorage.setItem("schichtwerk.terminal", "x".repeat(43)));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Keine Stempeluhr eingerichtet" })).toBeVisible();
});

test("the admin sets up a Stempeluhr on Betrieb, the shown link pairs the tablet, revoking unpairs it", async ({
  page,
  browser,
  request,
}) => {
  const headers = await adminHeaders(request);
  const place = unique("Bahnhof");
  const location = await request.post("/api/locations", { headers, data: { name: place, color: "#0EA5E9" } });
  expect(location.status(), await location.text()).toBe(201);
  await signIn(page, E2E_ADMIN, "/settings");
  const section = page.getByRole("region", { name: "Stempeluhren" });
  await section.getByRole("button", { name: "Stempeluhr einrichten" }).click();
  await expect(section.getByText("Bitte wähle einen Standort aus")).toBeVisible();
  await section.getByRole("combobox", { name: "Standort" }).selectOption({ label: place });
  await section.getByLabel("Name des Geräts").fill("Tablet Eingang");
  await section.getByRole("button", { name: "Stempeluhr einrichten" }).click();
  const link = section.getByRole("textbox", { name: "Kopplungslink" });
  await expect(link).toHaveValue(/\/terminal\/pair#.{20,}$/);
  const row = section.getByRole("listitem").filter({ hasText: `Tablet Eingang · ${place}` });
  await expect(row).toContainText("Wartet auf Kopplung");
  await expectAccessible(page, "Betrieb with a pairing link");
  await reviewShots(page, "settings-terminals");

  // The tablet opens the link once.
  const tablet = await browser.newPage({ viewport: { width: 768, height: 1024 } });
  await tablet.goto(await link.inputValue());
  await expect(tablet).toHaveURL(/\/terminal$/);
  await expect(tablet.getByText(place)).toBeVisible();
  await page.reload();
  await expect(row).toContainText("Gekoppelt");

  await row.getByRole("button", { name: "Widerrufen" }).click();
  const confirm = page.getByRole("dialog", { name: "Stempeluhr widerrufen" });
  await confirm.getByRole("button", { name: "Widerrufen" }).click();
  await expect(toast(page, "Stempeluhr widerrufen")).toBeVisible();
  await expect(row).toContainText("Widerrufen");
  await expect(row.getByRole("button")).toHaveCount(0);
  await tablet.reload();
  await expect(tablet.getByRole("heading", { name: "Keine Stempeluhr eingerichtet" })).toBeVisible();
  await tablet.close();
});
