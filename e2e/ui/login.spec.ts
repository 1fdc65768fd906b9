import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { createAccount, expectAccessible, screenshot, signIn, storage, toast } from "./support";

test("the login page shows the brand title, labelled fields and 'Anmelden'", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle("Anmelden · Schichtwerk");
  await expect(page.getByRole("heading", { name: "Schichtwerk" })).toBeVisible();
  await expect(page.getByLabel("Benutzername")).toBeVisible();
  await expect(page.getByLabel("Passwort")).toBeVisible();
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeDisabled();
  await expectAccessible(page, "login");
  await screenshot(page, "login-desktop");
});

test("the login page fits a phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Anmelden" });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.height).toBeGreaterThanOrEqual(44); // touch target (docs/PRODUCT-RULES.md §19)
  await screenshot(page, "login-phone");
});

test("wrong credentials: the server's message as a toast, the fields usable again, nothing stored", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByLabel("Benutzername").fill("niemand");
  await page.getByLabel("Passwort").fill("falsches-passwort");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(toast(page, "Ungültige Anmeldedaten")).toBeVisible();
  await expect(page.getByLabel("Benutzername")).toBeEnabled();
  await page.waitForTimeout(600); // the toast's entry animation
  await expectAccessible(page, "error toast", { includeToasts: true });
  await expect(page).toHaveURL(/\/login$/);
  expect(await storage(page, "access_token")).toBeNull();
});

test("a login shows the busy label with disabled fields, stores the session and opens the dashboard", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByLabel("Benutzername").fill(E2E_ADMIN.username);
  await page.getByLabel("Passwort").fill(E2E_ADMIN.password);
  // Hold the answer back to see the in-flight state.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/auth/login", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("button", { name: "Wird angemeldet..." })).toBeDisabled();
  await expect(page.getByLabel("Benutzername")).toBeDisabled();
  await expect(page.getByLabel("Passwort")).toBeDisabled();
  release();

  await expect(toast(page, "Erfolgreich angemeldet!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(await storage(page, "access_token")).toMatch(/^ey/);
  expect(await storage(page, "refresh_token")).toBeTruthy();
  const persisted = JSON.parse((await storage(page, "auth-storage"))!);
  expect(persisted.state).toMatchObject({
    isAuthenticated: true,
    user: { username: E2E_ADMIN.username, role: "admin" },
  });

  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Wochenplanung",
    "Mitarbeiter",
    "Standorte",
    "Wochenvorlagen",
    "Ferien",
    "Zeiterfassung",
    "Berichte",
    "Verlauf",
    "Benutzer",
    "Betrieb",
    "Integrationen",
  ]);
  await expect(page.getByRole("link", { name: "Einstellungen & 2FA" })).toBeVisible();
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();
  await screenshot(page, "dashboard-shell");
});

test("logout ends the session on the server and in the browser", async ({ page }) => {
  const account = await createAccount(page.request, "manager", "logout");
  await signIn(page, account, "/employees");
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  const refreshToken = await storage(page, "refresh_token");

  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(toast(page, "Erfolgreich abgemeldet")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storage(page, "access_token")).toBeNull();
  expect(await storage(page, "refresh_token")).toBeNull();
  expect(JSON.parse((await storage(page, "auth-storage"))!).state.isAuthenticated).toBe(false);
  // The refresh token is dead on the server too.
  expect((await page.request.post("/api/auth/refresh", { data: { refreshToken } })).status()).toBe(401);
});

test("the auth guard sends visitors without a session to /login", async ({ page }) => {
  for (const path of ["/", "/employees", "/locations", "/users", "/profile"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("a stored token the server rejects is removed silently at start-up", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => {
    localStorage.setItem("access_token", "kaputt");
    localStorage.setItem("refresh_token", "auch-kaputt");
  });
  await page.goto("/employees");
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => storage(page, "access_token")).toBeNull();
  expect(await storage(page, "refresh_token")).toBeNull();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});

test("a user-role account sees no Benutzer entry and is turned away on /users", async ({ page }) => {
  const account = await createAccount(page.request, "user", "viewer");
  await signIn(page, account, "/users");
  await expect(page.getByText("Nur Administratoren haben Zugriff auf diese Seite")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link", { name: "Mitarbeiter" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Benutzer" })).toHaveCount(0);
  // The role label in the sidebar: role "user" is shown as "Mitarbeitende" (docs/PRODUCT-RULES.md §1.1).
  await expect(page.getByText("Mitarbeitende", { exact: true }).first()).toBeVisible();
  await expectAccessible(page, "users (no access)");
});
