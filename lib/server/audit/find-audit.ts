import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { config } from "@/lib/server/config";
import { db } from "@/lib/server/db/client";
import type { AuditPage } from "@/lib/shared/api-types";
import { auditKindsFor, AUDIT_KINDS, PLANNER_KINDS, type AuditKind } from "@/lib/shared/audit-kinds";
import type { Role } from "@/lib/shared/roles";
import { AUDIT_CURSOR, AUDIT_KIND_UNKNOWN, type AuditQuery } from "@/lib/shared/schemas/audit";
import { auditWeek, describeAudit, type DescribableAudit } from "./describe-audit";

export type FindAuditOptions = { query: AuditQuery; role: Role };

type Row = {
  id: number;
  created_at: Date;
  user_id: number | null;
  username: string | null;
  action: string;
  kind: AuditKind;
  entity_type: string | null;
  entity_id: number | null;
  details: unknown;
  employee_name: string | null;
  location_name: string | null;
  target_username: string | null;
  template_name: string | null;
  shift_date: string | null;
  shift_location: string | null;
  vacation_start: string | null;
  vacation_end: string | null;
};

/** PLANNER_KINDS as the partial index's predicate lists them: `'shifts', 'vacations', 'unavailability'`. */
const PLANNER_KINDS_SQL = PLANNER_KINDS.map((kind) => `'${kind}'`).join(", ");

/**
 * The kinds a role sees, as the SQL condition the indexes of the migration 20261126000200_audit_history were built
 * for: a manager's unfiltered view is written exactly like the partial index's predicate, so the planner proves it.
 */
function kindCondition(role: Role, kind: AuditKind | undefined): Prisma.Sql {
  const visible = auditKindsFor(role);
  if (kind !== undefined) {
    // A kind the caller may not see does not exist for them: 400, as for an unknown one (§27.5).
    if (!visible.includes(kind)) {
      throw new ApiError("validation_failed", AUDIT_KIND_UNKNOWN, { fields: { kind: AUDIT_KIND_UNKNOWN } });
    }
    return Prisma.sql`AND audit_kind(a.action) = ${kind}`;
  }
  if (visible.length === AUDIT_KINDS.length) return Prisma.empty;
  if (visible !== PLANNER_KINDS) throw new ApiError("forbidden");
  return Prisma.raw(`AND audit_kind(a.action) = ANY (ARRAY[${PLANNER_KINDS_SQL}]::text[])`);
}

function cursorCondition(cursor: string | undefined): Prisma.Sql {
  const match = cursor === undefined ? null : AUDIT_CURSOR.exec(cursor);
  if (!match) return Prisma.empty;
  const at = new Date(Number(match[1]));
  if (Number.isNaN(at.getTime())) throw new ApiError("validation_failed", "Ungültiger Cursor");
  // An ISO string keeps the milliseconds exact (created_at is timestamptz(3)); a float of seconds would not.
  return Prisma.sql`AND (a.created_at, a.id) < (${at.toISOString()}::timestamptz, ${Number(match[2])}::int)`;
}

/** from/to are whole days of the business's time zone (APP_TIMEZONE), to inclusive. */
function periodCondition(from: string | undefined, to: string | undefined): Prisma.Sql {
  const zone = config.timeZone;
  const parts: Prisma.Sql[] = [];
  if (from) parts.push(Prisma.sql`AND a.created_at >= (${from}::date)::timestamp AT TIME ZONE ${zone}`);
  if (to) parts.push(Prisma.sql`AND a.created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${zone}`);
  return parts.length > 0 ? Prisma.join(parts, " ") : Prisma.empty;
}

const cursorOf = (row: Row) => `${row.created_at.getTime()}_${row.id}`;

/**
 * One page of the history (docs/PRODUCT-RULES.md §27.5), newest first by (created_at, id), in one SQL statement: the
 * page is cut by an index in that order, then the names its sentences need are joined by id (no query per row).
 */
export async function findAudit({ query, role }: FindAuditOptions): Promise<AuditPage> {
  const where = Prisma.sql`
    ${kindCondition(role, query.kind)}
    ${query.user_id === undefined ? Prisma.empty : Prisma.sql`AND a.user_id = ${query.user_id}`}
    ${periodCondition(query.from, query.to)}
    ${cursorCondition(query.cursor)}`;
  const rows = await db.$queryRaw<Row[]>`
    WITH page AS (
      SELECT a.id, a.created_at, a.user_id, a.username, a.action, a.entity_type, a.entity_id, a.details
      FROM audit_log a
      WHERE TRUE ${where}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${query.limit + 1}
    )
    SELECT p.id, p.created_at, p.user_id, p.username, p.action, audit_kind(p.action) AS kind, p.entity_type,
           p.entity_id, p.details, e.first_name || ' ' || e.last_name AS employee_name, l.name AS location_name,
           tu.username AS target_username, t.name AS template_name, s.shift_date::text AS shift_date,
           sl.name AS shift_location, v.start_date::text AS vacation_start, v.end_date::text AS vacation_end
    FROM page p
    LEFT JOIN employees e ON e.id = CASE
      WHEN p.entity_type = 'employee' THEN p.entity_id
      WHEN p.details->>'employee_id' ~ '^[0-9]{1,9}$' THEN (p.details->>'employee_id')::int
    END
    LEFT JOIN locations l ON p.entity_type = 'location' AND l.id = p.entity_id
    LEFT JOIN users tu ON p.entity_type = 'user' AND tu.id = p.entity_id
    LEFT JOIN week_templates t ON p.entity_type = 'week_template' AND t.id = p.entity_id
    LEFT JOIN shifts s ON starts_with(p.action, 'shift_application.') AND s.id = p.entity_id
    LEFT JOIN locations sl ON sl.id = s.location_id
    LEFT JOIN vacations v ON p.entity_type = 'vacation' AND v.id = p.entity_id
    ORDER BY p.created_at DESC, p.id DESC`;
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => {
      const describable: DescribableAudit = {
        action: row.action,
        actor: row.username,
        entityType: row.entity_type,
        entityId: row.entity_id,
        details: row.details,
        names: {
          employee: row.employee_name,
          location: row.location_name,
          user: row.target_username,
          weekTemplate: row.template_name,
          shiftDate: row.shift_date,
          shiftLocation: row.shift_location,
          vacationStart: row.vacation_start,
          vacationEnd: row.vacation_end,
        },
      };
      return {
        id: row.id,
        at: row.created_at.toISOString(),
        user: row.user_id === null ? null : { id: row.user_id, username: row.username ?? `#${row.user_id}` },
        action: row.action,
        kind: row.kind,
        sentence: describeAudit(describable),
        entity_type: row.entity_type,
        entity_id: row.entity_id,
        week: auditWeek(describable),
      };
    }),
    next_cursor: rows.length > query.limit ? cursorOf(page[page.length - 1]) : null,
  };
}

export type FindAuditPeopleOptions = { role: Role };

/**
 * The users who appear in the role's history, for the person filter: one probe per user into an index that starts
 * with (kind,) user_id, not a scan of the log.
 */
export async function findAuditPeople({ role }: FindAuditPeopleOptions): Promise<{ id: number; username: string }[]> {
  return db.$queryRaw<{ id: number; username: string }[]>`
    SELECT u.id, u.username
    FROM users u
    WHERE EXISTS (SELECT 1 FROM audit_log a WHERE a.user_id = u.id ${kindCondition(role, undefined)})
    ORDER BY u.username COLLATE "de-CH-x-icu", u.id`;
}
