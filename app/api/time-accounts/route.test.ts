import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { bookingDtoSchema, openingDtoSchema, timeAccountsSchema } from "@/lib/shared/schemas/time-account";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import * as approval from "@/app/api/timesheets/approve/route";
import * as reopening from "@/app/api/timesheets/reopen/route";
import * as entriesRoute from "@/app/api/time-entries/route";
import * as mine from "@/app/api/me/time-account/route";
import * as bookings from "./bookings/route";
import * as opening from "./opening/route";
import { GET as accounts } from "./route";

/**
 * The time account (docs/PRODUCT-RULES.md §34.3). No holiday region in these tests: the target is weekly hours / 5
 * per Monday–Friday day. March 2026 has 22 of them (the 1st is a Sunday), April 22, the first half of March to the
 * 13th 10.
 */

async function setting(weeklyHours = 5, isHourly = false) {
  const employee = await fx.employee({ firstName: "Lea", lastName: `Konto${Math.random()}`, weeklyHours, isHourly });
  const location = await fx.location();
  const { token: manager } = await createUser("manager");
  const { token: staff } = await createUser("user", { employeeId: employee.id });
  return { employee, location, manager, staff };
}

/** An entry of `minutes` worked from 08:00 UTC, with a break of `pause` minutes in it. */
function entry(employeeId: number, locationId: number, day: string, minutes: number, pause = 0) {
  const start = new Date(`${day}T08:00:00Z`);
  const end = new Date(start.getTime() + (minutes + pause) * 60_000);
  return db.timeEntry.create({
    data: {
      employeeId,
      locationId,
      date: toDateColumn(day),
      startAt: start,
      endAt: end,
      source: "manager",
      status: "recorded",
      ...(pause > 0 && {
        breaks: {
          create: [
            {
              startAt: new Date(start.getTime() + 60 * 60_000),
              endAt: new Date(start.getTime() + (60 + pause) * 60_000),
            },
          ],
        },
      }),
    },
  });
}

const get = (token: string, query: string) => call(accounts, { token, path: `/api/time-accounts?${query}` });
const book = (token: string, body: Record<string, unknown>) => call(bookings.POST, { token, body });
const open = (token: string, body: Record<string, unknown>) => call(opening.PUT, { token, method: "PUT", body });

