import bcrypt from "bcryptjs";
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { isTrivialPin } from "@/lib/shared/schemas/terminal";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { PUT } from "./route";
import { DELETE as removeAny, PUT as setAny } from "../../employees/[id]/pin/route";

const FORMAT = "Die PIN besteht aus 4 bis 6 Ziffern";
const EASY = "Diese PIN ist zu leicht zu erraten (keine gleichen Ziffern, keine Reihe wie 1234)";

describe("PUT /api/me/pin (docs/PRODUCT-RULES.md §32.4)", () => {
  test("sets the own PIN as a bcrypt hash, answers no hash, audits without the PIN", async () => {
    const employee = await fx.employee();
    const { token } = await createUser("user", { employeeId: employee.id });
    const res = await call(PUT, { method: "PUT", token, body: { pin: "4711" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ has_pin: true, updated_at: expect.any(String) });
    const row = await db.employeePin.findUniqueOrThrow({ where: { employeeId: employee.id } });
    expect(row.pinHash).toMatch(/^\$2[ab]\$10\$/);
    expect(await bcrypt.compare("4711", row.pinHash)).toBe(true);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "terminal.pin_set", entityId: employee.id } });
    expect(JSON.stringify(audit.details)).not.toContain("4711");

    // A new PIN replaces the old one.
    expect((await call(PUT, { method: "PUT", token, body: { pin: "80512" } })).status).toBe(200);
    const again = await db.employeePin.findUniqueOrThrow({ where: { employeeId: employee.id } });
    expect(await bcrypt.compare("80512", again.pinHash)).toBe(true);
  }, 20_000);

  test("letters, the wrong length or a trivial PIN: 400 in fields.pin, nothing written", async () => {
    const employee = await fx.employee();
    const { token } = await createUser("user", { employeeId: employee.id });
    const cases: [unknown, string][] = [
      ["12a4", FORMAT],
      ["123", FORMAT],
      ["1234567", FORMAT],
      [" 4711", FORMAT],
      [4711, FORMAT],
      ["1234", EASY],
      ["0000", EASY],
      ["987654", EASY],
      ["333333", EASY],
    ];
    for (const [pin, message] of cases) {
      const res = await call(PUT, { method: "PUT", token, body: { pin } });
      expect(res.status, String(pin)).toBe(400);
      expect(res.json.fields, String(pin)).toEqual({ pin: message });
    }
    expect(await db.employeePin.count({ where: { employeeId: employee.id } })).toBe(0);
  });

  test("a user without a linked employee: 403", async () => {
    const { token } = await createUser("user");
    expect((await call(PUT, { method: "PUT", token, body: { pin: "4711" } })).status).toBe(403);
  });

  test("trivial: one digit repeated or a run by one, up or down; nothing else", () => {
    for (const pin of ["0000", "1111", "1234", "4321", "0123", "3456789".slice(0, 6), "9876", "210"])
      expect(isTrivialPin(pin), pin).toBe(true);
    for (const pin of ["4711", "1357", "2468", "1233", "9012", "0987"]) expect(isTrivialPin(pin), pin).toBe(false);
  });
});

describe("PUT/DELETE /api/employees/{id}/pin (admins)", () => {
  test("an admin sets and removes anyone's PIN; an archived or unknown employee is 404", async () => {
    const { token } = await createUser("admin");
    const employee = await fx.employee();
    const params = { id: String(employee.id) };
    const set = await call(setAny, { method: "PUT", token, params, body: { pin: "2580" } });
    expect(set.status, set.text).toBe(200);
    expect(await db.employeePin.count({ where: { employeeId: employee.id } })).toBe(1);
    const removed = await call(removeAny, { method: "DELETE", token, params });
    expect(removed.status).toBe(204);
    expect(await db.employeePin.count({ where: { employeeId: employee.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: "terminal.pin_remove", entityId: employee.id } })).toBe(1);

    await db.employee.update({ where: { id: employee.id }, data: { archivedAt: new Date() } });
    expect((await call(setAny, { method: "PUT", token, params, body: { pin: "2580" } })).status).toBe(404);
    const unknown = { id: "999999999" };
    expect((await call(setAny, { method: "PUT", token, params: unknown, body: { pin: "2580" } })).status).toBe(404);
  }, 20_000);

  test("a manager may not set someone's PIN", async () => {
    const { token } = await createUser("manager");
    const employee = await fx.employee();
    const res = await call(setAny, {
      method: "PUT",
      token,
      params: { id: String(employee.id) },
      body: { pin: "2580" },
    });
    expect(res.status).toBe(403);
  });
});
