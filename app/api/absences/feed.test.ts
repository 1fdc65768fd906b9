// The calendar feed shows an absence as "abwesend", never its type (docs/PRODUCT-RULES.md §32.2): a feed is often
// shared with family or a second job's calendar.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { issueCalendarToken } from "@/lib/server/calendar/write-calendar-feeds";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { call, createUser, uniqueIp } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as feed } from "../calendar/[file]/route";

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2034-11-06T10:00:00Z"));
});
afterAll(() => vi.useRealTimers());

test("the feed has all-day events 'abwesend' (with the hours of an hours absence), no type, no note", async () => {
  const e = await fx.employee();
  const { user, sessionId } = await createUser("user", { employeeId: e.id });
  const audit = {
    actor: { ...user, employee: { id: e.id, firstName: e.firstName, lastName: e.lastName }, sessionId },
    ip: "127.0.0.1",
  };
  const absence = (type: "krank" | "weiterbildung", start: string, end: string, hours: number | null) =>
    db.absence.create({
      data: {
        employeeId: e.id,
        type,
        startDate: toDateColumn(start),
        endDate: toDateColumn(end),
        hours,
        note: "Grippe, Arztbesuch",
      },
    });
  const sick = await absence("krank", "2034-11-07", "2034-11-09", null);
  const training = await absence("weiterbildung", "2034-11-13", "2034-11-13", 2.5);
  const { token } = await issueCalendarToken({ employeeId: e.id, audit });
  const res = await call(feed, {
    path: `/api/calendar/${token}.ics`,
    params: { file: `${token}.ics` },
    headers: { "x-forwarded-for": uniqueIp() },
  });
  expect(res.status).toBe(200);
  const ics = res.text.replace(/\r\n /g, "");
  const events = ics.split("BEGIN:VEVENT").slice(1);
  const sickEvent = events.find((event) => event.includes(`UID:absence-${sick.id}@schichtwerk`))!;
  expect(sickEvent).toContain("SUMMARY:abwesend\r\n");
  expect(sickEvent).toContain("DTSTART;VALUE=DATE:20341107");
  expect(sickEvent).toContain("DTEND;VALUE=DATE:20341110");
  const trainingEvent = events.find((event) => event.includes(`UID:absence-${training.id}@schichtwerk`))!;
  expect(trainingEvent).toContain("SUMMARY:abwesend (2.5 h)");
  expect(ics).not.toMatch(/krank|weiterbildung|Grippe/i);
});
