#!/usr/bin/env node
// @ts-check
// `npm run bench [-- --large --no-build]`: builds the production app, starts it
// on its own embedded PostgreSQL, generates data, measures the budgets of
// P1–P15 and prints a table (also written to docs/PERFORMANCE.md).
// Benchmarks print; they never fail a build. `--large` adds the 1 M-shift
// database (P2, P9, P10) and the 1 M-row audit log (P14), a few minutes more.
import path from "node:path";
import pg from "pg";
import { ROOT } from "../scripts/lib/database.mjs";
import { hasStandaloneBuild } from "../scripts/lib/standalone.mjs";
import { generateLarge } from "../scripts/lib/generate-data.mjs";
import { benchShiftsLatency, benchShiftsThroughput, fetchP1Week, P1_WEEK } from "./api-throughput.mjs";
import { explainWeekQuery } from "./explain.mjs";
import { routeJsSizes } from "./bundle-size.mjs";
import { benchLighthouse, seedPlannerWeek } from "./lighthouse.mjs";
import { benchLoginVsHealth } from "./login-vs-health.mjs";
import { benchCheckLatency, benchWarningsLatency, benchWarningsThroughput, seedVacations } from "./planning-rules.mjs";
import { benchSchedulePdf } from "./pdf-vs-health.mjs";
import { benchAuditHistory } from "./audit-history.mjs";
import { benchAutoFillLatency } from "./auto-fill-latency.mjs";
import { benchCalendarFeed, seedFeed } from "./calendar-feed.mjs";
import { benchPlannerLatency } from "./planner-latency.mjs";
import { benchClockBurst, seedClockStaff, seedRotation } from "./clock-burst.mjs";
import { benchTerminalLatency, seedTerminal } from "./terminal-latency.mjs";
import { benchPlanningClicks } from "./planning-clicks.mjs";
import { memoryLine, pidOnPort, pin, rssMb, waitForQuietMachine } from "./lib/process.mjs";
import { archive, seedStaff } from "./lib/seed.mjs";
import { BENCH_ADMIN, startBenchServer } from "./lib/server.mjs";
import { printTable, writeReport } from "./report.mjs";
import { benchScreenCalls } from "./screen-calls.mjs";
import { benchStartup } from "./startup.mjs";
import { benchTokenThroughput, benchWebhookDeliveries, deliveryRow, tokenRow } from "./integrations.mjs";
import { benchPublish } from "./publish.mjs";
import { startMailSink } from "../tests/support/mail-sink.mjs";
import { benchTimesheet } from "./timesheet.mjs";
import { benchPayroll, P20_MONTH, P20_YEAR, payrollLines } from "./payroll.mjs";

const large = process.argv.includes("--large");
const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
/** @type {import("./report.mjs").Row[]} */
const rows = [];
/** @type {string[]} */
const details = [];

