import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { businessToday } from "@/lib/server/clock";
import { db as client, type Db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import { getSettings } from "@/lib/server/settings/find-settings";
import type { AbsenceDto } from "@/lib/shared/api-types";
import { compareNames } from "@/lib/shared/collation";
import { addDays } from "@/lib/shared/dates";
import type { AbsenceType } from "@/lib/shared/schemas/absence";
import { certificateDue } from "./certificate";

export type { AbsenceDto };

export type AbsenceFilter = {
  /** Absences touching this range (both ends included). */
  startDate: string;
  endDate: string;
  /** Only this employee's; everyone's when left out (callers decide who may read whose). */
  employeeId?: number;
};

type AbsenceRow = Omit<AbsenceDto, "certificate_due" | "created_at" | "updated_at"> & {
  type: AbsenceType;
  created_at: Date;
  updated_at: Date;
};

async function selectAbsences(db: Db, filter: AbsenceFilter | { id: number }): Promise<AbsenceDto[]> {
  const conditions: Prisma.Sql[] = [];
  if ("id" in filter) conditions.push(Prisma.sql`a.id = ${filter.id}`);
  else {
    conditions.push(Prisma.sql`a.end_date >= ${filter.startDate}::date AND a.start_date <= ${filter.endDate}::date`);
    if (filter.employeeId !== undefined) conditions.push(Prisma.sql`a.employee_id = ${filter.employeeId}`);
  }
  const [rows, settings] = await Promise.all([
    db.$queryRaw<AbsenceRow[]>`
      SELECT a.id, a.employee_id, e.first_name, e.last_name, a.type::text AS type,
             to_char(a.start_date, 'YYYY-MM-DD') AS start_date,
             to_char(a.end_date, 'YYYY-MM-DD') AS end_date,
             a.hours::float8 AS hours, a.note, a.certificate_received, a.self_reported,
             a.created_at, a.updated_at
      FROM absences a JOIN employees e ON e.id = a.employee_id
      WHERE ${Prisma.join(conditions, " AND ")}
      ORDER BY a.start_date, e.last_name COLLATE "de-CH-x-icu", e.first_name COLLATE "de-CH-x-icu", a.id`,
    getSettings(db),
  ]);
  const today = businessToday();
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    certificate_due: certificateDue(row, { fromDay: settings.certificate_from_day, today }),
  }));
}

/**
 * Absences touching a date range (docs/PRODUCT-RULES.md §32.2), by start date and name, with `certificate_due`.
 * The route decides who may read whose: the type is health data.
 */
export async function findAbsences(filter: AbsenceFilter): Promise<AbsenceDto[]> {
  return selectAbsences(client, filter);
}

/** One absence, or 404; pass the transaction to read it inside one. */
export async function getAbsence(db: Db, { id }: IdOptions): Promise<AbsenceDto> {
  const [absence] = await selectAbsences(db, { id });
  if (!absence) throw absenceNotFound();
  return absence;
}

export type AbsenceNews = {
  sick_reports: {
    absence_id: number;
    employee_id: number;
    first_name: string;
    last_name: string;
    start_date: string;
    end_date: string;
    created_at: string;
  }[];
  absent_today: {
    absence_id: number;
    employee_id: number;
    first_name: string;
    last_name: string;
    type: AbsenceType;
    hours: number | null;
  }[];
  certificates_missing: number;
};

/** How far back a missing certificate is still reminded of (docs/PRODUCT-RULES.md §32.2). */
export const CERTIFICATE_REMINDER_DAYS = 30;

/**
 * What the managers' dashboard says of absences (docs/PRODUCT-RULES.md §32.2): the sick reports running today or
 * later, newest first; who is away today, by name; and how many sick leaves of the last 30 days lack a certificate
 * that is due.
 */
export async function findAbsenceNews(): Promise<AbsenceNews> {
  const today = businessToday();
  // A sick report starts today at the latest, so every one still running touches this range.
  const absences = await findAbsences({ startDate: addDays(today, -CERTIFICATE_REMINDER_DAYS), endDate: today });
  const reports = absences
    .filter((absence) => absence.self_reported && absence.end_date >= today)
    // Newest report first: an extended sick leave counts from its last report (updated then).
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
  return {
    sick_reports: reports.map((absence) => ({
      absence_id: absence.id,
      employee_id: absence.employee_id,
      first_name: absence.first_name,
      last_name: absence.last_name,
      start_date: absence.start_date,
      end_date: absence.end_date,
      created_at: absence.created_at,
    })),
    // Every absence read began by today; those that reach it are today's.
    absent_today: absences
      .filter((absence) => absence.end_date >= today)
      .sort((a, b) => compareNames(a.last_name, b.last_name) || compareNames(a.first_name, b.first_name) || a.id - b.id)
      .map((absence) => ({
        absence_id: absence.id,
        employee_id: absence.employee_id,
        first_name: absence.first_name,
        last_name: absence.last_name,
        type: absence.type,
        hours: absence.hours,
      })),
    certificates_missing: absences.filter((absence) => absence.certificate_due).length,
  };
}

export const NO_ABSENCE_NEWS: AbsenceNews = { sick_reports: [], absent_today: [], certificates_missing: 0 };

export const absenceNotFound = () => new ApiError("not_found", "Abwesenheit nicht gefunden");
