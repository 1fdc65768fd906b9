import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { GET as feed } from "@/app/api/calendar/[file]/route";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { myScheduleSchema } from "@/lib/shared/schemas/my-schedule";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { holdLock } from "@/tests/support/held-lock";
import { DELETE as archiveEmployee } from "../employees/[id]/route";
import { DELETE as deleteUser, PUT as updateUser } from "../users/[id]/route";
import { DELETE as endLink, POST as createLink } from "./calendar-link/route";
import { GET } from "./route";

// Wednesday 13.05.2026 in Zurich: "Meine Schichten" starts on Monday 11.05. and ends on Sunday 05.07.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-05-13T10:00:00Z"));
});
afterAll(() => vi.useRealTimers());

const fetchFeed = (path: string) =>
  call(feed, { path, params: { file: path.split("/").pop()! }, headers: { "x-forwarded-for": "203.0.113.9" } });

async function linkedUser(role: "user" | "manager" = "user") {
  const employee = await fx.employee({ firstName: "Anna", weeklyHours: 20 });
  const { token } = await createUser(role, { employeeId: employee.id });
  return { employee, token };
}

describe("GET /api/me (docs/PRODUCT-RULES.md §26.6)", () => {
  test("answers the linked employee's eight weeks with hours, and nobody else's shifts", async () => {
    const { employee, token } = await linkedUser();
    const colleague = await fx.employee();
    const location = await fx.location();
    await fx.shift({
      employeeId: employee.id,
      locationId: location.id,
      date: "2026-05-11",
      start: "08:00",
      end: "12:00",
    });
    await fx.shift({
      employeeId: employee.id,
      locationId: location.id,
      date: "2026-05-15",
      start: "13:00",
      end: "17:30",
    });
    await fx.shift({
      employeeId: employee.id,
      locationId: location.id,
      date: "2026-07-05",
      start: "09:00",
      end: "10:00",
    });
    // Outside the eight weeks: last Sunday and the Monday after the last week.
    await fx.shift({ employeeId: employee.id, locationId: location.id, date: "2026-05-10" });
    await fx.shift({ employeeId: employee.id, locationId: location.id, date: "2026-07-06" });
    await fx.shift({ employeeId: colleague.id, locationId: location.id, date: "2026-05-12" });
    await fx.shift({ employeeId: null, locationId: location.id, date: "2026-05-12" });

    const res = await call(GET, { token });
    expect(res.status, res.text).toBe(200);
    const me = myScheduleSchema.parse(res.json);
    expect(me.employee).toMatchObject({ id: employee.id, first_name: "Anna", weekly_hours: 20, is_hourly: false });
    expect(me.weeks.map((week) => week.week_start)).toEqual([
      "2026-05-11",
      "2026-05-18",
      "2026-05-25",
      "2026-06-01",
      "2026-06-08",
      "2026-06-15",
      "2026-06-22",
      "2026-06-29",
    ]);
    expect(me.weeks[0]).toMatchObject({ week_end: "2026-05-17", scheduled_hours: 8.5 });
    expect(me.weeks[0].shifts.map((shift) => shift.shift_date)).toEqual(["2026-05-11", "2026-05-15"]);
    expect(me.weeks[7].shifts.map((shift) => shift.shift_date)).toEqual(["2026-07-05"]);
    const all = me.weeks.flatMap((week) => week.shifts);
    expect(all.every((shift) => shift.employee_id === employee.id)).toBe(true);
    expect(all).toHaveLength(3);
  });

  test("a week's findings are the rules' findings on the employee's own shifts", async () => {
    const { employee, token } = await linkedUser();
    const location = await fx.location();
    // Written straight into the database (the API refuses overlaps): the rules still report it.
    const early = await fx.shift({ employeeId: employee.id, locationId: location.id, date: "2026-05-19" });
    await fx.shift({
      employeeId: employee.id,
      locationId: location.id,
      date: "2026-05-19",
      start: "16:00",
      end: "20:00",
    });

    const me = myScheduleSchema.parse((await call(GET, { token })).json);
    expect(me.weeks[0].findings).toEqual([]);
    const codes = me.weeks[1].findings.map((finding) => finding.code);
    expect(codes).toContain("overlap");
    expect(me.weeks[1].findings.every((finding) => finding.employee_id === employee.id)).toBe(true);
    expect(me.weeks[1].findings.some((finding) => finding.shift_id === early.id)).toBe(true);
  });

  test("own vacations with the year's balance; none of a colleague's", async () => {
    const { employee, token } = await linkedUser();
    const colleague = await fx.employee();
    await fx.vacation({ employeeId: employee.id, start: "2026-06-01", end: "2026-06-03", days: 3 });
    await fx.vacation({ employeeId: colleague.id, start: "2026-06-01", end: "2026-06-05", days: 5 });
    const me = myScheduleSchema.parse((await call(GET, { token })).json);
    expect(me.vacations.map((vacation) => [vacation.employee_id, vacation.start_date])).toEqual([
      [employee.id, "2026-06-01"],
    ]);
    expect(me.balance).toMatchObject({ employee_id: employee.id, year: 2026, total: 20, used: 3, remaining: 17 });
  });

  test("own unavailability from today on and the open shifts to apply for, nothing of a colleague", async () => {
    const { employee, token } = await linkedUser();
    const colleague = await fx.employee();
    const location = await fx.location();
    const own = await db.unavailability.create({
      data: { employeeId: employee.id, startDate: toDateColumn("2026-05-15"), endDate: toDateColumn("2026-05-15") },
    });
    await db.unavailability.create({
      data: { employeeId: employee.id, startDate: toDateColumn("2026-05-01"), endDate: toDateColumn("2026-05-12") },
    });
    await db.unavailability.create({
      data: { employeeId: colleague.id, startDate: toDateColumn("2026-05-15"), endDate: toDateColumn("2026-05-15") },
    });
    const open = await fx.shift({ employeeId: null, locationId: location.id, date: "2026-05-20" });
    await fx.shift({ employeeId: null, locationId: location.id, date: "2026-07-01" }); // beyond four weeks

    const me = myScheduleSchema.parse((await call(GET, { token })).json);
    expect(me.unavailability.map((entry) => entry.id)).toEqual([own.id]);
    expect(me.open_shifts.some((shift) => shift.id === open.id && !shift.applied)).toBe(true);
    expect(me.open_shifts.every((shift) => shift.shift_date <= "2026-06-09")).toBe(true);
  });

  test("without a linked employee: 403 with a message that says so", async () => {
    for (const role of ["user", "manager", "admin"] as const) {
      const { token } = await createUser(role);
      const res = await call(GET, { token });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: "Dein Benutzer ist mit keinem Mitarbeiter verknüpft", code: "forbidden" });
    }
  });
});

