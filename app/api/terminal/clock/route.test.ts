import bcrypt from "bcryptjs";
import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { todayIn } from "@/lib/shared/dates";
import { terminalClockResultSchema } from "@/lib/shared/schemas/terminal";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { pairedTerminal, setTestPin } from "@/tests/support/terminal";
import { POST } from "./route";
import { POST as revoke } from "../../terminals/[id]/revoke/route";

const PIN = "4711";

/** A terminal at a new location and an employee of that location (an Einsatzort) with a PIN. */
async function setup() {
  const paired = await pairedTerminal();
  const employee = await fx.employee({ firstName: "Lea" });
  await db.employeeLocation.create({ data: { employeeId: employee.id, locationId: paired.locationId } });
  await setTestPin(employee.id, PIN);
  return { ...paired, employee };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const stamp = (t: Pick<Setup, "headers">, body: Record<string, unknown>) => call(POST, { headers: t.headers, body });

describe("POST /api/terminal/clock (docs/PRODUCT-RULES.md §32.4)", () => {
  test("the right PIN stamps in at the terminal's location (source terminal) with greeting and time", async () => {
    const t = await setup();
    const res = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" });
    expect(res.status, res.text).toBe(200);
    const answer = terminalClockResultSchema.parse(res.json);
    expect(answer).toMatchObject({ employee_id: t.employee.id, state: "in", next_actions: ["break_start", "out"] });
    const time = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Zurich",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(answer.at));
    expect(answer.message).toMatch(new RegExp(`^Guten (Morgen|Tag|Abend), Lea — eingestempelt ${time}$`));
    const entry = await db.timeEntry.findFirstOrThrow({ where: { employeeId: t.employee.id } });
    expect(entry).toMatchObject({ locationId: t.locationId, source: "terminal", status: "running" });
    expect(entry.startAt.toISOString()).toBe(answer.at);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "time_entry.clock", entityId: entry.id } });
    expect(audit.userId).toBeNull();
    expect((await db.terminal.findUniqueOrThrow({ where: { id: t.terminal.id } })).lastUsedAt).not.toBeNull();

    const pause = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "break_start" });
    expect(pause.json).toMatchObject({
      state: "break",
      message: expect.stringMatching(/^Gute Pause, Lea — Pause ab /),
    });
    const out = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "out" });
    expect(out.json).toMatchObject({ state: "out", next_actions: ["in"] });
    expect(out.json.message).toMatch(/^Schönen Feierabend, Lea — ausgestempelt \d\d:\d\d$/);
  });

  test("a PIN hashed at the passwords' cost is hashed again at the PIN cost once it is entered right", async () => {
    const t = await setup();
    await db.employeePin.update({
      where: { employeeId: t.employee.id },
      data: { pinHash: bcrypt.hashSync(PIN, 12) },
    });
    const wrong = await stamp(t, { employee_id: t.employee.id, pin: "9090", action: "in" });
    expect(wrong.json.error).toBe("Falsche PIN. Noch 4 Versuche.");
    const costOf = async () =>
      (await db.employeePin.findUniqueOrThrow({ where: { employeeId: t.employee.id } })).pinHash;
    expect(await costOf()).toMatch(/^\$2[ab]\$12\$/);
    expect((await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" })).status).toBe(200);
    const rehashed = await costOf();
    expect(rehashed).toMatch(/^\$2[ab]\$10\$/);
    expect(await bcrypt.compare(PIN, rehashed)).toBe(true);
    expect((await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "out" })).status).toBe(200);
  });

  test("an action that does not fit the state is 409 like on /me", async () => {
    const t = await setup();
    const res = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "out" });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: "Du bist nicht eingestempelt.", code: "conflict" });
  });

  test("someone planned here today outside their Einsatzorte stamps in for that shift, and out again", async () => {
    const t = await setup();
    const home = await fx.location();
    const ben = await fx.employee({ firstName: "Ben" });
    await db.employeeLocation.create({ data: { employeeId: ben.id, locationId: home.id } });
    await setTestPin(ben.id, PIN);
    // Planned from 5 minutes ago for an hour, dated by its start (so also right around midnight).
    const from = new Date(Date.now() - 5 * 60_000);
    const hhmm = (at: Date) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/Zurich",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(at);
    await fx.shift({
      employeeId: ben.id,
      locationId: t.locationId,
      date: todayIn("Europe/Zurich", from),
      start: hhmm(from),
      end: hhmm(new Date(from.getTime() + 60 * 60_000)),
    });
    const inside = await stamp(t, { employee_id: ben.id, pin: PIN, action: "in" });
    expect(inside.status, inside.text).toBe(200);
    expect(await db.timeEntry.findFirstOrThrow({ where: { employeeId: ben.id } })).toMatchObject({
      locationId: t.locationId,
      status: "running",
    });
    // The shift moves away meanwhile: stamped in here, he can still stamp out here.
    await db.shift.deleteMany({ where: { employeeId: ben.id } });
    const out = await stamp(t, { employee_id: ben.id, pin: PIN, action: "out" });
    expect(out.status, out.text).toBe(200);
  });

  test("an employee of another location is 404 before the PIN is judged, and nothing is written", async () => {
    const t = await setup();
    const elsewhere = await fx.location();
    const other = await fx.employee();
    await db.employeeLocation.create({ data: { employeeId: other.id, locationId: elsewhere.id } });
    await setTestPin(other.id, PIN);
    const res = await stamp(t, { employee_id: other.id, pin: PIN, action: "in" });
    expect(res.status).toBe(404);
    expect(await db.timeEntry.count({ where: { employeeId: other.id } })).toBe(0);
    expect(await db.terminalPinFailure.count({ where: { terminalId: t.terminal.id } })).toBe(0);
    // Archived people are nobody's staff either.
    await db.employee.update({ where: { id: t.employee.id }, data: { archivedAt: new Date() } });
    expect((await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" })).status).toBe(404);
  });

  test("without a PIN: 409 that says so, and nothing counts as a wrong PIN", async () => {
    const t = await setup();
    await db.employeePin.delete({ where: { employeeId: t.employee.id } });
    const res = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/noch keine PIN/);
    expect(await db.terminalPinFailure.count({ where: { terminalId: t.terminal.id } })).toBe(0);
  });

  test("a PIN of letters or the wrong length is 400 in fields.pin and counts nothing", async () => {
    const t = await setup();
    for (const pin of ["12a4", "123", "1234567", 4711]) {
      const res = await stamp(t, { employee_id: t.employee.id, pin, action: "in" });
      expect(res.status, String(pin)).toBe(400);
      expect(res.json.fields).toEqual({ pin: "Die PIN besteht aus 4 bis 6 Ziffern" });
    }
    expect(await db.terminalPinFailure.count({ where: { terminalId: t.terminal.id } })).toBe(0);
  });

  test("twenty parallel 'in' with the right PIN: exactly one entry, the others 409", async () => {
    const t = await setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await db.timeEntry.count({ where: { employeeId: t.employee.id } })).toBe(1);
  }, 60_000);
});

