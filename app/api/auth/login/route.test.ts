import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser, TEST_PASSWORD, uniqueIp } from "@/tests/support/api";
import { POST as login } from "./route";

const attempt = (username: string, password: string, ip: string) =>
  call(login, { path: "/api/auth/login", body: { username, password }, headers: { "x-forwarded-for": ip } });

describe("POST /api/auth/login", () => {
  test("right password: access token, refresh token and the user without hash or secret", async () => {
    const { user } = await createUser("manager");
    const res = await attempt(user.username, TEST_PASSWORD, uniqueIp());
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(res.json.user).toEqual({
      id: user.id,
      username: user.username,
      email: null,
      role: "manager",
      two_factor_enabled: false,
      must_change_password: false,
      created_at: user.createdAt.toISOString(),
      employee_id: null,
      employee_name: null,
    });
    expect(res.text).not.toMatch(/\$2[aby]\$|password_hash|passwordHash|secret/i);
    expect(await db.auditLog.count({ where: { action: "auth.login", entityId: user.id } })).toBe(1);
  });

  test("the username is matched regardless of case (phones capitalise the first letter)", async () => {
    const { user } = await createUser("user");
    const res = await attempt(user.username.toUpperCase(), TEST_PASSWORD, uniqueIp());
    expect(res.status).toBe(200);
  });

  test("unknown user and wrong password: the same 401, both after a real bcrypt comparison", async () => {
    const { user } = await createUser("user");
    const ip = uniqueIp();
    const started = Date.now();
    const wrongPassword = await attempt(user.username, "falsches-passwort", ip);
    const wrongPasswordMs = Date.now() - started;
    const started2 = Date.now();
    const unknownUser = await attempt(`niemand-${user.id}`, "falsches-passwort", ip);
    const unknownUserMs = Date.now() - started2;

    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.json).toEqual({ error: "Ungültige Anmeldedaten", code: "invalid_credentials" });
    expect(unknownUser.json).toEqual(wrongPassword.json);
    // The unknown user is checked against a cost-12 dummy hash (~0.3 s here);
    // without it the answer would come back in a few milliseconds.
    expect(unknownUserMs).toBeGreaterThan(100);
    expect(wrongPasswordMs).toBeGreaterThan(0);
    const failures = await db.auditLog.findMany({ where: { action: "auth.login_failed", ip } });
    expect(failures.map((f) => (f.details as { reason: string }).reason).sort()).toEqual([
      "unknown_user",
      "wrong_password",
    ]);
  });

  test("bad input: 400 with German messages, nothing recorded", async () => {
    const ip = uniqueIp();
    const missing = await call(login, { body: {}, headers: { "x-forwarded-for": ip } });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      code: "validation_failed",
      fields: { username: "Bitte gib deinen Benutzernamen ein", password: "Bitte gib dein Passwort ein" },
    });
    const wrongTypes = await call(login, {
      body: { username: 42, password: ["x"] },
      headers: { "x-forwarded-for": ip },
    });
    expect(wrongTypes.status).toBe(400);
    const huge = await call(login, {
      body: { username: "a".repeat(5000), password: "x" },
      headers: { "x-forwarded-for": ip },
    });
    expect(huge.status).toBe(400);
    const malformed = await call(login, { body: "{username:", headers: { "x-forwarded-for": ip } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: "invalid_json" });
    expect(await db.loginAttempt.count({ where: { ip } })).toBe(0);
  });
});

describe("login throttling (docs/PRODUCT-RULES.md §4.5)", () => {
  test(
    "the 11th failure for one username within 15 minutes is a 429 with Retry-After; " +
      "the right password does not get past it; it lifts when the window passes",
    async () => {
      const { user } = await createUser("user");
      const ips = Array.from({ length: 11 }, uniqueIp); // a different address each time: the username limit counts
      for (let i = 0; i < 10; i++) {
        expect((await attempt(user.username, `falsch-${i}`, ips[i])).status, `attempt ${i + 1}`).toBe(401);
      }
      const limited = await attempt(user.username, "noch-falscher", ips[10]);
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ code: "rate_limited" });
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);

      const right = await attempt(user.username, TEST_PASSWORD, ips[10]);
      expect(right.status).toBe(429);

      // Let the window pass for these failures.
      await db.loginAttempt.updateMany({
        where: { username: user.username.toLowerCase() },
        data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
      });
      expect((await attempt(user.username, TEST_PASSWORD, ips[10])).status).toBe(200);
    },
  );

  test("a successful login clears the username's failures", async () => {
    const { user } = await createUser("user");
    const ip = uniqueIp();
    for (let i = 0; i < 9; i++) expect((await attempt(user.username, "falsch", ip)).status).toBe(401);
    expect((await attempt(user.username, TEST_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(user.username, "falsch", ip)).status).toBe(401);
    expect((await attempt(user.username, TEST_PASSWORD, ip)).status).toBe(200);
  });

  test("100 failures from one address lock that address, for every username", async () => {
    const ip = uniqueIp();
    const since = new Date(Date.now() - 5 * 60 * 1000);
    await db.loginAttempt.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({ username: `geraten-${i}`, ip, success: false, createdAt: since })),
    });
    const { user } = await createUser("user");
    const limited = await attempt(user.username, TEST_PASSWORD, ip);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is not affected.
    expect((await attempt(user.username, TEST_PASSWORD, uniqueIp())).status).toBe(200);
  });

  test("parallel guesses cannot slip past the limit", async () => {
    const { user } = await createUser("user");
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => attempt(user.username, `parallel-${i}`, uniqueIp())),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
