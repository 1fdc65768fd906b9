#!/usr/bin/env node
// @ts-check
// `npm run dev`: `next dev` with hot reload on the same embedded PostgreSQL
// and secrets as `npm start` (DATA_DIR, default .data), migrations applied.
import { spawn } from "node:child_process";
import path from "node:path";
import { migrateDeploy, readOrCreateSecret, ROOT, startEmbeddedPostgres } from "./lib/database.mjs";

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR || path.join(ROOT, ".data"));

let database = null;
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  database = await startEmbeddedPostgres({ dataDir, port: Number(env.EMBEDDED_PG_PORT || 54329) });
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
      JWT_SECRET: env.JWT_SECRET || (await readOrCreateSecret(dataDir, "jwt-secret", 48)),
      ENCRYPTION_KEY: env.ENCRYPTION_KEY || (await readOrCreateSecret(dataDir, "encryption-key", 32)),
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
