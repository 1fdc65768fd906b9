// @ts-check
// Backup and restore of the app's database into one file, with nothing but
// the `pg` driver. pg_dump is not an option for the default set-up: the
// embedded PostgreSQL ships only initdb, pg_ctl and postgres, and Debian's
// pg_dump 15 refuses to dump a 17 server.
//
// The file is gzip-compressed text, one JSON value per line:
//   1. a header: format, version, time, the applied migrations (name and
//      checksum), every table with its column list, every sequence's state;
//   2. per table, in header order: {"table": name}, one JSON array per row
//      (each value in PostgreSQL's own text form, or null, like COPY's text
//      format), {"rows": count};
//   3. a trailer {"end": true, "sha256": ...} over all bytes before it, so a
//      truncated or altered file is refused before the database is touched.
// Values travel as the server's text output and come back through the
// column type's input function, so every type round-trips exactly (jsonb
// `null` stays distinct from SQL NULL, numeric keeps its scale).
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, createGzip } from "node:zlib";
import pg from "pg";
import { migrateDeploy, ROOT } from "./database.mjs";

export const BACKUP_FORMAT = "schichtwerk-backup";
export const BACKUP_VERSION = 1;
const MIGRATIONS_TABLE = "_prisma_migrations";
const FETCH_ROWS = 2000;
const INSERT_BATCH_ROWS = 2000;
const INSERT_BATCH_BYTES = 2 * 1024 * 1024;

/** A problem the user can act on; the CLI prints only its message. */
export class BackupError extends Error {}

/** @typedef {import("pg").Client} Client */
/** @typedef {import("./database.mjs").Log} Log */
/** @typedef {{ name: string, columns: string[] }} BackupTable */
/**
 * The first line of a backup file.
 * @typedef {object} BackupHeader
 * @property {string} format always BACKUP_FORMAT
 * @property {number} version BACKUP_VERSION of the code that wrote it
 * @property {string} createdAt ISO timestamp
 * @property {string} server PostgreSQL's server_version
 * @property {{ name: string, checksum: string | null }[]} migrations the applied ones, by name
 * @property {BackupTable[]} tables in the order of the file's sections
 * @property {{ name: string, lastValue: string, isCalled: boolean }[]} sequences
 */
/**
 * What readBackup yields, in file order; `line` is a row's JSON text.
 * @typedef {{ type: "header", header: BackupHeader }
 *   | { type: "table", table: BackupTable }
 *   | { type: "row", line: string }
 *   | { type: "tableEnd", table: BackupTable, rows: number }} BackupEvent
 */

// Fixed output formats, so the text written by one server is read back the
// same way by another whatever their configuration.
const SESSION_SETTINGS = [
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET TimeZone = 'UTC'",
  "SET extra_float_digits = 3",
  "SET bytea_output = 'hex'",
  "SET statement_timeout = 0",
  // Waiting for the app's locks is fine; waiting forever is not.
  "SET lock_timeout = '60s'",
].join("; ");

const ident = (/** @type {string} */ name) => `"${String(name).replaceAll('"', '""')}"`;

/**
 * Migration folder names of this code, in the order Prisma applies them.
 * @param {string} [migrationsDir]
 * @returns {string[]}
 */
