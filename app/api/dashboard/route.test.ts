import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";

// The dashboard counts whole tables, so it gets a database of its own.
process.env.DATABASE_URL = inject("dashboardDatabaseUrl");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { GET } = await import("./route");

// Wednesday 25.11.2026 in Zurich; the week is Monday 23.11. – Sunday 29.11.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
});
afterAll(() => vi.useRealTimers());

describe("GET /api/dashboard", () => {
  test("the week's counts, employee status (overnight shifts count whole) and the next month's vacations", async () => {
    const { token } = await createUser("user");
    const [a, b] = [await fx.location({ name: "Bahnhof" }), await fx.location({ name: "Altstadt" })];
    const closed = await fx.location({ name: "Geschlossen" });
    await db.location.update({ where: { id: closed.id }, data: { archivedAt: new Date() } });
    // "Erste Schritte" counts active locations with a preset: Bahnhof's counts, the archived one's does not.
    for (const locationId of [a.id, closed.id])
      await db.shiftPreset.create({
        data: {
          locationId,
          name: "Früh",
          startTime: new Date("1970-01-01T06:00:00Z"),
          endTime: new Date("1970-01-01T14:00:00Z"),
        },
      });
    const anna = await fx.employee({ firstName: "Anna", lastName: "Ağaoğlu", weeklyHours: 40 });
    const ben = await fx.employee({ firstName: "Ben", lastName: "Brunner", weeklyHours: 10 });
    const cem = await fx.employee({ firstName: "Cem", lastName: "Şahin", isHourly: true });
    const dora = await fx.employee({ firstName: "Dora", lastName: "Dörig", weeklyHours: 20 });

    await fx.shift({ employeeId: anna.id, locationId: a.id, date: "2026-11-23", start: "08:00", end: "17:00" }); // 9 h
    // 8 h over midnight
    await fx.shift({ employeeId: anna.id, locationId: a.id, date: "2026-11-24", start: "22:00", end: "06:00" });
    await fx.shift({ employeeId: ben.id, locationId: b.id, date: "2026-11-23", start: "09:00", end: "17:00" }); // 8 h
    // 5 h → 3 h over
    await fx.shift({ employeeId: ben.id, locationId: b.id, date: "2026-11-25", start: "09:00", end: "14:00" });
    // 4 h, hourly
    await fx.shift({ employeeId: cem.id, locationId: b.id, date: "2026-11-28", start: "10:00", end: "14:00" });
    // worked, then left
    await fx.shift({ employeeId: dora.id, locationId: a.id, date: "2026-11-23", start: "09:00", end: "17:00" });
    await fx.shift({ locationId: a.id, date: "2026-11-27", start: "09:00", end: "12:00" }); // unassigned
    await fx.shift({ employeeId: anna.id, locationId: a.id, date: "2026-11-30" }); // next week
    await db.employee.update({ where: { id: dora.id }, data: { archivedAt: new Date() } });

    await fx.vacation({ employeeId: ben.id, start: "2026-11-10", end: "2026-11-20", days: 9 }); // over
    await fx.vacation({ employeeId: anna.id, start: "2026-11-20", end: "2026-11-26", days: 5 }); // running
    await fx.vacation({ employeeId: ben.id, start: "2026-12-01", end: "2026-12-03", days: 3 });
    await fx.vacation({ employeeId: cem.id, start: "2026-12-08", end: "2026-12-09", days: 2 });
    await fx.vacation({ employeeId: anna.id, start: "2026-12-14", end: "2026-12-15", days: 2 });
    await fx.vacation({ employeeId: ben.id, start: "2026-12-21", end: "2026-12-22", days: 2 });
    // starts within the month: counted, 6th
    await fx.vacation({ employeeId: cem.id, start: "2026-12-24", end: "2026-12-31", days: 6 });
    // starts after 25.12.: outside
    await fx.vacation({ employeeId: anna.id, start: "2026-12-28", end: "2027-01-04", days: 5 });

    const res = await call(GET, { token, path: "/api/dashboard" });
    expect(res.status).toBe(200);
    const body = res.json as unknown as import("@/lib/shared/api-types").DashboardDto;
    expect(body).toMatchObject({
      today: "2026-11-25",
      week_start: "2026-11-23",
      week_end: "2026-11-29",
      employees: { total: 3, hourly: 1 },
      locations: { total: 2, with_presets: 1 },
      shifts: { total: 7, assigned_hours: 42, unassigned: 1, planned_ahead: true },
      // Anna works on two days of her running vacation (written before the rules refused it): 2 errors;
      // no break in Anna's 9 h and 8 h shifts and Ben's 8 h one, Ben 3 h over his 10 h: 4 warnings.
      findings: { errors: 2, warnings: 4 },
    });
    expect(body.employee_weeks).toEqual([
      {
        employee_id: anna.id,
        first_name: "Anna",
        last_name: "Ağaoğlu",
        is_hourly: false,
        weekly_hours: 40,
        // On vacation Monday to Thursday (23.–26.11.): the week's target is Friday's 8 h (docs/PRODUCT-RULES.md §31.1).
        target_hours: 8,
        scheduled_hours: 17,
        remaining_hours: -9,
        status: "overbooked",
      },
      {
        employee_id: ben.id,
        first_name: "Ben",
        last_name: "Brunner",
        is_hourly: false,
        weekly_hours: 10,
        target_hours: 10,
        scheduled_hours: 13,
        remaining_hours: -3,
        status: "overbooked",
      },
      {
        employee_id: cem.id,
        first_name: "Cem",
        last_name: "Şahin",
        is_hourly: true,
        weekly_hours: 40,
        target_hours: null,
        scheduled_hours: 4,
        remaining_hours: null,
        status: "free",
      },
    ]);
    expect(body.vacations.total).toBe(6);
    expect(body.vacations.upcoming.map((v) => `${v.first_name} ${v.start_date}`)).toEqual([
      "Anna 2026-11-20",
      "Ben 2026-12-01",
      "Cem 2026-12-08",
      "Anna 2026-12-14",
      "Ben 2026-12-21",
    ]);

    // Another week by date: only its shifts; the vacation window stays at today.
    const next = (await call(GET, { token, path: "/api/dashboard?date=2026-12-02" }))
      .json as unknown as import("@/lib/shared/api-types").DashboardDto;
    expect(next).toMatchObject({ week_start: "2026-11-30", shifts: { total: 1, assigned_hours: 8, unassigned: 0 } });
    expect(next.employee_weeks.find((week) => week.employee_id === anna.id)).toMatchObject({
      scheduled_hours: 8,
      remaining_hours: 32,
      status: "free",
    });
    expect(next.vacations.total).toBe(6);
  });

  test("an employee exactly at the weekly hours is full; bad dates are 400; no token is 401", async () => {
    const { token } = await createUser("manager");
    const l = await fx.location();
    const eva = await fx.employee({ firstName: "Eva", weeklyHours: 8 });
    await fx.shift({ employeeId: eva.id, locationId: l.id, date: "2027-03-02", start: "09:00", end: "17:00" });
    const week = (await call(GET, { token, path: "/api/dashboard?date=2027-03-04" }))
      .json as unknown as import("@/lib/shared/api-types").DashboardDto;
    expect(week.employee_weeks.find((entry) => entry.employee_id === eva.id)).toMatchObject({
      scheduled_hours: 8,
      remaining_hours: 0,
      status: "full",
    });

    const bad = await call(GET, { token, path: "/api/dashboard?date=2027-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "validation_failed", fields: { date: expect.any(String) } });
    expect((await call(GET, { path: "/api/dashboard" })).status).toBe(401);
  });

  test("the company's holiday region and the public holidays of the next four weeks", async () => {
    const { token } = await createUser("user");
    const dashboard = async () =>
      (await call(GET, { token, path: "/api/dashboard" }))
        .json as unknown as import("@/lib/shared/api-types").DashboardDto;
    expect(await dashboard()).toMatchObject({ holiday_region: null, holidays: [] });

    // 25.11. to 22.12.2026: nothing in Zurich (Christmas is later); Ticino has Mariä Empfängnis on 08.12.
    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    const lugano = await db.location.create({ data: { name: "Lugano", holidayRegion: "CH-TI" } });
    expect(await dashboard()).toMatchObject({
      holiday_region: "CH-ZH",
      holidays: [{ date: "2026-12-08", name: "Mariä Empfängnis", location_ids: [lugano.id] }],
    });
  });
  test("week=next shows the next week; planners count open-shift applications waiting, with their week", async () => {
    type Dto = import("@/lib/shared/api-types").DashboardDto;
    const manager = await createUser("manager");
    const staff = await createUser("user");
    const l = await fx.location();
    const closed = await fx.location();
    const eva = await fx.employee({ firstName: "Eva" });
    const gone = await fx.employee({ firstName: "Gone" });
    const past = await fx.shift({ locationId: l.id, date: "2026-11-24" });
    const nextWeek = await fx.shift({ locationId: l.id, date: "2026-12-02" });
    const later = await fx.shift({ locationId: l.id, date: "2026-12-10" });
    const atClosed = await fx.shift({ locationId: closed.id, date: "2026-12-01" });
    await db.location.update({ where: { id: closed.id }, data: { archivedAt: new Date() } });
    const apply = (shiftId: number, employeeId: number) =>
      db.shiftApplication.create({ data: { shiftId, employeeId } });
    // Counted: nextWeek by Eva, later by Eva. Not: yesterday's shift, an archived location, an archived employee.
    await apply(nextWeek.id, eva.id);
    await apply(later.id, eva.id);
    await apply(past.id, eva.id);
    await apply(atClosed.id, eva.id);
    await apply(later.id, gone.id);
    await db.employee.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });

    const get = async (token: string, query = "") =>
      (await call(GET, { token, path: `/api/dashboard${query}` })).json as unknown as Dto;
    const thisWeek = await get(manager.token);
    expect(thisWeek).toMatchObject({ week_start: "2026-11-23", week_end: "2026-11-29" });
    expect(thisWeek.open_shift_applications).toEqual({ count: 2, week_start: "2026-11-30" });
    expect(thisWeek.next_week_suggested).toBe(false);
    expect(await get(manager.token, "?week=next")).toMatchObject({ week_start: "2026-11-30", week_end: "2026-12-06" });
    expect(await get(manager.token, "?week=this")).toMatchObject({ week_start: "2026-11-23" });
    expect(await get(manager.token, "?week=next&date=2026-12-31")).toMatchObject({ week_start: "2027-01-04" });
    // Staff decide nothing: no count (docs/PRODUCT-RULES.md §26.5).
    expect((await get(staff.token)).open_shift_applications).toEqual({ count: 0, week_start: null });

    const bad = await call(GET, { token: manager.token, path: "/api/dashboard?week=later" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ fields: { week: "Bitte gib week als this oder next an" } });
    const outside = await call(GET, { token: manager.token, path: "/api/dashboard?week=next&date=2100-01-01" });
    expect(outside.status).toBe(400);
  });

  test("planners count the accepted swaps waiting for approval (of shifts not begun); staff get 0", async () => {
    const manager = await createUser("manager");
    const admin = await createUser("admin");
    const staff = await createUser("user");
    const l = await fx.location();
    const lea = await fx.employee({ firstName: "Lea" });
    const ben = await fx.employee({ firstName: "Ben" });
    const before = (await call(GET, { token: manager.token, path: "/api/dashboard" })).json.pending_swaps as number;
    const offer = async (status: "open" | "accepted" | "approved" | "rejected", startsAt: string) => {
      const shift = await fx.shift({ employeeId: lea.id, locationId: l.id, date: startsAt.slice(0, 10) });
      const text = { shift_date: startsAt.slice(0, 10), start_time: "09:00", end_time: "17:00", break_minutes: 0 };
      await db.shiftSwap.create({
        data: {
          kind: "give_away",
          status,
          shiftId: shift.id,
          offeredBy: lea.id,
          acceptedBy: status === "open" ? null : ben.id,
          acceptedAt: status === "open" ? null : new Date(),
          shiftText: { ...text, location_id: l.id, location_name: l.name, custom_name: null },
          startsAt: new Date(startsAt),
        },
      });
    };
    // Counted: accepted, from tomorrow and from an hour on (now is Wednesday 11:00 in Zurich). Not: nobody accepted
    // yet, begun an hour ago (an offer ends as its shift begins, §35.5), decided already.
    await offer("accepted", "2026-11-26T08:00:00Z");
    await offer("accepted", "2026-11-25T11:00:00Z");
    await offer("open", "2026-11-27T08:00:00Z");
    await offer("accepted", "2026-11-25T09:00:00Z");
    await offer("approved", "2026-11-28T08:00:00Z");
    await offer("rejected", "2026-11-28T08:00:00Z");

    const count = async (token: string) =>
      (await call(GET, { token, path: "/api/dashboard" })).json.pending_swaps as number;
    expect(await count(manager.token)).toBe(before + 2);
    expect(await count(admin.token)).toBe(before + 2);
    // Staff decide nothing (docs/PRODUCT-RULES.md §35.7).
    expect(await count(staff.token)).toBe(0);
  });

  test("on Sunday from 16:00 in Zurich the dashboard suggests next week", async () => {
    const suggested = async (at: string) => {
      vi.setSystemTime(new Date(at));
      // A token of that moment: one issued on Wednesday would have expired by Sunday.
      const { token } = await createUser("manager");
      const body = (await call(GET, { token, path: "/api/dashboard" })).json as unknown as {
        next_week_suggested: boolean;
      };
      return body.next_week_suggested;
    };
    try {
      expect(await suggested("2026-11-29T14:59:00Z")).toBe(false); // Sunday 15:59 in Zurich
      expect(await suggested("2026-11-29T15:00:00Z")).toBe(true); // Sunday 16:00
      expect(await suggested("2026-11-29T22:59:00Z")).toBe(true); // Sunday 23:59
      expect(await suggested("2026-11-29T23:00:00Z")).toBe(false); // Monday 00:00
    } finally {
      vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
    }
  });

  test("\"Heute im Dienst\": today's assigned shifts with each one's stamp state, for planners only", async () => {
    const { dashboardDtoSchema } = await import("@/lib/shared/schemas/dashboard");
    const manager = await createUser("manager");
    const staff = await createUser("user");
    const l = await fx.location({ name: "Dienst-Filiale" });
    const [inside, out, none, night, gone, split, owl, early, still] = await Promise.all(
      ["Ina", "Otto", "Nora", "Nick", "Gabi", "Sina", "Eule", "Emil", "Rita"].map((firstName) =>
        fx.employee({ firstName, lastName: "Dienst" }),
      ),
    );
    const today = "2026-11-25";
    await fx.shift({ employeeId: inside.id, locationId: l.id, date: today, start: "07:00", end: "15:00" });
    await fx.shift({ employeeId: out.id, locationId: l.id, date: today, start: "06:00", end: "10:00" });
    await fx.shift({ employeeId: none.id, locationId: l.id, date: today, start: "14:00", end: "20:00" });
    await fx.shift({ employeeId: night.id, locationId: l.id, date: today, start: "22:00", end: "06:00" });
    await fx.shift({ employeeId: gone.id, locationId: l.id, date: today, start: "08:00", end: "12:00" });
    await fx.shift({ employeeId: inside.id, locationId: l.id, date: "2026-11-26", start: "07:00", end: "15:00" });
    // Sina works 06–09 and 18–22: her morning's entry is not the evening shift's.
    await fx.shift({ employeeId: split.id, locationId: l.id, date: today, start: "06:00", end: "09:00" });
    await fx.shift({ employeeId: split.id, locationId: l.id, date: today, start: "18:00", end: "22:00" });
    // Rita too, still stamped in since the morning: that is the morning's shift, not the evening's.
    await fx.shift({ employeeId: still.id, locationId: l.id, date: today, start: "06:00", end: "09:00" });
    await fx.shift({ employeeId: still.id, locationId: l.id, date: today, start: "18:00", end: "22:00" });
    // Yesterday's night shifts: Eule's runs until 12:00 today (not over at 11:00), Emil's ended at 06:00.
    await fx.shift({ employeeId: owl.id, locationId: l.id, date: "2026-11-24", start: "23:00", end: "12:00" });
    await fx.shift({ employeeId: early.id, locationId: l.id, date: "2026-11-24", start: "22:00", end: "06:00" });
    await db.employee.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });
    const entry = (employeeId: number, date: string, start: string, end: string | null, status = "recorded") =>
      db.timeEntry.create({
        data: {
          employeeId,
          locationId: l.id,
          date: new Date(`${date}T00:00:00Z`),
          startAt: new Date(start),
          endAt: end ? new Date(end) : null,
          source: "app",
          status: (end ? status : "running") as "recorded",
        },
      });
    await entry(inside.id, today, "2026-11-25T05:58:00Z", null); // 06:58 in Zurich, running
    await entry(out.id, today, "2026-11-25T05:00:00Z", "2026-11-25T09:00:00Z");
    await entry(none.id, today, "2026-11-25T06:00:00Z", "2026-11-25T07:00:00Z", "void"); // stamped by mistake
    await entry(night.id, "2026-11-24", "2026-11-24T21:00:00Z", null); // yesterday's night, still running
    await entry(split.id, today, "2026-11-25T05:00:00Z", "2026-11-25T08:00:00Z");
    await entry(owl.id, "2026-11-24", "2026-11-24T22:00:00Z", null);
    await entry(still.id, today, "2026-11-25T05:00:00Z", null);

    const body = (await call(GET, { token: manager.token, path: "/api/dashboard" })).json;
    const parsed = dashboardDtoSchema.parse(body);
    const ours = parsed.on_duty_today.filter((row) => row.last_name === "Dienst");
    const rows = ours.map((row) => [row.first_name, row.shift_date, row.start_time, row.stamp, row.stamp_at]);
    expect(rows).toEqual([
      ["Eule", "2026-11-24", "23:00", "in", "2026-11-24T22:00:00.000Z"],
      ["Otto", today, "06:00", "out", "2026-11-25T09:00:00.000Z"],
      ["Rita", today, "06:00", "in", "2026-11-25T05:00:00.000Z"],
      ["Sina", today, "06:00", "out", "2026-11-25T08:00:00.000Z"],
      ["Ina", today, "07:00", "in", "2026-11-25T05:58:00.000Z"],
      ["Nora", today, "14:00", "none", null],
      ["Rita", today, "18:00", "none", null],
      ["Sina", today, "18:00", "none", null],
      ["Nick", today, "22:00", "in", "2026-11-24T21:00:00.000Z"],
    ]);
    expect(ours[1]).toMatchObject({ employee_id: out.id, location_name: "Dienst-Filiale" });
    // Staff see nobody's stamps (docs/PRODUCT-RULES.md §32.8).
    const own = dashboardDtoSchema.parse((await call(GET, { token: staff.token, path: "/api/dashboard" })).json);
    expect(own.on_duty_today).toEqual([]);
  });
});
