// @ts-check
// Set-based generators for benchmark data, straight into PostgreSQL.
import pg from "pg";

/** @typedef {{ locationIds: number[], employeeIds: number[] }} Staff the ids a seed created */

/** @param {string} url */
export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * `employees` employees spread over `locations` locations, each working
 * Monday to Friday of every week from `start` to `end` (8-hour shifts, a few
 * overnight ones and unassigned ones among them). Returns the ids created.
 * @param {import("pg").Client} client
 * @param {{ tag: string, employees: number, locations: number, start: string, end: string }} options
 *   `tag` marks the names; `start` and `end` are YYYY-MM-DD
 * @returns {Promise<Staff>}
 */
export async function seedStaff(client, { tag, employees, locations, start, end }) {
  await client.query("BEGIN");
  const loc = await client.query(
    `INSERT INTO locations (name, color, updated_at)
     SELECT $1 || ' Filiale ' || g,
            (ARRAY['#3B82F6','#EF4444','#10B981','#F59E0B','#8B5CF6',
                   '#EC4899','#06B6D4','#84CC16','#F97316','#6366F1'])[1 + g % 10],
            now()
     FROM generate_series(1, $2) g RETURNING id`,
    [tag, locations],
  );
  const emp = await client.query(
    `INSERT INTO employees (first_name, last_name, weekly_hours, vacation_days_total, is_hourly, updated_at)
     SELECT (ARRAY['Ayşe','Łukasz','Anna','Luca','Mia','Noah','Lea','Elias','Şule','Jan'])[1 + g % 10],
            (ARRAY['Şahin','Ağaoğlu','Müller','Meier','Schmid',
                   'Keller','Weber','Huber','Nowak','Brunner'])[1 + (g / 10) % 10] || ' ' || $1 || g,
            40, 25, g % 9 = 0, now()
     FROM generate_series(1, $2) g RETURNING id`,
    [tag, employees],
  );
  /** @type {number[]} */
  const locationIds = loc.rows.map((r) => r.id);
  /** @type {number[]} */
  const employeeIds = emp.rows.map((r) => r.id);
  await client.query(
    `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, updated_at)
     SELECT CASE WHEN (e.n + d.day_no) % 23 = 0 THEN NULL ELSE e.id END,
            ($3::int[])[1 + e.n % array_length($3::int[], 1)],
            d.day,
            CASE WHEN e.n % 17 = 0 THEN time '22:00' ELSE time '06:00' + ((e.n % 4) * interval '2 hours') END,
            CASE WHEN e.n % 17 = 0 THEN time '06:00' ELSE time '14:00' + ((e.n % 4) * interval '2 hours') END,
            now()
     FROM unnest($4::int[]) WITH ORDINALITY AS e(id, n)
     CROSS JOIN LATERAL (
       SELECT day::date, row_number() OVER () AS day_no FROM generate_series($1::date, $2::date, interval '1 day') day
       WHERE extract(isodow FROM day) < 6
     ) d`,
    [start, end, locationIds, employeeIds],
  );
  await client.query("COMMIT");
  return { locationIds, employeeIds };
}

/**
 * Takes a data set out of lists (as the API's DELETE would), keeping its past shifts.
 * @param {import("pg").Client} client
 * @param {Staff} staff
 */
export async function archive(client, { locationIds, employeeIds }) {
  await client.query("UPDATE locations SET archived_at = now() WHERE id = ANY($1)", [locationIds]);
  await client.query("UPDATE employees SET archived_at = now() WHERE id = ANY($1)", [employeeIds]);
}
