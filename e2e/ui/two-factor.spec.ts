import { expect, test, type Page } from "@playwright/test";
import { createAccount, currentStep, expectAccessible, screenshot, storage, toast, totpCode } from "./support";

async function credentialsStep(page: Page, account: { username: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Benutzername").fill(account.username);
  await page.getByLabel("Passwort").fill(account.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

/**
 * Each code is accepted once: the server remembers the last used time step
 * and accepts only later ones (one step ahead is tolerated). Waits until the
 * step after `lastUsed` is within reach.
 */
async function codeAfter(secret: string, lastUsed: number): Promise<{ code: string; step: number }> {
  while (lastUsed + 1 > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  const step = Math.max(currentStep(), lastUsed + 1);
  return { code: await totpCode(secret, step), step };
}

test("the whole 2FA journey: set up in the profile, log in with a code, disable", async ({ page }) => {
  test.setTimeout(120_000);
  const account = await createAccount(page.request, "manager", "totp");
  await credentialsStep(page, account);
  await expect(toast(page, "Erfolgreich angemeldet!")).toBeVisible();

  // Set-up: QR code and manual secret.
  await page.getByRole("link", { name: "Einstellungen & 2FA" }).click();
  await expect(page.getByText("Keine E-Mail hinterlegt")).toBeVisible();
  await page.getByRole("button", { name: "2FA einrichten" }).click();
  await expect(page.getByRole("img", { name: "QR-Code für die Authenticator-App" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page, "profile 2FA set-up");
  await screenshot(page, "profile-2fa-setup");

  // A wrong code first.
  const enableField = page.getByLabel("6-stelliger Code aus der App");
  await enableField.fill("000000");
  await page.getByRole("button", { name: "2FA aktivieren" }).click();
  await expect(toast(page, "Ungültiger Token")).toBeVisible();

  let used = await codeAfter(secret, 0);
  await enableField.fill(used.code);
  await page.getByRole("button", { name: "2FA aktivieren" }).click();
  await expect(toast(page, "2FA erfolgreich aktiviert!")).toBeVisible();
  await expect(page.getByText("Aktiviert", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Mode 2 of the login.
  await credentialsStep(page, account);
  await expect(toast(page, "Bitte gib deinen 2FA-Code ein")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Zwei-Faktor-Authentifizierung" })).toBeVisible();
  await expect(page.getByText("Öffne deine Authenticator-App und gib den 6-stelligen Code ein.")).toBeVisible();
  const code = page.getByLabel("Code");
  const verify = page.getByRole("button", { name: "Verifizieren" });
  await code.pressSequentially("12ab-3 4");
  await expect(code).toHaveValue("1234"); // non-digits stripped
  await expect(verify).toBeDisabled();
  await code.fill("1234567");
  await expect(code).toHaveValue("123456"); // at most six
  await expect(verify).toBeEnabled();
  await expectAccessible(page, "login 2FA step");
  await screenshot(page, "login-2fa-step");

  // Back to mode 1 clears code and temporary token; a second attempt starts a new step.
  await page.getByRole("button", { name: "← Zurück zur Anmeldung" }).click();
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await expect(page.getByLabel("Code")).toHaveCount(0);
  await page.getByLabel("Passwort").fill(account.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByLabel("Code")).toHaveValue("");

  await page.getByLabel("Code").fill("999999");
  await page.getByRole("button", { name: "Verifizieren" }).click();
  await expect(toast(page, "Ungültiger 2FA-Code")).toBeVisible();

  used = await codeAfter(secret, used.step);
  await page.getByLabel("Code").fill(used.code);
  await page.getByRole("button", { name: "Verifizieren" }).click();
  await expect(toast(page, "Erfolgreich angemeldet!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(JSON.parse((await storage(page, "auth-storage"))!).state.user.two_factor_enabled).toBe(true);

  // Disable: a wrong code is refused, a fresh one works.
  await page.getByRole("link", { name: "Einstellungen & 2FA" }).click();
  const disableField = page.getByLabel("6-stelliger Code aus der App");
  await disableField.fill("000000");
  await page.getByRole("button", { name: "2FA deaktivieren" }).click();
  await expect(toast(page, "Ungültiger Token oder Fehler beim Deaktivieren")).toBeVisible();
  used = await codeAfter(secret, used.step);
  await disableField.fill(used.code);
  await page.getByRole("button", { name: "2FA deaktivieren" }).click();
  await expect(toast(page, "2FA wurde deaktiviert")).toBeVisible();
  await expect(page.getByRole("button", { name: "2FA einrichten" })).toBeVisible();

  // Without 2FA the login is one step again.
  await page.getByRole("button", { name: "Abmelden" }).click();
  await credentialsStep(page, account);
  await expect(toast(page, "Erfolgreich angemeldet!")).toBeVisible();
});
