import "server-only";
import { db } from "@/lib/server/db/client";
import type { WeekPublicationDto } from "@/lib/shared/schemas/publication";

type Range = { start_date: string; end_date: string };

/**
 * What of a range the planner has not published yet (docs/PRODUCT-RULES.md §33.3): "3 Änderungen nicht
 * veröffentlicht" counts every shift of the range whose draft differs from its published copy (new, changed, moved
 * in or out, deleted); the chips marked are the draft's shifts among them. Both sides of the range are read from
 * their week indexes. While publishing is off there is nothing to publish.
 */
export async function findWeekPublication(range: Range): Promise<WeekPublicationDto> {
  const [row] = await db.$queryRaw<[{ publishing: boolean; unpublished: number; changed: number[] }]>`
    WITH draft AS (
      SELECT id, employee_id, location_id, shift_date, start_time, end_time, break_minutes, is_custom, custom_name
      FROM shifts WHERE shift_date BETWEEN ${range.start_date}::date AND ${range.end_date}::date
    ), published AS (
      SELECT id, employee_id, location_id, shift_date, start_time, end_time, break_minutes, is_custom, custom_name
      FROM published_shifts WHERE shift_date BETWEEN ${range.start_date}::date AND ${range.end_date}::date
    ), setting AS (
      SELECT coalesce((SELECT publishing FROM company_settings WHERE id = 1), true) AS publishing
    ), differing AS (
      SELECT d.id AS draft_id
      FROM draft d FULL JOIN published p ON p.id = d.id
      WHERE (SELECT publishing FROM setting)
        AND (d.id IS NULL OR p.id IS NULL
             OR (d.employee_id, d.location_id, d.shift_date, d.start_time, d.end_time, d.break_minutes, d.is_custom,
                 d.custom_name)
                IS DISTINCT FROM
                (p.employee_id, p.location_id, p.shift_date, p.start_time, p.end_time, p.break_minutes, p.is_custom,
                 p.custom_name))
    )
    SELECT (SELECT publishing FROM setting) AS publishing, (SELECT count(*)::int FROM differing) AS unpublished,
           coalesce((SELECT array_agg(draft_id ORDER BY draft_id) FROM differing WHERE draft_id IS NOT NULL),
                    '{}') AS changed`;
  return { publishing: row.publishing, unpublished: row.unpublished, changed_shift_ids: row.changed };
}