describe("calendar link (docs/PRODUCT-RULES.md §26.2)", () => {
  test("is shown once, works, is replaced by a new one and can be ended", async () => {
    const { token } = await linkedUser("manager");
    expect(myScheduleSchema.parse((await call(GET, { token })).json).calendar_link).toBeNull();

    const first = await call(createLink, { method: "POST", token });
    expect(first.status, first.text).toBe(201);
    expect(first.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.json.path).toBe(`/api/calendar/${first.json.token}.ics`);
    expect((await fetchFeed(first.json.path as string)).status).toBe(200);
    const state = myScheduleSchema.parse((await call(GET, { token })).json).calendar_link;
    expect(state).toEqual({ created_at: first.json.created_at });
    // The answer of GET /api/me never carries the secret.
    expect(JSON.stringify((await call(GET, { token })).json)).not.toContain(first.json.token as string);

    const second = await call(createLink, { method: "POST", token });
    expect(second.json.token).not.toBe(first.json.token);
    expect((await fetchFeed(first.json.path as string)).status).toBe(404);
    expect((await fetchFeed(second.json.path as string)).status).toBe(200);

    const ended = await call(endLink, { method: "DELETE", token });
    expect(ended.status).toBe(200);
    expect((await fetchFeed(second.json.path as string)).status).toBe(404);
    expect(myScheduleSchema.parse((await call(GET, { token })).json).calendar_link).toBeNull();
    const again = await call(endLink, { method: "DELETE", token });
    expect(again.status).toBe(404);
  });

  test("a user's link serves that user's employee, never someone else's", async () => {
    const anna = await linkedUser();
    const ben = await linkedUser();
    const location = await fx.location({ name: "Bahnhof" });
    await fx.shift({ employeeId: anna.employee.id, locationId: location.id, date: "2026-05-20" });
    const benShift = await fx.shift({ employeeId: ben.employee.id, locationId: location.id, date: "2026-05-21" });
    const link = await call(createLink, { method: "POST", token: anna.token });
    const ics = (await fetchFeed(link.json.path as string)).text;
    expect(ics).toContain("2026-05-20".replaceAll("-", ""));
    expect(ics).not.toContain(`shift-${benShift.id}@`);
    expect(ics).not.toContain("20260521");
  });

  test("unlinking ends the account's link at once; the employee's next account has none (§30.3)", async () => {
    const { token: admin } = await createUser("admin");
    const anna = await linkedUser();
    const link = await call(createLink, { method: "POST", token: anna.token });
    expect((await fetchFeed(link.json.path as string)).status).toBe(200);
    const annaUser = await db.user.findFirstOrThrow({ where: { employeeId: anna.employee.id } });

    const put = (id: number, employeeId: number | null) =>
      call(updateUser, { token: admin, params: { id: String(id) }, body: { employee_id: employeeId } });
    expect((await put(annaUser.id, null)).status).toBe(200);
    expect((await fetchFeed(link.json.path as string)).status).toBe(404);
    expect(await db.calendarFeed.count({ where: { employeeId: anna.employee.id } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "user.update", entityId: annaUser.id },
      orderBy: { id: "desc" },
    });
    expect(audit.details).toEqual({
      changed: ["employee_id"],
      employee_id: { from: anna.employee.id, to: null },
      calendar_link_ended: true,
    });

    // The next account linked to the employee starts without a link, and relinking it elsewhere ends its own.
    const next = await createUser("user", { employeeId: anna.employee.id });
    expect(myScheduleSchema.parse((await call(GET, { token: next.token })).json).calendar_link).toBeNull();
    const own = await call(createLink, { method: "POST", token: next.token });
    const elsewhere = await fx.employee();
    expect((await put(next.user.id, elsewhere.id)).status).toBe(200);
    expect((await fetchFeed(own.json.path as string)).status).toBe(404);
    expect(myScheduleSchema.parse((await call(GET, { token: next.token })).json).calendar_link).toBeNull();
    // The same link again ends nothing.
    const kept = await call(createLink, { method: "POST", token: next.token });
    expect((await put(next.user.id, elsewhere.id)).status).toBe(200);
    expect((await fetchFeed(kept.json.path as string)).status).toBe(200);
  });

  test("a link being made while the account is unlinked does not outlive the unlink (§30.3)", async () => {
    const { token: admin } = await createUser("admin");
    const anna = await linkedUser();
    const annaUser = await db.user.findFirstOrThrow({ where: { employeeId: anna.employee.id } });
    // The employee's row held: making the link stops at storing it (its foreign key), after its check of the account.
    const held = await holdLock("SELECT 1 FROM employees WHERE id = $1 FOR UPDATE", [anna.employee.id]);
    try {
      const making = call(createLink, { method: "POST", token: anna.token });
      await held.waitForBlocked(1);
      const unlinking = call(updateUser, {
        token: admin,
        params: { id: String(annaUser.id) },
        body: { employee_id: null },
      });
      await held.waitForBlocked(2);
      await held.release();
      const [made, unlinked] = await Promise.all([making, unlinking]);
      expect(made.status).toBe(201);
      expect(unlinked.status).toBe(200);
      // The unlink waited for the link and ended it: nothing is left to serve.
      expect(await db.calendarFeed.count({ where: { employeeId: anna.employee.id } })).toBe(0);
      expect((await fetchFeed(made.json.path as string)).status).toBe(404);
    } finally {
      await held.release();
    }
  });

  test("deleting the account, or archiving its employee, ends the link (§30.3)", async () => {
    const { token: admin } = await createUser("admin");
    const anna = await linkedUser();
    const link = await call(createLink, { method: "POST", token: anna.token });
    const annaUser = await db.user.findFirstOrThrow({ where: { employeeId: anna.employee.id } });
    expect((await call(deleteUser, { token: admin, params: { id: String(annaUser.id) } })).status).toBe(200);
    expect((await fetchFeed(link.json.path as string)).status).toBe(404);
    expect(await db.calendarFeed.count({ where: { employeeId: anna.employee.id } })).toBe(0);
    const deleted = await db.auditLog.findFirstOrThrow({ where: { action: "user.delete", entityId: annaUser.id } });
    expect(deleted.details).toEqual({ username: annaUser.username, calendar_link_ended: true });

    const ben = await linkedUser();
    await call(createLink, { method: "POST", token: ben.token });
    const archived = await call(archiveEmployee, { token: admin, params: { id: String(ben.employee.id) } });
    expect(archived.status).toBe(200);
    expect(await db.calendarFeed.count({ where: { employeeId: ben.employee.id } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "employee.archive", entityId: ben.employee.id },
    });
    expect(audit.details).toMatchObject({ users_unlinked: 1, calendar_links_ended: 1 });
  });

  test("without a linked employee there is no link to create", async () => {
    const { token } = await createUser("admin");
    const res = await call(createLink, { method: "POST", token });
    expect(res.status).toBe(403);
  });
});