describe("PIN lockouts (docs/PRODUCT-RULES.md §32.4), tested like the login limit", () => {
  test("wrong PIN: 400 with the attempts left; the fifth locks the employee here for 15 minutes", async () => {
    const t = await setup();
    const wrong = () => stamp(t, { employee_id: t.employee.id, pin: "9090", action: "in" });
    for (let left = 4; left >= 1; left--) {
      const res = await wrong();
      expect(res.status).toBe(400);
      const text = `Falsche PIN. Noch ${left} ${left === 1 ? "Versuch" : "Versuche"}.`;
      expect(res.json).toEqual({ error: text, code: "validation_failed", fields: { pin: text } });
    }
    const fifth = await wrong();
    expect(fifth.status).toBe(429);
    expect(fifth.json.error).toMatch(
      /^Zu viele falsche PINs: für dich ist diese Stempeluhr bis \d\d:\d\d Uhr gesperrt\.$/,
    );
    const retryAfter = Number(fifth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await db.auditLog.count({ where: { action: "terminal.pin_locked", entityId: t.terminal.id } })).toBe(1);

    // Even the right PIN waits, and nothing is stamped.
    const right = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" });
    expect(right.status).toBe(429);
    expect(await db.timeEntry.count({ where: { employeeId: t.employee.id } })).toBe(0);

    // On another terminal the employee is not locked.
    const other = await pairedTerminal(t.locationId);
    expect((await stamp(other, { employee_id: t.employee.id, pin: PIN, action: "in" })).status).toBe(200);
    await stamp(other, { employee_id: t.employee.id, pin: PIN, action: "out" });

    // Fifteen minutes after the fifth, the lock has lifted.
    await db.terminalPinFailure.updateMany({
      where: { terminalId: t.terminal.id },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect((await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" })).status).toBe(200);
  });

  test("a right PIN clears the wrong ones before it", async () => {
    const t = await setup();
    for (let i = 0; i < 4; i++) await stamp(t, { employee_id: t.employee.id, pin: "9090", action: "in" });
    expect((await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" })).status).toBe(200);
    const res = await stamp(t, { employee_id: t.employee.id, pin: "9090", action: "out" });
    expect(res.json.error).toBe("Falsche PIN. Noch 4 Versuche.");
  });

  test("30 wrong PINs within 15 minutes pause the terminal: every clock call 429 until then", async () => {
    const t = await setup();
    const others = await Promise.all(Array.from({ length: 6 }, () => fx.employee()));
    for (const other of others) await setTestPin(other.id, "2580");
    // Employees without Einsatzorte work everywhere: six people, five wrong PINs each (the fifth locks each one).
    const statuses: number[] = [];
    for (const other of others)
      for (let i = 0; i < 5; i++)
        statuses.push((await stamp(t, { employee_id: other.id, pin: "9090", action: "in" })).status);
    expect(statuses.slice(0, 29).filter((status) => status === 400)).toHaveLength(24);
    const last = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" });
    expect(last.status).toBe(429);
    expect(last.json.error).toMatch(/^Zu viele falsche PINs: diese Stempeluhr ist bis \d\d:\d\d Uhr pausiert\.$/);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    const terminal = await db.terminal.findUniqueOrThrow({ where: { id: t.terminal.id } });
    expect(terminal.pausedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    expect(await db.auditLog.count({ where: { action: "terminal.paused", entityId: t.terminal.id } })).toBe(1);
    expect(await db.timeEntry.count({ where: { employeeId: t.employee.id } })).toBe(0);

    // Paused means paused, whoever tries.
    const fresh = await fx.employee();
    await setTestPin(fresh.id, "2580");
    expect((await stamp(t, { employee_id: fresh.id, pin: "2580", action: "in" })).status).toBe(429);
  }, 60_000);

  test("parallel wrong PINs cannot slip past the lock: one is judged at a time", async () => {
    const t = await setup();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => stamp(t, { employee_id: t.employee.id, pin: "9090", action: "in" })),
    );
    // One PIN of a person is judged at a time: the others wait for it (409) and count nothing; never more than
    // five are judged, and none passes.
    const statuses = answers.map((res) => res.status);
    expect(
      statuses.every((status) => [400, 409, 429].includes(status)),
      String(statuses),
    ).toBe(true);
    for (const res of answers.filter((answer) => answer.status === 409))
      expect(res.json.error).toBe("Deine PIN wird gerade geprüft. Bitte einen Moment.");
    const judged = await db.terminalPinFailure.count({ where: { terminalId: t.terminal.id } });
    expect(judged).toBeGreaterThanOrEqual(1);
    expect(judged).toBeLessThanOrEqual(Math.min(5, statuses.filter((status) => status !== 409).length));
  }, 60_000);
});

describe("the terminal's credential", () => {
  test("a revoked terminal is 401 at once, and a user token never opens the terminal's operations", async () => {
    const t = await setup();
    const { token } = await createUser("admin", { employeeId: t.employee.id });
    const asUser = await call(POST, { token, body: { employee_id: t.employee.id, pin: PIN, action: "in" } });
    expect(asUser.status).toBe(401);

    const admin = await createUser("admin");
    const revoked = await call(revoke, { token: admin.token, params: { id: String(t.terminal.id) }, body: {} });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ status: "revoked" });
    const res = await stamp(t, { employee_id: t.employee.id, pin: PIN, action: "in" });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: "Dieses Gerät ist nicht (mehr) als Stempeluhr eingerichtet.",
      code: "unauthenticated",
    });
    expect(
      await db.timeEntry.count({ where: { employeeId: t.employee.id, date: toDateColumn(todayIn("Europe/Zurich")) } }),
    ).toBe(0);
  });
});
