import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { Db } from "@/lib/server/db/client";
import { fromDateColumn, toDateColumn } from "@/lib/server/db/columns";
import { readTargets } from "@/lib/server/hours/read-targets";
import { readMonthHours } from "@/lib/server/payroll/month-hours";
import { printTimestamp } from "@/lib/server/reports/pdf/print-timestamp";
import { pdfResponse, renderPdf } from "@/lib/server/reports/pdf/render-pdf";
import { getPayrollSettings } from "@/lib/server/settings/payroll-settings";
import { getSettings } from "@/lib/server/settings/find-settings";
import { minutesOf } from "@/lib/server/time/time-entry-dto";
import { addDays, addMonths, eachDate, isoWeekday, todayIn } from "@/lib/shared/dates";
import { formatDate, formatMonthYear, personFileName, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { monthLabel } from "@/lib/shared/periods";
import { ABSENCE_TYPE_LABELS } from "@/lib/shared/schemas/absence";
import { BOOKING_KIND_LABELS } from "@/lib/shared/schemas/time-account";
import { readTimeAccounts } from "./read-time-accounts";
import type { Statement, StatementDay } from "./statement-types";

export type StatementRequest = { employeeId: number; month: string; today: string; timeZone: string; now: Date };

/**
 * The "Monatsabrechnung Arbeitszeit" (docs/PRODUCT-RULES.md §34.5): the month of the time account (the same figures
 * as GET /api/time-accounts), its days with target, worked time and credits, and the surcharge hours. A month that
 * has not begun is a 400; a month the account does not cover is a 409.
 */
export async function buildStatement(db: Db, request: StatementRequest): Promise<Statement> {
  const { employeeId, month, today, timeZone, now } = request;
  if (`${month}-01` > today) {
    const message = `Der Monat ${formatMonthYear(month)} liegt in der Zukunft.`;
    throw new ApiError("validation_failed", message, { fields: { month: message } });
  }
  const accounts = await readTimeAccounts(db, { fromMonth: month, toMonth: month, employeeId, today, timeZone, now });
  const account = accounts.accounts[0];
  if (!account) throw new ApiError("not_found", "Mitarbeiter nicht gefunden");
  const figures = account.months[0];
  if (!figures)
    throw new ApiError(
      "conflict",
      `Für ${formatMonthYear(month)} gibt es kein Zeitkonto von ${account.employee_name}: es beginnt mit dem ersten ` +
        "Zeiteintrag oder einem Anfangssaldo.",
    );
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const start = account.starts_on && account.starts_on > first ? account.starts_on : first;
  const [employee, entries, vacationDays, absences, settings, payroll, approval] = await Promise.all([
    db.employee.findUniqueOrThrow({
      where: { id: employeeId },
      select: { weeklyHours: true, isHourly: true, archivedAt: true },
    }),
    db.timeEntry.findMany({
      where: { employeeId, status: { not: "void" }, date: { gte: toDateColumn(first), lte: toDateColumn(last) } },
      select: { date: true, startAt: true, endAt: true, breaks: { select: { startAt: true, endAt: true } } },
    }),
    db.vacationDay.findMany({
      where: {
        day: { gte: toDateColumn(first), lte: toDateColumn(last) },
        vacation: { employeeId, status: "approved" },
      },
      select: { day: true },
    }),
    db.absence.findMany({
      where: {
        employeeId,
        type: { not: "unbezahlt" },
        startDate: { lte: toDateColumn(last) },
        endDate: { gte: toDateColumn(first) },
      },
      select: { type: true, startDate: true, endDate: true, hours: true },
    }),
    getSettings(db),
    getPayrollSettings(db),
    db.timesheetMonth.findUnique({
      where: { employeeId_month: { employeeId, month: toDateColumn(first) } },
      select: { approvedAt: true, approvedByName: true },
    }),
  ]);
  // The account's days: to today in the running month, to the day they left for someone archived (as the account).
  const archivedOn = employee.archivedAt ? todayIn(timeZone, employee.archivedAt) : null;
  const end = [last, today, archivedOn].reduce<string>((min, day) => (day !== null && day < min ? day : min), last);
  const targets = await readTargets(db, { startDate: first, endDate: last, employeeIds: [employeeId] });
  const person = { id: employeeId, is_hourly: employee.isHourly, weekly_hours: employee.weeklyHours.toNumber() };
  const worked = new Map<string, number>();
  for (const entry of entries) {
    const day = fromDateColumn(entry.date);
    worked.set(day, (worked.get(day) ?? 0) + minutesOf(entry, now).worked_minutes);
  }
  const creditLabels = new Map<string, string>();
  for (const row of vacationDays) creditLabels.set(fromDateColumn(row.day), "Ferien");
  for (const absence of absences)
    for (const day of eachDate(fromDateColumn(absence.startDate), fromDateColumn(absence.endDate)))
      if (day >= first && day <= last)
        creditLabels.set(
          day,
          ABSENCE_TYPE_LABELS[absence.type] + (absence.hours === null ? "" : ` (${absence.hours.toNumber()} h)`),
        );

  const days: StatementDay[] = [];
  for (const date of eachDate(first, last)) {
    const counted = date >= start && date <= end;
    const range = { startDate: date, endDate: date };
    const target = counted ? Math.round((targets.beforeCredits(person, range) ?? 0) * 60) : 0;
    const net = counted ? Math.round((targets.of(person, range) ?? 0) * 60) : 0;
    const credit = target - net;
    const workedMinutes = worked.get(date) ?? 0;
    if (target === 0 && workedMinutes === 0 && credit === 0) continue;
    days.push({
      date,
      dayLabel: `${WEEKDAYS_SHORT[isoWeekday(date) - 1]} ${formatDate(date)}`,
      targetMinutes: target,
      workedMinutes,
      creditMinutes: credit,
      creditLabel: credit > 0 ? (creditLabels.get(date) ?? null) : null,
    });
  }

  // An approved month keeps the target and credits it had then (§34.3); the days are counted as they stand now.
  // Where the two part (weekly hours or an absence changed since), the statement says so instead of disagreeing.
  const dayTotal = (pick: (day: StatementDay) => number) => days.reduce((sum, day) => sum + pick(day), 0);
  const keptFigures =
    approval?.approvedAt != null &&
    !account.is_hourly &&
    (dayTotal((day) => day.targetMinutes) !== figures.target_minutes ||
      dayTotal((day) => day.creditMinutes) !== figures.credit_minutes);
  const [hours] = await readMonthHours(db, {
    month,
    rules: { labourRules: settings.labour_rules, timeZone },
    employeeIds: [employeeId],
    now,
  });
  const dayOf = new Intl.DateTimeFormat("de-CH", { timeZone, day: "2-digit", month: "2-digit", year: "numeric" });
  return {
    employeeName: account.employee_name,
    month,
    monthLabel: monthLabel(month),
    company: settings.company_name,
    isHourly: account.is_hourly,
    days,
    account: {
      targetMinutes: figures.target_minutes,
      creditMinutes: figures.credit_minutes,
      workedMinutes: figures.worked_minutes,
      balanceMinutes: figures.balance_minutes,
      broughtMinutes: figures.brought_minutes,
      carriedMinutes: figures.carried_minutes,
      bookings: figures.bookings.map((booking) => ({
        label: BOOKING_KIND_LABELS[booking.kind],
        minutes: booking.kind === "payout" ? -booking.minutes : booking.minutes,
        reason: booking.reason,
      })),
    },
    surcharges: payroll.surcharges
      .map((surcharge) => ({
        label: surcharge.label,
        percent: surcharge.percent,
        minutes: hours?.surcharges[surcharge.category] ?? 0,
      }))
      .filter((surcharge) => surcharge.minutes > 0),
    keptFiguresNote: keptFigures
      ? "Soll und Gutschriften wie bei der Genehmigung. Die Tage zeigen den heutigen Stand: was sich seither " +
        "geändert hat (Wochenstunden, Abwesenheiten), zählt erst, wenn der Monat wiedereröffnet wird."
      : null,
    approval: {
      approved: approval?.approvedAt != null,
      approvedOn: approval?.approvedAt ? dayOf.format(approval.approvedAt) : null,
      approvedByName: approval?.approvedAt ? approval.approvedByName : null,
    },
  };
}

/** The statement as a PDF download, for the employee's own route and the managers'. */
export async function statementDownload(db: Db, request: StatementRequest): Promise<Response> {
  const statement = await buildStatement(db, request);
  const pdf = await renderPdf({ kind: "statement", statement, printedAt: printTimestamp() });
  return pdfResponse(pdf, personFileName("monatsabrechnung", statement.month, statement.employeeName, "pdf"));
}
