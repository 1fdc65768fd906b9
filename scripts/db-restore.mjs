#!/usr/bin/env node
// @ts-check
// `npm run db:restore -- FILE`: replaces all data of the app's database
// (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR, running or not,
// created when missing) by the backup in FILE, all or nothing. Asks nothing,
// so it runs unattended; FILE is required. Design: scripts/lib/backup.mjs.
import path from "node:path";
import { restoreDatabase } from "./lib/backup.mjs";
import { openAppDatabase } from "./lib/database.mjs";

const argument = process.argv[2];
if (!argument || argument === "--help" || argument === "-h" || process.argv.length > 3) {
  console.log("Aufruf: npm run db:restore -- DATEI   (ersetzt ALLE Daten der Datenbank durch die Sicherung)");
  process.exit(argument === "--help" || argument === "-h" ? 0 : 2);
}

const file = path.resolve(process.env.INIT_CWD || process.cwd(), argument);
let database = null;
try {
  database = await openAppDatabase({ create: true, log: (message) => console.log(message) });
  console.log(`Stelle ${file} in ${database.where} wieder her ...`);
  const { header, before, after } = await restoreDatabase({
    url: database.url,
    file,
    log: (message) => console.log(message),
  });
  console.log(`Wiederhergestellt: Sicherung vom ${header.createdAt}.`);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const width = Math.max(...names.map((name) => name.length));
  console.log(`${"Tabelle".padEnd(width)}  vorher → jetzt`);
  for (const name of names)
    console.log(`${name.padEnd(width)}  ${String(before[name] ?? "–").padStart(6)} → ${after[name] ?? "–"}`);
  console.log(
    "Angemeldete Sitzungen gelten wie zum Zeitpunkt der Sicherung. " +
      "2FA funktioniert nur mit demselben ENCRYPTION_KEY wie damals.",
  );
} catch (error) {
  console.error(`db:restore fehlgeschlagen: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database?.stop().catch((error) => console.error(error));
}
process.exit(process.exitCode ?? 0);
