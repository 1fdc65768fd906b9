import { describe, expect, test } from "vitest";
import type { Prisma } from "@/generated/prisma/client";
import { db, sqlStatements } from "@/lib/server/db/client";
import type { AuditEntry, AuditPage } from "@/lib/shared/api-types";
import { auditPageSchema, auditPersonSchema } from "@/lib/shared/schemas/audit";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as undo } from "../changes/[id]/undo/route";
import { DELETE as deleteShift, PUT as updateShift } from "../shifts/[id]/route";
import { POST as createShift } from "../shifts/route";
import { GET as people } from "./people/route";
import { GET } from "./route";

type Actor = { id: number; username: string };
type Row = { action: string; at?: Date; entityType?: string; entityId?: number; details?: Prisma.InputJsonValue };

/** Audit rows straight into the table, as the write functions leave them (tests share one database: own actor). */
async function insertRows(actor: Actor, rows: Row[]) {
  await db.auditLog.createMany({
    data: rows.map((row) => ({
      userId: actor.id,
      username: actor.username,
      action: row.action,
      entityType: row.entityType ?? null,
      entityId: row.entityId ?? null,
      ...(row.details !== undefined && { details: row.details }),
      ...(row.at && { createdAt: row.at }),
    })),
  });
}

const list = async (token: string, query: string) => {
  const res = await call(GET, { token, path: `/api/audit?${query}` });
  if (res.status === 200) auditPageSchema.parse(res.json);
  return res;
};
const pageOf = (res: { json: unknown }) => res.json as AuditPage;
const actions = (res: { json: unknown }) => pageOf(res).entries.map((entry) => entry.action);

/** Every page of a query, following next_cursor. */
async function allPages(token: string, query: string, limit: number): Promise<AuditEntry[][]> {
  const pages: AuditEntry[][] = [];
  let cursor: string | null = null;
  do {
    const res = await list(token, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    pages.push(pageOf(res).entries);
    cursor = pageOf(res).next_cursor;
  } while (cursor && pages.length < 50);
  return pages;
}

const MIXED: Row[] = [
  { action: "auth.login", entityType: "user", details: { two_factor: true } },
  { action: "user.create", entityType: "user", details: { username: "neu", role: "user" } },
  { action: "employee.update", entityType: "employee", details: { changed: ["color"] } },
  { action: "shift.delete", entityType: "shift", entityId: 999_999 },
  { action: "vacation.approve", entityType: "vacation", details: { employee_id: 1, days: 2 } },
  { action: "unavailability.delete", entityType: "unavailability", details: { employee_id: 1 } },
  { action: "robot.dance" },
];

describe("GET /api/audit: who sees what", () => {
  test("users get 403; managers only plan, vacation and unavailability rows", async () => {
    const { token: userToken } = await createUser("user");
    expect((await list(userToken, "")).status).toBe(403);

    const { user: actor } = await createUser("admin");
    await insertRows(actor, MIXED);
    const { token: manager } = await createUser("manager");
    const seen = actions(await list(manager, `user_id=${actor.id}`));
    expect(seen.sort()).toEqual(["shift.delete", "unavailability.delete", "vacation.approve"]);
    expect(actions(await list(manager, `user_id=${actor.id}&kind=vacations`))).toEqual(["vacation.approve"]);

    const { token: admin } = await createUser("admin");
    expect(actions(await list(admin, `user_id=${actor.id}`)).sort()).toEqual(MIXED.map((r) => r.action).sort());
  });

  test("a manager asking for a kind only admins see gets 400 with fields.kind", async () => {
    const { token: manager } = await createUser("manager");
    for (const kind of ["sign_ins", "users", "master_data", "other", "nonsense"]) {
      const res = await list(manager, `kind=${kind}`);
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ kind: "Unbekannte Art" });
    }
    const { token: admin, user: actor } = await createUser("admin");
    await insertRows(actor, MIXED);
    expect(actions(await list(admin, `user_id=${actor.id}&kind=sign_ins`))).toEqual(["auth.login"]);
    expect(actions(await list(admin, `user_id=${actor.id}&kind=users`))).toEqual(["user.create"]);
    expect(actions(await list(admin, `user_id=${actor.id}&kind=master_data`))).toEqual(["employee.update"]);
    expect(actions(await list(admin, `user_id=${actor.id}&kind=other`))).toEqual(["robot.dance"]);
  });

  test("bad input: 400 with German fields", async () => {
    const { token } = await createUser("admin");
    const cases: [string, string][] = [
      ["cursor=abc", "cursor"],
      // Shaped like a cursor, but no id or time the log can hold (they reached SQL and gave a 500).
      ["cursor=1795600000123_9999999999", "cursor"],
      ["cursor=999999999999999_1", "cursor"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["user_id=x", "user_id"],
      ["from=2026-13-01", "from"],
      ["from=2026-11-24&to=2026-11-23", "to"],
    ];
    for (const [query, field] of cases) {
      const res = await list(token, query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.json.fields as object), query).toEqual([field]);
    }
  });

  test("the person filter lists who appears; for managers only with visible rows", async () => {
    const { token: admin } = await createUser("admin");
    const { token: manager } = await createUser("manager");
    const { user: signsInOnly } = await createUser("user");
    const { user: plans } = await createUser("manager");
    await insertRows(signsInOnly, [{ action: "auth.login", details: { two_factor: false } }]);
    await insertRows(plans, [{ action: "shift.create", entityId: 1 }]);
    const ids = async (token: string) => {
      const res = await call(people, { token, path: "/api/audit/people" });
      expect(res.status).toBe(200);
      return (res.json as unknown[]).map((person) => auditPersonSchema.parse(person).id);
    };
    expect(await ids(admin)).toEqual(expect.arrayContaining([signsInOnly.id, plans.id]));
    const managerSees = await ids(manager);
    expect(managerSees).toContain(plans.id);
    expect(managerSees).not.toContain(signsInOnly.id);
  });
});

