// @ts-check
// The benchmark's result table: printed, and written to docs/PERFORMANCE.md
// with the details (plans, conditions) a reader needs to trust the figures.
import { writeFileSync, mkdirSync } from "node:fs";
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

/**
 * @param {Row[]} rows
 * @param {{ pinned: boolean, large: boolean, details: string[], minutes: number }} run how the figures were taken
 *   (`details`: markdown lines for below the table)
 */
export function writeReport(rows, { pinned, large, details, minutes }) {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    "# Performance",
    "",
    `Written by \`npm run bench${large ? " -- --large" : ""}\` on ${date}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}; the measuring took ${minutes.toFixed(1)} minutes after the build.`,
    pinned
      ? "For the load runs (P1–P4) the load generator (this process) is pinned to core 0 and the Next server to the other core(s) with taskset; PostgreSQL is not pinned. The browser runs (P8, P5) use every core again. The machine is shared and noisy: figures are medians of several runs, and ratios are taken within one run."
      : "Not pinned to cores (taskset unavailable or one core). The machine is shared and noisy: figures are medians of several runs, and ratios are taken within one run.",
    "",
    "| id | what | figure | budget | verdict |",
    "|---|---|---|---|---|",
    ...rows.map((row) => `| ${row.id} | ${row.what} | ${row.figure} | ${row.budget} | ${verdict(row.pass)} |`),
    "",
    ...details,
    "",
  ];
  mkdirSync(path.join(ROOT, "docs"), { recursive: true });
  writeFileSync(path.join(ROOT, "docs", "PERFORMANCE.md"), lines.join("\n"));
}
