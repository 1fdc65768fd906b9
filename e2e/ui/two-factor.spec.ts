import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  apiLogin,
  createAccount,
  currentStep,
  expectAccessible,
  reviewShots,
  screenshot,
  signIn,
  storage,
  toast,
  totpCode,
  type Account,
} from "./support";

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

/** Switches 2FA on through the API, as the profile does: the secret and the recovery codes enable-2fa answered. */
async function enableThroughApi(request: APIRequestContext, account: Account) {
  const headers = { Authorization: `Bearer ${(await apiLogin(request, account)).accessToken}` };
  const { secret } = await (await request.post("/api/auth/setup-2fa", { headers })).json();
  const step = currentStep();
  const res = await request.post("/api/auth/enable-2fa", { headers, data: { token: await totpCode(secret, step) } });
  expect(res.status(), await res.text()).toBe(200);
  return { secret: secret as string, step, codes: (await res.json()).recovery_codes as string[] };
}

/** The element that has the keyboard focus, by id. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

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

  // The recovery codes, shown this once (§29.1): ten of them, to copy or download.
  await expect(page.getByText("Diese Codes werden nur jetzt angezeigt.", { exact: false })).toBeVisible();
  const shown = await page
    .getByRole("list", { name: "Wiederherstellungscodes" })
    .getByRole("listitem")
    .allTextContents();
  expect(shown).toHaveLength(10);
  for (const code of shown) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Herunterladen" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("schichtwerk-wiederherstellungscodes.txt");
  const file = await readFile(await download.path(), "utf8");
  for (const code of shown) expect(file).toContain(code);
  await expectAccessible(page, "profile recovery codes");
  await reviewShots(page, "profile-recovery-codes");
  await page.getByRole("button", { name: "Ich habe die Codes gespeichert" }).click();
  await expect(page.getByText("Aktiviert", { exact: true })).toBeVisible();
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("Noch 10 Wiederherstellungscodes");
  await reviewShots(page, "profile-2fa-enabled");

  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Mode 2 of the login.
  await credentialsStep(page, account);
  await expect(toast(page, "Bitte gib deinen 2FA-Code ein")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Zwei-Faktor-Authentifizierung" })).toBeVisible();
  await expect(page.getByText("Öffne deine Authenticator-App und gib den 6-stelligen Code ein.")).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe("totp-code");
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

test("login with a recovery code: the field has the focus, the code works once", async ({ page }) => {
  const account = await createAccount(page.request, "user", "recovery");
  const { codes } = await enableThroughApi(page.request, account);

  await credentialsStep(page, account);
  await expect(page.getByRole("heading", { name: "Zwei-Faktor-Authentifizierung" })).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe("totp-code");

  await page.getByRole("button", { name: "Wiederherstellungscode verwenden" }).click();
  await expect(
    page.getByText("Gib einen deiner Wiederherstellungscodes ein. Jeder Code gilt nur einmal."),
  ).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe("recovery-code");
  const field = page.getByLabel("Wiederherstellungscode");
  const verify = page.getByRole("button", { name: "Verifizieren" });
  await field.fill("abcd-efgh");
  await expect(verify).toBeDisabled();
  await field.fill(codes[0]!.toUpperCase());
  await expect(verify).toBeEnabled();
  await expectAccessible(page, "login recovery step");
  await reviewShots(page, "login-recovery-step");

  // And back: the app's code field again, with the focus.
  await page.getByRole("button", { name: "Code aus der App verwenden" }).click();
  await expect.poll(() => focusedId(page)).toBe("totp-code");
  await page.getByRole("button", { name: "Wiederherstellungscode verwenden" }).click();

  await page.getByLabel("Wiederherstellungscode").fill(codes[0]!);
  await page.getByRole("button", { name: "Verifizieren" }).click();
  await expect(toast(page, "Erfolgreich angemeldet!")).toBeVisible();
  await page.getByRole("link", { name: "Einstellungen & 2FA" }).click();
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("Noch 9 Wiederherstellungscodes");

  // The same code a second time: refused.
  await page.getByRole("button", { name: "Abmelden" }).click();
  await credentialsStep(page, account);
  await page.getByRole("button", { name: "Wiederherstellungscode verwenden" }).click();
  await page.getByLabel("Wiederherstellungscode").fill(codes[0]!);
  await page.getByRole("button", { name: "Verifizieren" }).click();
  await expect(toast(page, "Ungültiger 2FA-Code")).toBeVisible();
  await expect(page.getByLabel("Wiederherstellungscode")).toHaveValue("");
});

test("the phone is lost: a recovery code turns 2FA off in the profile", async ({ page }) => {
  const account = await createAccount(page.request, "user", "lostphone");
  await signIn(page, account, "/profile");
  const { codes } = await enableThroughApi(page.request, account);
  await page.reload();
  await page.getByRole("button", { name: "Wiederherstellungscode verwenden" }).click();
  await expect(page.getByText("Handy verloren? Ein Wiederherstellungscode schaltet 2FA aus")).toBeVisible();
  const field = page.getByLabel("Wiederherstellungscode");
  await field.fill("zzzz-zzzz-zzzz");
  await page.getByRole("button", { name: "2FA deaktivieren" }).click();
  await expect(toast(page, "Ungültiger Token oder Fehler beim Deaktivieren")).toBeVisible();
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("Noch 10 Wiederherstellungscodes");

  await field.fill(codes[4]!);
  await page.getByRole("button", { name: "2FA deaktivieren" }).click();
  await expect(toast(page, "2FA wurde deaktiviert")).toBeVisible();
  await expect(page.getByRole("button", { name: "2FA einrichten" })).toBeVisible();
});

test("new recovery codes in the profile need a code from the app", async ({ page }) => {
  const account = await createAccount(page.request, "user", "renew");
  // Signed in first: a session outlives switching 2FA on.
  await signIn(page, account, "/profile");
  const { secret, step } = await enableThroughApi(page.request, account);
  await page.reload();
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("Noch 10 Wiederherstellungscodes");
  await page.getByRole("button", { name: "Neue Codes erzeugen" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Wiederherstellungscodes" });
  // The dialog says what happens to the old codes, and no line of source leaked into its text (a review found one).
  await expect(dialog).toContainText(
    "Die bisherigen Codes gelten danach nicht mehr. Bestätige mit einem Code aus deiner Authenticator-App.",
  );
  await expect(dialog).not.toContainText("useState");
  await dialog.getByLabel("6-stelliger Code aus der App").fill((await codeAfter(secret, step)).code);
  await dialog.getByRole("button", { name: "Codes erzeugen" }).click();
  await expect(toast(page, "Neue Wiederherstellungscodes erzeugt")).toBeVisible();
  await expect(page.getByRole("list", { name: "Wiederherstellungscodes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "Ich habe die Codes gespeichert" }).click();
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("Noch 10 Wiederherstellungscodes");
});

test("an admin resets another user's 2FA after a confirmation", async ({ page }) => {
  const admin = await createAccount(page.request, "admin", "reset-admin");
  const account = await createAccount(page.request, "user", "reset");
  await enableThroughApi(page.request, account);
  await signIn(page, admin, "/users");
  const row = page.getByRole("row").filter({ hasText: account.username });
  await expect(row.getByText("Aktiviert", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `2FA zurücksetzen für ${account.username}` }).click();
  const dialog = page.getByRole("dialog", { name: "2FA zurücksetzen" });
  await expect(dialog).toContainText(`Die Zwei-Faktor-Anmeldung von „${account.username}“ wirklich zurücksetzen?`);
  await reviewShots(page, "users-reset-2fa");
  await dialog.getByRole("button", { name: "2FA zurücksetzen" }).click();
  await expect(toast(page, "2FA zurückgesetzt!")).toBeVisible();
  await expect(row.getByText("Deaktiviert", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `2FA zurücksetzen für ${account.username}` })).toHaveCount(0);

  // The user signs in with the password alone.
  await page.getByRole("button", { name: "Abmelden" }).click();
  await credentialsStep(page, account);
  await expect(toast(page, "Erfolgreich angemeldet!")).toBeVisible();
});
