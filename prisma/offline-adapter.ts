/**
 * Driver adapter for the Prisma 6.19.3 CLI running its WebAssembly schema
 * engine (`engine: "js"` in prisma.config.ts). Prisma 7's CLI needs a native
 * engine download that these machines cannot reach, so we stay on 6.19.3 and
 * work around the known problems of adapter-pg on that path here, in one place.
 * Delete this file (and the `engine`/`adapter` keys of prisma.config.ts) on the
 * day the project moves to Prisma 7.
 *
 * Used only by the CLI (migrate deploy/dev/diff); the application's runtime
 * client uses a plain PrismaPg adapter (lib/server/db/client.ts).
 */
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

// 1. adapter-pg cannot map some catalog column types that introspection reads
//    (https://github.com/prisma/prisma/issues/27403): report them as text /
//    text[] instead of failing with UnsupportedNativeDataType.
const TEXT = 25;
const TEXT_ARRAY = 1009;
// name, int2vector, oidvector, pg_node_tree, regclass, regtype
const READ_AS_TEXT = new Set([19, 22, 30, 194, 2205, 2206]);
// The one-byte "char" type (e.g. pg_constraint.contype) must reach the
// engine as a character, not as text: the engine panics ("unreachable") on a
// text value when a table has a CHECK constraint. See markCharColumns below.
const PG_CHAR = 18;
const PG_CHAR_AS = 25;
const COLUMN_TYPE_CHARACTER = 6; // ColumnTypeEnum.Character in @prisma/driver-adapter-utils
// "char"[], name[]: pg-types has no parser for these, so the value is still
// the array literal and must be parsed like text[].
const READ_AS_TEXT_ARRAY = new Set([1002, 1003]);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- 1009 is missing from pg-types' TypeId enum
const parseTextArray = pg.types.getTypeParser(TEXT_ARRAY as any, "text") as (value: string) => string[];

type QueryResultLike = { fields?: pg.FieldDef[]; rows?: unknown[][] | Record<string, unknown>[] };

function readCatalogTypesAsText<T>(result: T): T {
  const { fields, rows } = result as QueryResultLike;
  if (!fields || !rows) return result;
  fields.forEach((field, column) => {
    if (READ_AS_TEXT.has(field.dataTypeID)) {
      field.dataTypeID = TEXT;
    } else if (READ_AS_TEXT_ARRAY.has(field.dataTypeID)) {
      field.dataTypeID = TEXT_ARRAY;
      for (const row of rows) {
        const key = Array.isArray(row) ? column : field.name;
        const record = row as Record<string | number, unknown>;
        if (typeof record[key] === "string") record[key] = parseTextArray(record[key] as string);
      }
    }
  });
  return result;
}

class CatalogSafeClient extends pg.Client {
  // pg's query() has many overloads; the adapter only uses the promise form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    // pg.Pool calls us with a callback; direct callers get a promise.
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: Error | null, result: unknown) =>
        callback(error, error ? result : readCatalogTypesAsText(result));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as any)(...args);
    return result && typeof result.then === "function" ? result.then(readCatalogTypesAsText) : result;
  }
}

type AdapterFactory = PrismaPg;
type Adapter = Awaited<ReturnType<AdapterFactory["connect"]>>;

/**
 * adapter-pg has no mapping for OID 18 ("char"). Let it read the column as
 * text, then report the column type as Character, per query (the query object
 * is the key, so concurrent queries do not mix).
 */
