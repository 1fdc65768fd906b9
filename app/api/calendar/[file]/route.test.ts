import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { AuditContext } from "@/lib/server/audit/record-audit";
import { ownDatabase } from "@/tests/support/own-database";

// One test changes the company name, which every test file reads, and the throttle counts per IP across
// the whole table: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_calendar_feed");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { toDateColumn, toTimeColumn } = await import("@/lib/server/db/columns");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { issueCalendarToken, revokeCalendarToken } = await import("@/lib/server/calendar/write-calendar-feeds");
const { MAX_FEED_MISSES_PER_IP } = await import("@/lib/server/calendar/calendar-feed-throttle");
const { GET } = await import("./route");

const ZONE = "Europe/Zurich";

// Monday 27.04.2026 in Zurich: the window runs from 28.03.2026 (30 days back) to 24.10.2026 (180 days ahead),
// so it holds both DST changes of 2026 (the nights to 29.03. and to 25.10.) right at its edges.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-04-27T10:00:00Z"));
});
afterAll(() => vi.useRealTimers());

let ipCounter = 0;
/** Every request from an address of its own, so no test's misses count against another's. */
const fetchFeed = (token: string, headers: Record<string, string> = {}) =>
  call(GET, {
    path: `/api/calendar/${token}.ics`,
    params: { file: `${token}.ics` },
    headers: { "x-forwarded-for": `198.51.100.${++ipCounter % 250}`, ...headers },
  });

async function adminAudit() {
  const { user, sessionId } = await createUser("admin");
  return { actor: { ...user, employee: null, sessionId }, ip: "127.0.0.1" };
}

/** The employee's own account (made on first use): only the linked user issues their link (§30.3). */
const owners = new Map<number, AuditContext>();
async function issue(employeeId: number) {
  let audit = owners.get(employeeId);
  if (!audit) {
    const { firstName, lastName } = await db.employee.findUniqueOrThrow({ where: { id: employeeId } });
    const { user, sessionId } = await createUser("user", { employeeId });
    audit = { actor: { ...user, employee: { id: employeeId, firstName, lastName }, sessionId }, ip: "127.0.0.1" };
    owners.set(employeeId, audit);
  }
  return issueCalendarToken({ employeeId, audit });
}

async function shift(data: {
  employeeId: number | null;
  locationId: number;
  date: string;
  start: string;
  end: string;
  breakMinutes?: number;
  customName?: string;
}) {
  const created = await db.shift.create({
    data: {
      employeeId: data.employeeId,
      locationId: data.locationId,
      shiftDate: toDateColumn(data.date),
      startTime: toTimeColumn(data.start),
      endTime: toTimeColumn(data.end),
      breakMinutes: data.breakMinutes ?? 0,
      isCustom: data.customName !== undefined,
      customName: data.customName ?? null,
    },
  });
  await fx.publishShifts(created.id); // the feed is the published plan (docs/PRODUCT-RULES.md §33.3)
  return created;
}

const instant = (event: ICAL.Event, property: string) =>
  (event.component.getFirstPropertyValue(property) as ICAL.Time).toJSDate();

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  return { calendar, events, byUid: new Map(events.map((event) => [event.uid, event])) };
}

