import { writeFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { todayIn } from "../../lib/shared/dates";
import { monthLabel } from "../../lib/shared/periods";
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

// The day of time recording end to end (docs/PRODUCT-RULES.md §32): Lea stamps in on her phone, takes a break and
// stamps out; Ben stamps in at the Stempeluhr on a tablet with his PIN, five wrong PINs lock him out there, and he
// stamps out on his phone; the manager sees both on /time, corrects Ben's start with a reason, Ben sees the
// revision; the manager approves Ben's month, and a change is refused afterwards (the screen's buttons, the API and
// a new stamp); the month's Arbeitszeitnachweis is downloaded as a PDF (REVIEW_SHOTS keeps it for pdftoppm).

const ZONE = "Europe/Zurich";
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

async function phone(browser: Browser, account: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, account, "/me");
  return page;
}

test("Lea and Ben stamp on the phone and the terminal; the manager corrects and approves; Ben sees it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await adminHeaders(request);
  const place = unique("Journey-Filiale");
  const location = await createAsAdmin(request, "/api/locations", { name: place });
  const person = async (firstName: string) => {
    const lastName = unique(firstName === "Lea" ? "Tagwerk" : "Uhrwerk");
    const employee = await createAsAdmin(request, "/api/employees", { first_name: firstName, last_name: lastName });
    const linked = await request.put(`/api/employees/${employee.id}`, {
      headers,
      data: { location_ids: [location.id] },
    });
    expect(linked.status(), await linked.text()).toBe(200);
    const account = { username: unique(firstName.toLowerCase()), password: "ui-test-passwort" };
    await createAsAdmin(request, "/api/users", {
      ...account,
      role: "user",
      must_change_password: false,
      employee_id: employee.id,
    });
    return { id: employee.id as number, name: `${firstName} ${lastName}`, lastName, account };
  };
  const [lea, ben] = [await person("Lea"), await person("Ben")];
  const pin = await request.put(`/api/employees/${ben.id}/pin`, { headers, data: { pin: "2468" } });
  expect(pin.status(), await pin.text()).toBe(200);
  const terminal = await request.post("/api/terminals", { headers, data: { location_id: location.id, name: "Tür" } });
  expect(terminal.status(), await terminal.text()).toBe(201);
  const pairingPath = (await terminal.json()).pairing_path as string;

  // Lea on her phone: in (no shift near: at her one Einsatzort, nothing to pick), a break, out.
  const leaPhone = await phone(browser, lea.account);
  const card = leaPhone.getByRole("region", { name: "Zeiterfassung" });
  await card.getByRole("button", { name: "Einstempeln" }).click();
  await expect(toast(leaPhone, "Eingestempelt")).toBeVisible();
  await card.getByRole("button", { name: "Pause beginnen" }).click();
  await expect(card.getByText(/^In der Pause seit/)).toBeVisible();
  await card.getByRole("button", { name: "Pause beenden" }).click();
  await expect(card.getByText(/^Eingestempelt seit/)).toBeVisible();
  await card.getByRole("button", { name: "Ausstempeln" }).click();
  await expect(toast(leaPhone, "Ausgestempelt")).toBeVisible();
  await expectAccessible(leaPhone, "journey: Lea's phone after the day");

  // Ben at the Stempeluhr, a tablet in portrait: his tile, his PIN, in.
  const tabletContext = await browser.newContext({ baseURL, viewport: TABLET });
  const tablet = await tabletContext.newPage();
  await tablet.goto(pairingPath);
  await expect(tablet).toHaveURL(/\/terminal$/);
  const tile = tablet.getByRole("button", { name: new RegExp(`^Ben ${ben.lastName.slice(0, 1)}\\.`) });
  const pressPin = async (digits: string) => {
    for (const digit of digits) await tablet.getByRole("button", { name: digit, exact: true }).click();
  };
  await tile.click();
  await pressPin("2468");
  await tablet.getByRole("button", { name: "Einstempeln" }).click();
  await expect(tablet.getByRole("status")).toHaveText(/^Guten (Morgen|Tag|Abend), Ben — eingestempelt \d\d:\d\d$/);
  await expect(tile).toContainText("da", { timeout: 8000 });
  // Five wrong PINs lock him out on this terminal; the right one is refused then too.
  await tile.click();
  for (let attempt = 1; attempt <= 5; attempt++) {
    await pressPin("1357");
    await tablet.getByRole("button", { name: "Ausstempeln" }).click();
    const alert = tablet.getByRole("alert").filter({ hasText: /\S/ });
    if (attempt < 5)
      await expect(alert).toHaveText(`Falsche PIN. Noch ${5 - attempt} Versuch${attempt === 4 ? "" : "e"}.`);
    else await expect(alert).toHaveText(/für dich ist diese Stempeluhr bis \d\d:\d\d Uhr gesperrt/);
  }
  await pressPin("2468");
  await tablet.getByRole("button", { name: "Ausstempeln" }).click();
  await expect(tablet.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(/gesperrt/);
  await reviewShots(tablet, "journey-terminal-locked");

  // So Ben stamps out on his phone.
  const benPhone = await phone(browser, ben.account);
  const benCard = benPhone.getByRole("region", { name: "Zeiterfassung" });
  await expect(benCard.getByText(/^Eingestempelt seit \d\d:\d\d$/)).toBeVisible();
  await benCard.getByRole("button", { name: "Ausstempeln" }).click();
  await expect(toast(benPhone, "Ausgestempelt")).toBeVisible();

  // The manager sees both on /time, this week at the location.
  const manager = await createAccount(request, "manager", "journey");
  await signIn(page, manager, "/time");
  await screenLoaded(page);
  await page.getByLabel("Standort").selectOption({ label: place });
  const leaSheet = page.getByRole("region", { name: lea.name });
  const benSheet = page.getByRole("region", { name: ben.name });
  await expect(leaSheet.locator("li[data-entry]")).toHaveCount(1);
  await expect(benSheet.locator("li[data-entry]")).toHaveCount(1);
  await expect(benSheet.locator("li[data-entry]")).toContainText("Stempeluhr");

  // Ben's start corrected, half an hour earlier (not before midnight), with a reason.
  const today = todayIn(ZONE);
  const entries = await request.get(`/api/time-entries?start_date=${today}&end_date=${today}&employee_id=${ben.id}`, {
    headers,
  });
  const [stamped] = (await entries.json()) as { id: number; start_at: string }[];
  const startedAt = new Date(stamped.start_at);
  const local = (at: Date) => at.toLocaleTimeString("de-CH", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" });
  const earlier = todayIn(ZONE, new Date(startedAt.getTime() - 30 * 60_000)) === today ? -30 : 0;
  const corrected = earlier === 0 ? "00:00" : local(new Date(startedAt.getTime() + earlier * 60_000));
  await benSheet.getByRole("button", { name: "Korrigieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Eintrag korrigieren" });
  await dialog.getByLabel("Beginn").fill(corrected);
  await dialog.getByLabel("Begründung").fill("Vergessen zu stempeln, Beginn laut Dienstplan");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Eintrag korrigiert!")).toBeVisible();
  await expect(benSheet.locator("li[data-entry]")).toContainText(`${corrected}–`);

  // Ben sees the revision on his phone.
  await benPhone.reload();
  const times = benPhone.getByRole("region", { name: "Meine Zeiten" });
  await times.getByRole("button", { name: "Meine Zeiten anzeigen" }).click();
  const row = times.getByTestId("my-time-entry");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${corrected}–`);
  await row.getByRole("button", { name: /^Verlauf/ }).click();
  const history = benPhone.getByRole("dialog", { name: /^Verlauf vom / });
  await expect(history.getByTestId("my-time-revision").filter({ hasText: `→ ${corrected}–` })).toContainText(
    "Vergessen zu stempeln, Beginn laut Dienstplan",
  );
  await expectAccessible(benPhone, "journey: Ben's revision");
  await reviewShots(benPhone, "journey-ben-revision");
  await history.getByRole("button", { name: "Schliessen" }).last().click();

  // The manager approves Ben's month (it is still running: the dialog says so).
  const month = today.slice(0, 7);
  // A week across a month's end has a line per month: this month's.
  const monthLine = benSheet
    .getByRole("list", { name: "Monate" })
    .getByRole("listitem")
    .filter({ hasText: `${monthLabel(month)}:` });
  await monthLine.getByRole("button", { name: "Monat genehmigen" }).click();
  const confirm = page.getByRole("dialog", { name: "Monat genehmigen" });
  await confirm.getByRole("button", { name: "Monat genehmigen" }).click();
  await expect(toast(page, `${monthLabel(month)} von ${ben.name} genehmigt!`)).toBeVisible();
  await expect(benSheet.getByRole("button", { name: "Korrigieren" })).toBeDisabled();
  await expect(benSheet.getByText("Monat genehmigt – zuerst wieder öffnen")).toBeVisible();
  await expectAccessible(page, "journey: /time after the approval");
  await reviewShots(page, "journey-time-approved");
  // A change is refused afterwards: through the API, and a new stamp of Ben's today.
  const refused = await request.post(`/api/time-entries/${stamped.id}/void`, {
    headers,
    data: { reason: "Test nach der Genehmigung" },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toMatch(/genehmigt/);
  await benCard.getByRole("button", { name: "Einstempeln" }).click();
  await expect(benPhone.getByText(/^Dieser Monat ist genehmigt/).first()).toBeVisible();

  // The Arbeitszeitnachweis of Ben's month.
  const downloading = page.waitForEvent("download");
  await monthLine.getByRole("button", { name: "Arbeitszeitnachweis PDF" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^arbeitszeitnachweis-${month}-ben-.*\\.pdf$`));
  const pdf = await file.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  if (process.env.REVIEW_SHOTS) writeFileSync(`${process.env.REVIEW_SHOTS}/journey-record.pdf`, pdf);

  await Promise.all([leaPhone.context().close(), benPhone.context().close(), tabletContext.close()]);
});
