import { afterAll, beforeEach, describe, expect, inject, test, vi } from "vitest";

// This file works on its own, empty database: the bootstrap only acts when no
// user exists, which the shared test database never guarantees.
process.env.DATABASE_URL = inject("emptyDatabaseUrl");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { ensureFirstAdmin } = await import("./ensure-first-admin");
const { verifyPassword } = await import("@/lib/server/auth/password");

beforeEach(async () => {
  await db.auditLog.deleteMany();
  await db.user.deleteMany();
});
afterAll(() => db.$disconnect());

describe("first admin (docs/PRODUCT-RULES.md §6.1)", () => {
  test("is created from ADMIN_USERNAME and ADMIN_PASSWORD on an empty database", async () => {
    const result = await ensureFirstAdmin({ username: "chefin", password: "sehr-geheim-123" });
    expect(result).toEqual({ created: true, username: "chefin", generatedPassword: null });
    const admin = await db.user.findUniqueOrThrow({ where: { username: "chefin" } });
    expect(admin.role).toBe("admin");
    expect(await verifyPassword("sehr-geheim-123", admin.passwordHash)).toBe(true);
    expect(await db.auditLog.count({ where: { action: "user.bootstrap_admin", entityId: admin.id } })).toBe(1);
  });

  test("without ADMIN_PASSWORD gets a strong generated password, user name admin", async () => {
    const result = await ensureFirstAdmin({});
    if (!result.created) throw new Error("expected an admin to be created");
    expect(result.username).toBe("admin");
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const admin = await db.user.findUniqueOrThrow({ where: { username: "admin" } });
    expect(await verifyPassword(result.generatedPassword!, admin.passwordHash)).toBe(true);
  });

  test("does nothing once any user exists, so a restart keeps the same admin", async () => {
    await ensureFirstAdmin({ password: "erstes-passwort" });
    const before = await db.user.findMany();
    expect(await ensureFirstAdmin({ password: "anderes-passwort" })).toEqual({ created: false });
    expect(await db.user.findMany()).toEqual(before);
  });

  test("two instances starting at once create exactly one admin", async () => {
    const results = await Promise.all([
      ensureFirstAdmin({ password: "parallel-1-pass" }),
      ensureFirstAdmin({ password: "parallel-2-pass" }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db.user.count()).toBe(1);
  });

  test("refuses a too short ADMIN_PASSWORD instead of creating a weak account", async () => {
    await expect(ensureFirstAdmin({ password: "kurz" })).rejects.toThrow(/at least 8/);
    expect(await db.user.count()).toBe(0);
  });
});
