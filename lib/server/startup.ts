import "server-only";
import { log } from "@/lib/server/log";
import { ensureFirstAdmin } from "@/lib/server/users/ensure-first-admin";

/**
 * Runs once when the server process starts (instrumentation.ts). A server
 * without its database or first admin is no server: on failure the process
 * exits, and `npm start` shuts PostgreSQL down and reports.
 */
export async function onServerStart(): Promise<void> {
  try {
    await bootstrapFirstAdmin();
  } catch (error) {
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