describe("GET /api/time-accounts", () => {
  test("a month: target, credits, worked, balance, bookings, carried from the opening", async () => {
    const { employee, location, manager } = await setting(5); // 60 minutes a day
    expect(
      (await open(manager, { employee_id: employee.id, month: "2026-03", minutes: 120, reason: "Übertrag alt" }))
        .status,
    ).toBe(200);
    // 10 days of 2 h, one of them with a 30-minute break that does not count.
    for (const day of ["02", "03", "04", "05", "06", "09", "10", "11", "12", "13"])
      await entry(employee.id, location.id, `2026-03-${day}`, 120, day === "02" ? 30 : 0);
    await fx.vacation({ employeeId: employee.id, start: "2026-03-16", end: "2026-03-17", days: 2 });
    await db.absence.create({
      data: {
        employeeId: employee.id,
        type: "krank",
        startDate: toDateColumn("2026-03-18"),
        endDate: toDateColumn("2026-03-18"),
      },
    });
    // Unpaid leave credits nothing.
    await db.absence.create({
      data: {
        employeeId: employee.id,
        type: "unbezahlt",
        startDate: toDateColumn("2026-03-19"),
        endDate: toDateColumn("2026-03-19"),
      },
    });
    const payout = await book(manager, {
      employee_id: employee.id,
      month: "2026-03",
      kind: "payout",
      minutes: 90,
      reason: "Mit dem Lohn ausbezahlt",
    });
    expect(payout.status, payout.text).toBe(201);
    expect(bookingDtoSchema.parse(payout.json)).toMatchObject({ kind: "payout", minutes: 90, month: "2026-03" });
    await book(manager, {
      employee_id: employee.id,
      month: "2026-03",
      kind: "correction",
      minutes: 15,
      reason: "Einarbeitung",
    });

    const res = await get(manager, `year=2026&month=3&employee_id=${employee.id}`);
    expect(res.status, res.text).toBe(200);
    const answer = timeAccountsSchema.parse(res.json);
    expect(answer).toMatchObject({ from_month: "2026-03", to_month: "2026-03" });
    const [account] = answer.accounts;
    expect(account).toMatchObject({ employee_id: employee.id, starts_on: "2026-03-01", is_hourly: false });
    expect(account.opening).toMatchObject({ month: "2026-03", minutes: 120, reason: "Übertrag alt" });
    expect(account.months).toHaveLength(1);
    expect(account.months[0]).toMatchObject({
      month: "2026-03",
      target_minutes: 22 * 60,
      credit_minutes: 3 * 60, // two vacation days, one sick day
      worked_minutes: 10 * 120,
      balance_minutes: 1200 + 180 - 1320,
      booking_minutes: -90 + 15,
      brought_minutes: 120,
      carried_minutes: 120 + 60 - 75,
      approved: false,
      provisional: true,
    });
    expect(account.months[0].bookings.map((b) => [b.kind, b.minutes, b.reason])).toEqual([
      ["payout", 90, "Mit dem Lohn ausbezahlt"],
      ["correction", 15, "Einarbeitung"],
    ]);
  });

  test("the balance is carried month to month; an approved month is no longer provisional", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-03-02", 60 * 23); // a long month in one entry: 23 h
    await entry(employee.id, location.id, "2026-04-01", 60 * 20);
    expect(
      (await call(approval.POST, { token: manager, body: { employee_id: employee.id, month: "2026-03" } })).status,
    ).toBe(200);
    const res = await get(manager, `year=2026&employee_id=${employee.id}`);
    const [account] = timeAccountsSchema.parse(res.json).accounts;
    // No opening: the account begins on the first recorded day, 2 March (a Monday): 22 days to work in March.
    expect(account.starts_on).toBe("2026-03-02");
    expect(
      account.months.slice(0, 2).map((m) => [m.month, m.balance_minutes, m.carried_minutes, m.provisional]),
    ).toEqual([
      ["2026-03", 23 * 60 - 22 * 60, 60, false],
      ["2026-04", 20 * 60 - 22 * 60, 60 - 120, true],
    ]);
    // The year is answered up to the current month (this test runs after April 2026).
    expect(account.months[0].month).toBe("2026-03");
  });

  test("an approved month keeps its worked minutes; reopening sums the entries again", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-03-02", 600, 30);
    await entry(employee.id, location.id, "2026-03-03", 61);
    expect(
      (await call(approval.POST, { token: manager, body: { employee_id: employee.id, month: "2026-03" } })).status,
    ).toBe(200);
    const row = () =>
      db.timesheetMonth.findUniqueOrThrow({
        where: { employeeId_month: { employeeId: employee.id, month: toDateColumn("2026-03-01") } },
      });
    expect((await row()).workedMinutes).toBe(661);
    const workedOf = async () =>
      timeAccountsSchema.parse((await get(manager, `year=2026&month=3&employee_id=${employee.id}`)).json).accounts[0]
        .months[0].worked_minutes;
    expect(await workedOf()).toBe(661);
    // The account reads the kept figure, not the entries (set here by hand to tell the two apart).
    await db.$executeRaw`UPDATE timesheet_months SET worked_minutes = 7 WHERE employee_id = ${employee.id}`;
    expect(await workedOf()).toBe(7);
    await call(reopening.POST, {
      token: manager,
      body: { employee_id: employee.id, month: "2026-03", reason: "Nachtrag" },
    });
    expect((await row()).workedMinutes).toBeNull();
    expect(await workedOf()).toBe(661);
  });

  test("an approved month keeps target and credits: changed hours or absences later move open months", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-03-02", 60 * 20);
    await entry(employee.id, location.id, "2026-04-01", 60 * 20);
    expect(
      (await call(approval.POST, { token: manager, body: { employee_id: employee.id, month: "2026-03" } })).status,
    ).toBe(200);
    const figures = async () =>
      timeAccountsSchema
        .parse((await get(manager, `year=2026&employee_id=${employee.id}`)).json)
        .accounts[0].months.slice(0, 2)
        .map((m) => [m.month, m.target_minutes, m.credit_minutes, m.balance_minutes]);
    // March as approved: 22 days of 1 h, nothing credited, 20 h worked.
    expect(await figures()).toEqual([
      ["2026-03", 22 * 60, 0, -2 * 60],
      ["2026-04", 22 * 60, 0, -2 * 60],
    ]);
    // Afterwards: 10 weekly hours, and a sick day in each month.
    await db.employee.update({ where: { id: employee.id }, data: { weeklyHours: 10 } });
    for (const day of ["2026-03-10", "2026-04-07"])
      await db.absence.create({
        data: { employeeId: employee.id, type: "krank", startDate: toDateColumn(day), endDate: toDateColumn(day) },
      });
    expect(await figures()).toEqual([
      ["2026-03", 22 * 60, 0, -2 * 60],
      ["2026-04", 22 * 120, 120, 20 * 60 + 120 - 22 * 120],
    ]);
    // Reopened, March is counted as it stands now; approved again, it keeps the new figures.
    await call(reopening.POST, {
      token: manager,
      body: { employee_id: employee.id, month: "2026-03", reason: "Krankmeldung nachgetragen" },
    });
    const recounted = ["2026-03", 22 * 120, 120, 20 * 60 + 120 - 22 * 120];
    expect((await figures())[0]).toEqual(recounted);
    await call(approval.POST, { token: manager, body: { employee_id: employee.id, month: "2026-03" } });
    await db.employee.update({ where: { id: employee.id }, data: { weeklyHours: 5 } });
    expect((await figures())[0]).toEqual(recounted);
    expect(
      await db.timesheetMonth.findUniqueOrThrow({
        where: { employeeId_month: { employeeId: employee.id, month: toDateColumn("2026-03-01") } },
        select: { workedMinutes: true, targetMinutes: true, creditMinutes: true },
      }),
    ).toEqual({ workedMinutes: 20 * 60, targetMinutes: 22 * 120, creditMinutes: 120 });
  });

  test("months before the asked ones hand on kept balances and bookings as a sum: as month by month", async () => {
    const { employee, location, manager } = await setting(5);
    await open(manager, { employee_id: employee.id, month: "2026-02", minutes: 45, reason: "Übertrag" });
    await entry(employee.id, location.id, "2026-02-02", 60 * 21);
    await entry(employee.id, location.id, "2026-03-02", 60 * 20);
    await entry(employee.id, location.id, "2026-04-01", 60 * 20);
    const payout = { employee_id: employee.id, kind: "payout", minutes: 30, reason: "Ausbezahlt" };
    expect((await book(manager, { ...payout, month: "2026-02" })).status).toBe(201);
    expect((await book(manager, { ...payout, month: "2026-03", kind: "correction", minutes: -15 })).status).toBe(201);
    for (const month of ["2026-02", "2026-03"])
      expect((await call(approval.POST, { token: manager, body: { employee_id: employee.id, month } })).status).toBe(
        200,
      );
    const months = async (query: string) =>
      timeAccountsSchema.parse((await get(manager, `${query}&employee_id=${employee.id}`)).json).accounts[0].months;
    // February (20 days) and March (22 days) approved, both summed up when April alone is asked.
    const april = (await months("year=2026&month=4"))[0];
    const february = 45 + (21 * 60 - 20 * 60) - 30;
    const march = february + (20 * 60 - 22 * 60) - 15;
    expect(april).toMatchObject({ month: "2026-04", brought_minutes: march, provisional: true });
    const year = await months("year=2026");
    expect(year.map((m) => [m.month, m.carried_minutes])).toEqual(
      expect.arrayContaining([
        ["2026-02", february],
        ["2026-03", march],
      ]),
    );
    expect(year.find((m) => m.month === "2026-04")).toEqual(april);
  });

  test("without an opening the account begins on the first recorded day: no target before it", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-03-18", 60);
    const [account] = timeAccountsSchema.parse(
      (await get(manager, `year=2026&month=3&employee_id=${employee.id}`)).json,
    ).accounts;
    expect(account.starts_on).toBe("2026-03-18");
    // 18–20, 23–27, 30, 31: ten days.
    expect(account.months[0]).toMatchObject({ target_minutes: 600, worked_minutes: 60, balance_minutes: -540 });
    const before = timeAccountsSchema.parse((await get(manager, `year=2026&month=2&employee_id=${employee.id}`)).json);
    expect(before.accounts[0].months).toEqual([]);
  });

  test("entries before the opening's month do not count; worked minutes agree with the entries' own", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-02-27", 600);
    // Odd seconds and a break: the sum in the database rounds like each entry's worked_minutes.
    const odd = await db.timeEntry.create({
      data: {
        employeeId: employee.id,
        locationId: location.id,
        date: toDateColumn("2026-03-03"),
        startAt: new Date("2026-03-03T07:00:40.500Z"),
        endAt: new Date("2026-03-03T10:17:10.250Z"),
        source: "app",
        status: "recorded",
        breaks: {
          create: [{ startAt: new Date("2026-03-03T08:00:00Z"), endAt: new Date("2026-03-03T08:12:29.900Z") }],
        },
      },
    });
    await entry(employee.id, location.id, "2026-03-04", 61, 7);
    await db.timeEntry.create({
      data: {
        employeeId: employee.id,
        locationId: location.id,
        date: toDateColumn("2026-03-05"),
        startAt: new Date("2026-03-05T07:00:00Z"),
        endAt: new Date("2026-03-05T09:00:00Z"),
        source: "app",
        status: "void",
      },
    });
    await open(manager, { employee_id: employee.id, month: "2026-03", minutes: 0, reason: "Start" });
    const listed = await call(entriesRoute.GET, {
      token: manager,
      path: `/api/time-entries?start_date=2026-03-01&end_date=2026-03-31&employee_id=${employee.id}`,
    });
    const own = (listed.json as unknown as { status: string; worked_minutes: number }[])
      .filter((item) => item.status !== "void")
      .reduce((sum, item) => sum + item.worked_minutes, 0);
    expect(own).toBe(183 + 61); // 3 h 16 min 29.75 s less 12 min 29.9 s = 183.998 min, rounded down
    const [account] = timeAccountsSchema.parse(
      (await get(manager, `year=2026&month=3&employee_id=${employee.id}`)).json,
    ).accounts;
    expect(account.months[0].worked_minutes).toBe(own);
    expect(odd.id).toBeGreaterThan(0);
  });

  test("the hourly paid: worked minutes only, no balance, no bookings", async () => {
    const { employee, location, manager } = await setting(0, true);
    await entry(employee.id, location.id, "2026-03-10", 300);
    const [account] = timeAccountsSchema.parse(
      (await get(manager, `year=2026&month=3&employee_id=${employee.id}`)).json,
    ).accounts;
    expect(account.months[0]).toMatchObject({
      worked_minutes: 300,
      target_minutes: null,
      credit_minutes: null,
      balance_minutes: null,
      carried_minutes: null,
    });
    const refused = await book(manager, {
      employee_id: employee.id,
      month: "2026-03",
      kind: "correction",
      minutes: 10,
      reason: "x",
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      `${employee.firstName} ${employee.lastName} arbeitet im Stundenlohn und hat kein Zeitkonto.`,
    );
  });

  test("an archived employee's account ends on the day they left", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-03-02", 60);
    await db.employee.update({ where: { id: employee.id }, data: { archivedAt: new Date("2026-03-06T17:00:00Z") } });
    const [account] = timeAccountsSchema.parse(
      (await get(manager, `year=2026&month=3&employee_id=${employee.id}`)).json,
    ).accounts;
    expect(account).toMatchObject({ archived: true });
    expect(account.months[0]).toMatchObject({ target_minutes: 5 * 60, worked_minutes: 60 });
    const april = timeAccountsSchema.parse((await get(manager, `year=2026&month=4&employee_id=${employee.id}`)).json);
    expect(april.accounts[0].months).toEqual([]);
  });

  test("a month or year not begun is 400; an unknown employee 404; staff only their own, through /api/me", async () => {
    const { employee, location, manager, staff } = await setting(5);
    await entry(employee.id, location.id, "2026-03-02", 60);
    const future = await get(manager, "year=2099&month=1");
    expect(future.status).toBe(400);
    expect(future.json.error).toBe("Der Monat 01.2099 liegt in der Zukunft.");
    expect((await get(manager, "year=2099")).json.error).toBe("Das Jahr 2099 hat noch nicht begonnen.");
    expect((await get(manager, "year=2026&month=13")).status).toBe(400);
    expect((await get(manager, "year=2026&month=3&employee_id=999999")).status).toBe(404);
    expect((await get(staff, `year=2026&month=3&employee_id=${employee.id}`)).status).toBe(403);
    const own = await call(mine.GET, { token: staff, path: "/api/me/time-account?year=2026&month=3" });
    expect(own.status, own.text).toBe(200);
    const answer = timeAccountsSchema.parse(own.json);
    expect(answer.accounts.map((a) => a.employee_id)).toEqual([employee.id]);
    expect(answer.accounts[0].months[0].worked_minutes).toBe(60);
    const { token: unlinked } = await createUser("user");
    expect((await call(mine.GET, { token: unlinked, path: "/api/me/time-account?year=2026" })).status).toBe(403);
  });

  test("without employee_id: everyone employed in the months; someone who left before them is not listed", async () => {
    const { employee, manager } = await setting(5);
    const gone = await fx.employee({ firstName: "Gone" });
    await db.employee.update({ where: { id: gone.id }, data: { archivedAt: new Date("2026-02-20T12:00:00Z") } });
    const leftInMarch = await fx.employee({ firstName: "Left" });
    await db.employee.update({ where: { id: leftInMarch.id }, data: { archivedAt: new Date("2026-03-20T12:00:00Z") } });
    const answer = timeAccountsSchema.parse((await get(manager, "year=2026&month=3")).json);
    const listed = answer.accounts.map((a) => a.employee_id);
    expect(listed).toContain(employee.id);
    expect(listed).toContain(leftInMarch.id);
    expect(listed).not.toContain(gone.id);
    // Not begun: listed without months, so a manager sees whom to give an opening balance.
    expect(answer.accounts.find((a) => a.employee_id === employee.id)).toMatchObject({ starts_on: null, months: [] });
  });
});