describe("GET /api/calendar/[token].ics", () => {
  test("shifts across both DST nights, overnight ends, addresses, a vacation; nothing else", async () => {
    const anna = await fx.employee({ firstName: "Anna", lastName: "Kalender" });
    const other = await fx.employee({ firstName: "Ben", lastName: "Anders" });
    const bahnhof = await fx.location({ name: "Bahnhof" });
    await db.location.update({ where: { id: bahnhof.id }, data: { address: "Bahnhofplatz 1, 8001 Zürich" } });
    const lager = await fx.location({ name: "Lager" });

    const spring = await shift({
      employeeId: anna.id,
      locationId: bahnhof.id,
      date: "2026-03-28",
      start: "22:00",
      end: "06:00",
    });
    const autumn = await shift({
      employeeId: anna.id,
      locationId: bahnhof.id,
      date: "2026-10-24",
      start: "22:00",
      end: "06:00",
    });
    const inventur = await shift({
      employeeId: anna.id,
      locationId: lager.id,
      date: "2026-05-04",
      start: "08:00",
      end: "17:00",
      breakMinutes: 30,
      customName: "Inventur",
    });
    const tooEarly = await shift({
      employeeId: anna.id,
      locationId: bahnhof.id,
      date: "2026-03-27",
      start: "09:00",
      end: "12:00",
    });
    const tooLate = await shift({
      employeeId: anna.id,
      locationId: bahnhof.id,
      date: "2026-10-25",
      start: "09:00",
      end: "12:00",
    });
    const others = await shift({
      employeeId: other.id,
      locationId: bahnhof.id,
      date: "2026-05-04",
      start: "09:00",
      end: "17:00",
    });
    const open = await shift({
      employeeId: null,
      locationId: bahnhof.id,
      date: "2026-05-05",
      start: "09:00",
      end: "17:00",
    });
    const ferien = await fx.vacation({ employeeId: anna.id, start: "2026-06-08", end: "2026-06-12", days: 5 });
    await fx.vacation({ employeeId: other.id, start: "2026-06-08", end: "2026-06-12", days: 5 });

    const token = (await issue(anna.id)).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await fetchFeed(token);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=0");

    const { calendar, events, byUid } = parse(res.text);
    expect(events.map((event) => event.uid).sort()).toEqual(
      [
        `shift-${spring.id}@schichtwerk`,
        `shift-${autumn.id}@schichtwerk`,
        `shift-${inventur.id}@schichtwerk`,
        `vacation-${ferien.id}@schichtwerk`,
      ].sort(),
    );
    for (const absent of [tooEarly, tooLate, others, open]) expect(res.text).not.toContain(`shift-${absent.id}@`);

    // Spring: 22:00 CET (+01:00) to 06:00 CEST (+02:00) on the next day, 7 real hours.
    const springEvent = byUid.get(`shift-${spring.id}@schichtwerk`)!;
    expect(res.text).toContain(`DTSTART;TZID=${ZONE}:20260328T220000`);
    expect(res.text).toContain(`DTEND;TZID=${ZONE}:20260329T060000`);
    expect(springEvent.startDate.zone.tzid).toBe(ZONE);
    expect(springEvent.endDate.zone.tzid).toBe(ZONE);
    expect(springEvent.startDate.toJSDate().toISOString()).toBe("2026-03-28T21:00:00.000Z");
    expect(springEvent.endDate.toJSDate().toISOString()).toBe("2026-03-29T04:00:00.000Z");
    expect(springEvent.summary).toBe("Schicht Bahnhof");
    expect(springEvent.location).toBe("Bahnhofplatz 1, 8001 Zürich");

    // Autumn: 22:00 CEST to 06:00 CET, 9 real hours.
    const autumnEvent = byUid.get(`shift-${autumn.id}@schichtwerk`)!;
    expect(autumnEvent.startDate.toString()).toBe("2026-10-24T22:00:00");
    expect(autumnEvent.endDate.toString()).toBe("2026-10-25T06:00:00");
    expect(autumnEvent.startDate.toJSDate().toISOString()).toBe("2026-10-24T20:00:00.000Z");
    expect(autumnEvent.endDate.toJSDate().toISOString()).toBe("2026-10-25T05:00:00.000Z");

    // A custom shift keeps its own name; a location without an address is placed by its name.
    const inventurEvent = byUid.get(`shift-${inventur.id}@schichtwerk`)!;
    expect(inventurEvent.summary).toBe("Inventur (30 Min. Pause)");
    expect(inventurEvent.location).toBe("Lager");
    expect(inventurEvent.startDate.toJSDate().toISOString()).toBe("2026-05-04T06:00:00.000Z");
    const stored = await db.shift.findUniqueOrThrow({ where: { id: inventur.id } });
    expect(instant(inventurEvent, "dtstamp")).toEqual(stored.updatedAt);
    expect(instant(inventurEvent, "last-modified")).toEqual(stored.updatedAt);
    expect(inventurEvent.sequence).toBeGreaterThan(0);
    // Timestamps in UTC, as RFC 5545 wants them (not the zone's local time).
    const stamps = res.text.match(/^(DTSTAMP|LAST-MODIFIED|CREATED):.*$/gm)!;
    expect(stamps.length).toBeGreaterThanOrEqual(3 * events.length);
    for (const stamp of stamps) expect(stamp).toMatch(/:\d{8}T\d{6}Z\r?$/);

    // The vacation: all-day from its first day, DTEND the day after its last.
    const vacationEvent = byUid.get(`vacation-${ferien.id}@schichtwerk`)!;
    expect(vacationEvent.summary).toBe("Ferien");
    expect(vacationEvent.startDate.isDate).toBe(true);
    expect(res.text).toContain("DTSTART;VALUE=DATE:20260608");
    expect(res.text).toContain("DTEND;VALUE=DATE:20260613");

    // Calendar apps are asked to fetch again within the hour (RFC 7986, and Outlook's X-PUBLISHED-TTL).
    expect(res.text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(res.text).toContain("X-PUBLISHED-TTL:PT1H\r\n");
    expect(calendar.getFirstProperty("refresh-interval")?.type).toBe("duration");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
    expect(String(calendar.getFirstPropertyValue("x-published-ttl"))).toBe("PT1H");

    // The zone's VTIMEZONE with both rules, and the same UIDs on the next fetch.
    expect(res.text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Zurich\r\n/);
    const again = await fetchFeed(token);
    expect(parse(again.text).events.map((event) => event.uid)).toEqual(events.map((event) => event.uid));
    expect(again.text).toBe(res.text);
  });

  test("ETag: a matching If-None-Match gets 304 without a body, a changed shift a new ETag", async () => {
    const employee = await fx.employee();
    const location = await fx.location();
    const planned = await shift({
      employeeId: employee.id,
      locationId: location.id,
      date: "2026-05-06",
      start: "09:00",
      end: "17:00",
    });
    const token = (await issue(employee.id)).token;

    const first = await fetchFeed(token);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const cached = await fetchFeed(token, { "if-none-match": etag });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe("");
    expect(cached.headers.get("etag")).toBe(etag);
    expect((await fetchFeed(token, { "if-none-match": `"anders", W/${etag}` })).status).toBe(304);

    vi.setSystemTime(new Date("2026-04-27T10:05:00Z"));
    await db.shift.update({ where: { id: planned.id }, data: { startTime: toTimeColumn("10:00") } });
    await fx.publishShifts(planned.id);
    const changed = await fetchFeed(token, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.text).toContain(":20260506T100000");
    const sequence = (text: string) => parse(text).byUid.get(`shift-${planned.id}@schichtwerk`)!.sequence;
    expect(sequence(changed.text)).toBeGreaterThan(sequence(first.text));
  });

  test("served from the cache until the data changes: an address, a vacation, the next day", async () => {
    const employee = await fx.employee();
    const location = await fx.location();
    await shift({ employeeId: employee.id, locationId: location.id, date: "2026-05-07", start: "09:00", end: "12:00" });
    const token = (await issue(employee.id)).token;
    const first = await fetchFeed(token);
    expect((await fetchFeed(token)).text).toBe(first.text);

    // Each of these moves the schedule data version, so the next poll is built afresh.
    await db.location.update({ where: { id: location.id }, data: { address: "Marktgasse 9, 3011 Bern" } });
    const moved = await fetchFeed(token);
    expect(moved.text).toContain("LOCATION:Marktgasse 9\\, 3011 Bern");
    await fx.vacation({ employeeId: employee.id, start: "2026-05-11", end: "2026-05-12", days: 2 });
    expect(parse((await fetchFeed(token)).text).events.some((event) => event.summary === "Ferien")).toBe(true);

    // The window follows today: 30 days on, the shift of 07.05. is still inside, on day 31 it has left.
    vi.setSystemTime(new Date("2026-06-06T10:00:00Z"));
    expect((await fetchFeed(token)).text).toContain(":20260507T090000");
    vi.setSystemTime(new Date("2026-06-07T10:00:00Z"));
    expect((await fetchFeed(token)).text).not.toContain(":20260507T090000");
    vi.setSystemTime(new Date("2026-04-27T10:00:00Z"));
  });

  test("a new link replaces the old one at once; revoking, archiving and unknown links give 404", async () => {
    const audit = await adminAudit();
    const employee = await fx.employee();
    const old = (await issue(employee.id)).token;
    expect((await fetchFeed(old)).status).toBe(200);

    const fresh = (await issue(employee.id)).token;
    expect(fresh).not.toBe(old);
    const replaced = await fetchFeed(old);
    expect(replaced.status).toBe(404);
    expect(replaced.json).toEqual({ error: "Nicht gefunden", code: "not_found" });
    expect((await fetchFeed(fresh)).status).toBe(200);
    // Only the hash is stored, one row per employee, and the audit log names no token.
    const rows = await db.calendarFeed.findMany({ where: { employeeId: employee.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].tokenHash).not.toContain(fresh);
    const entries = await db.auditLog.findMany({ where: { entityType: "employee", entityId: employee.id } });
    expect(entries.map((entry) => entry.action)).toEqual(["calendar_feed.issue", "calendar_feed.issue"]);
    expect(JSON.stringify(entries)).not.toContain(fresh);

    expect(await revokeCalendarToken({ employeeId: employee.id, audit })).toBe(true);
    expect((await fetchFeed(fresh)).status).toBe(404);
    expect(await revokeCalendarToken({ employeeId: employee.id, audit })).toBe(false);

    const archived = await fx.employee();
    const archivedToken = (await issue(archived.id)).token;
    await db.employee.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    expect((await fetchFeed(archivedToken)).status).toBe(404);
    await expect(issue(archived.id)).rejects.toMatchObject({ status: 404 });

    const unknown = await fetchFeed("A".repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "Nicht gefunden", code: "not_found" });
    const notIcs = await call(GET, { params: { file: fresh } });
    expect(notIcs.status).toBe(404);
  });

  test("only the employee's own account makes their link, and only while linked (§30.3)", async () => {
    const employee = await fx.employee();
    const notTheirs = issueCalendarToken({ employeeId: employee.id, audit: await adminAudit() });
    await expect(notTheirs).rejects.toMatchObject({ status: 403 });
    expect(await db.calendarFeed.count({ where: { employeeId: employee.id } })).toBe(0);
    const token = (await issue(employee.id)).token;
    // Unlinked after the request was authenticated (the actor still names the employee): refused, nothing replaced.
    await db.user.updateMany({ where: { employeeId: employee.id }, data: { employeeId: null } });
    await expect(issue(employee.id)).rejects.toMatchObject({ status: 403, code: "forbidden" });
    const [row] = await db.calendarFeed.findMany({ where: { employeeId: employee.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
  });

  test("the calendar's name and each shift's title carry the company name from the settings", async () => {
    const employee = await fx.employee();
    const altstadt = await fx.location({ name: "Altstadt" });
    await shift({ employeeId: employee.id, locationId: altstadt.id, date: "2026-05-05", start: "06:30", end: "14:30" });
    await shift({
      employeeId: employee.id,
      locationId: altstadt.id,
      date: "2026-05-06",
      start: "07:00",
      end: "16:00",
      breakMinutes: 30,
      customName: "Inventur",
    });
    const token = (await issue(employee.id)).token;
    const titles = async () => {
      const res = await fetchFeed(token);
      return { text: res.text, summaries: parse(res.text).events.map((event) => event.summary) };
    };
    const plain = await titles();
    expect(plain.text).toContain("X-WR-CALNAME:Meine Schichten\r\n");
    expect(plain.summaries).toEqual(["Schicht Altstadt", "Inventur (30 Min. Pause)"]);
    await db.companySettings.update({ where: { id: 1 }, data: { companyName: "Café Sonne" } });
    try {
      const named = await titles();
      expect(named.text).toContain("X-WR-CALNAME:Meine Schichten · Café Sonne\r\n");
      expect(named.summaries).toEqual(["Schicht Altstadt (Café Sonne)", "Inventur (Café Sonne, 30 Min. Pause)"]);
    } finally {
      await db.companySettings.update({ where: { id: 1 }, data: { companyName: null } });
    }
  });

  test("100 unknown links per IP in 15 minutes, then 429; a valid link from there still works", async () => {
    const employee = await fx.employee();
    const token = (await issue(employee.id)).token;
    const ip = "203.0.113.7";
    const from = { "x-forwarded-for": ip };
    // Misses of 20 minutes ago have left the window and do not count.
    const now = Date.now();
    await db.calendarFeedMiss.createMany({
      data: Array.from({ length: 50 }, () => ({ ip, createdAt: new Date(now - 20 * 60_000) })),
    });
    await db.calendarFeedMiss.createMany({
      data: Array.from({ length: MAX_FEED_MISSES_PER_IP - 1 }, () => ({ ip, createdAt: new Date(now - 60_000) })),
    });
    const guess = () => call(GET, { params: { file: `${"B".repeat(43)}.ics` }, headers: from });

    expect((await guess()).status).toBe(404);
    const limited = await guess();
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: "rate_limited" });
    // The oldest counted miss (a minute ago) leaves the window in 14 minutes.
    expect(Number(limited.headers.get("retry-after"))).toBe(14 * 60);

    const valid = await call(GET, { params: { file: `${token}.ics` }, headers: from });
    expect(valid.status).toBe(200);
    // Another address is not affected.
    expect((await fetchFeed("C".repeat(43))).status).toBe(404);
  });
});
