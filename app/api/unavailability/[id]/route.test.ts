import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST } from "../route";
import { DELETE, PUT } from "./route";

const body = (employeeId: number, extra: Record<string, unknown> = {}) => ({
  employee_id: employeeId,
  start_date: "2038-06-01",
  end_date: "2038-06-02",
  ...extra,
});

async function recorded(employeeId: number) {
  const { token } = await createUser("manager");
  const res = await call(POST, { token, body: body(employeeId), path: "/api/unavailability" });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

const put = (token: string, id: number, input: unknown) =>
  call(PUT, { method: "PUT", token, body: input, params: { id: String(id) } });
const remove = (token: string, id: number) => call(DELETE, { method: "DELETE", token, params: { id: String(id) } });

describe("PUT and DELETE /api/unavailability/{id}", () => {
  test("staff change and delete their own entries, audited", async () => {
    const own = await fx.employee();
    const id = await recorded(own.id);
    const { token } = await createUser("user", { employeeId: own.id });
    const res = await put(token, id, body(own.id, { start_time: "06:00", end_time: "12:00", note: "Arzt" }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, start_time: "06:00", end_time: "12:00", note: "Arzt" });
    expect((await put(token, id, body(own.id))).json).toMatchObject({ start_time: null, end_time: null, note: null });
    const removed = await remove(token, id);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ message: "Eintrag gelöscht" });
    expect(await db.unavailability.count({ where: { id } })).toBe(0);
    const actions = await db.auditLog.findMany({ where: { entityType: "unavailability", entityId: id } });
    expect(actions.map((a) => a.action).sort()).toEqual([
      "unavailability.create",
      "unavailability.delete",
      "unavailability.update",
      "unavailability.update",
    ]);
  });

  test("another employee's entry is 403 for staff and stays; nor can they move their own to someone", async () => {
    const own = await fx.employee();
    const other = await fx.employee();
    const theirs = await recorded(other.id);
    const mine = await recorded(own.id);
    const { token } = await createUser("user", { employeeId: own.id });
    for (const res of [
      await put(token, theirs, body(own.id)),
      await put(token, theirs, body(other.id)),
      await remove(token, theirs),
      await put(token, mine, body(other.id)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    }
    const rows = await db.unavailability.findMany({ where: { id: { in: [theirs, mine] } }, orderBy: { id: "asc" } });
    expect(rows.map((row) => row.employeeId)).toEqual([other.id, own.id]);
    const unlinked = await createUser("user");
    expect((await remove(unlinked.token, mine)).json.error).toBe("Dein Benutzer ist mit keinem Mitarbeiter verknüpft");
  });

  test("planners change anyone's; unknown id 404; an archived employee 400", async () => {
    const e = await fx.employee();
    const archived = await fx.employee();
    const id = await recorded(e.id);
    const archivedEntry = await recorded(archived.id);
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const { token } = await createUser("manager");
    expect((await put(token, id, body(e.id, { end_date: "2038-06-05" }))).json).toMatchObject({
      end_date: "2038-06-05",
    });
    expect((await put(token, 2147483647, body(e.id))).status).toBe(404);
    expect((await remove(token, 2147483647)).json).toEqual({ error: "Eintrag nicht gefunden", code: "not_found" });
    const moved = await put(token, id, body(archived.id));
    expect(moved.status).toBe(400);
    expect(moved.json.fields).toEqual({ employee_id: "Mitarbeiter nicht gefunden" });
    // An archived employee's entries can still be removed.
    expect((await remove(token, archivedEntry)).status).toBe(200);
    expect((await remove(token, id)).status).toBe(200);
  });
});
