// Wishes (docs/PRODUCT-RULES.md §35.8): rather early or late shifts, a day off; own for staff, anyone's for planners,
// as unavailability; audited under "Nicht verfügbar"; never shown to colleagues.
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { describeAudit } from "@/lib/server/audit/describe-audit";
import type { WishDto } from "@/lib/shared/api-types";
import { wishDtoSchema } from "@/lib/shared/schemas/wish";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { DELETE } from "./[id]/route";
import { GET, POST } from "./route";

const post = (token: string, body: unknown) => call(POST, { token, body, path: "/api/wishes" });
const list = (token: string, query: string) => call(GET, { token, path: `/api/wishes?${query}` });
const remove = (token: string, id: number) =>
  call(DELETE, { token, method: "DELETE", params: { id: String(id) }, path: `/api/wishes/${id}` });
const wishes = (res: { json: unknown }) => res.json as WishDto[];
const stored = (employeeId: number) => db.availabilityWish.count({ where: { employeeId } });

describe("POST /api/wishes", () => {
  test("staff record their own: rather early, a day off; audited, with a sentence in the history", async () => {
    const own = await fx.employee({ firstName: "Mia", lastName: "Frei" });
    const { token, user } = await createUser("user", { employeeId: own.id });
    const early = await post(token, { employee_id: own.id, kind: "prefer_early", date: "2040-12-08", note: " Kita " });
    expect(early.status, early.text).toBe(201);
    // A date sent with a standing wish is dropped.
    expect(wishDtoSchema.parse(early.json)).toEqual({
      id: expect.any(Number),
      employee_id: own.id,
      kind: "prefer_early",
      date: null,
      note: "Kita",
    });
    const dayOff = await post(token, { employee_id: own.id, kind: "day_off", date: "2040-12-08" });
    expect(dayOff.status).toBe(201);
    expect(dayOff.json).toMatchObject({ kind: "day_off", date: "2040-12-08", note: null });

    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "unavailability.wish_create", entityId: dayOff.json.id as number },
    });
    expect(audit).toMatchObject({ userId: user.id, entityType: "availability_wish" });
    expect(audit.details).toEqual({ employee_id: own.id, kind: "day_off", date: "2040-12-08" });
    expect(
      describeAudit({
        action: audit.action,
        details: audit.details,
        actor: "Mia Frei",
        entityType: audit.entityType,
        entityId: audit.entityId,
        names: { employee: "Mia Frei" },
      }),
    ).toBe("Mia Frei hat den Wunsch „Wunschfrei Sa 08.12.2040“ für Mia Frei eingetragen.");
    // The history files it under "Nicht verfügbar" (the SQL function audit_kind).
    const [{ kind }] = await db.$queryRaw<{ kind: string }[]>`SELECT audit_kind(${audit.action}) AS kind`;
    expect(kind).toBe("unavailability");
  });

  test("one standing wish and one day off per day: a second is 409 in German, nothing stored", async () => {
    const e = await fx.employee();
    const { token } = await createUser("manager");
    expect((await post(token, { employee_id: e.id, kind: "prefer_early" })).status).toBe(201);
    const late = await post(token, { employee_id: e.id, kind: "prefer_late" });
    expect(late.status).toBe(409);
    expect(late.json).toEqual({
      error: "Es gibt schon den Wunsch „lieber Frühschicht“ – lösche ihn zuerst.",
      code: "conflict",
    });
    expect((await post(token, { employee_id: e.id, kind: "day_off", date: "2040-12-08" })).status).toBe(201);
    const again = await post(token, { employee_id: e.id, kind: "day_off", date: "2040-12-08" });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("Für diesen Tag gibt es schon den Wunsch „Wunschfrei Sa 08.12.2040“.");
    expect(await stored(e.id)).toBe(2);
  });

  test("bad input: 400 with German fields; another employee or no link: 403", async () => {
    const own = await fx.employee();
    const other = await fx.employee();
    const archived = await fx.employee();
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const manager = await createUser("manager");
    const cases: [unknown, string, string][] = [
      [{ employee_id: own.id, kind: "day_off" }, "date", "Bitte gib den Tag an, an dem du frei möchtest"],
      [
        { employee_id: own.id, kind: "nachts" },
        "kind",
        "Bitte wähle einen Wunsch: Frühschicht, Spätschicht oder Wunschfrei",
      ],
      [{ employee_id: own.id, kind: "day_off", date: "12.12.2040" }, "date", "Bitte gib ein gültiges Datum ein"],
      [{ kind: "prefer_early" }, "employee_id", "Bitte wähle einen Mitarbeiter aus"],
      [{ employee_id: archived.id, kind: "prefer_early" }, "employee_id", "Mitarbeiter nicht gefunden"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(manager.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.json.fields as Record<string, string>)[field], JSON.stringify(body)).toBe(message);
    }
    const staff = await createUser("user", { employeeId: own.id });
    const forOther = await post(staff.token, { employee_id: other.id, kind: "prefer_late" });
    expect(forOther.status).toBe(403);
    expect(forOther.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    const unlinked = await createUser("user");
    const noLink = await post(unlinked.token, { employee_id: own.id, kind: "prefer_late" });
    expect(noLink.status).toBe(403);
    expect(noLink.json.error).toBe("Dein Benutzer ist mit keinem Mitarbeiter verknüpft");
    expect(await stored(own.id)).toBe(0);
    expect(await stored(other.id)).toBe(0);
  });
});

