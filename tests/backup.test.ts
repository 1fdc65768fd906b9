import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { backupDatabase, BackupError, codeMigrations, restoreDatabase, verifyBackup } from "../scripts/lib/backup.mjs";
import { createDatabaseIfMissing, migrateDeploy } from "../scripts/lib/database.mjs";

// These tests wipe whole databases, so they get their own two on the test
// server. The app code that fills them (route handlers) must write there too:
// DATABASE_URL is pointed at ours before any app module is imported, which
// happens only through the dynamic imports in beforeAll.
function databaseNamed(name: string) {
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}
const url = databaseNamed("schichtwerk_backup");
const copyUrl = databaseNamed("schichtwerk_backup_copy");
process.env.DATABASE_URL = url;

let dir = "";
let file = "";
const pools: pg.Pool[] = [];
function pool(connectionString: string) {
  const created = new pg.Pool({ connectionString, max: 3 });
  pools.push(created);
  return created;
}
let sql: pg.Pool;
/** The database as the first test backed it up into `file`. */
let backedUp: Record<string, string[]> = {};

/** Every row of every table of the schema (record text, so jsonb null ≠ SQL NULL) and every sequence's state. */
async function snapshot(connectionString = url) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'");
    const tables = (
      await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
    ).rows.map((r) => r.tablename as string);
    const result: Record<string, string[]> = {};
    for (const table of tables) {
      const { rows } = await client.query(`SELECT t::text AS r FROM "${table}" t`);
      result[table] = rows.map((r) => r.r as string).sort();
    }
    // The schema too: restore replays the migrations and relaxes the foreign keys while loading.
    const schema = await client.query(`
      SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
                 || ' ' || condeferrable || condeferred AS d
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
      UNION ALL SELECT tgrelid::regclass::text || ' '
                       || coalesce((SELECT conname FROM pg_constraint c WHERE c.oid = tgconstraint), tgname)
                       || ' ' || tgenabled::text || ' ' || tgdeferrable || tginitdeferred
        FROM pg_trigger WHERE tgrelid::regclass::text NOT LIKE 'pg_%'`);
    result["schema"] = schema.rows.map((r) => r.d as string).sort();
    const sequences = (
      await client.query("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename")
    ).rows;
    for (const { sequencename } of sequences) {
      const { rows } = await client.query(
        `SELECT last_value::text || ' ' || is_called::text AS s FROM "${sequencename}"`,
      );
      result[`sequence ${sequencename}`] = [rows[0].s];
    }
    return result;
  } finally {
    await client.end();
  }
}

/** Rewrites a backup's text and recomputes its checksum, as a forger (or a bug) would. */
async function rewrite(source: string, target: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(await readFile(source))
    .toString("utf8")
    .split("\n");
  lines.pop(); // after the last "\n"
  lines.pop(); // the trailer
  const body = change(lines)
    .map((line) => line + "\n")
    .join("");
  const trailer = JSON.stringify({ end: true, sha256: createHash("sha256").update(body).digest("hex") }) + "\n";
  await writeFile(target, gzipSync(body + trailer));
}

