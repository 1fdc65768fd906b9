// P2: the plan PostgreSQL uses for the week query of GET /api/shifts. The SQL
// is the one of lib/server/shifts/find-shifts.ts (shiftsJson) with the week's dates.
export async function explainWeekQuery(client, { start, end }) {
  const { rows } = await client.query(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
     SELECT coalesce(json_agg(json_build_object(
              'id', s.id, 'employee_id', s.employee_id, 'location_id', s.location_id,
              'shift_date', to_char(s.shift_date, 'YYYY-MM-DD'),
              'start_time', to_char(s.start_time, 'HH24:MI'),
              'end_time', to_char(s.end_time, 'HH24:MI'),
              'break_minutes', 0, 'is_custom', s.is_custom, 'custom_name', s.custom_name,
              'hours', CASE WHEN s.end_time = s.start_time THEN 0
                ELSE (((extract(epoch FROM s.end_time - s.start_time)::int / 60) + 1440) % 1440)::float8 / 60 END,
              'employee_name', CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.last_name END,
              'location_name', l.name, 'location_color', l.color::text
            ) ORDER BY s.shift_date, s.start_time, s.id), '[]')::text AS json
     FROM shifts s
     JOIN locations l ON l.id = s.location_id
     LEFT JOIN employees e ON e.id = s.employee_id
     WHERE s.shift_date >= $1::date AND s.shift_date <= $2::date`,
    [start, end],
  );
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
