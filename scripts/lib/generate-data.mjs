// @ts-check
// Data generators, straight into PostgreSQL with set-based SQL (no row-by-row
// round trips): a small demo company for trying the app, and a large data set
// for benchmarks. Plain ESM so `npm run seed:demo` needs no TypeScript step.

/** @typedef {import("pg").Client} Client */

/**
 * Monday–Friday days from a to b, both included, as SQL (vacations store them).
 * @param {string} from SQL date expression
 * @param {string} to SQL date expression
 */
const WORKING_DAYS_SQL = (from, to) =>
  `(SELECT count(*) FROM generate_series(${from}, ${to}, interval '1 day') d
    WHERE extract(isodow FROM d) < 6)::smallint`;

// The days each vacation charges (docs/PRODUCT-RULES.md §22): generated data has no holiday region,
// so its Monday-Friday days, as the migration backfilled them.
const VACATION_DAYS_SQL = `INSERT INTO vacation_days (vacation_id, day)
  SELECT v.id, d.day::date FROM vacations v
  CROSS JOIN LATERAL generate_series(v.start_date, v.end_date, interval '1 day') AS d(day)
  WHERE extract(isodow FROM d.day) < 6
  ON CONFLICT DO NOTHING`;

const DEMO_LOCATIONS = [
  ["Café Bahnhof", "#3B82F6", "Bahnhofplatz 3, 8001 Zürich"],
  ["Bäckerei Altstadt", "#F59E0B", "Marktgasse 12, 3011 Bern"],
  ["Filiale Seefeld", "#10B981", "Seefeldstrasse 88, 8008 Zürich"],
];

// first, last, weekly hours, vacation days, hourly
const DEMO_EMPLOYEES = [
  ["Anna", "Müller", 42, 25, false],
  ["Luca", "Meier", 40, 25, false],
  ["Ayşe", "Şahin", 32, 20, false],
  ["Łukasz", "Nowak", 40, 20, false],
  ["Mia", "Ağaoğlu", 20, 20, false],
  ["Noah", "Keller", 40, 25, false],
  ["Lea", "Schmid", 24, 20, false],
  ["Elias", "Huber", 40, 25, false],
  ["Sofia", "Brunner", 16, 20, false],
  ["Jan", "Zürcher", 40, 22, false],
  ["Chiara", "Rossi", 30, 20, false],
  ["Dario", "Gashi", 0, 0, true],
  ["Nina", "Baumann", 0, 0, true],
  ["Timo", "Frei", 8, 20, false],
  ["Selin", "Yılmaz", 0, 0, true],
];

/**
 * A small, realistic company: 3 locations, 15 employees (three paid by the
 * hour), 8 weeks of shifts around `monday` (4 back, 4 ahead; morning and late
 * shifts, a few night and open ones), some vacations, two week templates.
 * @param {Client} client
 * @param {{ monday: string }} options `monday`: YYYY-MM-DD, the Monday of the current week
 * @returns {Promise<{ locations: number, employees: number }>} how many of each were created
 */