describe("GET /api/wishes and DELETE /api/wishes/{id}", () => {
  test("staff read and delete only their own; planners anyone's; the range holds the standing ones", async () => {
    const own = await fx.employee();
    const other = await fx.employee();
    const manager = await createUser("manager");
    for (const id of [own.id, other.id]) {
      await post(manager.token, { employee_id: id, kind: "prefer_late" });
      await post(manager.token, { employee_id: id, kind: "day_off", date: "2040-12-08" });
      await post(manager.token, { employee_id: id, kind: "day_off", date: "2041-01-05" });
    }
    const { token } = await createUser("user", { employeeId: own.id });
    const mine = await list(token, "start_date=2040-12-01&end_date=2040-12-31");
    expect(mine.status).toBe(200);
    expect(wishes(mine).map((w) => [w.employee_id, w.kind, w.date])).toEqual([
      [own.id, "prefer_late", null],
      [own.id, "day_off", "2040-12-08"],
    ]);
    const others = await list(token, `start_date=2040-12-01&end_date=2040-12-31&employee_id=${other.id}`);
    expect(others.status).toBe(403);
    const theirs = await list(manager.token, `start_date=2041-01-01&end_date=2041-01-31&employee_id=${other.id}`);
    expect(wishes(theirs).map((w) => [w.employee_id, w.kind, w.date])).toEqual([
      [other.id, "prefer_late", null],
      [other.id, "day_off", "2041-01-05"],
    ]);

    const othersWish = wishes(theirs)[1];
    const refused = await remove(token, othersWish.id);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
    expect((await remove(token, 2_000_000_000)).json).toEqual({ error: "Wunsch nicht gefunden", code: "not_found" });
    const gone = await remove(token, wishes(mine)[1].id);
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ message: "Wunsch gelöscht" });
    expect(
      await db.auditLog.count({ where: { action: "unavailability.wish_delete", entityId: wishes(mine)[1].id } }),
    ).toBe(1);
    expect((await remove(manager.token, othersWish.id)).status).toBe(200);
    expect(await stored(own.id)).toBe(2);
    expect(await stored(other.id)).toBe(2);
  });
});

describe("wishes where they are read (docs/PRODUCT-RULES.md §35.8)", () => {
  test("the planner's week carries everyone's, a linked staff member's week their own, the reader's none", async () => {
    const { GET: week } = await import("../schedule/week/route");
    const { GET: me } = await import("../me/route");
    const own = await fx.employee();
    const colleague = await fx.employee();
    const manager = await createUser("manager");
    await post(manager.token, { employee_id: own.id, kind: "prefer_early" });
    await post(manager.token, { employee_id: colleague.id, kind: "day_off", date: "2040-12-08" });
    await post(manager.token, { employee_id: colleague.id, kind: "day_off", date: "2040-12-15" });
    const path = "/api/schedule/week?start_date=2040-12-03&end_date=2040-12-09";
    const ofUs = (json: unknown) =>
      ((json as { wishes: WishDto[] }).wishes ?? [])
        .filter((w) => [own.id, colleague.id].includes(w.employee_id))
        .map((w) => [w.employee_id, w.kind, w.date]);
    expect(ofUs((await call(week, { token: manager.token, path })).json)).toEqual([
      [own.id, "prefer_early", null],
      [colleague.id, "day_off", "2040-12-08"],
    ]);
    const staff = await createUser("user", { employeeId: own.id });
    expect(ofUs((await call(week, { token: staff.token, path })).json)).toEqual([[own.id, "prefer_early", null]]);
    const reader = await createUser("user");
    expect((await call(week, { token: reader.token, path })).json.wishes).toEqual([]);
    // Meine Schichten lists one's own, days off from today on.
    const mine = await call(me, { token: staff.token, path: "/api/me" });
    expect(mine.json.wishes).toEqual([expect.objectContaining({ employee_id: own.id, kind: "prefer_early" })]);
  });
});
