import ICAL from "ical.js";
import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Publishing is one switch every staff view reads: a database of its own, so files running alongside keep seeing
// the draft (docs/PRODUCT-RULES.md §33.3).
process.env.DATABASE_URL = await ownDatabase("schichtwerk_publish");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { addDays, isoWeekday, mondayOf, todayIn } = await import("@/lib/shared/dates");
const { WEEKDAYS_SHORT } = await import("@/lib/shared/format");
const { myScheduleSchema } = await import("@/lib/shared/schemas/my-schedule");
const { notificationsPageSchema } = await import("@/lib/shared/schemas/notification");
const { publicationSchema } = await import("@/lib/shared/schemas/publication");
const { scheduleWeekSchema } = await import("@/lib/shared/schemas/schedule");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { issueCalendarToken } = await import("@/lib/server/calendar/write-calendar-feeds");
const { GET: feed } = await import("@/app/api/calendar/[file]/route");
const { GET: mySchedule } = await import("@/app/api/me/route");
const { GET: myOpenShifts } = await import("@/app/api/me/open-shifts/route");
const { GET: inbox } = await import("@/app/api/me/notifications/route");
const { PUT: putSettings } = await import("@/app/api/settings/route");
const { GET: week } = await import("@/app/api/schedule/week/route");
const { POST: apply } = await import("@/app/api/shifts/[id]/application/route");
const { PUT: putShift, DELETE: deleteShift } = await import("@/app/api/shifts/[id]/route");
const { POST: createShift } = await import("@/app/api/shifts/route");
const { GET: availability } = await import("@/app/api/employees/[id]/availability/[date]/route");
const { POST: publish } = await import("./route");

// Next week (Monday to Sunday): inside /api/me's eight weeks, the open shifts' four and the feed's window.
const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
const sunday = addDays(monday, 6);
const day = (offset: number) => addDays(monday, offset);

const admin = await createUser("admin");
const boss = await createUser("manager");
await call(putSettings, { method: "PUT", token: admin.token, body: { publishing: true } });

async function waiter(firstName: string) {
  const employee = await fx.employee({ firstName });
  const { token, user } = await createUser("user", { employeeId: employee.id });
  return { employee, token, user };
}

const plan = async (body: Record<string, unknown>) => {
  const res = await call(createShift, { token: boss.token, body: { break_minutes: 0, ...body } });
  expect(res.status, res.text).toBe(201);
  return { id: Number(res.json.id) };
};

const publishRange = async (body: Record<string, unknown> = {}) => {
  const res = await call(publish, { token: boss.token, body: { start_date: monday, end_date: sunday, ...body } });
  expect(res.status, res.text).toBe(200);
  return publicationSchema.parse(res.json);
};

/** The shift ids the person sees on Meine Schichten next week. */
const seenOnMe = async (token: string) =>
  myScheduleSchema.parse((await call(mySchedule, { token })).json).weeks[1].shifts.map((shift) => shift.id);

/** Next week as the caller's planner screen gets it. */
const weekAnswer = async (token: string) =>
  scheduleWeekSchema.parse(
    (await call(week, { token, path: `/api/schedule/week?start_date=${monday}&end_date=${sunday}` })).json,
  );

const weekAs = async (token: string) =>
  (await weekAnswer(token)).shifts.map((shift) => `${shift.id} ${shift.start_time}`);

const messages = async (token: string) => notificationsPageSchema.parse((await call(inbox, { token })).json);

async function feedEvents(employeeId: number, audit: { actor: unknown; ip: string }) {
  const { token } = await issueCalendarToken({ employeeId, audit: audit as never });
  const res = await call(feed, { path: `/api/calendar/${token}.ics`, params: { file: `${token}.ics` } });
  expect(res.status, res.text).toBe(200);
  return new ICAL.Component(ICAL.parse(res.text))
    .getAllSubcomponents("vevent")
    .map((event) => String(event.getFirstPropertyValue("summary")));
}

