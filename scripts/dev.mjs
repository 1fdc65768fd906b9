#!/usr/bin/env node
// @ts-check
// `npm run dev`: `next dev` with hot reload on the same embedded PostgreSQL
// and secrets as `npm start` (DATA_DIR, default .data), migrations applied.
import { spawn } from "node:child_process";
import path from "node:path";
import {
  embeddedPostgresSettings,
  migrateDeploy,
  readOrCreateAppSecrets,
  ROOT,
  startEmbeddedPostgres,
} from "./lib/database.mjs";

const env = process.env;
const { dataDir, port: pgPort } = embeddedPostgresSettings(env);

let database = null;
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  database = await startEmbeddedPostgres({ dataDir, port: pgPort });
  databaseUrl = database.url;
}
await migrateDeploy(databaseUrl);

const child = spawn(
  process.execPath,
  [path.join(ROOT, "node_modules/next/dist/bin/next"), "dev", "--port", env.PORT || "3000"],
  {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      ...(await readOrCreateAppSecrets(dataDir, env)),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", async (code) => {
  await database?.stop();
  process.exit(code ?? 0);
});
