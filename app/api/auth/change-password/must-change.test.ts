// docs/PRODUCT-RULES.md §31.5: an account an admin created or reset sets a password of its own at the next login.
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser, loginAs, uniqueName } from "@/tests/support/api";
import { GET as employees } from "../../employees/route";
import { PUT as updateUser } from "../../users/[id]/route";
import { POST as createAccount } from "../../users/route";
import { POST as login } from "../login/route";
import { POST as logout } from "../logout/route";
import { GET as me } from "../me/route";
import { POST as refresh } from "../refresh/route";
import { POST as changePassword } from "./route";

const START = "start-passwort-vom-chef";
const DUE = { error: "Bitte lege zuerst ein eigenes Passwort fest.", code: "password_change_required" };
const newName = () => uniqueName("neu").replace(" ", "-");

describe("a password of one's own at the first login (docs/PRODUCT-RULES.md §31.5)", () => {
  test("a new account gets only me and change-password until it has set its own; then everything", async () => {
    const admin = await createUser("admin");
    const username = newName();
    const created = await call(createAccount, { token: admin.token, body: { username, password: START } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ username, must_change_password: true });
    const audit = await db.auditLog.findFirst({
      where: { action: "user.create", entityId: created.json.id as number },
    });
    expect(audit?.details).toMatchObject({ must_change_password: true });

    // The login itself works as before and says what is due.
    const signIn = await call(login, { body: { username, password: START } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.user).toMatchObject({ must_change_password: true });
    const session = {
      accessToken: signIn.json.accessToken as string,
      refreshToken: signIn.json.refreshToken as string,
    };

    expect(await call(employees, { token: session.accessToken })).toMatchObject({ status: 403, json: DUE });
    expect((await call(me, { token: session.accessToken })).json).toMatchObject({ must_change_password: true });
    // A refresh keeps the session but not a way around it.
    const refreshed = await call(refresh, { body: { refreshToken: session.refreshToken } });
    expect(refreshed.status).toBe(200);
    const access = refreshed.json.accessToken as string;
    expect(await call(employees, { token: access })).toMatchObject({ status: 403, json: DUE });

    // The start password again is no password of one's own; a wrong current one neither.
    const same = await call(changePassword, { token: access, body: { currentPassword: START, newPassword: START } });
    expect(same.status).toBe(400);
    expect(same.json).toMatchObject({
      fields: { newPassword: "Das neue Passwort muss sich vom bisherigen unterscheiden" },
    });
    const wrong = await call(changePassword, {
      token: access,
      body: { currentPassword: "falsch-falsch", newPassword: "mein-eigenes-passwort" },
    });
    expect(wrong.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { username } })).mustChangePassword).toBe(true);

    const changed = await call(changePassword, {
      token: access,
      body: { currentPassword: START, newPassword: "mein-eigenes-passwort" },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await call(me, { token: access })).json).toMatchObject({ must_change_password: false });
    expect((await call(employees, { token: access })).status).toBe(200);
    await expect(loginAs(username, START)).rejects.toThrow(/401/);
    await expect(loginAs(username, "mein-eigenes-passwort")).resolves.toBeTruthy();
    expect((await call(logout, { body: { refreshToken: refreshed.json.refreshToken } })).status).toBe(200);
  });

  test("an admin's password reset asks again; the admin may say no, and the own reset never asks", async () => {
    const admin = await createUser("admin");
    const other = await createUser("user");
    const reset = (id: number, body: object) =>
      call(updateUser, { token: admin.token, method: "PUT", params: { id: String(id) }, body });
    const flagOf = async (id: number) => (await db.user.findUniqueOrThrow({ where: { id } })).mustChangePassword;

    // A change without a password leaves the flag alone.
    expect((await reset(other.user.id, { email: "x@example.ch" })).json).toMatchObject({ must_change_password: false });
    const res = await reset(other.user.id, { password: START });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ must_change_password: true });
    const session = await loginAs(other.user.username, START);
    expect(await call(employees, { token: session.accessToken })).toMatchObject({ status: 403, json: DUE });

    expect((await reset(other.user.id, { password: START, must_change_password: false })).status).toBe(200);
    expect(await flagOf(other.user.id)).toBe(false);

    // An account created without the question (the owner's own second account) is not asked.
    const plain = await call(createAccount, {
      token: admin.token,
      body: { username: newName(), password: START, must_change_password: false },
    });
    expect(plain.json).toMatchObject({ must_change_password: false });
    const bad = await call(createAccount, {
      token: admin.token,
      body: { username: newName(), password: START, must_change_password: "ja" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      fields: { must_change_password: "must_change_password muss true oder false sein" },
    });
    // The admin's own new password is one the admin knows (the reset ends the admin's sessions, so it comes last).
    expect((await reset(admin.user.id, { password: "admin-neu-passwort" })).status).toBe(200);
    expect(await flagOf(admin.user.id)).toBe(false);
  });

  test("accounts that existed before (the seed's among them) are not asked", async () => {
    const { user } = await createUser("manager");
    expect(user.mustChangePassword).toBe(false);
    const session = await loginAs(user.username);
    expect((await call(employees, { token: session.accessToken })).status).toBe(200);
  });
});
