import "server-only";
import { assertSafeConfiguration, UnsafeConfigurationError } from "@/lib/server/config";
import { log } from "@/lib/server/log";
import { ensureFirstAdmin } from "@/lib/server/users/ensure-first-admin";

/**
 * Runs once when the server process starts (instrumentation.ts). A server
 * with missing or weak secrets, or without its database or first admin, is
 * no server: the process exits, and `npm start` shuts PostgreSQL down and
 * reports. The secrets are checked here as well as in scripts/start.mjs, so a
 * server started directly (`node server.js`) refuses them just the same.
 */
export async function onServerStart(): Promise<void> {
  try {
    assertSafeConfiguration();
    await bootstrapFirstAdmin();
  } catch (error) {
    if (error instanceof UnsafeConfigurationError) {
      log.error(`[schichtwerk] ${error.message}`);
      process.exit(1);
    }
    log.error("[schichtwerk] Server-Start fehlgeschlagen:", error instanceof Error ? error.message : error);
    process.exit(1);
  }
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
