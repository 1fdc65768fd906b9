import "server-only";
import type { Db } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { holidayDatesIn } from "@/lib/server/holidays/holiday-calendar";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import { minutesOf } from "@/lib/server/time/time-entry-dto";
import { addDays, addMonths } from "@/lib/shared/dates";
import {
  noSurcharges,
  surchargeMinutesOfEntries,
  type SurchargeEntry,
  type SurchargeRules,
  type SurchargeTimes,
} from "@/lib/shared/pay/surcharges";

/** People whose surcharges are split between two turns of the event loop. */
const YIELD_EVERY = 20;

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
    db.timeEntry.findMany({
      where: {
        ...who,
        status: { not: "void" },
        date: { gte: toDateColumn(addDays(first, -1)), lte: toDateColumn(last) },
      },
      select: {
        employeeId: true,
        date: true,
        startAt: true,
        endAt: true,
        breaks: { select: { startAt: true, endAt: true } },
        location: { select: { holidayRegion: true } },
      },
      orderBy: [{ employeeId: "asc" }, { startAt: "asc" }],
    }),
    db.timeAccountBooking.groupBy({
      by: ["employeeId"],
      where: { ...who, kind: "payout", month: toDateColumn(first) },
      _sum: { minutes: true },
    }),
    getCompanyHolidayRegion(db),
  ]);
  const inMonth = (day: Date) => fromDateColumn(day) >= first;
  const ids = new Set([
    ...(employeeIds ?? []),
    ...entries.filter((entry) => inMonth(entry.date)).map((entry) => entry.employeeId),
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
    const end = row.endAt ?? now;
    const entry: SurchargeEntry = {
      startAt: row.startAt.getTime(),
      endAt: end.getTime(),
      breaks: row.breaks.map((pause) => ({
        startAt: pause.startAt.getTime(),
        endAt: Math.min((pause.endAt ?? end).getTime(), end.getTime()),
      })),
      isHoliday: isHolidayIn(row.location.holidayRegion ?? companyRegion),
    };
    person.entries.push(entry);
    if (!inMonth(row.date)) continue;
    counted.add(entry);
    person.worked += minutesOf(row, now).worked_minutes;
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
