import "server-only";
import type { Db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { holidayDatesIn } from "@/lib/server/holidays/holiday-calendar";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import { ENTRY_WORKED_MINUTES_SQL } from "@/lib/server/time-accounts/worked-minutes-sql";
import { addDays, addMonths } from "@/lib/shared/dates";
import {
  noSurcharges,
  surchargeMinutesOfEntries,
  type SurchargeEntry,
  type SurchargeRules,
  type SurchargeTimes,
} from "@/lib/shared/pay/surcharges";

/** People whose surcharges are split between two turns of the event loop. */
const YIELD_EVERY = 5;

/** One person's hours of a month as the payroll reads them (docs/PRODUCT-RULES.md §34.4). */
export type MonthHours = {
  employeeId: number;
  firstName: string;
  lastName: string;
  personnelNumber: string | null;
  isHourly: boolean;
  /** Whether the month is approved for them (§32.3). */
  approved: boolean;
  /** The month's entries that count (not void), each rounded down to whole minutes like its `worked_minutes`. */
  workedMinutes: number;
  /** Minutes per surcharge category (docs/PRODUCT-RULES.md §34.1). */
  surcharges: SurchargeTimes;
  /** Minutes paid out from the time account in the month. */
  payoutMinutes: number;
};

export type MonthHoursRequest = {
  /** yyyy-MM */
  month: string;
  rules: SurchargeRules;
  /** Only these people; left out: everyone with an entry or a payout in the month. */
  employeeIds?: number[];
  now: Date;
};

/**
 * Everyone's hours of a month for the payroll: the entries of the month (by their business day, as the timesheet
 * and the account count them) with their breaks and the holidays of the place each was worked, the payouts booked
 * in the month, and whether the month is approved. Three statements for any number of people. The evening before
 * the month is read too, only to know where a stretch of work began (§34.1).
 */
export async function readMonthHours(db: Db, request: MonthHoursRequest): Promise<MonthHours[]> {
  const { month, rules, employeeIds, now } = request;
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const who = employeeIds ? { employeeId: { in: employeeIds } } : {};
  const [entries, payouts, companyRegion] = await Promise.all([
    readEntries(db, { from: addDays(first, -1), to: last, employeeIds, now }),
    db.timeAccountBooking.groupBy({
      by: ["employeeId"],
      where: { ...who, kind: "payout", month: toDateColumn(first) },
      _sum: { minutes: true },
    }),
    getCompanyHolidayRegion(db),
  ]);
  const inMonth = (day: string) => day >= first;
  const ids = new Set([
    ...(employeeIds ?? []),
    ...entries.filter((entry) => inMonth(entry.day)).map((entry) => entry.employeeId),
    ...payouts.map((row) => row.employeeId),
  ]);
  const [people, approvals] = await Promise.all([
    db.employee.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, firstName: true, lastName: true, personnelNumber: true, isHourly: true },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
    }),
    db.timesheetMonth.findMany({
      where: { employeeId: { in: [...ids] }, month: toDateColumn(first), approvedAt: { not: null } },
      select: { employeeId: true },
    }),
  ]);

  // Holidays per region, read once: the entry's location's region, else the company's (§ 3b: the place of work).
  const holidaysOf = new Map<string | null, Set<string>>();
  const isHolidayIn = (region: string | null) => {
    let dates = holidaysOf.get(region);
    if (!dates) holidaysOf.set(region, (dates = holidayDatesIn(region, addDays(first, -1), addDays(last, 1))));
    return (date: string) => dates.has(date);
  };
  const counted = new WeakSet<SurchargeEntry>();
  const byPerson = new Map<number, { entries: SurchargeEntry[]; worked: number }>();
  for (const row of entries) {
    const person = byPerson.get(row.employeeId) ?? { entries: [], worked: 0 };
    byPerson.set(row.employeeId, person);
    const entry: SurchargeEntry = {
      startAt: row.startMs,
      endAt: row.endMs,
      breaks: row.breaks.map(([startAt, endAt]) => ({ startAt, endAt })),
      isHoliday: isHolidayIn(row.region ?? companyRegion),
    };
    person.entries.push(entry);
    if (!inMonth(row.day)) continue;
    counted.add(entry);
    person.worked += row.workedMinutes;
  }
  const approved = new Set(approvals.map((row) => row.employeeId));
  const paidOut = new Map(payouts.map((row) => [row.employeeId, row._sum.minutes ?? 0]));
  const result: MonthHours[] = [];
  for (const [index, person] of people.entries()) {
    // Hundreds of people's surcharges take a while: other requests (a stamp, the health check) get their turn
    // between every few, instead of waiting for the whole month.
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const own = byPerson.get(person.id);
    result.push({
      employeeId: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      personnelNumber: person.personnelNumber,
      isHourly: person.isHourly,
      approved: approved.has(person.id),
      workedMinutes: own?.worked ?? 0,
      surcharges: own ? surchargeMinutesOfEntries(own.entries, rules, (entry) => counted.has(entry)) : noSurcharges(),
      payoutMinutes: paidOut.get(person.id) ?? 0,
    });
  }
  return result;
}

type EntryRow = {
  employeeId: number;
  /** The business day, yyyy-MM-dd. */
  day: string;
  startMs: number;
  /** Its end, or now for a running entry. */
  endMs: number;
  /** The holiday region of the entry's location; null = the company's. */
  region: string | null;
  /** Each break as [start, end] in ms, its end within the entry's. */
  breaks: [number, number][];
  /** As the entry's `worked_minutes` (ENTRY_WORKED_MINUTES_SQL, the time account's formula). */
  workedMinutes: number;
};

/**
 * The entries that count (not void) of the days from `from` to `to`, by person and start, with their breaks and the
 * holiday region of their place of work. Raw and as plain numbers: a month of 500 people is ten thousand entries,
 * which the ORM's decoding of nested rows would hand over in one long turn of the event loop.
 */
async function readEntries(
  db: Db,
  { from, to, employeeIds, now }: { from: string; to: string; employeeIds?: number[]; now: Date },
): Promise<EntryRow[]> {
  return db.$queryRaw<EntryRow[]>`
    SELECT t.employee_id AS "employeeId", to_char(t.date, 'YYYY-MM-DD') AS day,
           (EXTRACT(EPOCH FROM t.start_at) * 1000)::float8 AS "startMs",
           (EXTRACT(EPOCH FROM t.end_at) * 1000)::float8 AS "endMs",
           l.holiday_region AS region,
           COALESCE((
             SELECT json_agg(json_build_array(
                      (EXTRACT(EPOCH FROM b.start_at) * 1000)::float8,
                      (EXTRACT(EPOCH FROM LEAST(COALESCE(b.end_at, t.end_at), t.end_at)) * 1000)::float8)
                    ORDER BY b.start_at)
             FROM time_breaks b WHERE b.entry_id = t.id), '[]'::json) AS breaks,
           ${ENTRY_WORKED_MINUTES_SQL}::int AS "workedMinutes"
    FROM (
      SELECT t.id, t.employee_id, t.date, t.start_at, COALESCE(t.end_at, ${now}::timestamptz) AS end_at, t.location_id
      FROM time_entries t
      WHERE t.status <> 'void' AND t.date BETWEEN ${toDateColumn(from)}::date AND ${toDateColumn(to)}::date
        AND (${employeeIds ?? null}::int[] IS NULL OR t.employee_id = ANY(${employeeIds ?? null}::int[]))) t
    JOIN locations l ON l.id = t.location_id
    ORDER BY t.employee_id, t.start_at, t.id`;
}
