import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

// The auth flow against the real server: bcrypt runs in the worker thread of
// the production build, tokens survive the HTTP round trip.
test("admin logs in, reads /auth/me, refreshes, creates a user who logs in, logs out", async ({ request }) => {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const session = await login.json();
  expect(session.user).toMatchObject({ username: E2E_ADMIN.username, role: "admin" });
  const auth = { Authorization: `Bearer ${session.accessToken}` };

  const me = await request.get("/api/auth/me", { headers: auth });
  expect(await me.json()).toMatchObject({ username: E2E_ADMIN.username });

  const refreshed = await request.post("/api/auth/refresh", { data: { refreshToken: session.refreshToken } });
  expect(refreshed.status()).toBe(200);
  const next = await refreshed.json();

  const username = `e2e-${Date.now()}`;
  const created = await request.post("/api/users", {
    headers: { Authorization: `Bearer ${next.accessToken}` },
    data: { username, password: "e2e-passwort-1", role: "user", must_change_password: false },
  });
  expect(created.status()).toBe(201);
  const userLogin = await request.post("/api/auth/login", { data: { username, password: "e2e-passwort-1" } });
  expect(userLogin.status()).toBe(200);
  const forbidden = await request.get("/api/users", {
    headers: { Authorization: `Bearer ${(await userLogin.json()).accessToken}` },
  });
  expect(forbidden.status()).toBe(403);

  expect((await request.post("/api/auth/logout", { data: { refreshToken: next.refreshToken } })).status()).toBe(200);
  expect((await request.post("/api/auth/refresh", { data: { refreshToken: next.refreshToken } })).status()).toBe(401);
});

test("wrong credentials: 401 Ungültige Anmeldedaten as JSON", async ({ request }) => {
  const res = await request.post("/api/auth/login", { data: { username: "niemand", password: "falsch" } });
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: "Ungültige Anmeldedaten", code: "invalid_credentials" });
});