describe("draft and published", () => {
  test("a new shift is unseen by staff until published: /me, the week, the feed; planners see it", async () => {
    const luca = await waiter("Luca");
    const location = await fx.location({ name: "Bahnhof" });
    const shift = await plan({
      employee_id: luca.employee.id,
      location_id: location.id,
      shift_date: day(4),
      start_time: "14:00",
      end_time: "22:00",
    });
    const audit = {
      actor: { ...luca.user, employee: { id: luca.employee.id, firstName: "Luca", lastName: "x" } },
      ip: "",
    };

    expect(await seenOnMe(luca.token)).not.toContain(shift.id);
    // His week's hours count what he sees; the planner's count the draft.
    const hoursAs = async (token: string) =>
      (
        await call(availability, {
          token,
          params: { id: String(luca.employee.id), date: day(4) },
          path: `/api/employees/${luca.employee.id}/availability/${day(4)}`,
        })
      ).json.scheduled_hours;
    expect(await hoursAs(luca.token)).toBe(0);
    expect(await hoursAs(boss.token)).toBe(8);
    expect(await weekAs(luca.token)).not.toContain(`${shift.id} 14:00`);
    expect(await weekAs(boss.token)).toContain(`${shift.id} 14:00`);
    // The planner's week counts what staff do not see and names the chips to mark; staff's says nothing of it.
    const publicationAs = async (token: string) => (await weekAnswer(token)).publication;
    const pending = await publicationAs(boss.token);
    expect(pending.publishing).toBe(true);
    expect(pending.unpublished).toBeGreaterThanOrEqual(1);
    expect(pending.changed_shift_ids).toContain(shift.id);
    expect(await publicationAs(luca.token)).toEqual({ publishing: true, unpublished: 0, changed_shift_ids: [] });
    expect((await feedEvents(luca.employee.id, audit)).some((summary) => summary.includes("Bahnhof"))).toBe(false);

    const answer = await publishRange();
    expect(answer.employees.find((entry) => entry.employee_id === luca.employee.id)).toEqual({
      employee_id: luca.employee.id,
      employee_name: luca.employee.firstName + " " + luca.employee.lastName,
      changes: [
        {
          change: "added",
          shift_id: shift.id,
          shift_date: day(4),
          start_time: "14:00",
          end_time: "22:00",
          break_minutes: 0,
          location_id: location.id,
          location_name: "Bahnhof",
          before: null,
        },
      ],
    });
    expect(await seenOnMe(luca.token)).toContain(shift.id);
    expect(await hoursAs(luca.token)).toBe(8);
    expect(await weekAs(luca.token)).toContain(`${shift.id} 14:00`);
    expect(await publicationAs(boss.token)).toEqual({ publishing: true, unpublished: 0, changed_shift_ids: [] });
    expect((await feedEvents(luca.employee.id, audit)).some((summary) => summary.includes("Bahnhof"))).toBe(true);
  });
  test("staff's findings are those of the published plan; the planner's those of the draft", async () => {
    const emil = await waiter("Emil");
    const bahnhof = await fx.location({ name: "Bahnhof" });
    const markt = await fx.location({ name: "Markt" });
    await plan({
      employee_id: emil.employee.id,
      location_id: bahnhof.id,
      shift_date: day(1),
      start_time: "17:00",
      end_time: "22:00",
    });
    const open = await plan({
      employee_id: null,
      location_id: markt.id,
      shift_date: day(2),
      start_time: "09:00",
      end_time: "11:00",
    });
    await publishRange();
    // In the draft only: ten hours after the late shift (rest time), overlapping the open shift.
    const early = await plan({
      employee_id: emil.employee.id,
      location_id: bahnhof.id,
      shift_date: day(2),
      start_time: "08:00",
      end_time: "10:00",
    });

    const codesOn = (findings: { code: string; shift_id: number }[], shiftId: number) =>
      findings.filter((finding) => finding.shift_id === shiftId).map((finding) => finding.code);
    const myFindings = async () =>
      myScheduleSchema.parse((await call(mySchedule, { token: emil.token })).json).weeks[1].findings;
    const openFindings = async () =>
      ((await call(myOpenShifts, { token: emil.token })).json as { id: number; findings: { code: string }[] }[])
        .find((shift) => shift.id === open.id)!
        .findings.map((finding) => finding.code);

    expect(await myFindings()).toEqual([]);
    expect((await weekAnswer(emil.token)).warnings.filter((f) => f.employee_id === emil.employee.id)).toEqual([]);
    expect(await openFindings()).toEqual([]);
    expect(codesOn((await weekAnswer(boss.token)).warnings, early.id)).toContain("rest_time");

    await publishRange({ location_ids: [bahnhof.id] });
    expect(codesOn(await myFindings(), early.id)).toContain("rest_time");
    expect(codesOn((await weekAnswer(emil.token)).warnings, early.id)).toContain("rest_time");
    expect(await openFindings()).toContain("overlap");
  });
});

