#!/usr/bin/env node
// @ts-check
// `node bench/week-large.mjs [--repeat 3] [--compare]`: only the P2 and P9 ratios of `npm run bench -- --large` (the
// uncached GET /api/shifts and GET /api/schedule/warnings week on the 10 k- and then the 1 M-shift database),
// measured as run.mjs measures them but `--repeat` times on each database (medians quoted), in minutes instead of
// the whole bench. `--compare` measures each repetition twice, once with the week index as it was before migration
// 20261127000200_shifts_week_covering (plain, no INCLUDE) and once as it is now, alternating which goes first, so
// drift on a shared machine hits both alike. Uses the build there is (`node scripts/build.mjs` first after a
// change). Prints; writes nothing to docs/PERFORMANCE.md. Ports BENCH_PORT 3431 / BENCH_PG_PORT 55731 and
// .data-bench-p2 by default, so it never meets a full bench.
import path from "node:path";
import pg from "pg";
import { ROOT } from "../scripts/lib/database.mjs";
import { generateLarge } from "../scripts/lib/generate-data.mjs";
import { authorization, benchShiftsLatency, load, P1_WEEK } from "./api-throughput.mjs";
import { benchWarningsLatency, seedVacations } from "./planning-rules.mjs";
import { pidOnPort, pin } from "./lib/process.mjs";
import { archive, seedStaff } from "./lib/seed.mjs";
import { median, startBenchServer } from "./lib/server.mjs";

const at = process.argv.indexOf("--repeat");
const repeat = at === -1 ? 3 : Number(process.argv[at + 1]);
const compare = process.argv.includes("--compare");

// The week index before and after migration 20261127000200_shifts_week_covering, swapped in one transaction.
const WEEK_INDEX = {
  before: `CREATE INDEX "shifts_shift_date_start_time_idx" ON "shifts"("shift_date", "start_time")`,
  after: `CREATE INDEX "shifts_shift_date_start_time_idx" ON "shifts"("shift_date", "start_time")
    INCLUDE ("id", "employee_id", "location_id", "end_time", "break_minutes", "is_custom", "custom_name")`,
};
/** @typedef {keyof typeof WEEK_INDEX} Variant */
/** @type {Variant[]} */
const variants = compare ? ["before", "after"] : ["after"];

const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT || 3431),
  pgPort: Number(process.env.BENCH_PG_PORT || 55731),
  dataDir: path.join(ROOT, ".data-bench-p2"),
});
const serverPid = pidOnPort(new URL(server.baseUrl).port);
// Pinned as in run.mjs: the load generator on core 0, the Next server on the others.
const pinned = pin(serverPid, "1-63") && pin(process.pid, "0");
const client = new pg.Client({ connectionString: server.databaseUrl });
await client.connect();
try {
  /** @type {Variant | undefined} */
  let current = "after"; // as the migrations left it
  const switchTo = async (/** @type {Variant} */ variant) => {
    if (variant === current) return;
    await client.query("BEGIN");
    await client.query(`DROP INDEX "shifts_shift_date_start_time_idx"`);
    await client.query(WEEK_INDEX[variant]);
    await client.query("COMMIT");
    current = variant;
  };
  const invalidate = () => client.query("UPDATE data_versions SET version = gen_random_uuid() WHERE name = 'schedule'");
  const count = async () => (await client.query("SELECT count(*)::int AS count FROM shifts")).rows[0].count;
  // run.mjs measures both sides after most of its other benchmarks, the 10 k side right before generating the 1 M
  // shifts: a freshly started server measured at once reads slower, so each side here follows 20 s of load.
  const warmUp = async () => {
    const headers = await authorization(server.baseUrl);
    const range = `start_date=${P1_WEEK.start}&end_date=${P1_WEEK.end}`;
    await load(`${server.baseUrl}/api/shifts?${range}`, headers, 10);
    await load(`${server.baseUrl}/api/schedule/warnings?${range}`, headers, 10);
  };
  /** p50s per query and variant, `repeat` each, alternating which variant goes first. */
  const measure = async () => {
    await warmUp();
    /** @type {Record<Variant, { p2: number[], p9: number[] }>} */
    const result = { before: { p2: [], p9: [] }, after: { p2: [], p9: [] } };
    for (let i = 0; i < repeat; i++) {
      for (const variant of i % 2 ? [...variants].reverse() : variants) {
        await switchTo(variant);
        result[variant].p2.push((await benchShiftsLatency(server.baseUrl, { invalidate })).p50);
        result[variant].p9.push((await benchWarningsLatency(server.baseUrl, invalidate)).p50);
      }
    }
    return result;
  };

  // The data of run.mjs: the P1 week's staff (~10,000 shifts) with their vacations.
  const week = await seedStaff(client, {
    tag: "W",
    employees: 60,
    locations: 5,
    start: "2031-01-06",
    end: "2031-08-24",
  });
  await seedVacations(client, week.employeeIds);
  const smallCount = await count();
  const small = await measure();
  await archive(client, week);

  console.log("generating 1,000,000 shifts ...");
  await generateLarge(client);
  const largeCount = await count();
  await client.query("CHECKPOINT");
  // run.mjs measures P2 with the P1 staff archived (GET /api/shifts does not care) and P9 with them back.
  await client.query("UPDATE employees SET archived_at = NULL WHERE id = ANY($1)", [week.employeeIds]);
  await client.query("UPDATE locations SET archived_at = NULL WHERE id = ANY($1)", [week.locationIds]);
  const large = await measure();

  const list = (/** @type {number[]} */ values) => values.map((value) => value.toFixed(1)).join(", ");
  console.log(`pinned: ${pinned}`);
  for (const variant of variants) {
    for (const [id, key] of /** @type {const} */ ([
      ["P2", "p2"],
      ["P9", "p9"],
    ])) {
      const s = small[variant][key];
      const l = large[variant][key];
      console.log(
        `${id} ${variant}: p50 on ${smallCount.toLocaleString("en")} shifts ${list(s)} ms (median ` +
          `${median(s).toFixed(1)}); on ${largeCount.toLocaleString("en")} ${list(l)} ms (median ` +
          `${median(l).toFixed(1)}); ratio of medians ${(median(l) / median(s)).toFixed(2)} (budget ≤ 1.2)`,
      );
    }
  }
} finally {
  await client.end();
  await server.stop();
}