/** Fills the database the way the app does (route handlers), plus values that are hard to round-trip. */
async function fill() {
  const { call, createUser, loginAs } = await import("@/tests/support/api");
  const employees = await import("@/app/api/employees/route");
  const employee = await import("@/app/api/employees/[id]/route");
  const locations = await import("@/app/api/locations/route");
  const shifts = await import("@/app/api/shifts/route");
  const vacations = await import("@/app/api/vacations/route");
  const templates = await import("@/app/api/week-templates/route");
  const refresh = await import("@/app/api/auth/refresh/route");
  const setup2fa = await import("@/app/api/auth/setup-2fa/route");

  const { user, token } = await createUser("admin");
  const session = await loginAs(user.username);
  // A rotation: refresh_tokens.replaced_by_id points at a newer row of the same table.
  await call(refresh.POST, { body: { refreshToken: session.refreshToken } });
  // An encrypted pending TOTP secret in users.
  expect((await call(setup2fa.POST, { token })).status).toBe(200);

  const location = await call(locations.POST, {
    token,
    body: { name: "Café Zürich", color: "#EF4444", address: "Bahnhofstrasse 1\n8001 Zürich" },
  });
  const names = [
    ["Łukasz", "Nowak"],
    ["Ayşe", "Şahin"],
    ['Tab\tund "Quote"', "Back\\slash"],
    ["Emoji 🙂", "O'Brien"],
  ];
  const ids: number[] = [];
  for (const [first, last] of names) {
    const res = await call(employees.POST, {
      token,
      body: { first_name: first, last_name: last, weekly_hours: 37.5, vacation_days_total: 22.5, is_hourly: false },
    });
    expect(res.status).toBe(201);
    ids.push(res.json.id as number);
  }
  for (const [index, id] of ids.entries()) {
    const res = await call(shifts.POST, {
      token,
      body: {
        employee_id: id,
        location_id: location.json.id,
        shift_date: `2031-05-0${index + 1}`,
        start_time: "22:00",
        end_time: "06:30",
      },
    });
    expect(res.status).toBe(201);
  }
  expect(
    (
      await call(vacations.POST, {
        token,
        body: { employee_id: ids[0], start_date: "2031-07-07", end_date: "2031-07-18", notes: "Sommer" },
      })
    ).status,
  ).toBe(201);
  const template = await call(templates.POST, {
    token,
    body: {
      name: "Woche",
      description: null,
      shifts: [{ day_of_week: 1, location_id: location.json.id, start_time: "08:00", end_time: "12:00" }],
    },
  });
  expect(template.status).toBe(201);
  // Archived: a timestamp column with a value; a removed row: sequence ahead of max(id).
  expect((await call(employee.DELETE, { token, params: { id: String(ids[3]) } })).status).toBeLessThan(300);
  const extra = await sql.query("INSERT INTO locations (name, updated_at) VALUES ('weg', now()) RETURNING id");
  await sql.query("DELETE FROM locations WHERE id = $1", [extra.rows[0].id]);
  // Time recording (docs/PRODUCT-RULES.md §32.1): its triggers refuse deleting entries and changing revisions, and
  // one entry per employee may run; a backup holds them and a restore brings them back with their triggers on.
  const entry = await sql.query(
    `INSERT INTO time_entries (employee_id, location_id, date, start_at, end_at, source, status, note, updated_at)
     VALUES ($1, $2, '2031-05-01', '2031-05-01 06:00+00', '2031-05-01 14:00+00', 'manager', 'recorded', 'Ä', now())
     RETURNING id`,
    [ids[0], location.json.id],
  );
  await sql.query(
    `INSERT INTO time_entries (employee_id, location_id, date, start_at, source, status, updated_at)
     VALUES ($1, $2, '2031-05-02', '2031-05-02 06:00+00', 'app', 'running', now())`,
    [ids[1], location.json.id],
  );
  await sql.query(
    `INSERT INTO time_breaks (entry_id, start_at, end_at) VALUES ($1, '2031-05-01 10:00+00', '2031-05-01 10:30+00')`,
    [entry.rows[0].id],
  );
  const correction = await sql.query(
    `INSERT INTO time_corrections (entry_id, note, proposed_start_at) VALUES ($1, 'früher', '2031-05-01 05:45+00')
     RETURNING id`,
    [entry.rows[0].id],
  );
  await sql.query(
    `INSERT INTO time_entry_revisions (entry_id, changed_by_name, before, after, reason, correction_id)
     VALUES ($1, 'Chefin', NULL, '{"start_at": "2031-05-01T06:00:00.000Z", "breaks": []}', 'Nachtrag', $2)`,
    [entry.rows[0].id, correction.rows[0].id],
  );
  // jsonb: SQL NULL, JSON null, a JSON string and nested Unicode must all stay what they are.
  await sql.query(`INSERT INTO audit_log (action, details, created_at) VALUES
    ('test.sql-null', NULL, '2031-01-01 00:00:00.123+00'), ('test.json-null', 'null', now()),
    ('test.json-string', '"text"', now()), ('test.nested', '{"a": [1, 2.50, "ä\\n"], "b": {"c": null}}', now())`);
  return { token };
}