// Always the current sources, built as `npm run build` builds them; `--no-build` measures the build there is.
if (!process.argv.includes("--no-build") || !hasStandaloneBuild()) {
  console.log("npm run build ...");
  const { execFileSync } = await import("node:child_process");
  execFileSync(process.execPath, [path.join(ROOT, "scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
}
const benchStarted = performance.now();

console.log("P6: npm start from an empty data directory, then a restart ...");
const startup = await benchStartup();
rows.push({
  id: "P6",
  what: "`npm start` from an empty data dir → healthy; restart with data",
  figure: `${startup.emptySeconds.toFixed(1)} s; ${startup.restartSeconds.toFixed(1)} s`,
  budget: "≤ 15 s; ≤ 5 s",
  pass: startup.emptySeconds <= 15 && startup.restartSeconds <= 5,
});

// P19's mail half: the server mails through a real SMTP server of the benchmark's own (tests/support/mail-sink.mjs).
const mailSink = await startMailSink();
const server = await startBenchServer({
  // P21's webhook receiver runs on this machine: private addresses allowed.
  extraEnv: {
    SMTP_URL: mailSink.url,
    MAIL_FROM: "Schichtwerk Bench <bench@bench.example>",
    WEBHOOK_ALLOW_PRIVATE: "1",
  },
});
const serverPid = pidOnPort(new URL(server.baseUrl).port);
const pinned = pin(serverPid, "1-63") && pin(process.pid, "0");
const logServerMemory = () => console.log(`  server: ${memoryLine(serverPid)}`);
/** Before a browser phase: the load phases' leftovers must not be measured as the page's (waitForQuietMachine). */
const settle = async () => {
  const { busy, waitedMs } = await waitForQuietMachine();
  console.log(`  machine: ${(busy * 100).toFixed(0)} % busy after waiting ${(waitedMs / 1000).toFixed(0)} s`);
};
const client = new pg.Client({ connectionString: server.databaseUrl });
await client.connect();
try {
  // ~10,000 shifts: 60 employees in 5 locations, Monday to Friday for 33 weeks; the P1 week has 300.
  const week = await seedStaff(client, {
    tag: "W",
    employees: 60,
    locations: 5,
    start: "2031-01-06",
    end: "2031-08-24",
  });
  await seedVacations(client, week.employeeIds);
  const {
    rows: [{ count: smallCount }],
  } = await client.query("SELECT count(*)::int AS count FROM shifts");
  // An employee and a location of the P1 week, for POST /api/shifts/check.
  const checked = { employeeId: week.employeeIds[1], locationId: week.locationIds[0] };

  logServerMemory();
  console.log("P1: GET /api/shifts (one week) vs GET /api/auth/me, 10 connections ...");
  const p1 = await benchShiftsThroughput(server.baseUrl);
  rows.push({
    id: "P1",
    what:
      `\`GET /api/shifts\` one week (${p1.shiftCount} shifts), 10 connections, vs \`GET /api/auth/me\`; ` +
      "the week does not change meanwhile, so it comes from the server's cache, " +
      "checked against the data version on every request",
    figure:
      `${p1.shiftsRps.toFixed(0)} vs ${p1.trivialRps.toFixed(0)} req/s: ${p1.ratio.toFixed(2)} × ` +
      `(p50 ${p1.shiftsP50} ms, p99 ${p1.shiftsP99} ms); ` +
      "2 SQL statements per request (tested in app/api/shifts/route.test.ts)",
    budget: "≥ 0.70 ×; ≤ 2 SQL",
    pass: p1.ratio >= 0.7,
  });
  console.log("P21: GET /api/shifts (one week) with an integration's access token vs with a JWT ...");
  rows.push(tokenRow(await benchTokenThroughput(server.baseUrl)));
  // P2 and P9 time the database path: a changed data version before each request makes the server rebuild the week.
  const invalidate = () => client.query("UPDATE data_versions SET version = gen_random_uuid() WHERE name = 'schedule'");

  logServerMemory();
  console.log("P9: GET /api/schedule/warnings (one week) vs GET /api/auth/me, 10 connections ...");
  const p9 = await benchWarningsThroughput(server.baseUrl);
  rows.push({
    id: "P9",
    what:
      `\`GET /api/schedule/warnings\` one week (${p1.shiftCount} shifts, ${p9.findings} findings, vacations), ` +
      "10 connections, vs `GET /api/auth/me`; cached per data version like P1",
    figure:
      `${p9.warningsRps.toFixed(0)} vs ${p9.trivialRps.toFixed(0)} req/s: ${p9.ratio.toFixed(2)} × ` +
      `(p50 ${p9.warningsP50} ms); ≤ 2 SQL statements per request (tested in app/api/schedule/warnings)`,
    budget: "≥ 0.70 ×; ≤ 2 SQL",
    pass: p9.ratio >= 0.7,
  });
  const smallWarnings = await benchWarningsLatency(server.baseUrl, invalidate);

  logServerMemory();
  console.log("P12: GET /api/calendar/{token}.ics vs GET /api/auth/me, 10 connections ...");
  const feedOf = await seedFeed(client, server.baseUrl);
  const p12 = await benchCalendarFeed(server.baseUrl, feedOf.path);
  rows.push({
    id: "P12",
    what:
      `\`GET /api/calendar/{token}.ics\` of a full-time employee (${p12.events} events, ` +
      `${(p12.bytes / 1024).toFixed(0)} kB), 10 connections, vs \`GET /api/auth/me\`; ` +
      "unchanged meanwhile, so it comes from the server's cache, checked against the data version on every request",
    figure:
      `${p12.feedRps.toFixed(0)} vs ${p12.trivialRps.toFixed(0)} req/s: ${p12.ratio.toFixed(2)} × ` +
      `(p50 ${p12.feedP50} ms)`,
    budget: "≥ 0.70 ×",
    pass: p12.ratio >= 0.7,
  });
  rows.push({
    id: "P12",
    what: "the same feed answered 304 to a calendar app sending its ETag (`If-None-Match`)",
    figure:
      `${p12.notModifiedRps.toFixed(0)} req/s: ${p12.notModifiedRatio.toFixed(2)} × \`/auth/me\` ` +
      `(p50 ${p12.notModifiedP50} ms)`,
    budget: "more req/s than the 200s",
    pass: p12.notModifiedRps > p12.feedRps,
  });
  logServerMemory();
  console.log("P16: 50 employees stamp in at once; stamping vs GET /api/auth/me ...");
  const clockStaff = await seedClockStaff(client, server.baseUrl);
  const clockRotation = await seedRotation(client, server.baseUrl);
  const p16 = await benchClockBurst(server.baseUrl, client, clockStaff, clockRotation);
  rows.push({
    id: "P16",
    what:
      `${p16.people} employees stamp "in" in the same second: ${p16.people} parallel \`POST /api/me/clock\`, ` +
      `each a linked user of their own, ${p16.stamps / p16.people} rounds`,
    figure:
      `p50 ${ms(p16.p50)}, p99 ${ms(p16.p99)} (max ${ms(p16.max)}); ${p16.errors} errors; ` +
      `${p16.running} running entries after a round; the same burst of \`GET /api/auth/me\`: p99 ` +
      `${ms(p16.meBurstP99)}`,
    budget: "p99 ≤ 150 ms, 0 errors, 50 entries",
    pass: p16.p99 <= 150 && p16.errors === 0 && p16.running === p16.people,
  });
  rows.push({
    id: "P16",
    what: "`POST /api/me/clock` (in and out by turns, 10 at once, 50 people a round) vs `GET /api/auth/me`, same loop",
    figure:
      `${p16.clockRps.toFixed(0)} vs ${p16.meRps.toFixed(0)} req/s: ${p16.ratio.toFixed(2)} × ` +
      `(${p16.clockFailures} not 200)`,
    budget: "≥ 0.50 ×",
    pass: p16.ratio >= 0.5 && p16.clockFailures === 0,
  });
  await archive(client, clockStaff);
  await archive(client, clockRotation);

  const smallCheck = await benchCheckLatency(server.baseUrl, checked);
  // Out of the lists (their shifts stay), so the PDFs below print only their own staff.
  await archive(client, week);
  await archive(client, feedOf);

  logServerMemory();
  console.log("P3: GET /api/health while ten logins run ...");
  const login = await benchLoginVsHealth(server.baseUrl);
  const rise = login.busyP99 - login.idleP99;
  rows.push({
    id: "P3",
    what: "`GET /api/health` p99 while 10 logins (bcrypt cost 12) run in parallel",
    figure: `${ms(login.idleP99)} → ${ms(login.busyP99)} (rise ${ms(rise)})`,
    budget: "rise ≤ 20 ms",
    pass: rise <= 20,
  });

  logServerMemory();
  console.log("P4: schedule PDFs ...");
  const pdf = await benchSchedulePdf(server.baseUrl, server.databaseUrl);
  for (const [variant, label] of /** @type {const} */ ([
    ["locations", "rows per location"],
    ["employees", "rows per employee"],
  ])) {
    const { small, large } = pdf[variant];
    rows.push({
      id: "P4",
      what: `Schedule PDF, ${label} (\`rows=${variant}\`), one month, 50 / 500 employees (median of 5)`,
      figure: `${ms(small.medianMs)} / ${ms(large.medianMs)}`,
      budget: "≤ 500 ms / ≤ 1500 ms",
      pass: small.medianMs <= 500 && large.medianMs <= 1500,
    });
    rows.push({
      id: "P4",
      what: `\`GET /api/health\` p99 while those PDFs (\`rows=${variant}\`) render`,
      figure: `${ms(small.healthP99)} / ${ms(large.healthP99)}`,
      budget: "≤ 50 ms",
      pass: Math.max(small.healthP99, large.healthP99) <= 50,
    });
  }

  // Every load phase's staff is archived by now: each proposal sees only the week it seeds.
  logServerMemory();
  console.log("P11: POST /api/schedule/auto-fill, café and large week, 7 proposals each ...");
  const fill = await benchAutoFillLatency(server.baseUrl, server.databaseUrl);
  const seconds = (/** @type {number} */ value) => `${(value / 1000).toFixed(2)} s`;
  rows.push({
    id: "P11",
    what:
      "`POST /api/schedule/auto-fill` (the proposal), median of 6 after a first: café week " +
      `(${fill.cafe.employees} employees, ${fill.cafe.open} open shifts) / large week ` +
      `(${fill.large.employees} employees, ${fill.large.open} open shifts); the first proposal of the process ` +
      "compiles HiGHS",
    figure:
      `${seconds(fill.cafe.medianMs)} / ${seconds(fill.large.medianMs)} ` +
      `(first: ${seconds(fill.cafe.firstMs)} / ${seconds(fill.large.firstMs)})`,
    budget: "≤ 1 s / ≤ 5 s",
    pass: fill.cafe.medianMs <= 1000 && fill.large.medianMs <= 5000,
  });
  rows.push({
    id: "P11",
    what: "`GET /api/health` p99, asked every 20 ms while a large proposal is solved",
    figure: `${ms(fill.large.healthP99)} (p50 ${ms(fill.large.healthP50)}, ${fill.large.healthSamples} requests)`,
    budget: "≤ 50 ms",
    pass: fill.large.healthP99 <= 50,
  });

  // The browser phases run on every core again: Chromium (started from this
  // process) would inherit the load generator's single core, and a browser
  // squeezed onto one core with the whole browser process tree measures the
  // pinning, not the pages (Lighthouse models a slower phone CPU itself).
  if (pinned) {
    pin(process.pid, "0-63");
    pin(serverPid, "0-63");
  }
  // Both browser phases look at one small company's current week (3
  // locations, 15 employees, 60 shifts); every load phase's staff is archived by now.
  const plannerWeek = await seedPlannerWeek(server.baseUrl, BENCH_ADMIN);
  logServerMemory();
  console.log("P8: API calls of the dashboard and the planner ...");
  const screens = await benchScreenCalls(server.baseUrl);
  const dashboardCalls = `${screens.dashboard.calls.length} (${screens.dashboard.calls.join(", ")})`;
  const plannerCalls = `${screens.planner.calls.length} (${screens.planner.calls.join(", ")})`;
  rows.push({
    id: "P8",
    what:
      "API calls per screen load (dashboard, planner); " +
      "plus the app's session check `/api/auth/me` on a full page load",
    figure: `${dashboardCalls}; ${plannerCalls}`,
    budget: "≤ 3 each",
    pass: screens.dashboard.calls.length <= 3 && screens.planner.calls.length <= 3,
  });

  logServerMemory();
  await settle();
  console.log("P5: Lighthouse (3 runs per page and preset) and JavaScript per route ...");
  const lighthouse = await benchLighthouse(server.baseUrl, BENCH_ADMIN, { seed: false });
  for (const preset of ["desktop", "mobile"]) {
    const mine = lighthouse.filter((row) => row.preset === preset);
    rows.push({
      id: "P5",
      what: `Lighthouse performance, ${preset} (median of 3): ${mine.map((row) => row.path).join(", ")}`,
      figure: mine
        .map((row) => {
          const lcpSeconds = (row.lcpMs / 1000).toFixed(1);
          return `${row.score} (LCP ${lcpSeconds} s, TBT ${row.tbtMs.toFixed(0)} ms, CLS ${row.cls.toFixed(2)})`;
        })
        .join("; "),
      budget: `≥ ${mine[0].budget}`,
      pass: mine.every((row) => row.pass),
    });
  }
  const csp = lighthouse.filter((row) => row.preset === "desktop");
  rows.push({
    id: "P5",
    what:
      'Lighthouse "CSP is effective against XSS attacks" (csp-xss), findings by severity: ' +
      csp.map((row) => row.path).join(", "),
    figure: csp
      .map((row) => {
        /** @type {Map<string, number>} */
        const counts = new Map();
        for (const { severity } of row.cspXss.findings) counts.set(severity, (counts.get(severity) ?? 0) + 1);
        const figure = [...counts].map(([severity, count]) => `${count} ${severity}`).join(", ");
        return `${row.path} ${figure || "no finding"}`;
      })
      .join("; "),
    budget: "no High",
    pass: csp.every((row) => row.cspXss.pass),
  });
  const allJs = await routeJsSizes(server.baseUrl, BENCH_ADMIN);
  // The terminal has a budget of its own (P18); the app's pages share P5's.
  const js = allJs.filter((row) => row.path !== "/terminal");
  rows.push({
    id: "P5",
    what: "JavaScript of a first load per route, gzipped (measured in Chromium)",
    figure: js.map((row) => `${row.path} ${row.jsKbGzip.toFixed(0)} kB`).join(", "),
    budget: "≤ 230 kB",
    pass: js.every((row) => row.pass),
  });
  for (const row of allJs.filter((one) => one.path === "/terminal"))
    rows.push({
      id: "P18",
      what: "JavaScript of a first load of `/terminal` (the Stempeluhr's tablet), gzipped (measured in Chromium)",
      figure: `${row.jsKbGzip.toFixed(0)} kB (${row.scripts} scripts)`,
      budget: `≤ ${row.budget} kB`,
      pass: row.pass,
    });
  logServerMemory();
  await settle();
  console.log("P13: interaction latency in the planner (Event Timing, 4x CPU slowdown) ...");
  const latency = await benchPlannerLatency(server.baseUrl, BENCH_ADMIN, { weekStart: plannerWeek.weekStart });
  const latencyFigure = (/** @type {{ p75: number, max: number, samples: number }} */ l) =>
    `p75 ${ms(l.p75)} (max ${ms(l.max)}, ${l.samples} interactions)`;
  rows.push({
    id: "P13",
    what:
      `Interaction latency in the planner (${plannerWeek.shifts} shifts shown), Chromium at 4× CPU slowdown, ` +
      "as INP measures it (Event Timing): a week switch; a drag-and-drop move of a shift to the next day",
    figure: `${latencyFigure(latency.weekSwitch)}; ${latencyFigure(latency.move)}`,
    budget: "p75 ≤ 100 ms each",
    pass: latency.weekSwitch.p75 <= 100 && latency.move.p75 <= 100,
  });
  await plannerWeek.cleanup();
  logServerMemory();
  await settle();
  console.log("P18: PIN to confirmation at the Stempeluhr (Chromium) ...");
  const terminalLatency = await benchTerminalLatency(server.baseUrl, await seedTerminal(server.baseUrl, BENCH_ADMIN));
  rows.push({
    id: "P18",
    what:
      "The Stempeluhr in Chromium (a tablet, 768 × 1024): tile, PIN, action, in and out by turns; from the tap " +
      "that sends the stamp to the confirmation on screen",
    figure: `p50 ${ms(terminalLatency.p50)} (max ${ms(terminalLatency.max)}, ${terminalLatency.samples} stamps)`,
    budget: "p50 ≤ 300 ms",
    pass: terminalLatency.p50 <= 300,
  });
  logServerMemory();
  console.log("P15: clicks and keystrokes to plan the reference week ...");
  const planning = await benchPlanningClicks(server.baseUrl, BENCH_ADMIN);
  rows.push({
    id: "P15",
    what:
      "Clicks + keystrokes to plan a small company's week in the planner (3 locations with presets, 30 shifts, 20 of " +
      "them repeating last week): copy last week with its people, then add 10 shifts by preset and person",
    figure: `${planning.total} (${planning.clicks} clicks, ${planning.keys} keystrokes; ${planning.planned} shifts)`,
    budget: "≤ 60",
    pass: planning.total <= 60,
  });

  logServerMemory();
  const rss = rssMb(serverPid);
  rows.push({
    id: "P7",
    what: "Server RSS after the load runs above",
    figure: `${rss.toFixed(0)} MB`,
    budget: "≤ 400 MB",
    pass: rss <= 400,
  });

  if (large) {
    // P2 and P9 compare the same week on 10 k and on 1 M shifts, so both sides are measured here, one after the
    // other, at the same age of the server: the first measurement above came before most of the benchmarks
    // (docs/PERFORMANCE.md "P2 and P9: what else grew"). A phase that left shifts in the P1 week would make the
    // figures incomparable with P1's; the rows then say so rather than the run failing at its end.
    const weekShifts = async () =>
      (
        await client.query("SELECT count(*)::int AS count FROM shifts WHERE shift_date BETWEEN $1 AND $2", [
          P1_WEEK.start,
          P1_WEEK.end,
        ])
      ).rows[0].count;
    const measuredWeek = await weekShifts();
    const weekNote =
      measuredWeek === p1.shiftCount
        ? ""
        : `; the P1 week held ${measuredWeek} shifts instead of ${p1.shiftCount} (a phase left shifts in it)`;
    // The P1 week's staff back in the lists: the rules skip archived people and the check refuses them.
    await client.query("UPDATE employees SET archived_at = NULL WHERE id = ANY($1)", [week.employeeIds]);
    await client.query("UPDATE locations SET archived_at = NULL WHERE id = ANY($1)", [week.locationIds]);
    if (pinned) {
      pin(serverPid, "1-63");
      pin(process.pid, "0");
    }
    const smallLatency = await benchShiftsLatency(server.baseUrl, { invalidate });
    const smallWarningsNow = await benchWarningsLatency(server.baseUrl, invalidate);
    console.log("P2: generating 1,000,000 shifts ...");
    const started = performance.now();
    await generateLarge(client);
    const generatedSeconds = (performance.now() - started) / 1000;
    const {
      rows: [{ count: largeCount }],
    } = await client.query("SELECT count(*)::int AS count FROM shifts");
    // The load's pages written out now, not by a checkpoint running beside the
    // measurement (the small database was measured without one).
    await client.query("CHECKPOINT");
    // Pinned again, as when the small database was measured.
    if (pinned) {
      pin(serverPid, "1-63");
      pin(process.pid, "0");
    }
    const largeLatency = await benchShiftsLatency(server.baseUrl, { invalidate });
    const ratio = largeLatency.p50 / smallLatency.p50;
    const largeWarnings = await benchWarningsLatency(server.baseUrl, invalidate);
    const largeCheck = await benchCheckLatency(server.baseUrl, checked);
    const warningsRatio = largeWarnings.p50 / smallWarningsNow.p50;
    rows.push({
      id: "P9",
      what:
        "`GET /api/schedule/warnings` one week, p50 of single uncached requests: " +
        `${largeCount.toLocaleString("en")} vs ${smallCount.toLocaleString("en")} shifts in the table`,
      figure: `${ms(largeWarnings.p50)} vs ${ms(smallWarningsNow.p50)}: ratio ${warningsRatio.toFixed(2)}${weekNote}`,
      budget: "≤ 1.2",
      pass: warningsRatio <= 1.2,
    });
    rows.push({
      id: "P10",
      what:
        "`POST /api/shifts/check` p50 (p99) of single requests, " +
        `${largeCount.toLocaleString("en")} shifts (${smallCount.toLocaleString("en")} for comparison)`,
      figure: `${ms(largeCheck.p50)} (${ms(largeCheck.p99)}); ${ms(smallCheck.p50)} (${ms(smallCheck.p99)})`,
      budget: "≤ 25 ms",
      pass: largeCheck.p50 <= 25,
    });
    rows.push({
      id: "P2",
      what:
        "`GET /api/shifts` one week, p50 of single uncached requests: " +
        `${largeCount.toLocaleString("en")} vs ${smallCount.toLocaleString("en")} shifts in the table`,
      figure: `${ms(largeLatency.p50)} vs ${ms(smallLatency.p50)}: ratio ${ratio.toFixed(2)}${weekNote}`,
      budget: "≤ 1.2",
      pass: ratio <= 1.2,
    });
    details.push(
      `## P2: the week query on ${largeCount.toLocaleString("en")} shifts`,
      "",
      `Generated in ${generatedSeconds.toFixed(0)} s (set-based SQL, \`scripts/lib/generate-data.mjs\`). ` +
        `Plan of the query of \`GET /api/shifts\` for ${P1_WEEK.start} – ${P1_WEEK.end}:`,
      "",
      "```",
      await explainWeekQuery(client, P1_WEEK, await fetchP1Week(server.baseUrl)),
      "```",
      "",
    );
    // With --large only, like the 1 M shifts: filling the log and its five indexes takes about a minute.
    console.log("P14: filling 1,000,000 audit rows, then GET /api/audit and the plans of each filter ...");
    const history = await benchAuditHistory(client, server.baseUrl, BENCH_ADMIN);
    rows.push({
      id: "P14",
      what:
        "`GET /api/audit` (the history, 50 entries) p50 of single requests on " +
        `${history.count.toLocaleString("en")} audit rows` +
        ": first page; deep page (cursor 900,000 rows back); a rare kind (master data, 3 %) that deep",
      figure: `${ms(history.firstP50)}; ${ms(history.deepP50)}; ${ms(history.kindP50)}`,
      budget: "≤ 50 ms each",
      pass: Math.max(history.firstP50, history.deepP50, history.kindP50) <= 50,
    });
    details.push(...history.details);
  } else {
    rows.push({
      id: "P2",
      what: "`GET /api/shifts` on a 1 M-shift vs a 10 k-shift database",
      figure: "not run (`npm run bench -- --large`)",
      budget: "p50 ratio ≤ 1.2",
      pass: null,
    });
    rows.push({
      id: "P9",
      what: "`GET /api/schedule/warnings` on a 1 M-shift vs a 10 k-shift database",
      figure: `not run (\`npm run bench -- --large\`); ${ms(smallWarnings.p50)} on ${smallCount} shifts`,
      budget: "p50 ratio ≤ 1.2",
      pass: null,
    });
    rows.push({
      id: "P14",
      what: "`GET /api/audit` (the history) first and deep page p50 on 1 M audit rows",
      figure: "not run (`npm run bench -- --large`)",
      budget: "≤ 50 ms each",
      pass: null,
    });
    rows.push({
      id: "P10",
      what: "`POST /api/shifts/check` p50 on a 1 M-shift database",
      figure: `not run (\`npm run bench -- --large\`); ${ms(smallCheck.p50)} on ${smallCount} shifts`,
      budget: "≤ 25 ms",
      pass: null,
    });
  }

  logServerMemory();
  console.log("P19: POST /api/schedule/publish, a week of 50 employees' shifts, every one changed ...");
  const p19 = await benchPublish(client, server.baseUrl, { mailSink });
  rows.push({
    id: "P19",
    what:
      `\`POST /api/schedule/publish\` a week of ${p19.shifts} shifts, all changed (${p19.changes}), ` +
      `${p19.notified} people told (inbox messages)`,
    figure: `p50 ${ms(p19.p50)}, max ${ms(p19.max)}`,
    budget: "≤ 500 ms",
    pass: p19.max <= 500,
  });
  const mail = p19.mail;
  if (mail)
    rows.push({
      id: "P19",
      what:
        `the same publication's ${p19.notified} e-mails (every account asked for them) at a real SMTP server, ` +
        `sent by the job queue; \`GET /api/health\` asked one call after the other meanwhile (${mail.healthCalls})`,
      figure: `${mail.delivered} mails in ${mail.seconds.toFixed(2)} s; health p99 ${ms(mail.healthP99)}`,
      budget: "all within 10 s; p99 ≤ 50 ms",
      pass: mail.delivered === p19.notified && mail.seconds <= 10 && mail.healthP99 <= 50,
    });

  logServerMemory();
  console.log("P21: 1,000 webhook deliveries to a local receiver ...");
  rows.push(deliveryRow(await benchWebhookDeliveries(client, server.baseUrl)));

  // Last, as it adds three years of shifts and entries that no earlier row should count (bench/timesheet.mjs).
  logServerMemory();
  console.log("P17: GET /api/timesheets (a month of 50 employees) on one month, then on three years of entries ...");
  const p17 = await benchTimesheet(client, server.baseUrl);
  rows.push({
    id: "P17",
    what:
      `\`GET /api/timesheets\` a month of one location's ${p17.large.employees} employees (planned vs. worked, ` +
      `flags, rule findings): on ${p17.smallEntries.toLocaleString("en")} entries, then after ${p17.years} years ` +
      `of ${p17.employees} employees (${p17.largeEntries.toLocaleString("en")} entries)`,
    figure: `p50 ${ms(p17.small.p50)} → ${ms(p17.large.p50)} (p99 ${ms(p17.large.p99)}); ratio ${p17.ratio.toFixed(2)}`,
    budget: "p50 ≤ 150 ms; ratio ≤ 1.2",
    pass: p17.large.p50 <= 150 && p17.ratio <= 1.2,
  });

  // After P17: three more years of entries, in years no other phase records time in, so the exported month holds
  // only P20's approved entries (bench/payroll.mjs). The accounts also list the run's archived staff, without months.
  logServerMemory();
  console.log("P20: GET /api/time-accounts (a year of 500 employees) and the payroll export of a month ...");
  const p20 = await benchPayroll(client, server.baseUrl);
  const p20Text = payrollLines(p20);
  const p20Seeded =
    `${p20.employees} employees, three years of entries (${p20.entries.toLocaleString("en")}, every month approved)` +
    `; median of ${p20.runs} after a first`;
  rows.push({
    id: "P20",
    what: `\`GET /api/time-accounts?year=${P20_YEAR}\` (carried from each first recorded day), ${p20Seeded}`,
    figure: p20Text.accounts,
    budget: "p50 ≤ 1 s",
    pass: p20.accounts.p50 <= 1000,
  });
  rows.push({
    id: "P20",
    what: `\`GET /api/exports/payroll?month=${P20_MONTH}\`, DATEV LODAS and CSV, of those ${p20.employees} employees`,
    figure: p20Text.exports,
    budget: "p50 ≤ 1 s each",
    pass: Math.max(p20.lodas.p50, p20.csv.p50) <= 1000,
  });
  rows.push({
    id: "P20",
    what: "`GET /api/health` asked one call after the other while those requests ran",
    figure: p20Text.health,
    budget: "p99 ≤ 50 ms",
    pass: p20.health.p99 <= 50,
  });
} finally {
  await client.end();
  await server.stop();
  await mailSink.stop();
}

// The quality half of P11 in-process, after the server has stopped (bench/auto-fill-quality.ts, about 4 minutes).
console.log("P11: HiGHS against the greedy filler on 20 café and 20 large generated weeks ...");
{
  const { execFileSync } = await import("node:child_process");
  const script = path.join(ROOT, "bench/auto-fill-quality.ts");
  let out;
  try {
    out = execFileSync(process.execPath, ["--import", "tsx", script, "--json"], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // It exits 1 when a plan breaks the rules, after printing its figures: the row says "legal: no".
    out = /** @type {{ stdout: string }} */ (error).stdout;
  }
  const quality = JSON.parse(out);
  const pct = (/** @type {number} */ value) => `${(value * 100).toFixed(1)} %`;
  for (const [size, label] of /** @type {const} */ ([
    ["cafe", "café weeks (12 employees, 40 open shifts)"],
    ["large", "large weeks (50 employees, 300 open shifts, 10 % on vacation)"],
  ])) {
    const q = quality[size];
    rows.push({
      id: "P11",
      what:
        `HiGHS vs a greedy filler (most free contract hours first) on ${q.instances} generated ${label}, ` +
        "every plan checked by the planning rules: fill rate mean (min); overtime h (mean); " +
        "weekend shifts per person max − min (mean); HiGHS solve median (max), proved optimal",
      figure:
        `${pct(q.fillRate.highs.mean)} (${pct(q.fillRate.highs.min)}) vs ${pct(q.fillRate.greedy.mean)} ` +
        `(${pct(q.fillRate.greedy.min)}); ` +
        `${q.overtimeMean.highs.toFixed(1)} vs ${q.overtimeMean.greedy.toFixed(1)} h; ` +
        `${q.weekendSpreadMean.highs.toFixed(2)} vs ${q.weekendSpreadMean.greedy.toFixed(2)}; ` +
        `${(q.highsMs.median / 1000).toFixed(2)} s (${(q.highsMs.max / 1000).toFixed(2)} s), ` +
        `${q.optimal} of ${q.instances}; fewer filled: ${q.fewerFilled.length}; ` +
        `equal fills with more overtime: ${q.moreOvertime.length}; legal: ${q.legal ? "yes" : "no"}`,
      budget: "≥ greedy on every instance",
      pass: q.legal && q.fewerFilled.length === 0,
    });
  }
}

rows.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
printTable(rows);
const minutes = (performance.now() - benchStarted) / 60_000;
writeReport(rows, { pinned, large, details, minutes });
console.log(`\nWritten to docs/PERFORMANCE.md (measuring took ${minutes.toFixed(1)} min after the build)`);
