import "server-only";
import { ENTRY_STATUS_LABELS } from "@/lib/shared/time-entry-text";
import { ApiError } from "@/lib/server/api/errors";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import type { Db } from "@/lib/server/db/client";
import { addDays, addMonths, eachDate, isoWeekday } from "@/lib/shared/dates";
import { formatDate, personFileName, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { monthLabel } from "@/lib/shared/periods";
import { ABSENCE_TYPE_LABELS } from "@/lib/shared/schemas/absence";
import { findTimesheet } from "./timesheet";
import type { WorkRecord, WorkRecordRow } from "./work-record-types";

/**
 * The "Arbeitszeitnachweis" (docs/PRODUCT-RULES.md §32.7): one employee's month from the timesheet
 * (timesheet.ts, the same planned, worked and difference as /time), one row per entry, every day of the month.
 */

/**
 * Entries whose start, end or breaks a change after the fact altered: an edit, an accepted correction, a forgotten
 * clock-out closed by a manager. Stamps write no revisions; approving, reopening and voiding change the status only.
 */
async function correctedEntries(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT DISTINCT entry_id AS id FROM time_entry_revisions
    WHERE entry_id = ANY(${ids}::int[]) AND before IS NOT NULL
      AND (before->'start_at' IS DISTINCT FROM after->'start_at' OR before->'end_at' IS DISTINCT FROM after->'end_at'
           OR before->'breaks' IS DISTINCT FROM after->'breaks')`;
  return new Set(rows.map((row) => row.id));
}

export async function buildWorkRecord(
  db: Db,
  { employeeId, month }: { employeeId: number; month: string },
  now = new Date(),
): Promise<WorkRecord> {
  const first = `${month}-01`;
  if (first > businessToday())
    throw new ApiError("conflict", `Der ${monthLabel(month)} hat noch nicht begonnen: es gibt noch keinen Nachweis.`);
  const last = addDays(addMonths(first, 1), -1);
  const sheet = await findTimesheet(db, { startDate: first, endDate: last, employeeId }, now);
  const [employee] = sheet.employees;
  const days = new Map(employee.days.map((day) => [day.date, day]));
  const entryIds = employee.days.flatMap((day) => day.entries.map((entry) => entry.id));
  const [corrected, settings] = await Promise.all([
    correctedEntries(db, entryIds),
    db.companySettings.findFirst({ select: { companyName: true } }),
  ]);
  const clock = new Intl.DateTimeFormat("de-CH", {
    timeZone: config.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const dayOf = new Intl.DateTimeFormat("de-CH", {
    timeZone: config.timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  });
  const locations = new Set<string>();
  const rows: WorkRecordRow[] = [];
  for (const date of eachDate(first, last)) {
    const day = days.get(date);
    const dayLabel = `${WEEKDAYS_SHORT[isoWeekday(date) - 1]} ${formatDate(date)}`;
    const absence =
      day?.absences
        .map((item) => ABSENCE_TYPE_LABELS[item.type] + (item.hours === null ? "" : ` (${item.hours} h)`))
        .join(", ") || null;
    const planned = day && (day.shifts.length > 0 || day.entries.length > 0) ? day.planned_minutes : null;
    const base = {
      date,
      dayLabel,
      plannedMinutes: planned,
      differenceMinutes: planned === null ? null : (day?.difference_minutes ?? null),
      absence,
    };
    for (const shift of day?.shifts ?? []) locations.add(shift.location_name);
    if (!day || day.entries.length === 0) {
      rows.push({
        ...base,
        start: null,
        end: null,
        breakMinutes: null,
        workedMinutes: null,
        location: day?.shifts[0]?.location_name ?? null,
        status: "",
        corrected: false,
      });
      continue;
    }
    day.entries.forEach((entry, index) => {
      locations.add(entry.location_name);
      const counted = entry.status !== "void";
      rows.push({
        ...base,
        ...(index > 0 && { plannedMinutes: null, differenceMinutes: null, absence: null }),
        start: clock.format(new Date(entry.start_at)),
        end: entry.end_at === null ? null : clock.format(new Date(entry.end_at)),
        breakMinutes: entry.break_minutes,
        workedMinutes: counted ? entry.worked_minutes : null,
        location: entry.location_name,
        status: ENTRY_STATUS_LABELS[entry.status],
        corrected: corrected.has(entry.id),
      });
    });
  }
  const approval = employee.months.find((item) => item.month === month);
  const settingsName = settings?.companyName?.trim();
  return {
    employeeName: employee.employee_name,
    month,
    monthLabel: monthLabel(month),
    company: settingsName || null,
    locations: [...locations].sort((a, b) => a.localeCompare(b, "de-CH")),
    rows,
    totals: {
      plannedMinutes: employee.totals.planned_minutes,
      workedMinutes: employee.totals.worked_minutes,
      differenceMinutes: employee.totals.difference_minutes,
    },
    approval: {
      approved: approval?.approved ?? false,
      approvedOn: approval?.approved_at ? dayOf.format(new Date(approval.approved_at)) : null,
      approvedByName: approval?.approved_by_name ?? null,
    },
  };
}

/** "arbeitszeitnachweis-2026-11-lea-muster.pdf": ASCII, umlauts spelled out. */
export function workRecordFileName(record: Pick<WorkRecord, "month" | "employeeName">, extension: "pdf" | "csv") {
  return personFileName("arbeitszeitnachweis", record.month, record.employeeName, extension);
}