function markCharColumns(adapter: Adapter): Adapter {
  type Internals = {
    performIO(query: object): Promise<{ fields: pg.FieldDef[] }>;
    queryRaw(query: object): Promise<{ columnTypes: number[] }>;
  };
  const internals = adapter as unknown as Internals;
  const charColumnsByQuery = new WeakMap<object, number[]>();
  const performIO = internals.performIO.bind(adapter);
  const queryRaw = internals.queryRaw.bind(adapter);
  internals.performIO = async (query) => {
    const result = await performIO(query);
    const charColumns: number[] = [];
    result.fields?.forEach((field, column) => {
      if (field.dataTypeID === PG_CHAR) {
        field.dataTypeID = PG_CHAR_AS;
        charColumns.push(column);
      }
    });
    if (charColumns.length > 0) charColumnsByQuery.set(query, charColumns);
    return result;
  };
  internals.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const column of charColumnsByQuery.get(query) ?? []) result.columnTypes[column] = COLUMN_TYPE_CHARACTER;
    return result;
  };
  return adapter;
}

/** Whole migration scripts, sent as one query (see fix 5). */
function runScriptAsOneQuery(adapter: Adapter, pool: pg.Pool): Adapter {
  // 5. adapter-pg's executeScript splits a migration on every ";", which breaks
  //    string literals and $$ bodies. PostgreSQL's simple query protocol runs a
  //    multi-statement script as it is.
  adapter.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (error) {
      // Re-use the adapter's own error conversion so the CLI reports it well.
      (adapter as unknown as { onError(e: unknown): never }).onError(error);
    }
  };
  return adapter;
}

/**
 * Builds the adapter factory for the CLI from a postgres:// URL.
 */
export function createCliAdapter(databaseUrl: string) {
  const url = new URL(databaseUrl);
  // 2. With a `connectionString`, adapter-pg's shadow database config
  //    (`{ ...config, database }`) still points at the main database, because
  //    the connection string wins. Discrete fields keep the override working.
  const config: pg.PoolConfig = {
    host: decodeURIComponent(url.hostname),
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    ssl: ["require", "verify-ca", "verify-full"].includes(url.searchParams.get("sslmode") ?? "") ? true : undefined,
    Client: CatalogSafeClient,
    // 4. Idle pools keep `migrate dev` alive long after it has finished.
    allowExitOnIdle: true,
  };

  return {
    provider: "postgres" as const,
    adapterName: "@prisma/adapter-pg",

    async connect() {
      const pool = new pg.Pool(config);
      const inner = await new PrismaPg(pool, { disposeExternalPool: true }).connect();
      return markCharColumns(runScriptAsOneQuery(inner, pool));
    },

    async connectToShadowDb() {
      // 3. adapter-pg drops the shadow database while its own pool is still
      //    connected, which PostgreSQL refuses. Close the pool first.
      const admin = new pg.Pool(config);
      const database = `prisma_migrate_shadow_db_${crypto.randomUUID().replaceAll("-", "")}`;
      await admin.query(`CREATE DATABASE "${database}"`);
      const pool = new pg.Pool({ ...config, database });
      const inner = await new PrismaPg(pool).connect();
      const adapter = markCharColumns(runScriptAsOneQuery(inner, pool));
      adapter.dispose = async () => {
        await pool.end();
        await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
        await admin.end();
      };
      return adapter;
    },
  };
}

/**
 * 4 (continued). The schema engine leaves 10 s / 60 s timers behind that keep
 * the CLI process alive for a minute after `migrate dev` has finished. In the
 * CLI process only, long timers must not hold the event loop open.
 */
export function unrefLongTimersInCli(thresholdMs = 5_000) {
  const originalSetTimeout = globalThis.setTimeout;
  const originalSetInterval = globalThis.setInterval;
  const unrefIfLong = <T extends (...args: never[]) => unknown>(original: T) =>
    ((handler: unknown, delay?: number, ...rest: unknown[]) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const timer = (original as any)(handler, delay, ...rest);
      if ((delay ?? 0) >= thresholdMs && typeof timer?.unref === "function") timer.unref();
      return timer;
    }) as unknown as T;
  globalThis.setTimeout = unrefIfLong(originalSetTimeout);
  globalThis.setInterval = unrefIfLong(originalSetInterval);
}

// 6. `migrate dev` fails while migrations are pending: `npm run db:migrate`
//    runs `migrate deploy` first (scripts/db-migrate-dev.mjs).
