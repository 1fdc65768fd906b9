import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/server/api/errors";
import type { Db } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { readTargets } from "@/lib/server/hours/read-targets";
import { ENTRY_WORKED_MINUTES_SQL } from "./worked-minutes-sql";
import { lastDayOfMonth, monthsBetween, todayIn } from "@/lib/shared/dates";
import { bookingEffect, runAccount, type AccountMonthFacts } from "@/lib/shared/pay/time-account";
import type { bookingDtoSchema, timeAccountSchema, timeAccountsSchema } from "@/lib/shared/schemas/time-account";

export type TimeAccountsDto = z.infer<typeof timeAccountsSchema>;
type TimeAccountDto = z.infer<typeof timeAccountSchema>;
type BookingDto = z.infer<typeof bookingDtoSchema>;

export type TimeAccountsRequest = {
  /** yyyy-MM, the first and last month answered; the months before are read to carry the balance. */
  fromMonth: string;
  toMonth: string;
  /** One employee (archived ones too), or everyone employed in the months. */
  employeeId?: number;
  /** The business day the figures stand at: the running month counts its target up to here. */
  today: string;
  timeZone: string;
  now: Date;
};

const monthOf = (day: string) => day.slice(0, 7);
const toMinutes = (hours: number | null) => (hours === null ? null : Math.round(hours * 60));
/** Accounts built in one turn of the event loop (about a millisecond each): a year of 500 must not hold up a stamp. */
const ACCOUNTS_PER_TURN = 10;

/** What an approved month kept (§34.3); nulls: see the columns in prisma/schema.prisma (TimesheetMonth). */
type KeptFigures = { workedMinutes: number | null; targetMinutes: number | null; creditMinutes: number | null };

function keptTarget(
  figures: KeptFigures | undefined,
): figures is KeptFigures & { targetMinutes: number; creditMinutes: number } {
  return figures !== undefined && figures.targetMinutes !== null && figures.creditMinutes !== null;
}

type AccountPerson = {
  id: number;
  firstName: string;
  lastName: string;
  weeklyHours: { toNumber(): number };
  isHourly: boolean;
  archivedAt: Date | null;
};

/**
 * The time accounts (docs/PRODUCT-RULES.md §34.3) of the asked months. An account begins with its opening
 * balance's month, else on the person's first recorded day (no target is counted before anyone recorded anything),
 * and ends with the day they were archived; the running month counts up to `today`. Its balance is carried from its
 * beginning, so the months before the asked ones are read too, in a few statements whatever their number: worked
 * minutes summed in the database per person and month, targets from the one reader of targets.
 */
