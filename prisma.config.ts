// Configuration of the Prisma CLI (migrate, generate). The WebAssembly schema
// engine runs through a driver adapter, so the CLI needs no native engine
// download; see prisma/offline-adapter.ts for why and for the work-arounds.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { createCliAdapter, unrefLongTimersInCli } from "./prisma/offline-adapter";

// Without a resolvable DATABASE_URL the 6.x CLI falls back to downloading a
// native engine, even for `prisma generate` during `npm install`. The value is
// only a placeholder for commands that never connect.
process.env.DATABASE_URL ??= "postgresql://schichtwerk@127.0.0.1:5432/schichtwerk";

unrefLongTimersInCli();

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => createCliAdapter(process.env.DATABASE_URL!),
});
