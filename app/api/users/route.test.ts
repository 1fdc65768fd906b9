import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser, loginAs, uniqueName } from "@/tests/support/api";
import { GET as me } from "../auth/me/route";
import { POST as refresh } from "../auth/refresh/route";
import { DELETE as remove, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

const newName = () => uniqueName("nutzer").replace(" ", "-");

describe("GET /api/users", () => {
  test("admins list every account, never with a hash or secret; others get 403", async () => {
    const { token, user } = await createUser("admin");
    const res = await call(list, { token });
    expect(res.status).toBe(200);
    const mine = (res.json as unknown as Record<string, unknown>[]).find((u) => u.id === user.id);
    expect(Object.keys(mine!).sort()).toEqual(["created_at", "email", "id", "role", "two_factor_enabled", "username"]);
    expect(res.text).not.toMatch(/\$2[aby]\$|hash|secret/i);
    for (const role of ["manager", "user"] as const) {
      const other = await createUser(role);
      expect((await call(list, { token: other.token })).json).toEqual({
        error: "Keine Berechtigung",
        code: "forbidden",
      });
    }
  });
});

describe("POST /api/users", () => {
  test("creates an account: 201, the user can log in, an audit row is written", async () => {
    const { token, user: admin } = await createUser("admin");
    const username = newName();
    const res = await call(create, {
      token,
      body: { username, email: "Anna@Example.ch", password: "sicheres-passwort", role: "manager" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ username, email: "anna@example.ch", role: "manager", two_factor_enabled: false });
    await expect(loginAs(username, "sicheres-passwort")).resolves.toBeTruthy();
    expect(
      await db.auditLog.count({ where: { action: "user.create", entityId: res.json.id as number, userId: admin.id } }),
    ).toBe(1);
  });

  test("usernames are unique regardless of case: 409 Benutzername bereits vergeben", async () => {
    const { token } = await createUser("admin");
    const username = newName();
    expect((await call(create, { token, body: { username, password: "sicheres-passwort" } })).status).toBe(201);
    const dup = await call(create, {
      token,
      body: { username: username.toUpperCase(), password: "sicheres-passwort" },
    });
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({ error: "Benutzername bereits vergeben", code: "conflict" });
  });

  test("validation (docs/PRODUCT-RULES.md §15) with German messages; nothing is written", async () => {
    const { token } = await createUser("admin");
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { username: "ab", password: "sicheres-passwort" },
        "username",
        "Benutzername muss mindestens 3 Zeichen lang sein",
      ],
      [
        { username: newName(), email: "keine-mail", password: "sicheres-passwort" },
        "email",
        "Ungültige E-Mail-Adresse",
      ],
      [{ username: newName(), password: "kurz" }, "password", "Passwort muss mindestens 8 Zeichen lang sein"],
      [
        { username: newName(), password: "sicheres-passwort", role: "chef" },
        "role",
        "Rolle muss user, manager oder admin sein",
      ],
      [
        { username: "x".repeat(101), password: "sicheres-passwort" },
        "username",
        "Benutzername darf höchstens 100 Zeichen lang sein",
      ],
    ];
    const before = await db.user.count();
    for (const [body, field, message] of cases) {
      const res = await call(create, { token, body });
      expect(res.status, field).toBe(400);
      expect(res.json.fields, field).toMatchObject({ [field]: message });
    }
    expect(await db.user.count()).toBe(before);
  });

  test("defaults to role user; an empty e-mail means none", async () => {
    const { token } = await createUser("admin");
    const res = await call(create, { token, body: { username: newName(), email: "", password: "sicheres-passwort" } });
    expect(res.json).toMatchObject({ role: "user", email: null });
  });
});

describe("PUT /api/users/{id}", () => {
  test("changes role and e-mail; the new role applies to the user's next request", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("user");
    const res = await call(update, {
      token,
      params: { id: String(target.user.id) },
      body: { role: "manager", email: "neu@example.ch" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ role: "manager", email: "neu@example.ch" });
    expect((await call(me, { token: target.token })).json).toMatchObject({ role: "manager" });
    expect(await db.auditLog.count({ where: { action: "user.update", entityId: target.user.id } })).toBe(1);
  });

  test("a password reset ends the user's sessions", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("user");
    const session = await loginAs(target.user.username);
    expect(
      (await call(update, { token, params: { id: String(target.user.id) }, body: { password: "zurueckgesetzt" } }))
        .status,
    ).toBe(200);
    expect((await call(refresh, { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    await expect(loginAs(target.user.username, "zurueckgesetzt")).resolves.toBeTruthy();
  });

  test("an admin cannot demote themselves; unknown ids are 404", async () => {
    const { token, user } = await createUser("admin");
    const res = await call(update, { token, params: { id: String(user.id) }, body: { role: "user" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "self_action" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("admin");
    expect((await call(update, { token, params: { id: "999999999" }, body: { role: "user" } })).status).toBe(404);
    expect((await call(update, { token, params: { id: "abc" }, body: { role: "user" } })).status).toBe(404);
  });
});

describe("DELETE /api/users/{id}", () => {
  test("deletes the account and ends its sessions at once", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("manager");
    const session = await loginAs(target.user.username);
    const res = await call(remove, { token, params: { id: String(target.user.id) } });
    expect(res.status).toBe(200);
    expect((await call(me, { token: session.accessToken })).status).toBe(403);
    expect((await call(refresh, { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "user.delete", entityId: target.user.id } });
    expect(audit.details).toEqual({ username: target.user.username });
  });

  test("an admin cannot delete themselves: Du kannst dich nicht selbst löschen!", async () => {
    const { token, user } = await createUser("admin");
    const res = await call(remove, { token, params: { id: String(user.id) } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: "Du kannst dich nicht selbst löschen!", code: "self_action" });
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });

  test("managers may not delete accounts; unknown ids are 404", async () => {
    const manager = await createUser("manager");
    const target = await createUser("user");
    expect((await call(remove, { token: manager.token, params: { id: String(target.user.id) } })).status).toBe(403);
    const { token } = await createUser("admin");
    expect((await call(remove, { token, params: { id: "999999999" } })).status).toBe(404);
  });
});
