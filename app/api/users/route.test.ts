import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser, loginAs, TEST_PASSWORD, uniqueIp, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as login } from "../auth/login/route";
import { GET as me } from "../auth/me/route";
import { POST as refresh } from "../auth/refresh/route";
import { DELETE as archiveEmployee } from "../employees/[id]/route";
import { DELETE as remove, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

const newName = () => uniqueName("nutzer").replace(" ", "-");

describe("GET /api/users", () => {
  test("admins list every account, never with a hash or secret; others get 403", async () => {
    const { token, user } = await createUser("admin");
    const res = await call(list, { token });
    expect(res.status).toBe(200);
    const mine = (res.json as unknown as Record<string, unknown>[]).find((u) => u.id === user.id);
    expect(Object.keys(mine!).sort()).toEqual([
      "created_at",
      "email",
      "employee_id",
      "employee_name",
      "id",
      "must_change_password",
      "role",
      "two_factor_enabled",
      "username",
    ]);
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
    // Its access tokens end with it, at once (§30.3).
    for (const accessToken of [session.accessToken, target.token])
      expect((await call(me, { token: accessToken })).status).toBe(403);
    await expect(loginAs(target.user.username, "zurueckgesetzt")).resolves.toBeTruthy();
  });

  test("two admins resetting each other's password at once, 20 times: no deadlock, no 5xx (§30.3)", async () => {
    const a = await createUser("admin");
    const b = await createUser("admin");
    for (let round = 0; round < 20; round++) {
      // Each write locks the other's row and adds an audit row pointing at its own: row locks that block a foreign
      // key (FOR UPDATE) would deadlock here.
      const results = await Promise.all([
        call(update, { token: a.token, params: { id: String(b.user.id) }, body: { email: `b${round}@example.ch` } }),
        call(update, { token: b.token, params: { id: String(a.user.id) }, body: { email: `a${round}@example.ch` } }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
    }
    const [ra, rb] = await Promise.all([
      call(update, { token: a.token, params: { id: String(b.user.id) }, body: { password: "neu-fuer-b-1" } }),
      call(update, { token: b.token, params: { id: String(a.user.id) }, body: { password: "neu-fuer-a-1" } }),
    ]);
    // Each reset ends the other's sessions, so the later of the two may find its own token ended: 403, never 5xx.
    for (const res of [ra, rb]) expect([200, 403]).toContain(res.status);
  });

  test("a login whose password is reset while it is checked gets no session; neither does a 2FA step", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("user");
    const before = await db.user.findUniqueOrThrow({ where: { id: target.user.id } });
    const { signIn } = await import("@/lib/server/auth/sessions");
    const { createTwoFactorChallenge, verifyTwoFactorLogin } = await import("@/lib/server/auth/two-factor-challenge");
    const tempToken = await createTwoFactorChallenge({ userId: target.user.id });
    expect(
      (await call(update, { token, params: { id: String(target.user.id) }, body: { password: "zurueckgesetzt" } }))
        .status,
    ).toBe(200);
    // The login checked the old hash; by the time it stores its session the hash is another.
    const stale = { user: { ...before, employee: null }, passwordHash: before.passwordHash, ip: "198.51.100.7" };
    await expect(signIn({ ...stale, twoFactor: false })).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(signIn({ ...stale, twoFactor: true })).rejects.toMatchObject({ code: "two_factor_expired" });
    expect(await db.refreshToken.count({ where: { userId: target.user.id, revokedAt: null } })).toBe(0);
    // A tempToken earned with the old password ends with it.
    expect(await db.twoFactorChallenge.count({ where: { userId: target.user.id } })).toBe(0);
    await expect(verifyTwoFactorLogin({ tempToken, code: "123456", ip: "198.51.100.7" })).rejects.toMatchObject({
      code: "two_factor_expired",
    });
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

describe("linked accounts (docs/PRODUCT-RULES.md §26.1)", () => {
  const employeeNamed = (lastName: string) => fx.employee({ firstName: "Anna", lastName });
  const put = (token: string, id: number, body: Record<string, unknown>) =>
    call(update, { token, params: { id: String(id) }, body });

  test("POST links on create: the answer, the list and the audit row carry the employee", async () => {
    const { token } = await createUser("admin");
    const employee = await employeeNamed(uniqueName("Muster"));
    const username = newName();
    const res = await call(create, {
      token,
      body: { username, password: "sicheres-passwort", employee_id: employee.id },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ employee_id: employee.id, employee_name: `Anna ${employee.lastName}` });
    const listed = ((await call(list, { token })).json as unknown as Record<string, unknown>[]).find(
      (u) => u.username === username,
    );
    expect(listed).toMatchObject({ employee_id: employee.id, employee_name: `Anna ${employee.lastName}` });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "user.create", entityId: res.json.id as number },
    });
    expect(audit.details).toMatchObject({ employee_id: employee.id });
    // Without employee_id: no link.
    const plain = await call(create, { token, body: { username: newName(), password: "sicheres-passwort" } });
    expect(plain.json).toMatchObject({ employee_id: null, employee_name: null });
  });

  test("PUT links, keeps the link when absent, unlinks with null; audited with from/to", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("user");
    const employee = await employeeNamed(uniqueName("Muster"));
    const linked = await put(token, target.user.id, { employee_id: employee.id });
    expect(linked.status).toBe(200);
    expect(linked.json).toMatchObject({ employee_id: employee.id, employee_name: `Anna ${employee.lastName}` });
    expect((await put(token, target.user.id, { role: "manager" })).json).toMatchObject({ employee_id: employee.id });
    // The same link again is no conflict with itself.
    expect((await put(token, target.user.id, { employee_id: employee.id })).status).toBe(200);
    const unlinked = await put(token, target.user.id, { employee_id: null });
    expect(unlinked.status).toBe(200);
    expect(unlinked.json).toMatchObject({ employee_id: null, employee_name: null });
    expect((await db.user.findUniqueOrThrow({ where: { id: target.user.id } })).employeeId).toBeNull();
    const audits = await db.auditLog.findMany({
      where: { action: "user.update", entityId: target.user.id },
      orderBy: { id: "asc" },
    });
    expect(audits[0].details).toEqual({ changed: ["employee_id"], employee_id: { from: null, to: employee.id } });
    expect(audits[1].details).toEqual({ changed: ["role"] });
    expect(audits.at(-1)!.details).toEqual({ changed: ["employee_id"], employee_id: { from: employee.id, to: null } });
  });

  test("GET /auth/me answers the linked employee; the user JSON never has a hash", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("user");
    const employee = await employeeNamed(uniqueName("Muster"));
    await put(token, target.user.id, { employee_id: employee.id });
    const res = await call(me, { token: target.token });
    expect(res.json).toMatchObject({ id: target.user.id, employee_id: employee.id });
    expect(res.json.employee_name).toBe(`Anna ${employee.lastName}`);
    const session = await call(login, {
      body: { username: target.user.username, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": uniqueIp() },
    });
    expect(session.json.user).toMatchObject({ employee_id: employee.id, employee_name: `Anna ${employee.lastName}` });
    for (const text of [res.text, (await call(list, { token })).text, session.text])
      expect(text).not.toMatch(/\$2[aby]\$|hash|secret/i);
  });

  test("unknown or archived employee: 400 fields.employee_id, nothing changed", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("user");
    const archived = await fx.employee();
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const before = await db.user.count();
    for (const employeeId of [999_999_999, archived.id, 0, "3"]) {
      const updated = await put(token, target.user.id, { employee_id: employeeId, role: "manager" });
      expect(updated.status, String(employeeId)).toBe(400);
      expect(updated.json.fields, String(employeeId)).toEqual({ employee_id: "Mitarbeiter nicht gefunden" });
      const created = await call(create, {
        token,
        body: { username: newName(), password: "sicheres-passwort", employee_id: employeeId },
      });
      expect(created.status, String(employeeId)).toBe(400);
      expect(created.json.fields, String(employeeId)).toEqual({ employee_id: "Mitarbeiter nicht gefunden" });
    }
    expect(await db.user.count()).toBe(before);
    expect(await db.user.findUniqueOrThrow({ where: { id: target.user.id } })).toMatchObject({
      role: "user",
      employeeId: null,
    });
  });

  test("an employee linked to another user: 409 naming both, on POST and PUT", async () => {
    const { token } = await createUser("admin");
    const holder = await createUser("user");
    const other = await createUser("user");
    const employee = await employeeNamed(uniqueName("Muster"));
    await put(token, holder.user.id, { employee_id: employee.id });
    const message = `Anna ${employee.lastName} ist bereits mit dem Benutzer ${holder.user.username} verknüpft`;
    const updated = await put(token, other.user.id, { employee_id: employee.id });
    expect(updated.status).toBe(409);
    expect(updated.json).toEqual({ error: message, code: "conflict" });
    const username = newName();
    const created = await call(create, {
      token,
      body: { username, password: "sicheres-passwort", employee_id: employee.id },
    });
    expect(created.status).toBe(409);
    expect(created.json).toEqual({ error: message, code: "conflict" });
    expect(await db.user.count({ where: { username } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: other.user.id } })).employeeId).toBeNull();
  });

  test("20 parallel PUTs linking one employee to 20 users: exactly one 200, the rest 409", async () => {
    const { token } = await createUser("admin");
    const employee = await employeeNamed(uniqueName("Muster"));
    const targets = await Promise.all(Array.from({ length: 20 }, () => createUser("user")));
    const results = await Promise.all(targets.map((t) => put(token, t.user.id, { employee_id: employee.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const winner = targets[results.findIndex((r) => r.status === 200)];
    for (const r of results.filter((r) => r.status === 409))
      expect(r.json.error).toBe(
        `Anna ${employee.lastName} ist bereits mit dem Benutzer ${winner.user.username} verknüpft`,
      );
    expect(await db.user.findMany({ where: { employeeId: employee.id }, select: { id: true } })).toEqual([
      { id: winner.user.id },
    ]);
  });

  test("archiving the employee unlinks the user, who keeps the account; audited", async () => {
    const { token } = await createUser("admin");
    const target = await createUser("user");
    const employee = await employeeNamed(uniqueName("Muster"));
    await put(token, target.user.id, { employee_id: employee.id });
    expect((await call(archiveEmployee, { token, params: { id: String(employee.id) } })).status).toBe(200);
    expect((await call(me, { token: target.token })).json).toMatchObject({
      id: target.user.id,
      employee_id: null,
      employee_name: null,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "employee.archive", entityId: employee.id } });
    expect(audit.details).toMatchObject({ users_unlinked: 1 });
  });

  test("deleting a user frees the employee for another account", async () => {
    const { token } = await createUser("admin");
    const first = await createUser("user");
    const second = await createUser("user");
    const employee = await employeeNamed(uniqueName("Muster"));
    await put(token, first.user.id, { employee_id: employee.id });
    expect((await put(token, second.user.id, { employee_id: employee.id })).status).toBe(409);
    expect((await call(remove, { token, params: { id: String(first.user.id) } })).status).toBe(200);
    expect((await put(token, second.user.id, { employee_id: employee.id })).json).toMatchObject({
      employee_id: employee.id,
    });
  });
});
