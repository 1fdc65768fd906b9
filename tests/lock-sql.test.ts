// Every row lock and advisory lock is taken in lib/server/db/locks.ts, every interactive transaction opened by
// lib/server/db/transaction.ts (docs/ARCHITECTURE.md §6.5): this test fails when a file elsewhere writes either.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

const root = process.cwd();
const LOCK_MODULE = "lib/server/db/locks.ts";
const TRANSACTION_MODULE = "lib/server/db/transaction.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code without its comments: a comment may name a lock ("held FOR SHARE") without taking one. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

const LOCK_SQL = /\bFOR\s+(NO\s+KEY\s+UPDATE|KEY\s+SHARE|UPDATE|SHARE)\b|\bpg_(try_)?advisory_(xact_)?lock/i;
// `db.$transaction(async (tx) => …)` or `(tx) => …`; the array form (a batch of reads) cannot deadlock.
const INTERACTIVE_TRANSACTION = /\$transaction\(\s*(async\s*)?\(/;

/**
 * Scripts allowed their own lock SQL. A plain .mjs script run by node cannot import the TypeScript lock module, so
 * it writes the clause itself, the same strength as the lock in locks.ts it stands for.
 */
const SCRIPTS_WITH_LOCK_SQL = [
  // Locks the user's row as lockUser(tx, id, "exclusive") does: FOR NO KEY UPDATE.
  "scripts/admin-reset-2fa.mjs",
];

function offenders(pattern: RegExp, except: string[]): string[] {
  return ["lib", "app", "scripts"]
    .flatMap(sourceFiles)
    .map((path) => relative(root, join(root, path)))
    .filter((path) => !except.includes(path))
    .filter((path) => pattern.test(withoutComments(readFileSync(join(root, path), "utf8"))));
}

describe("one lock module", () => {
  test("no file outside lib/server/db/locks.ts writes FOR UPDATE / FOR SHARE / an advisory lock", () => {
    expect(offenders(LOCK_SQL, [LOCK_MODULE, ...SCRIPTS_WITH_LOCK_SQL])).toEqual([]);
  });

  test("an allowed script takes its lock at lockUser's strength, not FOR UPDATE", () => {
    const source = withoutComments(readFileSync(join(root, "scripts/admin-reset-2fa.mjs"), "utf8"));
    expect(source).toContain("FOR NO KEY UPDATE");
    expect(source.replaceAll("FOR NO KEY UPDATE", "")).not.toMatch(LOCK_SQL);
  });

  test("no file outside lib/server/db/transaction.ts opens an interactive transaction", () => {
    expect(offenders(INTERACTIVE_TRANSACTION, [TRANSACTION_MODULE])).toEqual([]);
  });

  test("the patterns find lock SQL and transactions in code, not in comments", () => {
    expect(LOCK_SQL.test(withoutComments("await tx.$queryRaw`SELECT 1 FROM employees ORDER BY id FOR UPDATE`;"))).toBe(
      true,
    );
    expect(LOCK_SQL.test(withoutComments("tx.$queryRaw`SELECT 1 FROM shifts s FOR SHARE OF s`"))).toBe(true);
    expect(LOCK_SQL.test(withoutComments("tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`"))).toBe(true);
    expect(LOCK_SQL.test(withoutComments("// held FOR SHARE: archiving waits\n/* FOR UPDATE */ const x = 1;"))).toBe(
      false,
    );
    expect(INTERACTIVE_TRANSACTION.test("await db.$transaction(async (tx) => {")).toBe(true);
    expect(INTERACTIVE_TRANSACTION.test("await db.$transaction((tx) => insert(tx))")).toBe(true);
    expect(INTERACTIVE_TRANSACTION.test("await db.$transaction([a, b])")).toBe(false);
  });

  test("lib/server/db/locks.ts itself holds the lock SQL the application takes", () => {
    const source = readFileSync(join(root, LOCK_MODULE), "utf8");
    for (const clause of ["FOR UPDATE", "FOR SHARE", "FOR NO KEY UPDATE", "pg_advisory_xact_lock"])
      expect(source).toContain(clause);
  });
});