test("audit_kind() sorts every action of the code base into its kind (§27.5)", async () => {
  const expected: Record<string, string[]> = {
    shifts: ["shift.create", "shift.update", "shift.delete", "shift.copy_week", "shift_application.create"],
    vacations: ["vacation.create", "vacation.request", "vacation.approve", "vacation.reject", "vacation.withdraw"],
    unavailability: ["unavailability.create", "unavailability.update", "unavailability.delete"],
    master_data: ["employee.archive", "location.update", "week_template.create", "shift_preset.delete"],
    users: ["user.create", "user.bootstrap_admin", "calendar_feed.issue", "calendar_feed.revoke"],
    sign_ins: ["auth.login", "auth.login_failed", "auth.logout", "auth.2fa_enabled", "auth.password_changed"],
    time: ["time_entry.clock", "time_entry.void", "time_correction.accept", "timesheet.approve", "terminal.register"],
    other: ["robot.dance", "shiftx.create", "shift_applications", "settingsupdate", "time_entryx", "timeentry.create"],
  };
  expected.shifts.push("change.undo", "week_template.apply", "shift_application.delete");
  expected.master_data.push("settings.update", "employee.create");
  const actions = Object.values(expected).flat();
  const rows = await db.$queryRaw<{ action: string; kind: string }[]>`
    SELECT action, audit_kind(action) AS kind FROM unnest(${actions}::text[]) AS action`;
  const actual: Record<string, string[]> = {};
  for (const row of rows) (actual[row.kind] ??= []).push(row.action);
  expect(actual).toEqual(expected);
});

