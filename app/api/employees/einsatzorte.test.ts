// Einsatzorte of employees (docs/PRODUCT-RULES.md §28.1): location_ids in the JSON, POST/PUT, validation, audit.
import { describe, expect, test } from "vitest";
import { db, sqlStatements } from "@/lib/server/db/client";
import { employeeDtoSchema } from "@/lib/shared/schemas/employee";
import { call, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { DELETE as removeLocation } from "../locations/[id]/route";
import { GET as getOne, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

const idParams = (id: number) => ({ params: { id: String(id) } });
const put = (token: string, id: number, body: Record<string, unknown>) =>
  call(update, { token, ...idParams(id), method: "PUT", body });
const storedIds = async (employeeId: number) =>
  (await db.employeeLocation.findMany({ where: { employeeId }, orderBy: { locationId: "asc" } })).map(
    (row) => row.locationId,
  );

describe("location_ids on POST /api/employees", () => {
  test("stored ascending without duplicates, answered by POST, GET one and the list", async () => {
    const { token } = await createUser("admin");
    const [a, b] = [await fx.location(), await fx.location()];
    const res = await call(create, {
      token,
      body: { first_name: "Lea", last_name: uniqueName("Ort"), location_ids: [b.id, a.id, b.id] },
    });
    expect(res.status).toBe(201);
    const dto = employeeDtoSchema.parse(res.json);
    expect(dto.location_ids).toEqual([a.id, b.id]);
    expect(await storedIds(dto.id)).toEqual([a.id, b.id]);
    expect(employeeDtoSchema.parse((await call(getOne, { token, ...idParams(dto.id) })).json).location_ids).toEqual([
      a.id,
      b.id,
    ]);
    const all = (await call(list, { token })).json as unknown as unknown[];
    const mine = all.map((row) => employeeDtoSchema.parse(row)).find((row) => row.id === dto.id);
    expect(mine?.location_ids).toEqual([a.id, b.id]);
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "employee.create", entityId: dto.id } });
    expect(entry.details).toEqual({ location_ids: [a.id, b.id] });
  });

  test("absent: an empty list, works at every location", async () => {
    const { token } = await createUser("admin");
    const res = await call(create, { token, body: { first_name: "Ben", last_name: uniqueName("Ort") } });
    expect(res.status).toBe(201);
    expect(res.json.location_ids).toEqual([]);
  });

  test("unknown or archived location: 400 on location_ids, no employee stored", async () => {
    const { token } = await createUser("admin");
    const archived = await fx.location();
    await db.location.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const active = await fx.location();
    for (const ids of [[active.id, 2_000_000_000], [archived.id]]) {
      const lastName = uniqueName("Ort");
      const res = await call(create, { token, body: { first_name: "Cem", last_name: lastName, location_ids: ids } });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: "validation_failed",
        fields: { location_ids: "Unbekannter Standort" },
      });
      expect(await db.employee.count({ where: { lastName } })).toBe(0);
    }
  });

  test("malformed lists: 400 with a German message on location_ids itself", async () => {
    const { token } = await createUser("admin");
    const cases: [unknown, string][] = [
      [[1, "2"], "Ungültiger Standort"],
      [[0], "Ungültiger Standort"],
      [[1.5], "Ungültiger Standort"],
      ["1,2", "Einsatzorte müssen eine Liste von Standorten sein"],
      [Array.from({ length: 201 }, (_, i) => i + 1), "Höchstens 200 Einsatzorte"],
    ];
    for (const [value, message] of cases) {
      const lastName = uniqueName("Ort");
      const res = await call(create, { token, body: { first_name: "Dora", last_name: lastName, location_ids: value } });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ location_ids: message });
      expect(await db.employee.count({ where: { lastName } })).toBe(0);
    }
  });
});

