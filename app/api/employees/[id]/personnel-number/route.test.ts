import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { personnelNumberDtoSchema } from "@/lib/shared/schemas/employee";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { PUT } from "./route";

const put = (token: string, id: number, body: unknown) =>
  call(PUT, { token, method: "PUT", params: { id: String(id) }, body });

describe("PUT /api/employees/{id}/personnel-number (docs/PRODUCT-RULES.md §34.2)", () => {
  test("an admin sets the number of someone who left, for their last months' payroll; unique; audited", async () => {
    const { token: admin } = await createUser("admin");
    const number = String(10_000 + (Date.now() % 80_000));
    const left = await fx.employee({ firstName: "Lea", lastName: `Ausgetreten${number}` });
    await db.employee.update({ where: { id: left.id }, data: { archivedAt: new Date() } });
    const set = await put(admin, left.id, { personnel_number: ` ${number} ` });
    expect(set.status, set.text).toBe(200);
    expect(personnelNumberDtoSchema.parse(set.json)).toEqual({
      employee_id: left.id,
      personnel_number: number,
      archived: true,
    });
    expect((await db.employee.findUniqueOrThrow({ where: { id: left.id } })).personnelNumber).toBe(number);
    const audited = await db.auditLog.findMany({ where: { action: "employee.update", entityId: left.id } });
    expect(audited.map((row) => row.details)).toEqual([{ changed: ["personnel_number"] }]);
    // Taken, also as a number with leading zeros: 409 naming who has it; nothing changes.
    const other = await fx.employee({ firstName: "Ben" });
    const taken = await put(admin, other.id, { personnel_number: `0${number}` });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe(
      `Die Personalnummer 0${number} hat bereits Lea ${left.lastName} (als ${number}) (archiviert).`,
    );
    expect((await db.employee.findUniqueOrThrow({ where: { id: other.id } })).personnelNumber).toBeNull();
    // Empty removes it.
    expect((await put(admin, left.id, { personnel_number: "" })).json.personnel_number).toBeNull();
  });

  test("managers and staff may not; an unknown employee 404; a bad number 400 with the German rule", async () => {
    const employee = await fx.employee();
    const { token: admin } = await createUser("admin");
    const { token: manager } = await createUser("manager");
    const { token: staff } = await createUser("user", { employeeId: employee.id });
    expect((await put(manager, employee.id, { personnel_number: "5" })).status).toBe(403);
    expect((await put(staff, employee.id, { personnel_number: "5" })).status).toBe(403);
    expect((await put(admin, 999_999, { personnel_number: "5" })).status).toBe(404);
    const bad = await put(admin, employee.id, { personnel_number: "-5" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({
      personnel_number: expect.stringContaining("beginnt mit einem Buchstaben"),
    });
    expect((await put(admin, employee.id, {})).status).toBe(400);
    expect((await db.employee.findUniqueOrThrow({ where: { id: employee.id } })).personnelNumber).toBeNull();
  });
});
