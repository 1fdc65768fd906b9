// Helpers for the UI tests: accounts and data made through the real API,
// sessions put into the browser's storage the way the app keeps them.
import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { SignJWT } from "jose";
import { generate } from "otplib";
import { E2E_ADMIN } from "../../playwright.config";

export type Account = { id: number; username: string; password: string; role: "user" | "manager" | "admin" };
type Session = { accessToken: string; refreshToken: string; user: { id: number; username: string; role: string } };

let counter = 0;
/**
 * The worker's slot (0 or 1 with two workers, TEST_PARALLEL_INDEX): two workers calling `unique` in the same
 * millisecond with the same count would otherwise make the same name, or one name the start of the other's.
 */
const slot = process.env.TEST_PARALLEL_INDEX ?? "0";
/**
 * A name no other test (or earlier run on the same database) uses, in this worker or the other one; none is part of
 * another (a locator's `hasText` and `name` match parts).
 */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${slot}${(counter++).toString(36)}`;

export async function apiLogin(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<Session> {
  const res = await request.post("/api/auth/login", { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${(await apiLogin(request, E2E_ADMIN)).accessToken}` };
}

/** POST as the admin; the test fails unless the answer is 201. Answers the created record's id. */
export async function createAsAdmin(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const res = await request.post(path, { headers: await adminHeaders(request), data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/**
 * Publishes the plan of the dates and locations given, as a manager's "Veröffentlichen" does: staff see shifts only
 * once published (docs/PRODUCT-RULES.md §33.3). For specs whose subject is the staff side, not publishing.
 */
export async function publishPlan(
  request: APIRequestContext,
  { from, to = from, locationIds }: { from: string; to?: string; locationIds?: number[] },
) {
  const res = await request.post("/api/schedule/publish", {
    headers: await adminHeaders(request),
    data: { start_date: from, end_date: to, location_ids: locationIds },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function createAccount(
  request: APIRequestContext,
  role: Account["role"],
  prefix = "ui",
): Promise<Account> {
  const account = { username: unique(prefix), password: "ui-test-passwort", role };
  // Signs in with the given password at once: not asked to set one of its own (docs/PRODUCT-RULES.md §31.5).
  const res = await request.post("/api/users", {
    headers: await adminHeaders(request),
    data: { ...account, must_change_password: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...account, id: (await res.json()).id };
}

/** Signs in through the API and stores the session as the app does (docs/PRODUCT-RULES.md §7.7), then opens `path`. */
export async function signIn(page: Page, credentials: { username: string; password: string }, path = "/") {
  const session = await apiLogin(page.request, credentials);
  await page.goto("/login");
  // Wait until the app has checked for a stored session (it writes its state then).
  await expect.poll(() => storage(page, "auth-storage")).not.toBeNull();
  await page.evaluate((s) => {
    localStorage.setItem("access_token", s.accessToken);
    localStorage.setItem("refresh_token", s.refreshToken);
    localStorage.setItem(
      "auth-storage",
      JSON.stringify({ state: { user: s.user, isAuthenticated: true }, version: 0 }),
    );
  }, session);
  await page.goto(path);
  await screenLoaded(page);
  return session;
}

/**
 * Waits until the screen has its data: the session is checked and no list is
 * loading. A page's heading is no such sign: it shows while the stored
 * session is still being checked (AuthGuard), before the screen's own calls.
 */
export async function screenLoaded(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Wird geladen..." })).toHaveCount(0);
}

/** A sonner toast with exactly this text (title and description; a button such as "Rückgängig" aside). */
export function toast(page: Page, text: string) {
  const exactly = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return page.locator("[data-sonner-toast]").filter({ has: page.locator("[data-content]", { hasText: exactly }) });
}

export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The TOTP code of a 30-second time step (steps counted from the Unix epoch). */
export function totpCode(secret: string, step: number): Promise<string> {
  return generate({ secret, period: 30, epoch: step * 30 });
}

/** The current 30-second TOTP step. */
export const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * An access token that expired a minute ago, signed with the test server's
 * own secret (from its data directory): what a browser holds after a break.
 */
export async function expiredAccessToken(user: { id: number; role: string }): Promise<string> {
  const secret = readFileSync(path.join(".data-e2e", "secrets", "jwt-secret"), "utf8").trim();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: user.role, typ: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuer("schichtwerk")
    .setAudience("schichtwerk-api")
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

/**
 * axe-core scan (WCAG 2 A/AA): no serious or critical violations. Toasts are
 * left out unless asked for: older ones stacked behind the newest fade out
 * while the scan runs, and axe would measure the contrast of a half-faded
 * toast. One test scans a toast at rest (login.spec.ts).
 */
export async function expectAccessible(page: Page, label: string, { includeToasts = false } = {}) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (includeToasts ? builder : builder.exclude("[data-sonner-toaster]")).analyze();
  const bad = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Review pictures at a desk and a phone width, only when REVIEW_SHOTS names a folder (never committed); at each
 * width the page must not scroll sideways.
 */
export async function reviewShots(page: Page, name: string) {
  const folder = process.env.REVIEW_SHOTS;
  if (!folder) return;
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Transitions finished first: the sidebar slides in when a phone-width page becomes a desk-width one.
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true, animations: "disabled" });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `${name} at ${width} px scrolls sideways`).toBe(false);
  }
  if (size) await page.setViewportSize(size);
}