describe("bookings and the opening balance", () => {
  test("refused: an approved month, the future, 0 minutes, before the start, no reason", async () => {
    const { employee, location, manager } = await setting(5);
    const name = `${employee.firstName} ${employee.lastName}`;
    const noAccount = await book(manager, {
      employee_id: employee.id,
      month: "2026-03",
      kind: "correction",
      minutes: 10,
      reason: "x",
    });
    expect(noAccount.status).toBe(409);
    expect(noAccount.json.error).toBe(
      `${name} hat noch kein Zeitkonto: es beginnt mit dem ersten Zeiteintrag oder einem Anfangssaldo.`,
    );
    await entry(employee.id, location.id, "2026-03-02", 60);
    expect(
      (await call(approval.POST, { token: manager, body: { employee_id: employee.id, month: "2026-03" } })).status,
    ).toBe(200);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { month: "2026-03", kind: "payout", minutes: 60, reason: "x" },
        409,
        `Der Monat 03.2026 von ${name} ist genehmigt: Buchungen erst nach dem Wiedereröffnen.`,
      ],
      [{ month: "2099-01", kind: "payout", minutes: 60, reason: "x" }, 400, "Der Monat 01.2099 liegt in der Zukunft."],
      [
        { month: "2026-04", kind: "correction", minutes: 0, reason: "x" },
        400,
        "Eine Korrektur um 0 Minuten ändert nichts",
      ],
      [
        { month: "2026-04", kind: "payout", minutes: -5, reason: "x" },
        400,
        "Eine Auszahlung braucht mehr als 0 Minuten",
      ],
      [
        { month: "2026-02", kind: "correction", minutes: 5, reason: "x" },
        409,
        `Das Zeitkonto von ${name} beginnt erst im 03.2026.`,
      ],
      [{ month: "2026-04", kind: "correction", minutes: 5, reason: "  " }, 400, "Bitte gib eine Begründung ein"],
      [
        { month: "2026-04", kind: "gift", minutes: 5, reason: "x" },
        400,
        "Bitte wähle Auszahlung (payout) oder Korrektur (correction)",
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await book(manager, { employee_id: employee.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      const said = [res.json.error, ...Object.values((res.json.fields as Record<string, string>) ?? {})];
      expect(said, JSON.stringify(body)).toContain(message);
    }
    expect(await db.timeAccountBooking.count({ where: { employeeId: employee.id } })).toBe(0);
    expect(
      (await book(manager, { employee_id: 999999, month: "2026-04", kind: "payout", minutes: 5, reason: "x" })).status,
    ).toBe(404);
  });

  test("someone who left: the final payout goes in the month they left, not after; it is on that month", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-03-02", 60 * 10);
    await db.employee.update({ where: { id: employee.id }, data: { archivedAt: new Date("2026-03-20T17:00:00Z") } });
    const payout = { employee_id: employee.id, kind: "payout", minutes: 60, reason: "Schlussabrechnung" };
    const late = await book(manager, { ...payout, month: "2026-04" });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe(
      `Das Zeitkonto von Lea ${employee.lastName} endet mit dem Austritt am 20.03.2026: bitte im 03.2026 buchen.`,
    );
    const lateOpening = await open(manager, { employee_id: employee.id, month: "2026-04", minutes: 0, reason: "x" });
    expect(lateOpening.status).toBe(409);
    expect(await db.timeAccountBooking.count({ where: { employeeId: employee.id } })).toBe(0);
    expect((await book(manager, { ...payout, month: "2026-03" })).status).toBe(201);
    const [account] = timeAccountsSchema.parse(
      (await get(manager, `year=2026&month=3&employee_id=${employee.id}`)).json,
    ).accounts;
    // 2–20 March: 15 days of 1 h; 10 h worked; the payout of 1 h off the carried balance.
    expect(account.months[0]).toMatchObject({
      target_minutes: 15 * 60,
      booking_minutes: -60,
      carried_minutes: -6 * 60,
    });
  });

  test("bookings cannot be changed or deleted, not even by SQL; each is in the history", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-04-01", 60);
    const res = await book(manager, {
      employee_id: employee.id,
      month: "2026-04",
      kind: "payout",
      minutes: 30,
      reason: "Auszahlung April",
    });
    const { id } = bookingDtoSchema.parse(res.json);
    await expect(db.$executeRaw`UPDATE time_account_bookings SET minutes = 1 WHERE id = ${id}`).rejects.toThrow(
      /weder geändert noch gelöscht/,
    );
    await expect(db.$executeRaw`DELETE FROM time_account_bookings WHERE id = ${id}`).rejects.toThrow(
      /weder geändert noch gelöscht/,
    );
    const audit = await db.auditLog.findFirst({
      where: { action: "timesheet.account_booking", entityId: employee.id },
    });
    expect(audit?.details).toMatchObject({ id, kind: "payout", minutes: 30, reason: "Auszahlung April" });
  });

  test("the opening is set again until a month from its start on is approved; then only after reopening", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-03-02", 60);
    const first = await open(manager, { employee_id: employee.id, month: "2026-03", minutes: 60, reason: "Übertrag" });
    expect(openingDtoSchema.parse(first.json)).toMatchObject({ month: "2026-03", minutes: 60 });
    expect(
      (await open(manager, { employee_id: employee.id, month: "2026-03", minutes: -30, reason: "Richtig: −30" }))
        .status,
    ).toBe(200);
    await call(approval.POST, { token: manager, body: { employee_id: employee.id, month: "2026-03" } });
    const later = await open(manager, { employee_id: employee.id, month: "2026-04", minutes: 0, reason: "Neu" });
    expect(later.status).toBe(409);
    expect(later.json.error).toBe(
      `Der Monat 03.2026 von ${employee.firstName} ${employee.lastName} ist genehmigt: ` +
        "der Anfangssaldo lässt sich erst nach dem Wiedereröffnen.",
    );
    await call(reopening.POST, {
      token: manager,
      body: { employee_id: employee.id, month: "2026-03", reason: "Saldo" },
    });
    expect(
      (await open(manager, { employee_id: employee.id, month: "2026-04", minutes: 0, reason: "Neu" })).status,
    ).toBe(200);
    const audits = await db.auditLog.findMany({
      where: { action: "timesheet.account_opening", entityId: employee.id },
      orderBy: { id: "asc" },
    });
    expect(audits.map((row) => row.details)).toEqual([
      { employee_id: employee.id, before: null, after: { month: "2026-03", minutes: 60, reason: "Übertrag" } },
      {
        employee_id: employee.id,
        before: { month: "2026-03", minutes: 60, reason: "Übertrag" },
        after: { month: "2026-03", minutes: -30, reason: "Richtig: −30" },
      },
      {
        employee_id: employee.id,
        before: { month: "2026-03", minutes: -30, reason: "Richtig: −30" },
        after: { month: "2026-04", minutes: 0, reason: "Neu" },
      },
    ]);
  });

  test("a first opening cannot drop approved months: the account began on the first recorded day", async () => {
    const { employee, location, manager } = await setting(5);
    await entry(employee.id, location.id, "2026-01-05", 60);
    await call(approval.POST, { token: manager, body: { employee_id: employee.id, month: "2026-01" } });
    const late = await open(manager, { employee_id: employee.id, month: "2026-03", minutes: 0, reason: "Start" });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe(
      `Der Monat 01.2026 von ${employee.firstName} ${employee.lastName} ist genehmigt: ` +
        "der Anfangssaldo lässt sich erst nach dem Wiedereröffnen.",
    );
    expect(await db.timeAccountOpening.count({ where: { employeeId: employee.id } })).toBe(0);
  });

  test("staff may neither book nor set an opening", async () => {
    const { employee, staff } = await setting(5);
    expect(
      (await book(staff, { employee_id: employee.id, month: "2026-04", kind: "payout", minutes: 5, reason: "x" }))
        .status,
    ).toBe(403);
    expect((await open(staff, { employee_id: employee.id, month: "2026-04", minutes: 5, reason: "x" })).status).toBe(
      403,
    );
  });
});
