#!/usr/bin/env node
// @ts-check
// `node bench/warnings-large.mjs [--repeat 3]`: only the P9 ratio of `npm run bench -- --large` (the uncached
// GET /api/schedule/warnings week on the 10 k- and then the 1 M-shift database), measured as run.mjs measures it
// but `--repeat` times on each database (medians quoted), in minutes instead of the whole bench. Uses the build
// there is (`node scripts/build.mjs` first after a change). Prints; writes nothing to docs/PERFORMANCE.md.
// Ports BENCH_PORT 3430 / BENCH_PG_PORT 55730 and .data-bench-p9 by default, so it never meets a full bench.
import path from "node:path";
import pg from "pg";
import { ROOT } from "../scripts/lib/database.mjs";
import { generateLarge } from "../scripts/lib/generate-data.mjs";
import { benchWarningsLatency, seedVacations } from "./planning-rules.mjs";
import { pidOnPort, pin } from "./lib/process.mjs";
import { archive, seedStaff } from "./lib/seed.mjs";
import { median, startBenchServer } from "./lib/server.mjs";

const at = process.argv.indexOf("--repeat");
const repeat = at === -1 ? 3 : Number(process.argv[at + 1]);
const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT || 3430),
  pgPort: Number(process.env.BENCH_PG_PORT || 55730),
  dataDir: path.join(ROOT, ".data-bench-p9"),
});
const serverPid = pidOnPort(new URL(server.baseUrl).port);
// Pinned as in run.mjs: the load generator on core 0, the Next server on the others.
const pinned = pin(serverPid, "1-63") && pin(process.pid, "0");
const client = new pg.Client({ connectionString: server.databaseUrl });
await client.connect();
try {
  // The data of run.mjs: the P1 week's staff (~10,000 shifts) with their vacations.
  const week = await seedStaff(client, {
    tag: "W",
    employees: 60,
    locations: 5,
    start: "2031-01-06",
    end: "2031-08-24",
  });
  await seedVacations(client, week.employeeIds);
  const invalidate = () => client.query("UPDATE data_versions SET version = gen_random_uuid() WHERE name = 'schedule'");
  const count = async () => (await client.query("SELECT count(*)::int AS count FROM shifts")).rows[0].count;
  const smallCount = await count();
  /** @type {number[]} */
  const small = [];
  for (let i = 0; i < repeat; i++) small.push((await benchWarningsLatency(server.baseUrl, invalidate)).p50);
  await archive(client, week);

  console.log("generating 1,000,000 shifts ...");
  await generateLarge(client);
  const largeCount = await count();
  await client.query("CHECKPOINT");
  await client.query("UPDATE employees SET archived_at = NULL WHERE id = ANY($1)", [week.employeeIds]);
  await client.query("UPDATE locations SET archived_at = NULL WHERE id = ANY($1)", [week.locationIds]);
  /** @type {number[]} */
  const large = [];
  for (let i = 0; i < repeat; i++) large.push((await benchWarningsLatency(server.baseUrl, invalidate)).p50);

  const list = (/** @type {number[]} */ values) => values.map((value) => value.toFixed(1)).join(", ");
  console.log(`pinned: ${pinned}`);
  console.log(
    `p50 on ${smallCount.toLocaleString("en")} shifts: ${list(small)} ms (median ${median(small).toFixed(1)})`,
  );
  console.log(
    `p50 on ${largeCount.toLocaleString("en")} shifts: ${list(large)} ms (median ${median(large).toFixed(1)})`,
  );
  console.log(`P9 ratio (medians): ${(median(large) / median(small)).toFixed(2)} (budget ≤ 1.2)`);
} finally {
  await client.end();
  await server.stop();
}
