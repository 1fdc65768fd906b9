import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  adminHeaders,
  createAccount,
  expectAccessible,
  reviewShots,
  screenLoaded,
  signIn,
  toast,
  unique,
} from "./support";

// "Integrationen" (docs/PRODUCT-RULES.md §36.3): an admin creates an access token (shown once), a system calls the
// API with it, the list shows its last use, revoking it shuts the door at once. Every token here is the spec's own,
// found by its unique name: other specs' tokens may be in the list too.

const nav = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });
const card = (page: Page, name: string) => page.getByRole("listitem").filter({ hasText: name });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A token made through the API (for the screens that only show one). */
async function createToken(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post("/api/access-tokens", { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
}

test("admin creates a token with two scopes; the API takes it within them; last use shown; revoked, refused", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const admin = await createAccount(request, "admin", "int-admin");
  const name = unique("Kasse");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, admin, "/");
  await nav(page).getByRole("link", { name: "Integrationen" }).click();
  await expect(page.getByRole("heading", { name: "Integrationen", level: 1 })).toBeVisible();
  await screenLoaded(page);
  const section = page.getByRole("region", { name: "Zugriffstoken" });
  await expect(section.getByRole("link", { name: "API-Dokumentation" })).toHaveAttribute("href", "/api-docs");

  // The form's checks first, then the server's: what was entered stays.
  const create = section.getByRole("button", { name: "Token erstellen" });
  await create.click();
  const dialog = page.getByRole("dialog", { name: "Token erstellen" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByRole("button", { name: "Erstellen" }).click();
  await expect(dialog.getByText("Bitte gib einen Namen ein")).toBeVisible();
  await expect(dialog.getByText("Bitte wähle mindestens einen Bereich aus")).toBeVisible();
  await expectAccessible(page, "create token dialog with errors");
  await reviewShots(page, "integrations-create-invalid");

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("checkbox", { name: /^Plan lesen/ }).check();
  await dialog.getByRole("checkbox", { name: /^Mitarbeiter lesen/ }).check();
  await dialog.getByLabel("Gültig bis (letzter Tag)").fill("2020-01-31");
  await dialog.getByRole("button", { name: "Erstellen" }).click();
  await expect(toast(page, "Das Ablaufdatum liegt in der Vergangenheit")).toBeVisible();
  const expiry = dialog.getByLabel("Gültig bis (letzter Tag)");
  await expect(expiry).toHaveAccessibleDescription(/Das Ablaufdatum liegt in der Vergangenheit/);
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await expect(dialog.getByRole("checkbox", { name: /^Plan lesen/ })).toBeChecked();
  await reviewShots(page, "integrations-create-refused");
  await expiry.fill("2099-12-31");
  await dialog.getByRole("button", { name: "Erstellen" }).click();

  // Shown once, in the same dialog.
  const shown = page.getByRole("dialog", { name: `Token «${name}» erstellt` });
  await expect(shown.getByText("Kopiere das Token jetzt – es wird nur einmal angezeigt.")).toBeVisible();
  const field = shown.getByLabel(`Token für «${name}»`);
  await expect(field).toBeFocused();
  const token = await field.inputValue();
  expect(token).toMatch(/^swk_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, "token shown once");
  await reviewShots(page, "integrations-shown-once");
  await shown.getByRole("button", { name: "Kopieren" }).click();
  await expect(toast(page, "Kopiert!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  // Copied: "Fertig" closes without asking, and the focus is back where the dialog was opened.
  await shown.getByRole("button", { name: "Fertig" }).click();
  await expect(shown).toHaveCount(0);
  await expect(create).toBeFocused();

  const row = card(page, name);
  await expect(row).toContainText("Aktiv");
  await expect(row).toContainText(`${token.slice(0, 8)}…`);
  await expect(row).not.toContainText(token);
  await expect(row.getByRole("list", { name: "Bereiche" }).getByRole("listitem")).toHaveText([
    "Plan lesen",
    "Mitarbeiter lesen",
  ]);
  await expect(row).toContainText("Läuft ab am 31.12.2099");
  await expect(row).toContainText("Noch nie benutzt");
  await expect(row).toContainText(new RegExp(`Erstellt von ${admin.username} am \\d\\d\\.\\d\\d\\.\\d{4}`));

  // The system's calls: inside its scopes 200, outside 403 naming the missing scope.
  const week = "start_date=2041-03-04&end_date=2041-03-10";
  const read = await request.get(`/api/shifts?${week}`, { headers: bearer(token) });
  expect(read.status(), await read.text()).toBe(200);
  const people = await request.get("/api/employees", { headers: bearer(token) });
  expect(people.status(), await people.text()).toBe(200);
  const write = await request.post("/api/shifts", { headers: bearer(token), data: {} });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ code: "forbidden", required_scope: "schedule:write" });

  await page.reload();
  await screenLoaded(page);
  await expect(row).toContainText(/Zuletzt benutzt: \d\d\.\d\d\.\d{4} \d\d:\d\d/);
  await expectAccessible(page, "token list");
  await reviewShots(page, "integrations-list");

  // Revoked through the confirmation: the token's next call is refused.
  await row.getByRole("button", { name: `Token «${name}» widerrufen` }).click();
  const confirm = page.getByRole("dialog", { name: `Token «${name}» widerrufen?` });
  await expect(confirm).toContainText("Systeme, die es benutzen, bekommen sofort keinen Zugriff mehr.");
  await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await reviewShots(page, "integrations-revoke-confirm");
  await confirm.getByRole("button", { name: "Widerrufen" }).click();
  await expect(toast(page, "Token widerrufen!")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  const ended = page.getByRole("list", { name: "Nicht mehr gültig" });
  await expect(ended.getByRole("listitem").filter({ hasText: name })).toContainText("Widerrufen am");
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(row).toBeFocused();
  const after = await request.get(`/api/shifts?${week}`, { headers: bearer(token) });
  expect(after.status()).toBe(403);
  expect((await after.json()).code).toBe("invalid_token");
});

test("a manager has no Integrationen entry and is told the page is for admins", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "int-manager");
  await signIn(page, manager, "/");
  await expect(nav(page).getByRole("link", { name: "Verlauf" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Integrationen" })).toHaveCount(0);
  await page.goto("/integrations");
  await screenLoaded(page);
  await expect(page.getByRole("heading", { name: "Integrationen", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Nur Administratoren" })).toHaveText(
    "Nur Administratoren haben Zugriff auf diese Seite",
  );
  await expect(page.getByRole("region", { name: "Zugriffstoken" })).toHaveCount(0);
});

test("phone (390 px): tokens as cards; the dialog a full-width sheet that asks before the token is lost", async ({
  page,
  request,
}) => {
  const admin = await createAccount(request, "admin", "int-phone");
  const listed = unique("Lohnbuchhaltung");
  await createToken(request, { name: listed, scopes: ["time:read", "reports:read", "employees:read"] });
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone on the shop's network over http://: no clipboard API, and the old copy command does nothing.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true });
    document.execCommand = () => false;
  });
  await signIn(page, admin, "/integrations");
  const row = card(page, listed);
  await expect(row).toContainText("Unbefristet");
  const revoke = row.getByRole("button", { name: `Token «${listed}» widerrufen` });
  // The card and its button within the window; the button a 44 px touch target.
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect((await revoke.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await reviewShots(page, "integrations-phone-list");

  const name = unique("Kasse-Telefon");
  const create = page.getByRole("button", { name: "Token erstellen" });
  await create.click();
  const dialog = page.getByRole("dialog", { name: "Token erstellen" });
  expect((await dialog.boundingBox())!.width).toBe(390);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("checkbox", { name: /^Arbeitszeiten lesen/ }).check();
  await dialog.getByRole("button", { name: "Erstellen" }).click();
  const shown = page.getByRole("dialog", { name: `Token «${name}» erstellt` });
  const field = shown.getByLabel(`Token für «${name}»`);
  await expect(field).toHaveValue(/^swk_/);

  // Not copied: closing asks; "Abbrechen" keeps the token on screen, "Ohne Kopieren schliessen" lets it go.
  await page.keyboard.press("Escape");
  const ask = page.getByRole("dialog", { name: "Token wirklich schliessen?" });
  await expect(ask).toContainText("Es kann danach nicht mehr angezeigt werden.");
  await reviewShots(page, "integrations-close-unsaved");
  await ask.getByRole("button", { name: "Abbrechen" }).click();
  await expect(ask).toHaveCount(0);
  await expect(field).toBeVisible();
  // "Kopieren" cannot copy here: it says so and leaves the token selected for copying by hand.
  await shown.getByRole("button", { name: "Kopieren" }).click();
  await expect(
    toast(page, "Kopieren nicht möglich – das Token ist markiert, kopiere es mit Strg+C (Mac: ⌘+C)"),
  ).toBeVisible();
  await expect(field).toBeFocused();
  const token = await field.inputValue();
  expect(
    await field.evaluate((box: HTMLTextAreaElement) => box.value.slice(box.selectionStart, box.selectionEnd)),
  ).toBe(token);
  await shown.getByRole("button", { name: "Fertig" }).click();
  await ask.getByRole("button", { name: "Ohne Kopieren schliessen" }).click();
  await expect(shown).toHaveCount(0);
  await expect(create).toBeFocused();
  await expect(card(page, name)).toContainText("Aktiv");
  await expect(card(page, name)).toContainText("Noch nie benutzt");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
