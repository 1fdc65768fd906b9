import pg from "pg";
import { inject } from "vitest";

export const TEMPLATE_DATABASE = "schichtwerk_template";

/**
 * A migrated database for one test file alone, copied from the template database (fast: a file
 * copy, no migrations). For tests that change what every other file reads, such as the one row
 * of company settings (its holiday region changes the days vacations charge): on the shared
 * database, files running in parallel would see the change. Set DATABASE_URL to the answer
 * before importing the application's modules (see app/api/dashboard/route.test.ts).
 */
export async function ownDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  const template = new URL(inject("templateDatabaseUrl"));
  const admin = new URL(template);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  } finally {
    await client.end();
  }
  const url = new URL(template);
  url.pathname = `/${name}`;
  return url.toString();
}
