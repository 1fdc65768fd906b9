// P2: the plan PostgreSQL uses for the week query of GET /api/shifts. The SQL
// is the one of lib/server/shifts/find-shifts.ts with the week's dates.
export async function explainWeekQuery(client, { start, end }) {
  const { rows } = await client.query(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
     SELECT s.id, s.employee_id, s.location_id,
            to_char(s.shift_date, 'YYYY-MM-DD') AS shift_date,
            to_char(s.start_time, 'HH24:MI') AS start_time,
            to_char(s.end_time, 'HH24:MI') AS end_time,
            s.is_custom, s.custom_name,
            CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.last_name END AS employee_name,
            l.name AS location_name, l.color::text AS location_color
     FROM shifts s
     JOIN locations l ON l.id = s.location_id
     LEFT JOIN employees e ON e.id = s.employee_id
     WHERE s.shift_date >= $1::date AND s.shift_date <= $2::date
     ORDER BY s.shift_date, s.start_time, s.id`,
    [start, end],
  );
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
