import "server-only";
import { assertSafeConfiguration, UnsafeConfigurationError } from "@/lib/server/config";
import { migrateDeployIn, waitForDatabase } from "@/lib/server/db/wait-for-database";
import { startJobRunner } from "@/lib/server/jobs/job-runner";
import { log } from "@/lib/server/log";
import { ensureFirstAdmin } from "@/lib/server/users/ensure-first-admin";

/**
 * Runs once when the server process starts (instrumentation.ts). A server
 * with missing or weak secrets is no server: the process exits, and
 * `npm start` shuts PostgreSQL down and reports. The secrets are checked here
 * as well as in scripts/start.mjs, so a server started directly
 * (`node server.js`) refuses them just the same.
 *
 * The database is waited for in the background (docs/PRODUCT-RULES.md §29.3):
 * the server listens at once and answers 503 until PostgreSQL is there, the
 * migrations are applied (when scripts/start.mjs leaves them to the server,
 * SCHICHTWERK_MIGRATE_ROOT) and the first admin exists. Any other failure on
 * the way (a broken migration, a bad ADMIN_USERNAME) still ends the process.
 */
export async function onServerStart(): Promise<void> {
  try {
    assertSafeConfiguration();
  } catch (error) {
    if (error instanceof UnsafeConfigurationError) log.error(`[schichtwerk] ${error.message}`);
    else log.error("[schichtwerk] Server-Start fehlgeschlagen:", error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const root = process.env.SCHICHTWERK_MIGRATE_ROOT;
  void waitForDatabase({ migrate: root ? migrateDeployIn(root) : null, whenReachable: whenDatabaseReady }).catch(
    (error: unknown) => {
      log.error("[schichtwerk] Server-Start fehlgeschlagen:", error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** Once per process on the migrated database: the first admin, then the job runner (mail, docs/ARCHITECTURE.md §16). */
async function whenDatabaseReady(): Promise<void> {
  await bootstrapFirstAdmin();
  await startJobRunner(process.env.DATABASE_URL!);
}

async function bootstrapFirstAdmin(): Promise<void> {
  const result = await ensureFirstAdmin({
    username: process.env.ADMIN_USERNAME,
    password: process.env.ADMIN_PASSWORD,
  });
  if (!result.created) return;
  if (result.generatedPassword) {
    // Printed exactly once, on the start that created the account.
    log.info(
      [
        "",
        "==============================================================",
        " Erster Administrator angelegt / first admin account created",
        `   Benutzername: ${result.username}`,
        `   Passwort:     ${result.generatedPassword}`,
        " Bitte nach der ersten Anmeldung ändern. Dieses Passwort wird",
        " nicht noch einmal angezeigt.",
        "==============================================================",
        "",
      ].join("\n"),
    );
  } else {
    log.info(`Erster Administrator "${result.username}" angelegt (Passwort aus ADMIN_PASSWORD).`);
  }
}