describe("what a publication tells", () => {
  test("each person reads only their changes in one message: new, moved, changed, given away, deleted", async () => {
    const anna = await waiter("Anna");
    const ben = await waiter("Ben");
    const bahnhof = await fx.location({ name: "Bahnhof" });
    const seefeld = await fx.location({ name: "Seefeld" });
    const shift = (employeeId: number, offset: number, start: string, end: string, locationId = bahnhof.id) =>
      plan({
        employee_id: employeeId,
        location_id: locationId,
        shift_date: day(offset),
        start_time: start,
        end_time: end,
      });
    const moved = await shift(anna.employee.id, 1, "08:00", "12:00");
    const retimed = await shift(anna.employee.id, 2, "08:00", "12:00");
    const givenAway = await shift(anna.employee.id, 3, "10:00", "14:00");
    const deleted = await shift(anna.employee.id, 5, "10:00", "14:00");
    const untouched = await shift(ben.employee.id, 0, "07:00", "11:00");
    await publishRange();
    const before = { anna: (await messages(anna.token)).unread_count, ben: (await messages(ben.token)).unread_count };

    const edit = async (id: number, body: Record<string, unknown>) => {
      const res = await call(putShift, { method: "PUT", token: boss.token, params: { id: String(id) }, body });
      expect(res.status, res.text).toBe(200);
    };
    const base = { location_id: bahnhof.id, break_minutes: 0 };
    await edit(moved.id, {
      ...base,
      employee_id: anna.employee.id,
      shift_date: day(2),
      start_time: "14:00",
      end_time: "18:00",
      location_id: seefeld.id,
    });
    await edit(retimed.id, {
      ...base,
      employee_id: anna.employee.id,
      shift_date: day(2),
      start_time: "09:00",
      end_time: "12:30",
      break_minutes: 15,
    });
    await edit(givenAway.id, {
      ...base,
      employee_id: ben.employee.id,
      shift_date: day(3),
      start_time: "10:00",
      end_time: "14:00",
    });
    expect(
      (await call(deleteShift, { method: "DELETE", token: boss.token, params: { id: String(deleted.id) } })).status,
    ).toBe(200);
    const added = await shift(anna.employee.id, 4, "14:00", "22:00");

    // Until published, Anna still sees her old week, the deleted shift included.
    expect((await seenOnMe(anna.token)).sort()).toEqual([moved.id, retimed.id, givenAway.id, deleted.id].sort());

    const answer = await publishRange();
    expect(answer.changes).toBe(5);
    const annas = answer.employees.find((entry) => entry.employee_id === anna.employee.id)!;
    expect(annas.changes.map((change) => [change.change, change.shift_id])).toEqual([
      ["times_changed", retimed.id],
      ["moved", moved.id],
      ["removed", givenAway.id],
      ["added", added.id],
      ["removed", deleted.id],
    ]);
    expect(annas.changes[1].before).toEqual({
      shift_date: day(1),
      start_time: "08:00",
      end_time: "12:00",
      break_minutes: 0,
      location_id: bahnhof.id,
      location_name: "Bahnhof",
    });
    const bens = answer.employees.find((entry) => entry.employee_id === ben.employee.id)!;
    expect(bens.changes.map((change) => [change.change, change.shift_id])).toEqual([["added", givenAway.id]]);
    expect(answer.employees.some((entry) => entry.changes.some((change) => change.shift_id === untouched.id))).toBe(
      false,
    );

    const wd = (offset: number) => ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"][offset];
    const dm = (offset: number) => `${day(offset).slice(8, 10)}.${day(offset).slice(5, 7)}.`;
    const annaInbox = await messages(anna.token);
    expect(annaInbox.unread_count).toBe(before.anna + 1);
    expect(annaInbox.notifications[0]).toMatchObject({
      kind: "shifts_changed",
      link: "/me",
      lines: [
        `Geändert: ${wd(2)} ${dm(2)}, 09:00–12:30, Bahnhof, Pause 15 Min. (vorher 08:00–12:00, ohne Pause)`,
        `Verschoben: ${wd(2)} ${dm(2)}, 14:00–18:00, Seefeld (vorher ${wd(1)} ${dm(1)}, 08:00–12:00, Bahnhof)`,
        `Entfällt: ${wd(3)} ${dm(3)}, 10:00–14:00, Bahnhof`,
        `Neu: ${wd(4)} ${dm(4)}, 14:00–22:00, Bahnhof`,
        `Entfällt: ${wd(5)} ${dm(5)}, 10:00–14:00, Bahnhof`,
      ],
    });
    expect(annaInbox.notifications[0].title).toMatch(/^Schichtplan geändert: /);
    const benInbox = await messages(ben.token);
    expect(benInbox.unread_count).toBe(before.ben + 1);
    expect(benInbox.notifications[0].lines).toEqual([`Neu: ${wd(3)} ${dm(3)}, 10:00–14:00, Bahnhof`]);
    expect((await seenOnMe(anna.token)).sort()).toEqual([moved.id, retimed.id, added.id].sort());

    // Publishing again without changes changes nothing and tells nobody.
    const again = await publishRange();
    expect(again).toMatchObject({ changes: 0, notified: 0, employees: [], open_shifts: [] });
    expect((await messages(anna.token)).unread_count).toBe(before.anna + 1);
  });

  test("only the locations named; a move to another week goes with either week", async () => {
    const cara = await waiter("Cara");
    const north = await fx.location({ name: "Nord" });
    const south = await fx.location({ name: "Süd" });
    const atNorth = await plan({
      employee_id: cara.employee.id,
      location_id: north.id,
      shift_date: day(0),
      start_time: "08:00",
      end_time: "12:00",
    });
    const atSouth = await plan({
      employee_id: cara.employee.id,
      location_id: south.id,
      shift_date: day(1),
      start_time: "08:00",
      end_time: "12:00",
    });
    const answer = await publishRange({ location_ids: [north.id] });
    expect(answer.employees.flatMap((entry) => entry.changes.map((change) => change.shift_id))).toEqual([atNorth.id]);
    expect(await seenOnMe(cara.token)).toEqual([atNorth.id]);
    await publishRange({ location_ids: [south.id] });
    expect((await seenOnMe(cara.token)).sort()).toEqual([atNorth.id, atSouth.id].sort());

    // Moved into the week after: publishing this week publishes the move.
    const res = await call(putShift, {
      method: "PUT",
      token: boss.token,
      params: { id: String(atNorth.id) },
      body: {
        employee_id: cara.employee.id,
        location_id: north.id,
        shift_date: addDays(monday, 7),
        start_time: "08:00",
        end_time: "12:00",
        break_minutes: 0,
      },
    });
    expect(res.status, res.text).toBe(200);
    const moved = await publishRange({ location_ids: [north.id] });
    expect(moved.employees[0].changes).toMatchObject([
      { change: "moved", shift_id: atNorth.id, shift_date: addDays(monday, 7) },
    ]);
  });

  test("open shifts: staff apply only for published ones; an open shift given away is taken", async () => {
    const dora = await waiter("Dora");
    const location = await fx.location({ name: "Markt" });
    const open = await plan({
      employee_id: null,
      location_id: location.id,
      shift_date: day(2),
      start_time: "10:00",
      end_time: "14:00",
    });
    const openIds = async () =>
      ((await call(myOpenShifts, { token: dora.token })).json as { id: number }[]).map((shift) => shift.id);
    expect(await openIds()).not.toContain(open.id);
    const unseen = await call(apply, { token: dora.token, params: { id: String(open.id) } });
    expect(unseen.status).toBe(404);

    const answer = await publishRange({ location_ids: [location.id] });
    expect(answer.open_shifts).toMatchObject([{ change: "added", shift_id: open.id }]);
    expect(answer.notified).toBe(0);
    expect(await openIds()).toContain(open.id);
    const applied = await call(apply, { token: dora.token, params: { id: String(open.id) } });
    expect(applied.status, applied.text).toBe(201);

    // Given to her in the draft only: taken, without telling whose before it is published.
    const next = await plan({
      employee_id: null,
      location_id: location.id,
      shift_date: day(3),
      start_time: "10:00",
      end_time: "14:00",
    });
    await publishRange({ location_ids: [location.id] });
    const given = await call(putShift, {
      method: "PUT",
      token: boss.token,
      params: { id: String(next.id) },
      body: {
        employee_id: dora.employee.id,
        location_id: location.id,
        shift_date: day(3),
        start_time: "10:00",
        end_time: "14:00",
        break_minutes: 0,
      },
    });
    expect(given.status, given.text).toBe(200);
    const taken = await call(apply, { token: dora.token, params: { id: String(next.id) } });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe("Diese Schicht ist bereits vergeben");
  });

  test("an application assigned: 'Schicht erhalten' once published, at once while publishing is off", async () => {
    const frieda = await waiter("Frieda");
    const gian = await waiter("Gian");
    const location = await fx.location({ name: "Perron" });
    const openShift = async (offset: number, start: string) => {
      const shift = await plan({
        employee_id: null,
        location_id: location.id,
        shift_date: day(offset),
        start_time: start,
        end_time: "23:00",
      });
      await publishRange({ location_ids: [location.id] });
      for (const person of [frieda, gian]) {
        const res = await call(apply, { token: person.token, params: { id: String(shift.id) } });
        expect(res.status, res.text).toBe(201);
      }
      return shift;
    };
    const assign = async (shiftId: number, offset: number, start: string, employeeId: number) => {
      const res = await call(putShift, {
        method: "PUT",
        token: boss.token,
        params: { id: String(shiftId) },
        body: {
          employee_id: employeeId,
          location_id: location.id,
          shift_date: day(offset),
          start_time: start,
          end_time: "23:00",
          break_minutes: 30,
        },
      });
      expect(res.status, res.text).toBe(200);
    };
    const titles = async (token: string) => (await messages(token)).notifications.map((item) => item.title);
    const dayTitle = (offset: number) => {
      const date = day(offset);
      return `${WEEKDAYS_SHORT[isoWeekday(date) - 1]} ${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
    };

    // Publishing on: nothing while only the draft says so; with the publication, the award alone (not also "Neu").
    const first = await openShift(1, "17:00");
    await assign(first.id, 1, "17:00", frieda.employee.id);
    expect(await titles(frieda.token)).toEqual([]);
    // Another change of hers in the same publication comes as the usual message.
    const other = await plan({
      employee_id: frieda.employee.id,
      location_id: location.id,
      shift_date: day(5),
      start_time: "08:00",
      end_time: "12:00",
    });
    const answer = await publishRange({ location_ids: [location.id] });
    expect(answer.notified).toBe(1);
    expect(
      answer.employees.find((entry) => entry.employee_id === frieda.employee.id)!.changes.map((c) => c.shift_id),
    ).toEqual([first.id, other.id]);
    const inbox = await messages(frieda.token);
    const award = inbox.notifications.find((item) => item.kind === "application_assigned")!;
    expect(award).toMatchObject({
      title: `Schicht erhalten: ${dayTitle(1)}`,
      lines: ["17:00–23:00, Perron", "Du hattest dich für diese Schicht gemeldet."],
      link: "/me",
    });
    const changed = inbox.notifications.find((item) => item.kind === "shifts_changed")!;
    expect(changed.lines).toEqual([expect.stringMatching(/^Neu: .*, 08:00–12:00, Perron$/)]);
    expect(inbox.notifications).toHaveLength(2);
    // Gian, who applied too and did not get it, hears nothing; publishing again tells nobody again.
    expect(await titles(gian.token)).toEqual([]);
    await publishRange({ location_ids: [location.id] });
    expect(await titles(frieda.token)).toHaveLength(2);

    // Given to him, then on to someone else before it is published: nobody is told of an award.
    const second = await openShift(2, "18:00");
    await assign(second.id, 2, "18:00", gian.employee.id);
    await assign(second.id, 2, "18:00", frieda.employee.id);
    await publishRange({ location_ids: [location.id] });
    expect(await titles(gian.token)).toEqual([]);
    expect((await messages(frieda.token)).notifications[0].kind).toBe("shifts_changed");

    // Switched off with an award pending: told then, since the draft is seen from then on; while off, at once.
    const third = await openShift(3, "19:00");
    await assign(third.id, 3, "19:00", gian.employee.id);
    expect(await titles(gian.token)).toEqual([]);
    try {
      await call(putSettings, { method: "PUT", token: admin.token, body: { publishing: false } });
      expect(await titles(gian.token)).toEqual([`Schicht erhalten: ${dayTitle(3)}`]);
      const fourth = await plan({
        employee_id: null,
        location_id: location.id,
        shift_date: day(4),
        start_time: "20:00",
        end_time: "23:00",
      });
      expect((await call(apply, { token: gian.token, params: { id: String(fourth.id) } })).status).toBe(201);
      await assign(fourth.id, 4, "20:00", gian.employee.id);
      expect(await titles(gian.token)).toEqual([
        `Schicht erhalten: ${dayTitle(4)}`,
        `Schicht erhalten: ${dayTitle(3)}`,
      ]);
    } finally {
      await call(putSettings, { method: "PUT", token: admin.token, body: { publishing: true } });
    }
  });

  test("switched off: 409, and staff see every change at once; switched on again: the draft as it is", async () => {
    const emil = await waiter("Emil");
    const location = await fx.location({ name: "Hafen" });
    const off = await call(putSettings, { method: "PUT", token: admin.token, body: { publishing: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ publishing: false });
    try {
      const refused = await call(publish, { token: boss.token, body: { start_date: monday, end_date: sunday } });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toBe(
        "Veröffentlichen ist ausgeschaltet: Änderungen am Plan sind sofort für alle sichtbar",
      );
      const shift = await plan({
        employee_id: emil.employee.id,
        location_id: location.id,
        shift_date: day(3),
        start_time: "06:00",
        end_time: "10:00",
      });
      expect(await seenOnMe(emil.token)).toEqual([shift.id]);

      const on = await call(putSettings, { method: "PUT", token: admin.token, body: { publishing: true } });
      expect(on.json).toMatchObject({ publishing: true });
      // Nothing disappears and nobody is told: the draft was what staff saw.
      expect(await seenOnMe(emil.token)).toEqual([shift.id]);
      expect((await messages(emil.token)).unread_count).toBe(0);
    } finally {
      await call(putSettings, { method: "PUT", token: admin.token, body: { publishing: true } });
    }
  });

  test("bad input: 400 with a German message (unknown location, over 31 days); staff 403; no change", async () => {
    const cases: [unknown, string][] = [
      [{}, "Bitte gib start_date als JJJJ-MM-TT an"],
      [{ start_date: monday, end_date: addDays(monday, -1) }, "end_date darf nicht vor start_date liegen"],
      [
        { start_date: monday, end_date: addDays(monday, 31) },
        "Es können höchstens 31 Tage auf einmal veröffentlicht werden",
      ],
      [
        { start_date: monday, end_date: sunday, location_ids: [] },
        "Bitte nenne die Standorte als Liste von IDs (höchstens 100)",
      ],
      [{ start_date: monday, end_date: sunday, location_ids: [2_000_000_000] }, "Unbekannter Standort"],
    ];
    const published = await db.publishedShift.count();
    for (const [body, message] of cases) {
      const res = await call(publish, { token: boss.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json)).toContain(message);
    }
    const staff = await waiter("Fritz");
    expect((await call(publish, { token: staff.token, body: { start_date: monday, end_date: sunday } })).status).toBe(
      403,
    );
    expect(await db.publishedShift.count()).toBe(published);
  });
});
