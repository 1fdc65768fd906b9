import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createDatabaseIfMissing, migrateDeploy, startEmbeddedPostgres } from "../scripts/lib/database.mjs";
import { freePort } from "../scripts/lib/free-port.mjs";
import { runScript } from "./support/run-script";

// `npm run db:backup` / `db:restore` end to end, as separate processes: once
// on the embedded default (DATA_DIR, no DATABASE_URL), once on DATABASE_URL.
const EMBEDDED_PORT = await freePort(); // never a fixed port: parallel runs must not collide

let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "schichtwerk-backup-cli-"));
  await chmod(dir, 0o711); // PostgreSQL runs as the "postgres" OS user when we are root
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return runScript(script, args, { ...inherited, ...env });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const names = (client: pg.Client) =>
  client.query("SELECT last_name FROM employees ORDER BY id").then((r) => r.rows.map((row) => row.last_name as string));

describe("db:backup and db:restore on the embedded PostgreSQL of DATA_DIR", () => {
  test("backs up a stopped database (starting and stopping it), restores into the running one", async () => {
    const dataDir = path.join(dir, "data");
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(EMBEDDED_PORT) };
    const file = path.join(dir, "embedded.backup");

    // Nothing there yet: a backup refuses rather than creating an empty cluster.
    const nothing = await run("db-backup.mjs", [file], env);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/Keine Datenbank in .*postgres/);
    expect(existsSync(dataDir)).toBe(false);

    let server = await startEmbeddedPostgres({ dataDir, port: EMBEDDED_PORT, log: () => {} });
    try {
      await migrateDeploy(server.url, { quiet: true });
      await withClient(server.url, (client) =>
        client.query(
          "INSERT INTO employees (first_name, last_name, updated_at) " +
            "VALUES ('Anna', 'Müller', now()), ('Ayşe', 'Şahin', now())",
        ),
      );
    } finally {
      await server.stop();
    }

    const backup = await run("db-backup.mjs", [file], env);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/für diesen Lauf gestartet/);
    expect(backup.stdout).toMatch(/Sicherung geschrieben: .*embedded\.backup/);
    expect(backup.stdout).toMatch(/ENCRYPTION_KEY/);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false); // stopped again

    // As while `npm start` runs: the script must use that server, not start a second one.
    server = await startEmbeddedPostgres({ dataDir, port: EMBEDDED_PORT, log: () => {} });
    try {
      await withClient(server.url, (client) => client.query("DELETE FROM employees WHERE last_name = 'Şahin'"));
      const restore = await run("db-restore.mjs", [file], env);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(new RegExp(`laufendes eingebettetes PostgreSQL \\(Port ${EMBEDDED_PORT}`));
      expect(restore.stdout).toMatch(/employees\s+1 → 2/);
      expect(await withClient(server.url, names)).toEqual(["Müller", "Şahin"]);
    } finally {
      await server.stop();
    }
  });
});

describe("db:backup and db:restore on DATABASE_URL", () => {
  test("round trip; a relative FILE is taken from the caller's directory; usage and errors", async () => {
    const url = new URL(inject("databaseUrl"));
    url.pathname = "/schichtwerk_backup_cli";
    const databaseUrl = url.toString();
    await createDatabaseIfMissing(databaseUrl);
    await migrateDeploy(databaseUrl, { quiet: true });
    await withClient(databaseUrl, (client) =>
      client.query("INSERT INTO employees (first_name, last_name, updated_at) VALUES ('Luca', 'Meier', now())"),
    );
    // npm runs scripts in the package root and passes the caller's directory as INIT_CWD.
    const env = { DATABASE_URL: databaseUrl, INIT_CWD: dir };

    const backup = await run("db-backup.mjs", ["url.backup"], env);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Sichere DATABASE_URL/);
    expect(existsSync(path.join(dir, "url.backup"))).toBe(true);

    await withClient(databaseUrl, (client) => client.query("UPDATE employees SET last_name = 'Anders'"));
    const restore = await run("db-restore.mjs", ["url.backup"], env);
    expect(restore.code).toBe(0);
    expect(await withClient(databaseUrl, names)).toEqual(["Meier"]);

    const usage = await run("db-restore.mjs", [], env);
    expect(usage.code).toBe(2);
    expect(usage.stdout).toMatch(/Aufruf: npm run db:restore -- DATEI/);

    const missing = await run("db-restore.mjs", ["nope.backup"], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/db:restore fehlgeschlagen: Die Datei .*nope\.backup gibt es nicht/);
    expect(await withClient(databaseUrl, names)).toEqual(["Meier"]);
  });
});
