import { expect, test } from "@playwright/test";
import {
  apiLogin,
  createAccount,
  expectAccessible,
  reviewShots,
  screenLoaded,
  screenshot,
  signIn,
  toast,
} from "./support";

test("the profile shows username, e-mail placeholder, role and the security tips", async ({ page }) => {
  const account = await createAccount(page.request, "user", "profil");
  await signIn(page, account, "/profile");
  await expect(page.getByRole("heading", { name: "Einstellungen & 2FA" })).toBeVisible();
  await expect(page.getByText(account.username, { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Keine E-Mail hinterlegt")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sicherheitstipps" })).toBeVisible();
  await expect(page.getByRole("button", { name: "2FA einrichten" })).toBeVisible();
  await expectAccessible(page, "profile");
  await screenshot(page, "profile");
});

test("changing the password: mismatch, too short, wrong current password, then success", async ({ page }) => {
  const account = await createAccount(page.request, "manager", "pwchange");
  await signIn(page, account, "/profile");
  await page.getByRole("button", { name: "Passwort ändern" }).click();
  const dialog = page.getByRole("dialog", { name: "Passwort ändern" });
  await expectAccessible(page, "change password dialog");

  await dialog.getByLabel("Aktuelles Passwort").fill(account.password);
  await dialog.getByLabel("Neues Passwort", { exact: true }).fill("neues-passwort-1");
  await dialog.getByLabel("Neues Passwort bestätigen").fill("neues-passwort-2");
  await dialog.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(dialog.getByText("Neue Passwörter stimmen nicht überein!")).toBeVisible();

  await dialog.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
  await dialog.getByLabel("Neues Passwort bestätigen").fill("kurz");
  await dialog.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(dialog.getByText("Passwort muss mindestens 8 Zeichen lang sein!")).toBeVisible();

  await dialog.getByLabel("Aktuelles Passwort").fill("nicht-mein-passwort");
  await dialog.getByLabel("Neues Passwort", { exact: true }).fill("neues-passwort-1");
  await dialog.getByLabel("Neues Passwort bestätigen").fill("neues-passwort-1");
  await dialog.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(toast(page, "Aktuelles Passwort ist falsch")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Aktuelles Passwort").fill(account.password);
  await dialog.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(toast(page, "Passwort erfolgreich geändert!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await apiLogin(page.request, { username: account.username, password: "neues-passwort-1" });
  // This browser's session lives on.
  await page.reload();
  await screenLoaded(page);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("button", { name: "2FA einrichten" })).toBeVisible();
});

test("five wrong current passwords lock the password change for a while (§30.2)", async ({ page }) => {
  // A user of its own: the lock holds for 15 minutes and would refuse another test's password change.
  const account = await createAccount(page.request, "user", "pwlock");
  await signIn(page, account, "/profile");
  await page.getByRole("button", { name: "Passwort ändern" }).click();
  const dialog = page.getByRole("dialog", { name: "Passwort ändern" });
  await dialog.getByLabel("Neues Passwort", { exact: true }).fill("neues-passwort-1");
  await dialog.getByLabel("Neues Passwort bestätigen").fill("neues-passwort-1");
  const attempt = async (current: string) => {
    await dialog.getByLabel("Aktuelles Passwort").fill(current);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith("/api/auth/change-password")),
      dialog.getByRole("button", { name: "Passwort ändern" }).click(),
    ]);
    return response.status();
  };
  for (let i = 1; i <= 5; i++) expect(await attempt(`falsch-${i}`), `wrong password ${i}`).toBe(400);
  await expect(toast(page, "Aktuelles Passwort ist falsch").first()).toBeVisible();

  // The sixth with the right password: refused too, and nothing changes (docs/PRODUCT-RULES.md §30.2).
  expect(await attempt(account.password)).toBe(429);
  await expect(toast(page, "Zu viele falsche Eingaben. Bitte versuche es in einigen Minuten erneut.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await reviewShots(page, "profile-password-locked");
  await apiLogin(page.request, account);
});

test("the sidebar collapses into a menu on a phone", async ({ page }) => {
  const account = await createAccount(page.request, "admin", "phone");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, account, "/employees");
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menü" }).click();
  await expect(nav).toBeVisible();
  await screenshot(page, "phone-menu");
  await nav.getByRole("link", { name: "Standorte" }).click();
  await expect(page.getByRole("heading", { name: "Standorte" })).toBeVisible();
  await expect(nav).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await screenshot(page, "phone-locations");
});

test("messages by e-mail (390 px): refused without an address, saved with one, kept after a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await createAccount(page.request, "user", "post");
  await signIn(page, account, "/profile");
  const section = page.getByRole("region", { name: "Mitteilungen" });
  // The test server has no mail server: the box is kept for when it gets one.
  await expect(section).toContainText("Dieser Server verschickt noch keine E-Mails");
  const box = section.getByLabel("Mitteilungen auch per E-Mail erhalten");
  await box.check();
  await section.getByRole("button", { name: "Speichern" }).click();
  await expect(section.getByText("Für Mitteilungen per E-Mail braucht es eine E-Mail-Adresse")).toBeVisible();

  await section.getByLabel("E-Mail-Adresse").fill("lea.post@example.ch");
  await section.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Einstellungen gespeichert!")).toBeVisible();
  await expectAccessible(page, "profile messages");
  await reviewShots(page, "profile-messages");
  await page.reload();
  await screenLoaded(page);
  await expect(section.getByLabel("E-Mail-Adresse")).toHaveValue("lea.post@example.ch");
  await expect(box).toBeChecked();
  // The account's card shows the same address.
  await expect(page.getByRole("region", { name: "Profil" })).toContainText("lea.post@example.ch");
});

test("Betrieb says that e-mail is off and what to set (admin, 1366 px)", async ({ page }) => {
  const account = await createAccount(page.request, "admin", "mailadmin");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, account, "/settings");
  const section = page.getByRole("region", { name: "E-Mail" });
  await expect(section.getByTestId("mail-state")).toContainText("E-Mail ist aus: Der Server hat keinen Mailserver.");
  await expect(section).toContainText("SMTP_URL");
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page, "Betrieb with e-mail");
  await reviewShots(page, "settings-mail");
});
