// The declared audit actions (lib/shared/audit-kinds.ts, docs/ARCHITECTURE.md §12): the database files each under
// its declared kind, and every action the code writes is declared, so nothing lands in "Sonstiges" unnoticed.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import type { AuditEntry } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";
import { AUDIT_ACTIONS, PLANNER_KINDS, type AuditAction } from "@/lib/shared/audit-kinds";

const ROOT = join(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const ACTION_LITERAL = /["']([a-z][a-z0-9_]*\.[a-z0-9_]+)["']/g;

/**
 * Every action the code writes, by file: the string literals of an `action:` property (also both branches of a
 * conditional on that line), the ones an SQL `INSERT INTO audit_log` writes (the scripts, which TypeScript does not
 * check against the table), and constants checked as `"…" satisfies AuditAction` for such a statement (a stamp's
 * audit row, written in the stamp's own statement).
 */
function writtenActions(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (action: string, file: string) => found.set(action, [...(found.get(action) ?? []), file]);
  for (const file of ["lib", "app", "scripts"].flatMap(sourceFiles)) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const line of text.split("\n")) {
      if (!/\baction:\s*[^\s]/.test(line) || line.includes("where:")) continue;
      for (const [, action] of line.matchAll(ACTION_LITERAL)) add(action, relative(ROOT, join(ROOT, file)));
    }
    for (const [, action] of text.matchAll(/["']([a-z][a-z0-9_]*\.[a-z0-9_]+)["']\s+satisfies AuditAction\b/g)) {
      add(action, file);
    }
    for (const [statement] of text.matchAll(/INSERT INTO "?audit_log"?[^;`]*/gi)) {
      for (const [, action] of statement.matchAll(ACTION_LITERAL)) add(action, file);
    }
  }
  return found;
}

test("every action the code writes is declared with a kind", () => {
  const written = writtenActions();
  // The scan sees the usual calls, a conditional one and the script's SQL; else it would prove nothing.
  for (const action of ["shift.create", "vacation.request", "auth.logout", "user.reset_2fa"]) {
    expect(written.get(action), action).toBeDefined();
  }
  expect(written.get("user.reset_2fa")).toContain("scripts/admin-reset-2fa.mjs");
  expect(written.get("time_entry.clock")).toContain("lib/server/time/clock.ts");
  const undeclared = [...written].filter(([action]) => !(action in AUDIT_ACTIONS));
  expect(undeclared).toEqual([]);
  // And the table holds no action nobody writes any more.
  expect(Object.keys(AUDIT_ACTIONS).filter((action) => !written.has(action))).toEqual([]);
});

test("the database's audit_kind(), which the history's filter and indexes use, agrees with the table", async () => {
  const actions = Object.keys(AUDIT_ACTIONS);
  const rows = await db.$queryRaw<{ action: AuditAction; kind: string }[]>`
    SELECT action, audit_kind(action) AS kind FROM unnest(${actions}::text[]) AS action`;
  expect(Object.fromEntries(rows.map((row) => [row.action, row.kind]))).toEqual(AUDIT_ACTIONS);
});

test("an undeclared action does not compile", () => {
  const entry: AuditEntry = {
    actor: null,
    // @ts-expect-error "robot.dance" is not in AUDIT_ACTIONS (`npx tsc --noEmit` fails when this line compiles)
    action: "robot.dance",
  };
  expect(entry.action in AUDIT_ACTIONS).toBe(false);
});

test("the managers' partial index lists exactly PLANNER_KINDS, as find-audit.ts writes its predicate", async () => {
  const [{ indexdef }] = await db.$queryRaw<[{ indexdef: string }]>`
    SELECT indexdef FROM pg_indexes WHERE indexname = 'audit_log_planner_created_at_id_idx'`;
  const listed = [...indexdef.matchAll(/'([a-z_]+)'::text/g)].map(([, kind]) => kind);
  expect(listed).toEqual([...PLANNER_KINDS]);
});