describe("location_ids on PUT /api/employees/{id}", () => {
  test("sent: replaces the set, audited before and after, updated_at moves; absent: unchanged", async () => {
    const { token } = await createUser("admin");
    const [a, b, c] = [await fx.location(), await fx.location(), await fx.location()];
    const e = await fx.employee();
    await db.employeeLocation.createMany({
      data: [
        { employeeId: e.id, locationId: a.id },
        { employeeId: e.id, locationId: b.id },
      ],
    });
    const stamp = (await db.employee.findUniqueOrThrow({ where: { id: e.id } })).updatedAt;

    const res = await put(token, e.id, { location_ids: [c.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.json.location_ids).toEqual([b.id, c.id]);
    expect(await storedIds(e.id)).toEqual([b.id, c.id]);
    const after = await db.employee.findUniqueOrThrow({ where: { id: e.id } });
    expect(after.updatedAt.getTime()).toBeGreaterThan(stamp.getTime());
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "employee.update", entityId: e.id } });
    expect(entry.details).toEqual({
      changed: ["location_ids"],
      location_ids: { before: [a.id, b.id], after: [b.id, c.id] },
    });

    const other = await put(token, e.id, { weekly_hours: 20 });
    expect(other.json).toMatchObject({ weekly_hours: 20, location_ids: [b.id, c.id] });

    const cleared = await put(token, e.id, { location_ids: [] });
    expect(cleared.json.location_ids).toEqual([]);
    expect(await storedIds(e.id)).toEqual([]);
  });

  test("an unknown or archived location: 400, neither the list nor the other fields change", async () => {
    const { token } = await createUser("admin");
    const [a, gone] = [await fx.location(), await fx.location()];
    await db.location.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });
    const e = await fx.employee({ weeklyHours: 30 });
    await db.employeeLocation.create({ data: { employeeId: e.id, locationId: a.id } });
    for (const ids of [[gone.id], [a.id, 2_000_000_000]]) {
      const res = await put(token, e.id, { weekly_hours: 10, location_ids: ids });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ location_ids: "Unbekannter Standort" });
    }
    expect(await storedIds(e.id)).toEqual([a.id]);
    expect((await db.employee.findUniqueOrThrow({ where: { id: e.id } })).weeklyHours.toNumber()).toBe(30);
    expect(await db.auditLog.count({ where: { action: "employee.update", entityId: e.id } })).toBe(0);
  });
});

test("deleting a location removes it from everyone's Einsatzorte, in the audit row's count", async () => {
  const { token } = await createUser("admin");
  const [keep, gone] = [await fx.location(), await fx.location()];
  const [both, onlyGone] = [await fx.employee(), await fx.employee()];
  await db.employeeLocation.createMany({
    data: [
      { employeeId: both.id, locationId: keep.id },
      { employeeId: both.id, locationId: gone.id },
      { employeeId: onlyGone.id, locationId: gone.id },
    ],
  });
  const res = await call(removeLocation, { token, ...idParams(gone.id), method: "DELETE" });
  expect(res.status).toBe(200);
  expect((await call(getOne, { token, ...idParams(both.id) })).json.location_ids).toEqual([keep.id]);
  // None left: works at every location (docs/PRODUCT-RULES.md §28.1).
  expect((await call(getOne, { token, ...idParams(onlyGone.id) })).json.location_ids).toEqual([]);
  expect(await db.employeeLocation.count({ where: { locationId: gone.id } })).toBe(0);
  const entry = await db.auditLog.findFirstOrThrow({ where: { action: "location.archive", entityId: gone.id } });
  expect(entry.details).toMatchObject({ employees_unlinked: 2 });
});

test("GET /api/employees with Einsatzorte still answers in at most two SQL queries", async () => {
  const { token } = await createUser("user");
  const [a, b] = [await fx.location(), await fx.location()];
  for (let i = 0; i < 5; i++) {
    const e = await fx.employee();
    await db.employeeLocation.createMany({
      data: [
        { employeeId: e.id, locationId: a.id },
        { employeeId: e.id, locationId: b.id },
      ],
    });
  }
  const before = sqlStatements.count;
  const res = await call(list, { token });
  expect(res.status).toBe(200);
  expect(sqlStatements.count - before).toBeLessThanOrEqual(2);
});
