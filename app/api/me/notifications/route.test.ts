import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { currentUserSchema } from "@/lib/shared/schemas/auth";
import { notificationsPageSchema } from "@/lib/shared/schemas/notification";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as me } from "../../auth/me/route";
import { POST as approve } from "../../vacations/[id]/approve/route";
import { POST as reject } from "../../vacations/[id]/reject/route";
import { POST as requestVacation } from "../../vacations/route";
import { POST as markRead } from "./read/route";
import { GET as list } from "./route";

// docs/PRODUCT-RULES.md §33.1: every user's inbox, written in the transaction of the event it tells of.

async function waiter() {
  const employee = await fx.employee();
  const { token, user } = await createUser("user", { employeeId: employee.id });
  return { employee, token, user };
}

const inbox = async (token: string, before?: number) => {
  const res = await call(list, { token, path: `/api/me/notifications${before ? `?before=${before}` : ""}` });
  expect(res.status, res.text).toBe(200);
  return notificationsPageSchema.parse(res.json);
};

const ask = (token: string, employeeId: number, start: string, end: string) =>
  call(requestVacation, { token, body: { employee_id: employeeId, start_date: start, end_date: end } });

/** Messages written straight into a user's inbox, oldest first. */
async function messages(userId: number, count: number) {
  for (let i = 1; i <= count; i++)
    await db.notification.create({ data: { userId, kind: "swap", title: `Nachricht ${i}`, link: "/me" } });
}

describe("messages of vacation decisions", () => {
  test("approved: the requester reads the period and the days, linked to /me; nobody else gets it", async () => {
    const { employee, token } = await waiter();
    const { token: boss } = await createUser("manager");
    const asked = await ask(token, employee.id, "2043-06-01", "2043-06-05");
    expect(asked.status, asked.text).toBe(201);
    expect((await inbox(token)).unread_count).toBe(0);

    const res = await call(approve, { token: boss, params: { id: String(asked.json.id) } });
    expect(res.status, res.text).toBe(200);
    const page = await inbox(token);
    expect(page.unread_count).toBe(1);
    expect(page.notifications).toEqual([
      expect.objectContaining({
        kind: "vacation_decided",
        title: "Ferien genehmigt: 01.06.–05.06.2043",
        lines: ["5 Ferientage"],
        link: "/me",
        read_at: null,
      }),
    ]);
    expect((await inbox(boss)).notifications).toEqual([]);
  });

  test("rejected: the title says so and the reason is a line of its own", async () => {
    const { employee, token } = await waiter();
    const { token: boss } = await createUser("manager");
    const asked = await ask(token, employee.id, "2043-07-06", "2043-07-06");
    const res = await call(reject, {
      token: boss,
      params: { id: String(asked.json.id) },
      body: { reason: "Inventur an dem Tag" },
    });
    expect(res.status, res.text).toBe(200);
    expect((await inbox(token)).notifications).toEqual([
      expect.objectContaining({
        title: "Ferienantrag abgelehnt: 06.07.2043",
        lines: ["1 Ferientag", "Begründung: Inventur an dem Tag"],
      }),
    ]);
  });

  test("a decision refused (already decided) writes no second message", async () => {
    const { employee, token } = await waiter();
    const { token: boss } = await createUser("manager");
    const asked = await ask(token, employee.id, "2043-08-03", "2043-08-04");
    expect((await call(approve, { token: boss, params: { id: String(asked.json.id) } })).status).toBe(200);
    const again = await call(reject, { token: boss, params: { id: String(asked.json.id) }, body: { reason: "x" } });
    expect(again.status).toBe(409);
    expect((await inbox(token)).notifications.map((message) => message.title)).toEqual([
      "Ferien genehmigt: 03.08.–04.08.2043",
    ]);
  });
});

describe("GET /api/me/notifications and POST …/read", () => {
  test("newest first, 30 a page, `before` pages back; the unread count covers all", async () => {
    const { token, user } = await waiter();
    await messages(user.id, 35);
    const first = await inbox(token);
    expect(first.unread_count).toBe(35);
    expect(first.notifications).toHaveLength(30);
    expect(first.notifications[0].title).toBe("Nachricht 35");
    expect(first.notifications[29].title).toBe("Nachricht 6");
    expect(first.next_before).toBe(first.notifications[29].id);
    const second = await inbox(token, first.next_before!);
    expect(second.notifications.map((message) => message.title)).toEqual([
      "Nachricht 5",
      "Nachricht 4",
      "Nachricht 3",
      "Nachricht 2",
      "Nachricht 1",
    ]);
    expect(second.next_before).toBeNull();
  });

  test("marking: the named ones (another user's ids passed over), then all; again changes nothing", async () => {
    const me = await waiter();
    const other = await waiter();
    await messages(me.user.id, 3);
    await messages(other.user.id, 1);
    const [newest, middle] = (await inbox(me.token)).notifications;
    const [theirs] = (await inbox(other.token)).notifications;

    const named = await call(markRead, { token: me.token, body: { ids: [newest.id, theirs.id] } });
    expect(named.status, named.text).toBe(200);
    expect(named.json).toEqual({ marked: 1, unread_count: 2 });
    expect((await inbox(other.token)).unread_count).toBe(1);
    const page = await inbox(me.token);
    expect(page.notifications.find((message) => message.id === newest.id)!.read_at).not.toBeNull();
    expect(page.notifications.find((message) => message.id === middle.id)!.read_at).toBeNull();

    expect((await call(markRead, { token: me.token, body: { all: true } })).json).toEqual({
      marked: 2,
      unread_count: 0,
    });
    expect((await call(markRead, { token: me.token, body: { all: true } })).json).toEqual({
      marked: 0,
      unread_count: 0,
    });
    expect((await inbox(other.token)).unread_count).toBe(1);
  });

  test("the session check (GET /api/auth/me) carries the bell's count: only the caller's unread messages", async () => {
    const mine = await waiter();
    const other = await waiter();
    await messages(mine.user.id, 4);
    await messages(other.user.id, 2);
    const bell = async (token: string) =>
      currentUserSchema.parse((await call(me, { token })).json).unread_notifications;
    expect(await bell(mine.token)).toBe(4);
    const [newest] = (await inbox(mine.token)).notifications;
    await call(markRead, { token: mine.token, body: { ids: [newest.id] } });
    expect(await bell(mine.token)).toBe(3);
    await call(markRead, { token: mine.token, body: { all: true } });
    expect(await bell(mine.token)).toBe(0);
    expect(await bell(other.token)).toBe(2);
  });

  test("every role has an inbox, linked or not; without a session 401", async () => {
    for (const role of ["admin", "manager", "user"] as const) {
      const { token } = await createUser(role);
      expect((await inbox(token)).notifications).toEqual([]);
    }
    expect((await call(list, { path: "/api/me/notifications" })).status).toBe(401);
  });

  test("bad input: 400 with a German message, nothing marked", async () => {
    const { token, user } = await waiter();
    await messages(user.id, 1);
    const message = "Bitte nenne die gelesenen Nachrichten (ids, höchstens 200) oder alle (all: true)";
    for (const body of [{}, { ids: [] }, { all: false }, { ids: [1], all: true }, { ids: "1" }]) {
      const res = await call(markRead, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json)).toContain(message);
    }
    const tooMany = await call(markRead, { token, body: { ids: Array.from({ length: 201 }, (_, i) => i + 1) } });
    expect(tooMany.status).toBe(400);
    expect((await call(list, { token, path: "/api/me/notifications?before=abc" })).status).toBe(400);
    expect((await inbox(token)).unread_count).toBe(1);
  });
});