export async function generateDemo(client, { monday }) {
  await client.query("BEGIN");
  try {
    /** @type {number[]} */
    const locations = [];
    for (const [name, color, address] of DEMO_LOCATIONS) {
      const { rows } = await client.query(
        "INSERT INTO locations (name, color, address, updated_at) VALUES ($1, $2, $3, now()) RETURNING id",
        [name, color, address],
      );
      locations.push(rows[0].id);
    }
    /** @type {number[]} */
    const employees = [];
    for (const [first, last, hours, days, hourly] of DEMO_EMPLOYEES) {
      const { rows } = await client.query(
        `INSERT INTO employees (first_name, last_name, weekly_hours, vacation_days_total, is_hourly, updated_at)
         VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
        [first, last, hours, days, hourly],
      );
      employees.push(rows[0].id);
    }
    // Each employee works at "their" location (index % 3) on four or five days a
    // week, in one of three shift patterns with the legal break (30 minutes for
    // 7.5 to 8.5 hours); every 29th slot is left open.
    await client.query(
      `INSERT INTO shifts
         (employee_id, location_id, shift_date, start_time, end_time, break_minutes, is_custom, custom_name,
          updated_at)
       SELECT CASE WHEN (e.n * 7 + d.n) % 29 = 0 THEN NULL ELSE e.id END,
              ($2::int[])[1 + e.n % 3],
              d.day,
              (ARRAY[time '06:00', time '10:00', time '14:30'])[1 + (e.n + d.n / 7 + 30) % 3],
              (ARRAY[time '14:00', time '18:30', time '22:00'])[1 + (e.n + d.n / 7 + 30) % 3],
              30,
              d.n % 17 = 3 AND e.n % 5 = 0,
              CASE WHEN d.n % 17 = 3 AND e.n % 5 = 0 THEN 'Inventur' END,
              now()
       FROM unnest($3::int[]) WITH ORDINALITY AS e(id, n)
       CROSS JOIN LATERAL (
         SELECT ($1::date + g)::date AS day, g AS n FROM generate_series(-28, 27) g
       ) d
       WHERE extract(isodow FROM d.day) <= CASE WHEN e.n % 4 = 0 THEN 4 ELSE 5 END
         AND (e.n % 3 <> 0 OR extract(isodow FROM d.day) <> 3)`,
      [monday, locations, employees],
    );
    // Saturday at the bakery and a Friday night shift at the café.
    await client.query(
      `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, break_minutes, updated_at)
       SELECT NULL::int, $2::int, ($1::date + w * 7 + 5), time '07:00', time '13:00', 15, now()
         FROM generate_series(-4, 3) w
       UNION ALL
       SELECT $3, $4, ($1::date + w * 7 + 4), time '22:00', time '06:00', 30, now()
         FROM generate_series(-4, 3) w`,
      [monday, locations[1], employees[11], locations[0]],
    );
    await client.query(
      `INSERT INTO vacations (employee_id, start_date, end_date, days_count, notes, updated_at)
       SELECT v.employee_id, v.start_date, v.end_date, ${WORKING_DAYS_SQL("v.start_date", "v.end_date")}, v.notes, now()
       FROM (VALUES ($2::int, $1::date + 7, $1::date + 11, 'Herbstferien'),
                    ($3::int, $1::date + 21, $1::date + 25, NULL),
                    ($4::int, $1::date - 14, $1::date - 10, 'Umzug'),
                    ($5::int, $1::date + 2, $1::date + 3, NULL)) AS v(employee_id, start_date, end_date, notes)`,
      [monday, employees[0], employees[3], employees[5], employees[8]],
    );
    await client.query(VACATION_DAYS_SQL);
    // As recording them through the app does: nobody works on their vacation days (docs/PRODUCT-RULES.md §25).
    await client.query(
      `UPDATE shifts s SET employee_id = NULL
       FROM vacations v
       WHERE s.employee_id = ANY($1) AND s.employee_id = v.employee_id
         AND s.shift_date BETWEEN v.start_date AND v.end_date`,
      [employees],
    );
    /** @type {[name: string, description: string, days: number[]][]} */
    const templates = [
      ["Standardwoche", "Früh- und Spätschicht an allen Standorten, Montag bis Freitag", [1, 2, 3, 4, 5]],
      ["Wochenende", "Samstag und Sonntag in Café und Bäckerei", [6, 0]],
    ];
    for (const [name, description, days] of templates) {
      const { rows } = await client.query(
        "INSERT INTO week_templates (name, description, updated_at) VALUES ($1, $2, now()) RETURNING id",
        [name, description],
      );
      await client.query(
        `INSERT INTO week_template_shifts (template_id, day_of_week, location_id, start_time, end_time)
         SELECT $1, d, l, s.start_time, s.end_time
         FROM unnest($2::int[]) d CROSS JOIN unnest($3::int[]) l
         CROSS JOIN (VALUES (time '06:00', time '14:00'), (time '14:00', time '22:00')) AS s(start_time, end_time)`,
        [rows[0].id, days, days.includes(0) ? locations.slice(0, 2) : locations],
      );
    }
    await client.query("COMMIT");
    return { locations: locations.length, employees: employees.length };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/**
 * A large data set for benchmarks (issue budget: under two minutes): by
 * default 50 locations, 2,000 employees, 1,000,000 shifts from `from` on over
 * several years and 20,000 vacations. Employees work a share of the working
 * days, chosen by a hash so the spread is even but not regular.
 * @param {Client} client
 * @param {{ tag?: string, locations?: number, employees?: number, shifts?: number, vacations?: number,
 *   from?: string, years?: number }} [options] `tag` marks the names; `from` is the first day, YYYY-MM-DD
 * @returns {Promise<{ locationIds: number[], employeeIds: number[] }>}
 */
export async function generateLarge(
  client,
  {
    tag = "L",
    locations = 50,
    employees = 2000,
    shifts = 1_000_000,
    vacations = 20_000,
    from = "2023-01-02",
    years = 4,
  } = {},
) {
  await client.query("BEGIN");
  try {
    const loc = await client.query(
      `INSERT INTO locations (name, color, address, updated_at)
       SELECT $1 || ' Filiale ' || g,
              (ARRAY['#3B82F6','#EF4444','#10B981','#F59E0B','#8B5CF6',
                     '#EC4899','#06B6D4','#84CC16','#F97316','#6366F1'])[1 + g % 10],
              'Musterstrasse ' || g || ', 8000 Zürich', now()
       FROM generate_series(1, $2) g RETURNING id`,
      [tag, locations],
    );
    const emp = await client.query(
      `INSERT INTO employees (first_name, last_name, weekly_hours, vacation_days_total, is_hourly, updated_at)
       SELECT (ARRAY['Ayşe','Łukasz','Anna','Luca','Mia','Noah',
                     'Lea','Elias','Şule','Jan','Chiara','Dario'])[1 + g % 12],
              (ARRAY['Şahin','Ağaoğlu','Müller','Meier','Schmid','Keller',
                     'Weber','Huber','Nowak','Brunner','Rossi','Zürcher'])[1 + (g / 12) % 12] || ' ' || $1 || g,
              (ARRAY[40, 42, 32, 24, 20, 16])[1 + g % 6], 25, g % 9 = 0, now()
       FROM generate_series(1, $2) g RETURNING id`,
      [tag, employees],
    );
    /** @type {number[]} */
    const locationIds = loc.rows.map((r) => r.id);
    /** @type {number[]} */
    const employeeIds = emp.rows.map((r) => r.id);
    const { rows: span } = await client.query(
      `SELECT count(*)::int AS days
         FROM generate_series($1::date, $1::date + ($2 || ' years')::interval - interval '1 day', interval '1 day') d
        WHERE extract(isodow FROM d) < 6`,
      [from, years],
    );
    // The share of (employee, working day) pairs that get a shift, in per mille.
    const perMille = Math.min(1000, Math.ceil((shifts / (employees * span[0].days)) * 1000));
    await client.query(
      `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, updated_at)
       SELECT CASE WHEN h % 23 = 0 THEN NULL ELSE e.id END,
              ($4::int[])[1 + e.n % array_length($4::int[], 1)],
              d.day,
              (ARRAY[time '06:00', time '08:00', time '14:00', time '22:00'])[1 + (e.n + h) % 4],
              (ARRAY[time '14:00', time '16:30', time '22:00', time '06:00'])[1 + (e.n + h) % 4],
              now()
       FROM unnest($5::int[]) WITH ORDINALITY AS e(id, n)
       CROSS JOIN LATERAL (
         SELECT day::date
           FROM generate_series($1::date, $1::date + ($2 || ' years')::interval - interval '1 day',
                                interval '1 day') day
         WHERE extract(isodow FROM day) < 6
       ) d
       CROSS JOIN LATERAL (SELECT abs(hashint8(e.id::bigint * 100003 + (d.day - date '2000-01-01'))) AS h) r
       WHERE h % 1000 < $3
       LIMIT $6`,
      [from, years, perMille, locationIds, employeeIds, shifts],
    );
    // Vacations: per employee, one per slot of the period, so they never overlap.
    const perEmployee = Math.ceil(vacations / employees);
    await client.query(
      `INSERT INTO vacations (employee_id, start_date, end_date, days_count, updated_at)
       SELECT v.employee_id, v.start_date, v.end_date, ${WORKING_DAYS_SQL("v.start_date", "v.end_date")}, now()
       FROM (
         SELECT e.id AS employee_id, s.start_date, s.start_date + ((e.n + k) % 10)::int AS end_date
         FROM unnest($3::int[]) WITH ORDINALITY AS e(id, n)
         CROSS JOIN generate_series(0, $4 - 1) k
         CROSS JOIN LATERAL (SELECT $1::date + (k * (365 * $2::int / $4::int) + e.n % 20)::int AS start_date) s
         LIMIT $5
       ) v`,
      [from, years, employeeIds, perEmployee, vacations],
    );
    await client.query(VACATION_DAYS_SQL);
    await client.query("COMMIT");
    // As after any bulk load: statistics for the planner, and the visibility
    // map set now rather than by an autovacuum running beside the first users.
    await client.query("VACUUM (ANALYZE) shifts, vacations, vacation_days, unavailabilities, employees, locations");
    return { locationIds, employeeIds };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}