beforeAll(async () => {
  await createDatabaseIfMissing(url);
  await createDatabaseIfMissing(copyUrl);
  await migrateDeploy(url, { quiet: true });
  dir = await mkdtemp(path.join(tmpdir(), "schichtwerk-backup-test-"));
  file = path.join(dir, "full.backup");
  sql = pool(url);
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

// The tests run in order: the first one takes the backup (`file`, `backedUp`) the others restore or damage.
describe("backup and restore", () => {
  test("backup, wipe, restore: every row and every sequence is back; new rows get fresh ids", async () => {
    const { token } = await fill();
    const before = await snapshot();
    expect(before.refresh_tokens.length).toBe(3); // createUser's session, the login and its rotation
    expect(before.audit_log.length).toBeGreaterThan(8);

    const { counts } = await backupDatabase({ url, file });
    backedUp = before;
    expect(counts.employees).toBe(4);
    expect([counts.time_entries, counts.time_breaks, counts.time_entry_revisions, counts.time_corrections]).toEqual([
      2, 1, 1, 1,
    ]);
    expect(counts._prisma_migrations).toBe(codeMigrations().length);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    await sql.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
    const result = await restoreDatabase({ url, file });
    expect(result.after.employees).toBe(4);
    expect(await snapshot()).toEqual(before);

    // The app works on the restored data, and the next id is beyond every id ever handed out.
    const employees = await import("@/app/api/employees/route");
    const me = await import("@/app/api/auth/me/route");
    const { call } = await import("@/tests/support/api");
    // Enum types were dropped and created anew: the app's open connections must still read them.
    expect((await call(me.GET, { token })).json).toMatchObject({ role: "admin" });
    const listed = (await call(employees.GET, { token })).json as unknown as { first_name: string }[];
    expect(listed.map((e) => e.first_name)).toContain("Ayşe");
    const location = await sql.query("INSERT INTO locations (name, updated_at) VALUES ('neu', now()) RETURNING id");
    const [lastValue] = before["sequence locations_id_seq"][0].split(" ");
    expect(location.rows[0].id).toBe(Number(lastValue) + 1);
    await sql.query("DELETE FROM locations WHERE name = 'neu'");
  }, 90_000);

  test("a restore replaces whatever the database holds now, and says what was there", async () => {
    await sql.query("DELETE FROM shifts");
    await sql.query("INSERT INTO employees (first_name, last_name, updated_at) VALUES ('Neu', 'Hinzu', now())");
    const result = await restoreDatabase({ url, file });
    expect(result.before.shifts).toBe(0);
    expect(result.before.employees).toBe(5);
    // Sequences too: they are as they were at the backup.
    expect(await snapshot()).toEqual(backedUp);
  });

  test("a backup taken while writes run is one snapshot: related rows are all in it or all missing", async () => {
    // Enough rows between "employees" and "vacations" (tables are written in
    // name order) that the writer commits many pairs while the backup runs.
    await sql.query(`WITH l AS (INSERT INTO locations (name, updated_at) VALUES ('Lager', now()) RETURNING id)
      INSERT INTO shifts (location_id, shift_date, start_time, end_time, updated_at)
      SELECT (SELECT id FROM l), DATE '2030-01-01' + (i % 3000), TIME '08:00', TIME '12:00', now()
        FROM generate_series(1, 20000) i`);
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    let pairs = 0;
    let running = true;
    const writing = (async () => {
      while (running) {
        await writer.query(`WITH e AS (
            INSERT INTO employees (first_name, last_name, updated_at) VALUES ('Paar', 'Writer', now()) RETURNING id)
          INSERT INTO vacations (employee_id, start_date, end_date, days_count, notes, updated_at)
            SELECT id, '2032-01-05', '2032-01-05', 1, 'writer', now() FROM e`);
        pairs++;
      }
    })();
    try {
      while (pairs < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      const pairsAtStart = pairs;
      const concurrent = path.join(dir, "concurrent.backup");
      await backupDatabase({ url, file: concurrent });
      expect(pairs - pairsAtStart).toBeGreaterThan(0);

      await restoreDatabase({ url: copyUrl, file: concurrent });
      const copy = new pg.Client({ connectionString: copyUrl });
      await copy.connect();
      const { rows } =
        await copy.query(`SELECT (SELECT count(*) FROM employees WHERE last_name = 'Writer')::int AS employees,
        (SELECT count(*) FROM vacations WHERE notes = 'writer')::int AS vacations`);
      await copy.end();
      expect(rows[0].employees).toBeGreaterThanOrEqual(pairsAtStart);
      expect(rows[0].vacations).toBe(rows[0].employees);
    } finally {
      running = false;
      await writing;
      await writer.end();
    }
  }, 90_000);

  test("a damaged or foreign file is refused before anything is touched", async () => {
    const before = await snapshot();
    const bytes = await readFile(file);
    const cases: [string, (target: string) => Promise<void>, RegExp][] = [
      [
        "truncated",
        (t) => writeFile(t, bytes.subarray(0, Math.floor(bytes.length / 2))),
        /beschädigt oder unvollständig/,
      ],
      [
        "cut before its trailer",
        (t) => rewrite(file, t, (lines) => lines).then(() => truncateTrailer(t)),
        /beschädigt oder unvollständig/,
      ],
      [
        "one byte flipped",
        (t) => writeFile(t, flip(bytes, Math.floor(bytes.length / 2))),
        /beschädigt oder unvollständig/,
      ],
      ["a row altered", (t) => alterRow(t), /Prüfsumme stimmt nicht/],
      [
        "a row removed, count kept",
        // Only the employee's row: the audit log names Łukasz too (a shift's snapshot), in a table of its own.
        (t) => rewrite(file, t, (lines) => withoutRowOf(lines, "employees", "Łukasz")),
        /3 Zeilen gelesen, 4 erwartet/,
      ],
      ["not gzip", (t) => writeFile(t, "id;name\n1;Anna\n"), /keine Schichtwerk-Sicherung/],
      ["gzip, but not a backup", (t) => writeFile(t, gzipSync('{"hello": "world"}\n')), /keine Schichtwerk-Sicherung/],
      ["empty", (t) => writeFile(t, gzipSync("")), /ist leer/],
    ];
    for (const [name, make, message] of cases) {
      const target = path.join(dir, `${name.replaceAll(/\W+/g, "-")}.backup`);
      await make(target);
      const error = await restoreDatabase({ url, file: target }).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(BackupError);
      expect((error as Error).message, name).toMatch(message);
    }
    await expect(restoreDatabase({ url, file: path.join(dir, "missing.backup") })).rejects.toThrow(/gibt es nicht/);
    expect(await snapshot()).toEqual(before);

    function withoutRowOf(lines: string[], table: string, text: string) {
      let current = "";
      return lines.filter((line) => {
        if (line.startsWith('{"table":')) current = (JSON.parse(line) as { table: string }).table;
        return !(current === table && line.includes(text));
      });
    }
    async function alterRow(target: string) {
      const original = gunzipSync(bytes).toString("utf8");
      await writeFile(target, gzipSync(original.replace("Łukasz", "Lukasz")));
    }
    async function truncateTrailer(target: string) {
      const text = gunzipSync(await readFile(target)).toString("utf8");
      await writeFile(target, gzipSync(text.slice(0, text.lastIndexOf('{"end"'))));
    }
  });

  test("data that breaks a foreign key fails inside the transaction and changes nothing", async () => {
    const before = await snapshot();
    const broken = path.join(dir, "broken-reference.backup");
    let inShifts = false;
    let changed = false;
    await rewrite(file, broken, (lines) =>
      lines.map((line) => {
        if (line === '{"table":"shifts"}') inShifts = true;
        if (inShifts && !changed && line.startsWith("[")) {
          changed = true;
          const values = JSON.parse(line) as (string | null)[];
          values[2] = "999999"; // location_id
          return JSON.stringify(values);
        }
        return line;
      }),
    );
    expect(changed).toBe(true);
    await verifyBackup(broken); // a sound file: only the database can tell
    await expect(restoreDatabase({ url, file: broken })).rejects.toThrow(/foreign key/);
    expect(await snapshot()).toEqual(before);
  });

  test("a backup of a newer version (unknown migration) is refused with a clear message", async () => {
    const before = await snapshot();
    const newer = path.join(dir, "newer.backup");
    await rewrite(file, newer, ([header, ...rest]) => {
      const parsed = JSON.parse(header);
      parsed.migrations.push({ name: "29991231000000_future", checksum: "0".repeat(64) });
      return [JSON.stringify(parsed), ...rest];
    });
    await expect(restoreDatabase({ url, file: newer })).rejects.toThrow(
      /neueren Schichtwerk-Version.*29991231000000_future.*update the app first/,
    );
    expect(await snapshot()).toEqual(before);
  });

  test("a backup older than the code is restored, then the newer migrations are applied", async () => {
    // The oldest possible backup: taken before any migration, so only Prisma's (empty) migrations table.
    const oldest = path.join(dir, "oldest.backup");
    await rewrite(file, oldest, ([header, ...rest]) => {
      const parsed = JSON.parse(header);
      const migrationsTable = parsed.tables.find((t: { name: string }) => t.name === "_prisma_migrations");
      const body = [JSON.stringify({ ...parsed, migrations: [], tables: [migrationsTable], sequences: [] })];
      body.push('{"table":"_prisma_migrations"}', '{"rows":0}');
      expect(rest.length).toBeGreaterThan(2);
      return body;
    });
    const messages: string[] = [];
    await restoreDatabase({ url, file: oldest, log: (message) => messages.push(message) });
    expect(messages.join("\n")).toMatch(
      new RegExp(`älter als diese Version: wende ${codeMigrations().length} neuere Migration`),
    );
    const { rows } = await sql.query(
      "SELECT (SELECT count(*) FROM employees)::int AS employees, " +
        "(SELECT array_agg(migration_name ORDER BY migration_name) FROM _prisma_migrations) AS migrations",
    );
    expect(rows[0]).toEqual({ employees: 0, migrations: codeMigrations() });
    // And the current backup goes back on top of it.
    await restoreDatabase({ url, file });
    expect((await snapshot())["employees"]).toEqual(backedUp["employees"]);
  });

  test("an ordinary database owner (no superuser, as on a managed PostgreSQL) can back up and restore", async () => {
    await sql.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'backup_owner') THEN
        CREATE ROLE backup_owner LOGIN PASSWORD 'backup-owner-pw' NOSUPERUSER NOCREATEDB NOCREATEROLE;
      END IF; END $$`);
    const owned = new URL(databaseNamed("schichtwerk_backup_owned"));
    if ((await sql.query("SELECT 1 FROM pg_database WHERE datname = 'schichtwerk_backup_owned'")).rowCount === 0) {
      await sql.query("CREATE DATABASE schichtwerk_backup_owned OWNER backup_owner");
    }
    owned.username = "backup_owner";
    owned.password = "backup-owner-pw";
    const ownedUrl = owned.toString();
    await migrateDeploy(ownedUrl, { quiet: true });
    const client = pool(ownedUrl);
    expect((await client.query("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")).rows[0].rolsuper).toBe(
      false,
    );
    await client.query("INSERT INTO employees (first_name, last_name, updated_at) VALUES ('Eigen', 'Tümer', now())");
    const before = await snapshot(ownedUrl);
    const ownedFile = path.join(dir, "owned.backup");
    await backupDatabase({ url: ownedUrl, file: ownedFile });
    await client.query("DELETE FROM employees");
    await restoreDatabase({ url: ownedUrl, file: ownedFile });
    expect(await snapshot(ownedUrl)).toEqual(before);
  }, 60_000);

  test("an empty, unmigrated database has nothing to back up", async () => {
    const empty = databaseNamed("schichtwerk_backup_unmigrated");
    await createDatabaseIfMissing(empty);
    await expect(backupDatabase({ url: empty, file: path.join(dir, "nothing.backup") })).rejects.toThrow(
      /keine Schichtwerk-Tabellen/,
    );
    await expect(stat(path.join(dir, "nothing.backup"))).rejects.toThrow();
    await expect(stat(path.join(dir, "nothing.backup.partial"))).rejects.toThrow();
  });
});

function flip(bytes: Buffer, at: number) {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0xff;
  return copy;
}
