// @ts-check
// The benchmark's result table: printed, and written to docs/PERFORMANCE.md
// with the details (plans, conditions) a reader needs to trust the figures.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { ROOT } from "../scripts/lib/database.mjs";

/**
 * One line of the table; `pass` is null for a figure not measured in this run.
 * @typedef {{ id: string, what: string, figure: string, budget: string, pass: boolean | null }} Row
 */

export const verdict = (/** @type {boolean | null} */ ok) => (ok === null ? "–" : ok ? "PASS" : "MISS");

/** @param {Row[]} rows */
export function printTable(rows) {
  console.log("\nid  | what | figure | budget | verdict");
  for (const row of rows)
    console.log(`${row.id.padEnd(3)} | ${row.what} | ${row.figure} | ${row.budget} | ${verdict(row.pass)}`);
}

/** Below this line PERFORMANCE.md is written by hand (the upgrade checklist); the bench keeps it as it is. */
export const KEPT_MARKER =
  "<!-- npm run bench (bench/report.mjs) writes everything above this line and keeps everything below it. -->";

/**
 * The hand-written part of an existing report, from the marker on ("" when there is none).
 * @param {string} file
 */
export function keptPart(file) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const at = text.indexOf(KEPT_MARKER);
  return at === -1 ? "" : `\n${text.slice(at)}`;
}

/**
 * `kept` without the sections ("## P14: …" up to the next "## ") a run writes anew above the marker: a --large run's
 * plans replace their copy from an earlier run instead of standing twice in the file.
 * @param {string} kept
 * @param {string[]} details the run's markdown lines
 */
export function withoutRewrittenSections(kept, details) {
  const idOf = (/** @type {string} */ heading) => /^## (P\d+):/.exec(heading)?.[1];
  const rewritten = new Set(details.map(idOf).filter(Boolean));
  if (rewritten.size === 0) return kept;
  const parts = kept.split(/(?=^## )/m);
  return parts.filter((part) => !rewritten.has(idOf(part))).join("");
}

/**
 * @param {Row[]} rows
 * @param {{ pinned: boolean, large: boolean, details: string[], minutes: number }} run how the figures were taken
 *   (`details`: markdown lines for below the table)
 */
export function writeReport(rows, { pinned, large, details, minutes }) {
  const date = new Date().toISOString().slice(0, 10);
  const bench = `npm run bench${large ? " -- --large" : ""}`;
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  const noisy =
    "The machine is shared and noisy: figures are medians of several runs, and ratios are taken within one run.";
  const lines = [
    "# Performance",
    "",
    `Written by \`${bench}\` on ${date}: ${cpus().length} cores (${cpu}), Node ${process.version}; ` +
      `the measuring took ${minutes.toFixed(1)} minutes after the build.`,
    pinned
      ? "For the load runs (P1–P4) the load generator (this process) is pinned to core 0 and the Next server " +
        "to the other core(s) with taskset; PostgreSQL is not pinned. " +
        "The browser runs (P8, P5) use every core again. " +
        noisy
      : `Not pinned to cores (taskset unavailable or one core). ${noisy}`,
    "The workarounds behind these figures, what each works around and the test that guards it: " +
      "[the upgrade checklist](#upgrade-checklist) below.",
    "",
    "| id | what | figure | budget | verdict |",
    "|---|---|---|---|---|",
    ...rows.map((row) => `| ${row.id} | ${row.what} | ${row.figure} | ${row.budget} | ${verdict(row.pass)} |`),
    "",
    ...details,
    "",
  ];
  mkdirSync(path.join(ROOT, "docs"), { recursive: true });
  const file = path.join(ROOT, "docs", "PERFORMANCE.md");
  writeFileSync(file, lines.join("\n") + withoutRewrittenSections(keptPart(file), details));
}