export async function readTimeAccounts(db: Db, request: TimeAccountsRequest): Promise<TimeAccountsDto> {
  const { fromMonth, toMonth, employeeId, today, timeZone, now } = request;
  const firstDay = `${fromMonth}-01`;
  const people: AccountPerson[] = await db.employee.findMany({
    where:
      employeeId !== undefined
        ? { id: employeeId }
        : { OR: [{ archivedAt: null }, { archivedAt: { gte: new Date(`${firstDay}T00:00:00Z`) } }] },
    select: { id: true, firstName: true, lastName: true, weeklyHours: true, isHourly: true, archivedAt: true },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
  });
  const ids = people.map((person) => person.id);
  const [openings, firstDays] = await Promise.all([
    db.timeAccountOpening.findMany({ where: { employeeId: { in: ids } } }),
    firstRecordedDays(db, ids),
  ]);
  const openingOf = new Map(openings.map((opening) => [opening.employeeId, opening]));
  const lastAskedDay = lastDayOfMonth(toMonth) < today ? lastDayOfMonth(toMonth) : today;
  const spans = new Map<number, { start: string; end: string }>();
  for (const person of people) {
    const opening = openingOf.get(person.id);
    const start = opening ? fromDateColumn(opening.month) : firstDays.get(person.id);
    if (!start) continue;
    const archivedOn = person.archivedAt ? todayIn(timeZone, person.archivedAt) : null;
    const end = archivedOn && archivedOn < lastAskedDay ? archivedOn : lastAskedDay;
    if (start <= end) spans.set(person.id, { start, end });
  }
  const started = [...spans.values()];
  const spanStart = started.reduce((min, span) => (span.start < min ? span.start : min), lastAskedDay);
  const counted = [...spans.keys()];
  // An approved month keeps its figures (§34.3): only the others are counted, each person's worked minutes from
  // their first month without a kept figure on, the targets from the earliest month anyone has without a kept target.
  // The months before the asked ones that kept all three figures only carry their balance: summed in the database,
  // so years of them are one row per person instead of one per month (the answer's months are read each).
  const spanIds = [...spans.keys()];
  const spanMonths = spanIds.map((id) => toDateColumn(`${monthOf(spans.get(id)!.start)}-01`));
  const [approvals, carriedRows] = await Promise.all([
    db.$queryRaw<(KeptFigures & { employeeId: number; month: string })[]>`
      SELECT employee_id AS "employeeId", to_char(month, 'YYYY-MM') AS month, worked_minutes AS "workedMinutes",
             target_minutes AS "targetMinutes", credit_minutes AS "creditMinutes"
      FROM timesheet_months
      WHERE employee_id = ANY(${counted}::int[]) AND approved_at IS NOT NULL
        AND month BETWEEN ${toDateColumn(`${monthOf(spanStart)}-01`)}::date AND ${toDateColumn(`${toMonth}-01`)}::date
        AND (month >= ${toDateColumn(firstDay)}::date
          OR worked_minutes IS NULL OR target_minutes IS NULL OR credit_minutes IS NULL)`,
    db.$queryRaw<{ employeeId: number; months: string[]; balance: number }[]>`
      SELECT m.employee_id AS "employeeId", array_agg(to_char(m.month, 'YYYY-MM')) AS months,
             SUM(m.worked_minutes + m.credit_minutes - m.target_minutes)::int AS balance
      FROM unnest(${spanIds}::int[], ${spanMonths}::date[]) AS person(id, first_month)
      JOIN timesheet_months m ON m.employee_id = person.id AND m.month >= person.first_month
      WHERE m.approved_at IS NOT NULL AND m.month < ${toDateColumn(firstDay)}::date
        AND m.worked_minutes IS NOT NULL AND m.target_minutes IS NOT NULL AND m.credit_minutes IS NOT NULL
      GROUP BY m.employee_id`,
  ]);
  const kept = new Map<string, KeptFigures>();
  for (const row of approvals) kept.set(`${row.employeeId}|${row.month}`, row);
  const carriedKept = new Map(carriedRows.map((row) => [row.employeeId, { ...row, months: new Set(row.months) }]));
  const hourly = new Set(people.filter((person) => person.isHourly).map((person) => person.id));
  /** The months of a person's span counted one by one: all but those whose balance is carried as a sum. */
  const countedMonths = (id: number, span: { start: string; end: string }) => {
    const months = monthsBetween(monthOf(span.start), monthOf(span.end));
    const summedUp = carriedKept.get(id)?.months;
    return summedUp ? months.filter((month) => !summedUp.has(month)) : months;
  };
  const workedFrom = new Map<number, string>();
  let targetsFrom: string | null = null;
  for (const [id, span] of spans) {
    const months = countedMonths(id, span);
    const firstDayOf = (month: string) => (`${month}-01` < span.start ? span.start : `${month}-01`);
    const unsummed = months.find((month) => kept.get(`${id}|${month}`)?.workedMinutes == null);
    if (unsummed) workedFrom.set(id, firstDayOf(unsummed));
    // The hourly paid have no target (null whatever is kept): nothing to read for them.
    const untargeted = !hourly.has(id) && months.find((month) => !keptTarget(kept.get(`${id}|${month}`)));
    if (untargeted && (targetsFrom === null || firstDayOf(untargeted) < targetsFrom))
      targetsFrom = firstDayOf(untargeted);
  }
  // What the sum of entries leaves out: every month whose worked minutes were read above, one by one or summed up.
  const skip: { ids: number[]; months: string[] } = { ids: [], months: [] };
  const skipFrom = (id: number, month: string) => {
    const from = workedFrom.get(id);
    if (from !== undefined && month >= monthOf(from)) {
      skip.ids.push(id);
      skip.months.push(month);
    }
  };
  for (const [key, figures] of kept) {
    const [id, month] = key.split("|");
    if (figures.workedMinutes !== null) skipFrom(Number(id), month);
  }
  for (const [id, { months }] of carriedKept) for (const month of months) skipFrom(id, month);
  const [summed, bookings, targets] = await Promise.all([
    workedByMonth(db, { from: workedFrom, to: lastAskedDay, now, skip }),
    db.timeAccountBooking.findMany({
      where: {
        employeeId: { in: counted },
        month: { gte: toDateColumn(`${monthOf(spanStart)}-01`), lte: toDateColumn(`${toMonth}-01`) },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    targetsFrom === null
      ? null
      : readTargets(db, { startDate: targetsFrom, endDate: lastAskedDay, employeeIds: counted }),
  ]);
  const bookingsOf = new Map<string, BookingDto[]>();
  for (const booking of bookings) {
    const key = `${booking.employeeId}|${monthOf(fromDateColumn(booking.month))}`;
    bookingsOf.set(key, [...(bookingsOf.get(key) ?? []), toBookingDto(booking)]);
  }

  const accountOf = (person: AccountPerson): TimeAccountDto => {
    const span = spans.get(person.id);
    const opening = openingOf.get(person.id);
    const account: TimeAccountDto = {
      employee_id: person.id,
      employee_name: `${person.firstName} ${person.lastName}`,
      is_hourly: person.isHourly,
      archived: person.archivedAt !== null,
      starts_on: opening ? fromDateColumn(opening.month) : (firstDays.get(person.id) ?? null),
      opening: opening
        ? {
            month: monthOf(fromDateColumn(opening.month)),
            minutes: opening.minutes,
            reason: opening.reason,
            set_by_name: opening.setByName,
            set_at: opening.setAt.toISOString(),
          }
        : null,
      months: [],
    };
    if (!span) return account;
    const employee = { id: person.id, is_hourly: person.isHourly, weekly_hours: person.weeklyHours.toNumber() };
    const facts: AccountMonthFacts[] = countedMonths(person.id, span).map((month) => {
      const lastDay = lastDayOfMonth(month);
      const range = {
        startDate: `${month}-01` < span.start ? span.start : `${month}-01`,
        endDate: lastDay > span.end ? span.end : lastDay,
      };
      const key = `${person.id}|${month}`;
      const figures = kept.get(key);
      let target: number | null;
      let credits: number | null;
      if (person.isHourly) {
        target = null;
        credits = null;
      } else if (keptTarget(figures)) {
        target = figures.targetMinutes;
        credits = figures.creditMinutes;
      } else {
        // targets is read whenever a month of the span has no kept target (see targetsFrom above).
        target = toMinutes(targets!.beforeCredits(employee, range));
        const net = toMinutes(targets!.of(employee, range));
        credits = target === null || net === null ? null : target - net;
      }
      return {
        month,
        targetMinutes: target,
        creditMinutes: credits,
        workedMinutes: figures?.workedMinutes ?? summed.get(key) ?? 0,
        bookingMinutes: (bookingsOf.get(key) ?? []).reduce((sum, b) => sum + bookingEffect(b.kind, b.minutes), 0),
      };
    });
    // The months summed up above hand on their balances and bookings (before the asked months, so in any order).
    const carried = carriedKept.get(person.id);
    let brought = opening?.minutes ?? 0;
    if (carried) {
      brought += carried.balance;
      for (const month of carried.months)
        for (const booking of bookingsOf.get(`${person.id}|${month}`) ?? [])
          brought += bookingEffect(booking.kind, booking.minutes);
    }
    account.months = runAccount(person.isHourly ? 0 : brought, facts)
      .filter((month) => month.month >= fromMonth)
      .map((month) => {
        const isApproved = kept.has(`${person.id}|${month.month}`);
        return {
          month: month.month,
          target_minutes: month.targetMinutes,
          credit_minutes: month.creditMinutes,
          worked_minutes: month.workedMinutes,
          balance_minutes: month.balanceMinutes,
          booking_minutes: month.bookingMinutes,
          brought_minutes: month.broughtMinutes,
          carried_minutes: month.carriedMinutes,
          approved: isApproved,
          provisional: !isApproved,
          bookings: bookingsOf.get(`${person.id}|${month.month}`) ?? [],
        };
      });
    return account;
  };
  const accounts: TimeAccountDto[] = [];
  for (const [index, person] of people.entries()) {
    if (index > 0 && index % ACCOUNTS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    accounts.push(accountOf(person));
  }
  return { from_month: fromMonth, to_month: toMonth, accounts };
}

type BookingRow = {
  id: number;
  employeeId: number;
  month: Date;
  kind: "payout" | "correction";
  minutes: number;
  reason: string;
  createdByName: string | null;
  createdAt: Date;
};

export function toBookingDto(row: BookingRow): BookingDto {
  return {
    id: row.id,
    employee_id: row.employeeId,
    month: monthOf(fromDateColumn(row.month)),
    kind: row.kind,
    minutes: row.minutes,
    reason: row.reason,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
  };
}

/** Each person's first business day with an entry that counts (not void), from the (employee, date) index. */
async function firstRecordedDays(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ employeeId: number; day: Date }[]>`
    SELECT person.id AS "employeeId", first.date AS day
    FROM unnest(${ids}::int[]) AS person(id)
    CROSS JOIN LATERAL (
      SELECT t.date FROM time_entries t
      WHERE t.employee_id = person.id AND t.status <> 'void'
      ORDER BY t.date LIMIT 1) first`;
  return new Map(rows.map((row) => [row.employeeId, fromDateColumn(row.day)]));
}

/**
 * Worked minutes per person and month ("id|yyyy-MM") of the entries from each person's date on (`from`), summed in
 * the database with the one formula of an entry's worked minutes (ENTRY_WORKED_MINUTES_SQL); a running entry counts
 * up to now, void entries nothing. The months in `skip` (the caller read their kept figures) are left out, exactly
 * those: a month approved after that read is summed here (its sum is its figure), so none is counted twice or not at
 * all.
 */
async function workedByMonth(
  db: Db,
  {
    from,
    to,
    now,
    skip,
  }: { from: Map<number, string>; to: string; now: Date; skip: { ids: number[]; months: string[] } },
): Promise<Map<string, number>> {
  if (from.size === 0) return new Map();
  const ids = [...from.keys()];
  const dates = ids.map((id) => from.get(id)!);
  const skipped = skip.months.map((month) => toDateColumn(`${month}-01`));
  const rows = await db.$queryRaw<{ employeeId: number; month: string; minutes: number }[]>`
    WITH t AS (
      SELECT t.id, t.employee_id, t.date, t.start_at, COALESCE(t.end_at, ${now}::timestamptz) AS end_at
      FROM unnest(${ids}::int[], ${dates}::date[]) AS person(id, from_date)
      JOIN time_entries t ON t.employee_id = person.id AND t.date >= person.from_date
      WHERE t.status <> 'void' AND t.date <= ${toDateColumn(to)}::date
        AND NOT EXISTS (
          SELECT 1 FROM unnest(${skip.ids}::int[], ${skipped}::date[]) AS k(id, month)
          WHERE k.id = t.employee_id AND k.month = date_trunc('month', t.date)::date))
    SELECT t.employee_id AS "employeeId", to_char(t.date, 'YYYY-MM') AS month,
           SUM(${ENTRY_WORKED_MINUTES_SQL})::int AS minutes
    FROM t
    GROUP BY 1, 2`;
  return new Map(rows.map((row) => [`${row.employeeId}|${row.month}`, row.minutes]));
}

/**
 * The months a query asks for: one month, or the year's months up to the current one. A month or year that has not
 * begun is a 400: an account has nothing to say about it yet.
 */
export function askedMonths(query: { year: number; month?: number }, today: string): { from: string; to: string } {
  const currentMonth = monthOf(today);
  if (query.month !== undefined) {
    const month = `${query.year}-${String(query.month).padStart(2, "0")}`;
    if (month > currentMonth) {
      const message = `Der Monat ${month.slice(5, 7)}.${month.slice(0, 4)} liegt in der Zukunft.`;
      throw new ApiError("validation_failed", message, { fields: { month: message } });
    }
    return { from: month, to: month };
  }
  if (`${query.year}-01` > currentMonth) {
    const message = `Das Jahr ${query.year} hat noch nicht begonnen.`;
    throw new ApiError("validation_failed", message, { fields: { year: message } });
  }
  const december = `${query.year}-12`;
  return { from: `${query.year}-01`, to: december < currentMonth ? december : currentMonth };
}