export function codeMigrations(migrationsDir = path.join(ROOT, "prisma", "migrations")) {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(migrationsDir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

/**
 * A connection with the SESSION_SETTINGS applied.
 * @param {string} url
 */
async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(SESSION_SETTINGS);
  return client;
}

/**
 * Ordinary tables of the app's schema that no extension owns.
 * @param {Client} client
 * @returns {Promise<string[]>}
 */
async function appTables(client) {
  /** @type {import("pg").QueryResult<{ name: string }>} */
  const { rows } = await client.query(`
    SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY c.relname COLLATE "C"`);
  return rows.map((row) => row.name);
}

/**
 * The columns of `table` a backup holds (generated ones are left out), in table order.
 * @param {Client} client
 * @param {string} table
 */
async function tableColumns(client, table) {
  /** @type {import("pg").QueryResult<{ name: string, type: string }>} */
  const { rows } = await client.query(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a
      WHERE a.attrelid = to_regclass(quote_ident(current_schema()) || '.' || quote_ident($1))
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [table],
  );
  return rows;
}

/**
 * Sequences of the app's schema that no extension owns.
 * @param {Client} client
 * @returns {Promise<string[]>}
 */
async function schemaSequences(client) {
  /** @type {import("pg").QueryResult<{ name: string }>} */
  const { rows } = await client.query(`
    SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'S'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY c.relname COLLATE "C"`);
  return rows.map((row) => row.name);
}

/**
 * @param {Client} client
 * @param {string[]} tables
 */
async function rowCounts(client, tables) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const table of tables) {
    const { rows } = await client.query(`SELECT count(*)::bigint::text AS n FROM ${ident(table)}`);
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

/**
 * Writes a consistent backup of the database at `url` to `file`: every table
 * of the app's schema (the migrations table included) as one snapshot of a
 * REPEATABLE READ READ ONLY transaction, so rows written meanwhile are either
 * all in it or all missing. Written to `<file>.partial` and renamed at the
 * end, so a failed run never leaves a file that looks like a backup.
 * @param {{ url: string, file: string }} options
 * @returns {Promise<{ file: string, header: BackupHeader, counts: Record<string, number>, bytes: number }>}
 */
export async function backupDatabase({ url, file }) {
  const client = await connect(url);
  const partial = `${file}.partial`;
  try {
    const tables = await appTables(client);
    if (!tables.includes(MIGRATIONS_TABLE)) {
      throw new BackupError(
        "Die Datenbank enthält keine Schichtwerk-Tabellen (keine Migrationen angewandt); es gibt nichts zu sichern.",
      );
    }
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // LOCK takes no snapshot, so the snapshot of the first SELECT below is
    // taken with the locks held: no migration can change a table meanwhile.
    await client.query(`LOCK TABLE ${tables.map(ident).join(", ")} IN ACCESS SHARE MODE`);
    const tablesNow = await appTables(client);
    if (tablesNow.join() !== tables.join()) {
      throw new BackupError(
        "Die Tabellen der Datenbank haben sich während des Starts der Sicherung geändert (Migration?); " +
          "bitte erneut versuchen.",
      );
    }
    /** @type {BackupHeader} */
    const header = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      server: (await client.query("SHOW server_version")).rows[0].server_version,
      migrations: (
        await client.query(
          `SELECT migration_name AS name, checksum FROM ${MIGRATIONS_TABLE}
            WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name COLLATE "C"`,
        )
      ).rows,
      tables: [],
      sequences: [],
    };
    for (const table of tables) {
      header.tables.push({ name: table, columns: (await tableColumns(client, table)).map((column) => column.name) });
    }
    // Sequences are not transactional: a value read here may be ahead of the
    // snapshot's rows (as with pg_dump), never behind them.
    for (const name of await schemaSequences(client)) {
      const { rows } = await client.query(
        `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${ident(name)}`,
      );
      header.sequences.push({ name, ...rows[0] });
    }

    /** @type {Record<string, number>} */
    const counts = {};
    async function* lines() {
      const hash = createHash("sha256");
      const emit = (/** @type {string} */ line) => {
        const text = line + "\n";
        hash.update(text);
        return text;
      };
      yield emit(JSON.stringify(header));
      for (const table of header.tables) {
        yield emit(JSON.stringify({ table: table.name }));
        const values = table.columns.map((column) => `${ident(column)}::text`).join(", ");
        await client.query(
          `DECLARE backup_rows NO SCROLL CURSOR FOR
           SELECT array_to_json(ARRAY[${values}]::text[])::text AS r FROM ${ident(table.name)}`,
        );
        let count = 0;
        while (true) {
          const { rows } = await client.query(`FETCH ${FETCH_ROWS} FROM backup_rows`);
          if (rows.length === 0) break;
          count += rows.length;
          yield rows.map((row) => emit(row.r)).join("");
        }
        await client.query("CLOSE backup_rows");
        counts[table.name] = count;
        yield emit(JSON.stringify({ rows: count }));
      }
      yield JSON.stringify({ end: true, sha256: hash.digest("hex") }) + "\n";
    }

    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // The file holds password hashes and encrypted 2FA secrets: owner only.
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await client.query("COMMIT");
    await rename(partial, file);
    return { file, header, counts, bytes: (await stat(file)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

const damaged = (/** @type {string} */ detail) =>
  new BackupError(`Die Sicherungsdatei ist beschädigt oder unvollständig (${detail}); es wurde nichts verändert.`);

/**
 * The lines of a gzip file, without their "\n"; a last line without one is yielded too.
 * @param {string} file
 * @returns {AsyncGenerator<string>}
 */
async function* fileLines(file) {
  const handle = await open(file);
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0).finally(() => handle.close());
  if (magic[0] !== 0x1f || magic[1] !== 0x8b)
    throw new BackupError(`${file} ist keine Schichtwerk-Sicherung (kein gzip-Format).`);
  const decoder = new StringDecoder("utf8");
  let rest = "";
  const input = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of input) {
      const parts = (rest + decoder.write(chunk)).split("\n");
      // split() always returns at least one part.
      rest = parts.pop() ?? "";
      yield* parts;
    }
  } catch (error) {
    if (error instanceof Error && "code" in error && String(error.code).startsWith("Z_"))
      throw damaged(`gzip: ${error.message}`);
    throw error;
  } finally {
    input.destroy();
  }
  rest += decoder.end();
  if (rest !== "") yield rest;
}

/**
 * Reads a backup file and checks its whole structure while yielding it:
 * {type: "header", header}, {type: "table", table}, {type: "row", line} (the
 * row's JSON text), {type: "tableEnd", table, rows}. Throws a BackupError on
 * anything amiss, the last check (the trailer's checksum) after all rows.
 * @param {string} file
 * @returns {AsyncGenerator<BackupEvent>}
 */
export async function* readBackup(file) {
  const hash = createHash("sha256");
  /** @type {BackupHeader | null} */
  let header = null;
  let tableIndex = -1; // index into header.tables of the section being read
  let inTable = false;
  let rows = 0;
  let ended = false;
  let lineNumber = 0;
  for await (const line of fileLines(file)) {
    lineNumber++;
    if (ended) throw damaged(`Daten nach dem Ende, Zeile ${lineNumber}`);
    if (header === null) {
      try {
        header = JSON.parse(line);
      } catch {
        header = null;
      }
      if (header?.format !== BACKUP_FORMAT) throw new BackupError(`${file} ist keine Schichtwerk-Sicherung.`);
      if (header.version !== BACKUP_VERSION) {
        throw new BackupError(
          `Die Sicherung hat das Format ${header.version}; ` +
            `diese Version von Schichtwerk liest nur Format ${BACKUP_VERSION}.`,
        );
      }
      if (!Array.isArray(header.tables) || !Array.isArray(header.migrations) || !Array.isArray(header.sequences))
        throw damaged("Kopfzeile");
      // Without it, the next `npm start` would replay every migration over the restored tables.
      if (!header.tables.some((table) => table?.name === MIGRATIONS_TABLE))
        throw damaged(`Kopfzeile ohne ${MIGRATIONS_TABLE}`);
      hash.update(line + "\n");
      yield { type: "header", header };
      continue;
    }
    if (inTable && line.startsWith("[")) {
      if (!line.endsWith("]")) throw damaged(`Zeile ${lineNumber}`);
      rows++;
      hash.update(line + "\n");
      yield { type: "row", line };
      continue;
    }
    /** @type {{ rows?: unknown, end?: unknown, sha256?: unknown, table?: unknown } | null} */
    let marker;
    try {
      marker = JSON.parse(line);
    } catch {
      throw damaged(`Zeile ${lineNumber}`);
    }
    if (inTable) {
      if (marker?.rows !== rows)
        throw damaged(`Tabelle ${header.tables[tableIndex].name}: ${rows} Zeilen gelesen, ${marker?.rows} erwartet`);
      inTable = false;
      hash.update(line + "\n");
      yield { type: "tableEnd", table: header.tables[tableIndex], rows };
    } else if (marker?.end === true) {
      if (tableIndex !== header.tables.length - 1) throw damaged("es fehlen Tabellen");
      if (marker.sha256 !== hash.digest("hex")) throw damaged("Prüfsumme stimmt nicht");
      ended = true;
    } else {
      const expected = header.tables[tableIndex + 1];
      if (!expected || marker?.table !== expected.name)
        throw damaged(`Zeile ${lineNumber}: Tabelle ${expected?.name ?? "–"} erwartet`);
      tableIndex++;
      inTable = true;
      rows = 0;
      hash.update(line + "\n");
      yield { type: "table", table: expected };
    }
  }
  if (header === null) throw new BackupError(`${file} ist leer.`);
  if (!ended) throw damaged("das Ende fehlt");
}

/**
 * Reads the whole file once; returns its header and row counts, or throws a BackupError.
 * @param {string} file
 * @returns {Promise<{ header: BackupHeader, counts: Record<string, number> }>}
 */
export async function verifyBackup(file) {
  if (!existsSync(file)) throw new BackupError(`Die Datei ${file} gibt es nicht.`);
  /** @type {BackupHeader | null} */
  let header = null;
  /** @type {Record<string, number>} */
  const counts = {};
  for await (const event of readBackup(file)) {
    if (event.type === "header") header = event.header;
    if (event.type === "tableEnd") counts[event.table.name] = event.rows;
  }
  // readBackup has already refused a file without one; this tells the type checker.
  if (header === null) throw new BackupError(`${file} ist leer.`);
  return { header, counts };
}

/**
 * Replaces the app's data in the database at `url` by the backup in `file`,
 * all or nothing. The file is checked completely first. Then, in ONE
 * transaction: every object of the app's schema but Prisma's migrations
 * table is dropped, the backup's migrations are replayed from
 * prisma/migrations (so the tables are exactly those the data was taken
 * from), all tables are emptied (rows a migration seeds included), all rows
 * are loaded, foreign keys checked, sequences set, counts verified. Migrations newer than the backup are
 * applied afterwards with `prisma migrate deploy`, as `npm start` would.
 * Refuses a backup with migrations this code does not know.
 * @param {{ url: string, file: string, log?: Log }} options
 * @returns {Promise<{ header: BackupHeader, before: Record<string, number>, after: Record<string, number> }>}
 */
export async function restoreDatabase({ url, file, log = () => {} }) {
  const { header, counts } = await verifyBackup(file);
  const known = codeMigrations();
  const unknown = header.migrations.map((migration) => migration.name).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `Die Sicherung stammt von einer neueren Schichtwerk-Version (unbekannte Migration: ${unknown.join(", ")}). ` +
        "Aktualisiere zuerst die App, dann stelle die Sicherung wieder her. " +
        "(The backup is newer than this code: update the app first, then restore.)",
    );
  }
  const backupMigrations = known.filter((name) => header.migrations.some((migration) => migration.name === name));
  for (const migration of header.migrations) {
    const sql = readFileSync(path.join(ROOT, "prisma", "migrations", migration.name, "migration.sql"));
    if (migration.checksum && createHash("sha256").update(sql).digest("hex") !== migration.checksum) {
      log(
        `Warnung: prisma/migrations/${migration.name}/migration.sql wurde geändert, seit die Sicherung angelegt wurde.`,
      );
    }
  }

  let client = await connect(url);
  try {
    // The migrations table is Prisma's own (no migration creates it): on an
    // empty database let Prisma set it up before the transaction.
    if (!(await appTables(client)).includes(MIGRATIONS_TABLE)) {
      await client.end();
      log("Leere Datenbank: wende zuerst die Migrationen an ...");
      await migrateDeploy(url, { quiet: true });
      client = await connect(url);
    }

    await client.query("BEGIN");
    const tablesBefore = await appTables(client);
    const before = await rowCounts(client, tablesBefore);

    await dropSchemaObjects(client);
    for (const name of backupMigrations) {
      // One script per query, as Prisma's own deploy sends it (see prisma/offline-adapter.ts).
      await client.query(readFileSync(path.join(ROOT, "prisma", "migrations", name, "migration.sql"), "utf8"));
    }

    /** @type {Map<string, string[]>} the column types per table, in the backup's column order */
    const targets = new Map();
    for (const table of header.tables) {
      const columns = await tableColumns(client, table.name);
      const types = new Map(columns.map((column) => [column.name, column.type]));
      // One type per column of the backup, or fewer when the table lacks one of them.
      const columnTypes = table.columns.flatMap((name) => types.get(name) ?? []);
      if (columns.length !== table.columns.length || columnTypes.length !== table.columns.length) {
        throw new BackupError(
          `Die Tabelle ${table.name} der Sicherung passt nicht zu den Migrationen dieser Version; ` +
            "es wurde nichts verändert.",
        );
      }
      targets.set(table.name, columnTypes);
    }

    // Rows arrive in table order, not in foreign-key order (and a table may
    // point at itself): the checks wait until every row is in, then all run.
    const foreignKeys = (
      await client.query(`
        SELECT conrelid::regclass::text AS "table", conname AS name,
               condeferrable AS deferrable, condeferred AS deferred
          FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`)
    ).rows;
    for (const key of foreignKeys) {
      await client.query(`ALTER TABLE ${key.table} ALTER CONSTRAINT ${ident(key.name)} DEFERRABLE INITIALLY DEFERRED`);
    }
    // Triggers of our own (e.g. the schedule version's) must not react to
    // restored rows: the backup holds the state they produced back then.
    for (const table of header.tables) await client.query(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
    // Rows a migration seeds (data_versions) are in the backup as they were.
    await client.query(`TRUNCATE ${header.tables.map((table) => ident(table.name)).join(", ")}`);

    /** @type {string[]} */
    let batch = [];
    let batchBytes = 0;
    /** @type {BackupTable | null} */
    let current = null;
    // jsonb, not json: `->>` on json re-reads the row's text for every column
    // (three times slower here); every value is a string or null, which jsonb keeps exactly.
    const flush = async () => {
      if (batch.length === 0 || current === null) return;
      const types = targets.get(current.name);
      if (!types) throw new Error(`restoreDatabase: no column types for ${current.name}`);
      const values = types.map((type, index) => `(e.r->>${index})::${type}`).join(", ");
      await client.query(
        `INSERT INTO ${ident(current.name)} (${current.columns.map(ident).join(", ")}) OVERRIDING SYSTEM VALUE
         SELECT ${values} FROM jsonb_array_elements($1::jsonb) AS e(r)`,
        [`[${batch.join(",")}]`],
      );
      batch = [];
      batchBytes = 0;
    };
    for await (const event of readBackup(file)) {
      if (event.type === "table") current = event.table;
      if (event.type === "row") {
        batch.push(event.line);
        batchBytes += event.line.length;
        if (batch.length >= INSERT_BATCH_ROWS || batchBytes >= INSERT_BATCH_BYTES) await flush();
      }
      if (event.type === "tableEnd") await flush();
    }

    await client.query("SET CONSTRAINTS ALL IMMEDIATE");
    for (const key of foreignKeys) {
      const mode = key.deferrable
        ? `DEFERRABLE INITIALLY ${key.deferred ? "DEFERRED" : "IMMEDIATE"}`
        : "NOT DEFERRABLE";
      await client.query(`ALTER TABLE ${key.table} ALTER CONSTRAINT ${ident(key.name)} ${mode}`);
    }
    for (const table of header.tables) await client.query(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);

    for (const sequence of header.sequences) {
      await client.query("SELECT setval($1::regclass, $2::bigint, $3::boolean)", [
        `${ident(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await raiseSequencesToData(client);

    const after = await rowCounts(
      client,
      header.tables.map((table) => table.name),
    );
    for (const table of header.tables) {
      if (after[table.name] !== counts[table.name]) {
        throw new BackupError(
          `Tabelle ${table.name}: ${after[table.name]} Zeilen geladen, ${counts[table.name]} in der Sicherung; ` +
            "es wurde nichts verändert.",
        );
      }
    }
    await client.query("COMMIT");

    if (backupMigrations.length < known.length) {
      log(
        `Die Sicherung ist älter als diese Version: ` +
          `wende ${known.length - backupMigrations.length} neuere Migration(en) an ...`,
      );
      await client.end();
      await migrateDeploy(url, { quiet: true }).catch((error) => {
        throw new BackupError(
          "Die Sicherung ist wiederhergestellt, aber die neueren Migrationen schlugen fehl " +
            `(\`npm start\` versucht es erneut): ${error.message}`,
        );
      });
    }
    return { header, before, after };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Drops everything in the app's schema but Prisma's migrations table:
 * tables, views, sequences, types and routines, not those of extensions.
 * @param {Client} client
 */
async function dropSchemaObjects(client) {
  const { rows } = await client.query(
    `SELECT format('DROP %s IF EXISTS %I.%I CASCADE',
                   CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                                  WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
                   n.nspname, c.relname) AS sql
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND NOT c.relispartition
        AND c.relname <> $1
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     UNION ALL
     SELECT format('DROP TYPE IF EXISTS %I.%I CASCADE', n.nspname, t.typname)
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = current_schema()
        AND (t.typtype IN ('e', 'd', 'r')
             OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
     UNION ALL
     SELECT format('DROP ROUTINE IF EXISTS %s CASCADE', p.oid::regprocedure)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.prokind IN ('f', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
    [MIGRATIONS_TABLE],
  );
  for (const row of rows) await client.query(row.sql);
}

/**
 * A sequence restored behind its column's largest value would hand out an id twice.
 * @param {Client} client
 */
async function raiseSequencesToData(client) {
  const { rows } = await client.query(`
    SELECT s.relname AS sequence, t.relname AS "table", a.attname AS column
      FROM pg_depend d
      JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
      JOIN pg_class t ON t.oid = d.refobjid
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
     WHERE d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       AND s.relnamespace = current_schema()::regnamespace`);
  for (const row of rows) {
    await client.query(
      `SELECT setval($1::regclass, m) FROM (SELECT max(${ident(row.column)}) AS m FROM ${ident(row.table)}) x
        WHERE m >= (SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM ${ident(row.sequence)})`,
      [ident(row.sequence)],
    );
  }
}
