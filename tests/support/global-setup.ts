import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabaseIfMissing, migrateDeploy, startEmbeddedPostgres } from "../../scripts/lib/database.mjs";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { TEMPLATE_DATABASE } from "./own-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared, migrated test database. */
    databaseUrl: string;
    /** A second migrated database for tests that need an empty one (first-admin bootstrap). */
    emptyDatabaseUrl: string;
    /** A third one for the bad-input test, which compares whole tables before and after. */
    fuzzDatabaseUrl: string;
    /** A fourth for the dashboard test, whose counts span whole tables. */
    dashboardDatabaseUrl: string;
    /** Migrated and never connected to: ownDatabase() (./own-database.ts) copies it for one test file. */
    templateDatabaseUrl: string;
  }
}

/**
 * Integration tests get a throwaway PostgreSQL 17 of their own, never the
 * user's data: a new data directory under the system temp dir, a free port,
 * all migrations applied, removed again at the end.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "schichtwerk-test-"));
  await chmod(dataDir, 0o711); // PostgreSQL runs as the "postgres" OS user when we are root
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: () => {} });
  const databaseNamed = async (name: string) => {
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    await createDatabaseIfMissing(url.toString());
    return url.toString();
  };
  const emptyUrl = await databaseNamed("schichtwerk_empty");
  const fuzzUrl = await databaseNamed("schichtwerk_fuzz");
  const dashboardUrl = await databaseNamed("schichtwerk_dashboard");
  const templateUrl = await databaseNamed(TEMPLATE_DATABASE);
  await Promise.all(
    [server.url, emptyUrl, fuzzUrl, dashboardUrl, templateUrl].map((url) => migrateDeploy(url, { quiet: true })),
  );

  project.provide("databaseUrl", server.url);
  project.provide("emptyDatabaseUrl", emptyUrl);
  project.provide("fuzzDatabaseUrl", fuzzUrl);
  project.provide("dashboardDatabaseUrl", dashboardUrl);
  project.provide("templateDatabaseUrl", templateUrl);

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
