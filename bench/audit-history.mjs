// @ts-check
// P14: the history (docs/PRODUCT-RULES.md §27.5) at 1 M audit rows. Fills audit_log set-based with a realistic mix
// of actions, users and dates over three years, prints EXPLAIN (ANALYZE, BUFFERS) of the page query of
// lib/server/audit/find-audit.ts for page 1, a deep page and each filter, and measures GET /api/audit (p50 of single
// requests) for the first and a deep page. Run alone with `node bench/audit-history.mjs` (after `npm run build`), or
// as part of `npm run bench`.
import { apiLogin } from "./lib/api.mjs";
import { median } from "./lib/server.mjs";

export const AUDIT_ROWS = 1_000_000;
const STAFF = 80;
const PLANNERS = 12;

/**
 * The page query of findAudit (lib/server/audit/find-audit.ts) with `where` spliced in: the bench checks that its
 * first page has the ids the API answered, so a change there cannot leave an outdated plan here.
 * @param {string} where conditions, each starting with AND, on `a`
 * @param {number} limit
 */
const pageQuery = (where, limit) => `
  WITH page AS (
    SELECT a.id, a.created_at, a.user_id, a.username, a.action, a.entity_type, a.entity_id, a.details
    FROM audit_log a
    WHERE TRUE ${where}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${limit + 1}
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

const MANAGER_KINDS = "AND audit_kind(a.action) = ANY (ARRAY['shifts', 'vacations', 'unavailability']::text[])";

/**
 * 1 M audit rows over the three years before now, oldest first (ids and times rise together, as in real use): about
 * half shift writes (with before/after snapshots), a quarter sign-ins and sign-outs, the rest vacations,
 * unavailability, applications, week copies, undos and master data; 12 planners write the plan, 80 staff sign in.
 * @param {import("pg").Client} client
 * @returns {Promise<{ seconds: number, plannerIds: number[] }>}
 */
export async function seedAuditLog(client) {
  const started = performance.now();
  const users = await client.query(
    `INSERT INTO users (username, password_hash, role, updated_at)
     SELECT 'verlauf-' || g, 'x', (CASE WHEN g <= $1::int THEN 'manager' ELSE 'user' END)::"Role", now()
     FROM generate_series(1, $1::int + $2::int) g RETURNING id, role::text`,
    [PLANNERS, STAFF],
  );
  const plannerIds = users.rows.filter((row) => row.role === "manager").map((row) => row.id);
  const staffIds = users.rows.filter((row) => row.role === "user").map((row) => row.id);
  const snapshot = (/** @type {string} */ start) =>
    `jsonb_build_object('employee_id', 1 + g % 60, 'employee_name', 'Anna Muster', 'location_id', 1 + g % 5,
       'location_name', 'Bahnhof', 'shift_date', (date '2024-01-01' + (g % 1000))::text, 'start_time', '${start}',
       'end_time', '17:00', 'break_minutes', 30, 'custom_name', null)`;
  await client.query(
    `INSERT INTO audit_log (user_id, username, action, entity_type, entity_id, details, ip, created_at)
     SELECT u.id, u.username, m.action, m.entity_type, 1 + g % 40000, m.details, '10.0.0.1',
            now() - interval '3 years' + (g::float8 / $1::int) * interval '3 years'
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 52 OR (g % 100 BETWEEN 70 AND 81)
                                     THEN ($2::int[])[1 + g % array_length($2::int[], 1)]
                                     ELSE ($3::int[])[1 + g % array_length($3::int[], 1)] END AS id) pick
     JOIN users u ON u.id = pick.id
     CROSS JOIN LATERAL (
       SELECT * FROM (VALUES
         (g % 100 < 30, 'shift.update', 'shift',
          jsonb_build_object('change_id', gen_random_uuid(), 'before', ${snapshot("09:00")},
                             'after', ${snapshot("10:00")})),
         (g % 100 BETWEEN 30 AND 44, 'shift.create', 'shift',
          jsonb_build_object('change_id', gen_random_uuid(), 'after', ${snapshot("09:00")})),
         (g % 100 BETWEEN 45 AND 49, 'shift.delete', 'shift',
          jsonb_build_object('change_id', gen_random_uuid(), 'before', ${snapshot("09:00")})),
         (g % 100 = 50, CASE WHEN g % 2 = 0 THEN 'shift.copy_week' ELSE 'change.undo' END, 'shift',
          jsonb_build_object('change_id', gen_random_uuid(), 'from_start_date', '2026-11-23',
                             'to_start_date', '2026-11-30', 'created', 21, 'opened', 2, 'shifts', 3)),
         (g % 100 = 51, 'shift_application.create', 'shift', jsonb_build_object('employee_id', 1 + g % 60)),
         (g % 100 BETWEEN 52 AND 67, CASE WHEN g % 3 = 0 THEN 'auth.logout' ELSE 'auth.login' END, 'user',
          jsonb_build_object('two_factor', g % 4 = 0)),
         (g % 100 BETWEEN 68 AND 69, 'auth.login_failed', 'user',
          jsonb_build_object('username', 'verlauf-x', 'reason', 'wrong_password')),
         (g % 100 BETWEEN 70 AND 75, (ARRAY['vacation.create', 'vacation.approve', 'vacation.reject',
                                            'vacation.update'])[1 + g % 4], 'vacation',
          jsonb_build_object('employee_id', 1 + g % 60, 'days', 1 + g % 5)),
         (g % 100 BETWEEN 76 AND 77, 'unavailability.create', 'unavailability',
          jsonb_build_object('employee_id', 1 + g % 60, 'start_date', '2026-12-02', 'end_date', '2026-12-02')),
         (g % 100 BETWEEN 78 AND 79, 'employee.update', 'employee', jsonb_build_object('changed', '["color"]'::jsonb)),
         (g % 100 = 80, 'location.update', 'location', jsonb_build_object('changed', '["name"]'::jsonb)),
         (g % 100 = 81, 'week_template.apply', 'week_template',
          jsonb_build_object('week_start', '2026-11-30', 'shifts_created', 14)),
         (g % 100 BETWEEN 82 AND 99, 'vacation.request', 'vacation',
          jsonb_build_object('employee_id', 1 + g % 60, 'days', 2))
       ) AS choice(hit, action, entity_type, details)
       WHERE hit
     ) m`,
    [AUDIT_ROWS, plannerIds, staffIds],
  );
  await client.query("ANALYZE audit_log");
  await client.query("CHECKPOINT");
  return { seconds: (performance.now() - started) / 1000, plannerIds };
}

/**
 * @param {import("pg").Client} client
 * @param {string} where
 * @param {number} [limit]
 */
async function explain(client, where, limit = 50) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${pageQuery(where, limit)}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

const PEOPLE_QUERY = (/** @type {string} */ kinds) => `
  SELECT u.id, u.username FROM users u
  WHERE EXISTS (SELECT 1 FROM audit_log a WHERE a.user_id = u.id ${kinds})
  ORDER BY u.username COLLATE "de-CH-x-icu", u.id`;

/**
 * p50 of `rounds` single requests, one after the other.
 * @param {string} url
 * @param {string} token
 * @param {number} rounds
 */
async function p50(url, token, rounds = 40) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < rounds + 5; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if (i >= 5) times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Fills the log, then the timings and the plans.
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 * @param {{ username: string, password: string }} admin
 */
export async function benchAuditHistory(client, baseUrl, admin) {
  const { seconds, plannerIds } = await seedAuditLog(client);
  const {
    rows: [{ count }],
  } = await client.query("SELECT count(*)::int AS count FROM audit_log");
  // The deep page: the cursor of a row 900,000 rows back (about 2.7 years ago).
  const {
    rows: [deep],
  } = await client.query(
    `SELECT id, created_at, (extract(epoch FROM created_at) * 1000)::bigint AS ms
     FROM audit_log ORDER BY created_at DESC, id DESC OFFSET 900000 LIMIT 1`,
  );
  const cursor = `${deep.ms}_${deep.id}`;
  const at = `'${deep.created_at.toISOString()}'::timestamptz`;
  const { accessToken } = await apiLogin(baseUrl, admin);
  const first = await fetch(`${baseUrl}/api/audit?limit=50`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const answer = await first.json();
  const { rows: mine } = await client.query(pageQuery("", 50));
  const apiIds = answer.entries.map((/** @type {{ id: number }} */ entry) => entry.id).join(",");
  if (
    mine
      .slice(0, 50)
      .map((row) => row.id)
      .join(",") !== apiIds
  ) {
    throw new Error("bench/audit-history.mjs: the query differs from lib/server/audit/find-audit.ts: update it");
  }
  const firstP50 = await p50(`${baseUrl}/api/audit?limit=50`, accessToken);
  const deepP50 = await p50(`${baseUrl}/api/audit?limit=50&cursor=${cursor}`, accessToken);
  const kindP50 = await p50(`${baseUrl}/api/audit?limit=50&kind=master_data&cursor=${cursor}`, accessToken);

  const planner = plannerIds[0];
  const period =
    "AND a.created_at >= (now() - interval '2 years')::date AND a.created_at < (now() - interval '23 months')::date";
  /** @type {[string, string][]} */
  const cases = [
    ["Page 1, admin (no filter)", ""],
    [`Deep page, admin: cursor 900,000 rows back`, `AND (a.created_at, a.id) < (${at}, ${deep.id})`],
    ["Page 1, manager (shifts, vacations, unavailability: the partial index)", MANAGER_KINDS],
    [`Deep page, manager`, `${MANAGER_KINDS} AND (a.created_at, a.id) < (${at}, ${deep.id})`],
    ["Kind: sign_ins (admin)", "AND audit_kind(a.action) = 'sign_ins'"],
    [
      "Kind: master_data (admin; 3 % of the rows), deep",
      `AND audit_kind(a.action) = 'master_data' AND (a.created_at, a.id) < (${at}, ${deep.id})`,
    ],
    ["Person (a planner)", `AND a.user_id = ${planner}`],
    ["Person and kind (a planner's vacations)", `AND audit_kind(a.action) = 'vacations' AND a.user_id = ${planner}`],
    ["Period: one month two years back", period],
    ["Period and kind (vacations)", `AND audit_kind(a.action) = 'vacations' ${period}`],
    ["Period, manager", `${MANAGER_KINDS} ${period}`],
  ];
  const details = [
    `## P14: the history on ${count.toLocaleString("en")} audit rows`,
    "",
    `Filled in ${seconds.toFixed(0)} s (set-based SQL, \`bench/audit-history.mjs\`). Plans of the page query of ` +
      "`GET /api/audit` (`lib/server/audit/find-audit.ts`, 50 entries) for each filter it offers:",
    "",
  ];
  for (const [title, where] of cases) {
    details.push(`### ${title}`, "", "```", await explain(client, where), "```", "");
  }
  for (const [title, kinds] of [
    ["Person filter (`GET /api/audit/people`), admin", ""],
    ["Person filter, manager", MANAGER_KINDS],
  ]) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${PEOPLE_QUERY(kinds)}`);
    details.push(`### ${title}`, "", "```", rows.map((row) => row["QUERY PLAN"]).join("\n"), "```", "");
  }
  return { count, seconds, firstP50, deepP50, kindP50, details };
}

// Alone: `node bench/audit-history.mjs` starts the bench server on a data directory of its own (BENCH_PORT,
// BENCH_PG_PORT), measures, prints the figures and the plans.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await import("node:path");
  const pg = (await import("pg")).default;
  const { ROOT } = await import("../scripts/lib/database.mjs");
  const { BENCH_ADMIN, startBenchServer } = await import("./lib/server.mjs");
  const server = await startBenchServer({ dataDir: path.join(ROOT, ".data-bench-history") });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const result = await benchAuditHistory(client, server.baseUrl, BENCH_ADMIN);
    console.log(result.details.join("\n"));
    console.log(
      `P14: ${result.count} rows filled in ${result.seconds.toFixed(0)} s; GET /api/audit p50: first page ` +
        `${result.firstP50.toFixed(1)} ms, deep page ${result.deepP50.toFixed(1)} ms, ` +
        `rare kind deep ${result.kindP50.toFixed(1)} ms`,
    );
  } finally {
    await client.end();
    await server.stop();
  }
}
