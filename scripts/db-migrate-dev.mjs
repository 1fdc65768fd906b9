#!/usr/bin/env node
// @ts-check
// `npm run db:migrate -- --name <change>`: create a migration from a changed
// prisma/schema.prisma with `prisma migrate dev`, on the embedded PostgreSQL
// of DATA_DIR (or DATABASE_URL). Pending migrations are applied first:
// Prisma 6's WebAssembly engine fails `migrate dev` while any are pending.
import { embeddedPostgresSettings, migrateDeploy, runPrisma, startEmbeddedPostgres } from "./lib/database.mjs";

const env = process.env;
let database = null;
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  database = await startEmbeddedPostgres(embeddedPostgresSettings(env));
  databaseUrl = database.url;
}
let exitCode = 0;
try {
  await migrateDeploy(databaseUrl);
  await runPrisma(["migrate", "dev", ...process.argv.slice(2)], databaseUrl);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await database?.stop();
}
process.exit(exitCode);
