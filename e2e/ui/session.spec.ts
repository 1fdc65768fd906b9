import { expect, test, type Request } from "@playwright/test";
import { createAccount, expiredAccessToken, screenLoaded, signIn, storage } from "./support";

test("an expired access token: one refresh (rotated tokens stored), the request retried, the screen loads", async ({
  page,
}) => {
  const account = await createAccount(page.request, "manager", "expiry");
  const session = await signIn(page, account, "/employees");
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();

  const expired = await expiredAccessToken(session.user);
  await page.evaluate((token) => localStorage.setItem("access_token", token), expired);
  const refreshes: Request[] = [];
  const meCalls: number[] = [];
  page.on("request", (request) => request.url().endsWith("/api/auth/refresh") && refreshes.push(request));
  page.on("response", (response) => response.url().endsWith("/api/auth/me") && meCalls.push(response.status()));

  await page.reload();
  await screenLoaded(page);
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Abmelden" })).toBeVisible();
  expect(refreshes).toHaveLength(1);
  expect(meCalls).toEqual([403, 200]); // first with the expired token, then the retry
  const newRefresh = await storage(page, "refresh_token");
  expect(newRefresh).not.toBe(session.refreshToken);
  expect(await storage(page, "access_token")).not.toBe(expired);
  // The rotated token is the live one.
  expect((await page.request.post("/api/auth/refresh", { data: { refreshToken: newRefresh } })).status()).toBe(200);
});

test("two tabs with an expired token refresh once between them and both stay signed in", async ({ context, page }) => {
  const account = await createAccount(page.request, "manager", "tabs");
  const session = await signIn(page, account, "/employees");
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  await page.evaluate((token) => localStorage.setItem("access_token", token), await expiredAccessToken(session.user));
  const second = await context.newPage();

  const refreshes: string[] = [];
  context.on("request", (request) => request.url().endsWith("/api/auth/refresh") && refreshes.push(request.url()));
  await Promise.all([page.reload(), second.goto("/locations")]);
  await Promise.all([screenLoaded(page), screenLoaded(second)]);
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  await expect(second.getByRole("heading", { name: "Standorte" })).toBeVisible();
  expect(refreshes).toHaveLength(1);

  // The session family was not revoked by a reused refresh token: both tabs keep working.
  await page.reload();
  await second.reload();
  await Promise.all([screenLoaded(page), screenLoaded(second)]);
  await expect(page.getByRole("heading", { name: "Mitarbeiter" })).toBeVisible();
  await expect(second.getByRole("heading", { name: "Standorte" })).toBeVisible();
  const refreshToken = await storage(page, "refresh_token");
  expect((await page.request.post("/api/auth/refresh", { data: { refreshToken } })).status()).toBe(200);
});

test("a refused refresh removes both tokens and lands on /login", async ({ page }) => {
  const account = await createAccount(page.request, "user", "refused");
  const session = await signIn(page, account, "/locations");
  await expect(page.getByRole("heading", { name: "Standorte" })).toBeVisible();
  // Spend the stored refresh token elsewhere: the browser's copy is now a reused one.
  expect(
    (await page.request.post("/api/auth/refresh", { data: { refreshToken: session.refreshToken } })).status(),
  ).toBe(200);
  await page.evaluate((token) => localStorage.setItem("access_token", token), await expiredAccessToken(session.user));

  await page.getByRole("link", { name: "Mitarbeiter" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storage(page, "access_token")).toBeNull();
  expect(await storage(page, "refresh_token")).toBeNull();
});
