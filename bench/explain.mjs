// @ts-check
// P2: the plan PostgreSQL uses for the week query of GET /api/shifts. The SQL
// is the one of lib/server/shifts/find-shifts.ts (shiftsJson) with the week's
// dates; the bench checks that it gives exactly the API's answer, so a change
// of the query there cannot leave an outdated plan here.
const WEEK_QUERY = `
  SELECT coalesce(json_agg(r ORDER BY r.shift_date, r.start_time, r.id), '[]')::text AS json
  FROM (
    SELECT s.id, s.employee_id, s.location_id, s.shift_date,
           left(s.start_time::text, 5) AS start_time, left(s.end_time::text, 5) AS end_time,
           s.break_minutes, s.is_custom, s.custom_name,
           CASE WHEN s.end_time = s.start_time THEN 0
             ELSE ((((extract(epoch FROM s.end_time - s.start_time)::int / 60) + 1440) % 1440)
                   - s.break_minutes)::float8 / 60
             END AS hours,
           (SELECT e.first_name || ' ' || e.last_name FROM employees e WHERE e.id = s.employee_id) AS employee_name,
           l.name AS location_name, l.color::text AS location_color
    FROM shifts s
    JOIN LATERAL (SELECT name, color FROM locations WHERE id = s.location_id) l ON true
    WHERE s.shift_date >= $1::date AND s.shift_date <= $2::date
  ) r`;

/**
 * EXPLAIN ANALYZE of the week query, after checking that it answers what the API answered.
 * @param {import("pg").Client} client
 * @param {{ start: string, end: string }} week YYYY-MM-DD
 * @param {unknown} apiAnswer GET /api/shifts for that week
 * @returns {Promise<string>} the plan, one line per row
 */
export async function explainWeekQuery(client, { start, end }, apiAnswer) {
  const {
    rows: [{ json }],
  } = await client.query(WEEK_QUERY, [start, end]);
  if (JSON.stringify(JSON.parse(json)) !== JSON.stringify(apiAnswer)) {
    throw new Error(
      "bench/explain.mjs: the query differs from GET /api/shifts (lib/server/shifts/find-shifts.ts): update WEEK_QUERY",
    );
  }
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${WEEK_QUERY}`, [start, end]);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