describe("GET /api/audit: paging and filters", () => {
  test("cursor paging returns every row once, newest first, also with equal created_at", async () => {
    const { token, user: actor } = await createUser("admin");
    const same = new Date("2026-06-01T08:00:00.000Z");
    const rows: Row[] = [
      ...Array.from({ length: 7 }, (_, i): Row => ({ action: "shift.delete", entityId: i + 1, at: same })),
      { action: "shift.create", entityId: 100, at: new Date("2026-06-02T08:00:00.000Z") },
      { action: "shift.create", entityId: 101, at: new Date("2026-05-01T08:00:00.000Z") },
    ];
    await insertRows(actor, rows);
    const pages = await allPages(token, `user_id=${actor.id}`, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3]);
    const entries = pages.flat();
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(9);
    expect(entries[0].entity_id).toBe(100);
    expect(entries[8].entity_id).toBe(101);
    const ties = entries.slice(1, 8).map((entry) => entry.id);
    expect(ties).toEqual([...ties].sort((a, b) => b - a));
    expect(entries.map((entry) => entry.at)).toEqual(
      entries
        .map((entry) => entry.at)
        .sort()
        .reverse(),
    );
  });

  test("from/to are whole days of the business's time zone, to inclusive", async () => {
    const { token, user: actor } = await createUser("admin");
    await insertRows(actor, [
      { action: "shift.create", entityId: 1, at: new Date("2026-01-11T22:59:59.999Z") }, // 11.01. 23:59 in Zurich
      { action: "shift.create", entityId: 2, at: new Date("2026-01-11T23:30:00.000Z") }, // 12.01. 00:30
      { action: "shift.create", entityId: 3, at: new Date("2026-01-12T22:59:59.999Z") }, // 12.01. 23:59
      { action: "shift.create", entityId: 4, at: new Date("2026-01-12T23:00:00.000Z") }, // 13.01. 00:00
    ]);
    const ids = async (query: string) =>
      pageOf(await list(token, `user_id=${actor.id}&${query}`)).entries.map((entry) => entry.entity_id);
    expect(await ids("from=2026-01-12&to=2026-01-12")).toEqual([3, 2]);
    expect(await ids("from=2026-01-12")).toEqual([4, 3, 2]);
    expect(await ids("to=2026-01-11")).toEqual([1]);
    expect(await ids("from=2026-01-12&to=2026-01-12&kind=shifts")).toEqual([3, 2]);
    expect(await ids("from=2026-01-12&kind=vacations")).toEqual([]);
  });

  test("names come from the snapshot, else by id in one statement, else #id", async () => {
    const { token, user: actor } = await createUser("admin");
    const e = await fx.employee({ firstName: "Max", lastName: "Muster" });
    const l = await fx.location({ name: "Bahnhof Ost" });
    const snapshot = {
      employee_id: e.id,
      employee_name: "Max Altname",
      location_id: l.id,
      location_name: "Bahnhof",
      shift_date: "2026-11-30",
      start_time: "09:00",
      end_time: "17:00",
      break_minutes: 0,
      custom_name: null,
    };
    await insertRows(actor, [
      { action: "shift.create", entityType: "shift", entityId: 1, details: { change_id: "c", after: snapshot } },
      {
        action: "vacation.delete",
        entityType: "vacation",
        entityId: 2_000_000_000,
        details: { employee_id: e.id, days: 1 },
      },
      { action: "location.update", entityType: "location", entityId: l.id, details: { changed: ["name"] } },
      { action: "location.update", entityType: "location", entityId: 2_000_000_000 },
    ]);
    const before = sqlStatements.count;
    const res = await list(token, `user_id=${actor.id}`);
    expect(sqlStatements.count - before).toBeLessThanOrEqual(2); // the caller, then the page
    const name = actor.username;
    expect(pageOf(res).entries.map((entry) => entry.sentence)).toEqual([
      `${name} hat den Standort „#2000000000“ geändert.`,
      `${name} hat den Standort „Bahnhof Ost“ geändert (Name).`,
      `${name} hat die Ferien von Max Muster gelöscht (1 Tag).`,
      `${name} hat eine Schicht für Max Altname am Mo 30.11.2026 in Bahnhof von 09:00–17:00 angelegt.`,
    ]);
    expect(pageOf(res).entries[0].user).toEqual({ id: actor.id, username: name });
  });

  test("real plan writes through the API read as sentences with before and after", async () => {
    const { token, user: manager } = await createUser("manager");
    const bahnhof = await fx.location();
    const zentrum = await fx.location();
    const e = await fx.employee({ firstName: "Max" });
    const body = { location_id: bahnhof.id, employee_id: null, shift_date: "2038-02-01", break_minutes: 30 };
    const created = await call(createShift, { token, body: { ...body, start_time: "07:00", end_time: "15:00" } });
    expect(created.status).toBe(201);
    const id = String(created.json.id);
    const put = (input: object) => call(updateShift, { method: "PUT", token, params: { id }, body: input });
    expect((await put({ ...body, start_time: "08:00", end_time: "16:00" })).status).toBe(200);
    const moved = {
      ...body,
      location_id: zentrum.id,
      shift_date: "2038-02-02",
      start_time: "08:00",
      end_time: "16:00",
    };
    expect((await put(moved)).status).toBe(200);
    const assigned = await put({ ...moved, employee_id: e.id });
    expect(assigned.status).toBe(200);
    const undone = await call(undo, { token, params: { id: String(assigned.json.change_id) } });
    expect(undone.status).toBe(200);
    expect((await call(deleteShift, { method: "DELETE", token, params: { id } })).status).toBe(200);

    const page = pageOf(await list(token, `user_id=${manager.id}&kind=shifts`));
    const max = `${e.firstName} ${e.lastName}`;
    const who = manager.username;
    expect(page.entries.map((entry) => entry.sentence)).toEqual([
      `${who} hat die offene Schicht am Di 02.02.2038 in ${zentrum.name} von 08:00–16:00 gelöscht.`,
      // The undo names what it undid (docs/PRODUCT-RULES.md §31.6).
      `${who} hat »Offene Schicht am Di 02.02.2038 in ${zentrum.name} (08:00–16:00) ${max} zugewiesen« ` +
        "rückgängig gemacht (1 Schicht).",
      `${who} hat die offene Schicht am Di 02.02.2038 in ${zentrum.name} (08:00–16:00) ${max} zugewiesen.`,
      `${who} hat die offene Schicht vom Mo 01.02. (${bahnhof.name}) auf Di 02.02. (${zentrum.name}) verschoben.`,
      `${who} hat die offene Schicht am Mo 01.02.2038 in ${bahnhof.name} von 07:00–15:00 auf 08:00–16:00 geändert.`,
      `${who} hat eine offene Schicht am Mo 01.02.2038 in ${bahnhof.name} von 07:00–15:00 angelegt.`,
    ]);
    expect(page.entries.map((entry) => entry.action)).toEqual([
      "shift.delete",
      "change.undo",
      "shift.update",
      "shift.update",
      "shift.update",
      "shift.create",
    ]);
  });
});
