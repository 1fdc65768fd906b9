import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { businessYear } from "@/lib/server/clock";
import { db, type Db } from "@/lib/server/db/client";
import type { IdOptions } from "@/lib/server/domain-options";
import { employeeNotFound } from "@/lib/server/employees/find-employees";
import { isPlanner } from "@/lib/server/self-service/acting-for";
import type { VacationBalance, VacationDto } from "@/lib/shared/api-types";
import type { VacationStatus } from "@/lib/shared/schemas/vacation";
import { vacationDaysSql } from "./vacation-days-sql";

export type { VacationBalance, VacationDto };

type Row = Omit<VacationDto, "created_at"> & { created_at: Date };

/**
 * Whose requests the reader may see (docs/PRODUCT-RULES.md §26.3): planners every vacation; everyone else approved
 * vacations, plus every status of their own linked employee (`ownEmployeeId`, null without a link).
 */
export type VacationReader = { planner: true } | { planner: false; ownEmployeeId: number | null };

/** The reader a signed-in user is: planners hold `vacations:write`. */
export function vacationReaderOf(user: AuthUser): VacationReader {
  return isPlanner(user, "vacations:write")
    ? { planner: true }
    : { planner: false, ownEmployeeId: user.employee?.id ?? null };
}

export type VacationFilter = {
  employeeId?: number;
  startDate?: string;
  endDate?: string;
  id?: number;
  status?: VacationStatus;
  /** Left out: every vacation (internal callers that filter by status themselves). */
  reader?: VacationReader;
  /** Latest start first (the employee's own list); default: earliest start first. */
  newestFirst?: true;
};

/**
 * A vacation's note is written for the planners ("Notiz an die Planung"): staff read it only on their own
 * vacations; colleagues' come without it.
 */
function notesColumn(reader: VacationReader | undefined): Prisma.Sql {
  if (!reader || reader.planner) return Prisma.sql`v.notes`;
  if (reader.ownEmployeeId === null) return Prisma.sql`NULL::text`;
  return Prisma.sql`CASE WHEN v.employee_id = ${reader.ownEmployeeId} THEN v.notes END`;
}

function readerCondition(reader: VacationReader): Prisma.Sql | null {
  if (reader.planner) return null;
  if (reader.ownEmployeeId === null) return Prisma.sql`v.status = 'approved'`;
  return Prisma.sql`(v.status = 'approved' OR v.employee_id = ${reader.ownEmployeeId})`;
}

/** Vacations with the employee's name in one SQL query, sorted by start. */
export async function findVacations(filter: VacationFilter = {}): Promise<VacationDto[]> {
  return readVacations(db, filter);
}

/** findVacations through a given handle: a write's transaction reads the vacation it just wrote (its webhook). */
export async function readVacations(db: Pick<Db, "$queryRaw">, filter: VacationFilter): Promise<VacationDto[]> {
  const conditions: Prisma.Sql[] = [];
  if (filter.id !== undefined) conditions.push(Prisma.sql`v.id = ${filter.id}`);
  if (filter.employeeId !== undefined) conditions.push(Prisma.sql`v.employee_id = ${filter.employeeId}`);
  if (filter.status !== undefined) conditions.push(Prisma.sql`v.status = ${filter.status}::"VacationStatus"`);
  // A range selects every vacation overlapping it.
  if (filter.startDate) conditions.push(Prisma.sql`v.end_date >= ${filter.startDate}::date`);
  if (filter.endDate) conditions.push(Prisma.sql`v.start_date <= ${filter.endDate}::date`);
  const visible = filter.reader && readerCondition(filter.reader);
  if (visible) conditions.push(visible);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const direction = filter.newestFirst ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const rows = await db.$queryRaw<Row[]>`
    SELECT v.id, v.employee_id, e.first_name, e.last_name,
           to_char(v.start_date, 'YYYY-MM-DD') AS start_date,
           to_char(v.end_date, 'YYYY-MM-DD') AS end_date,
           v.days_count::int AS days_count, v.status::text AS status,
           ${notesColumn(filter.reader)} AS notes, v.rejection_reason, v.created_at
    FROM vacations v
    JOIN employees e ON e.id = v.employee_id
    ${where}
    ORDER BY v.start_date ${direction}, e.last_name COLLATE "de-CH-x-icu", e.first_name COLLATE "de-CH-x-icu",
             v.id ${direction}`;
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export type EmployeeVacationsOptions = { employeeId: number };

/**
 * One employee's vacations in every status, latest start first: "Meine Schichten" (docs/PRODUCT-RULES.md §26.3)
 * shows the caller's own requests with their decision and reason. The caller checks that it is their employee.
 */
export async function findEmployeeVacations({ employeeId }: EmployeeVacationsOptions): Promise<VacationDto[]> {
  return findVacations({ employeeId, newestFirst: true });
}

export async function getVacation({ id }: IdOptions): Promise<VacationDto> {
  const [vacation] = await findVacations({ id });
  if (!vacation) throw vacationNotFound();
  return vacation;
}

export const vacationNotFound = () => new ApiError("not_found", "Ferien nicht gefunden");

/** How many requests wait for a manager's decision (the dashboard's alert, docs/PRODUCT-RULES.md §26.3). */
export async function countPendingVacationRequests(): Promise<number> {
  return db.vacation.count({ where: { status: "requested", employee: { archivedAt: null } } });
}

export type VacationBalanceOptions = { employeeId: number; year?: number };

/**
 * An employee's vacation days of a calendar year (default: the current year): `used` = approved days, `pending` =
 * requested days, `remaining` = total − used (docs/PRODUCT-RULES.md §9, §26.3). 404 for unknown and archived ids.
 * GET /vacations/balance/{id} and "Meine Schichten".
 */
export async function vacationBalance({
  employeeId,
  year = businessYear(),
}: VacationBalanceOptions): Promise<VacationBalance> {
  const id = Prisma.sql`e.id`;
  const [row] = await db.$queryRaw<{ total: number; used: number; pending: number }[]>`
    SELECT e.vacation_days_total::float8 AS total,
           ${vacationDaysSql({ employeeId: id, year, status: "approved" })} AS used,
           ${vacationDaysSql({ employeeId: id, year, status: "requested" })} AS pending
    FROM employees e WHERE e.id = ${employeeId} AND e.archived_at IS NULL`;
  if (!row) throw employeeNotFound();
  const { total, used, pending } = row;
  return { employee_id: employeeId, year, total, used, pending, remaining: total - used };
}
