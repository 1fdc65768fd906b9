#!/usr/bin/env node
// `npm run bench`: builds the production app if needed, starts it on its own
// embedded PostgreSQL and prints figures. Benchmarks print; they never fail a build.
import { benchLoginVsHealth } from "./login-vs-health.mjs";
import { benchSchedulePdf } from "./pdf-vs-health.mjs";
import { startBenchServer } from "./lib/server.mjs";

const ms = (value) => `${value.toFixed(1)} ms`;
const verdict = (ok) => (ok ? "PASS" : "MISS");

const server = await startBenchServer();
try {
  const login = await benchLoginVsHealth(server.baseUrl);
  const rise = login.busyP99 - login.idleP99;
  console.log("\nGET /api/health while ten logins (bcrypt cost 12) run in parallel — median of 5 rounds");
  console.log(`  health alone:        p50 ${ms(login.idleP50)}  p99 ${ms(login.idleP99)}`);
  console.log(`  during 10 logins:    p50 ${ms(login.busyP50)}  p99 ${ms(login.busyP99)}  (${login.samplesDuringLogins} health requests answered meanwhile)`);
  console.log(`  p99 rise:            ${ms(rise)}  (budget ≤ 20 ms: ${verdict(rise <= 20)})`);
  console.log(`  10 parallel logins:  ${ms(login.tenLoginsMs)} until the last answer`);

  const pdf = await benchSchedulePdf(server.baseUrl, server.databaseUrl);
  console.log("\nSchedule PDF, one month (GET /api/reports/schedule/pdf) — median of 5 runs, health polled meanwhile");
  for (const [label, r, budget] of [["50 employees, 5 locations", pdf.small, 500], ["500 employees, 50 locations", pdf.large, 3000]]) {
    console.log(`  ${label.padEnd(28)} ${ms(r.medianMs).padStart(10)} (budget ≤ ${budget} ms: ${verdict(r.medianMs <= budget)}), ${r.sizeKb.toFixed(0)} kB;` +
      ` health p50 ${ms(r.healthP50)} p99 ${ms(r.healthP99)} over ${r.healthSamples} requests (budget ≤ 50 ms: ${verdict(r.healthP99 <= 50)})`);
  }
} finally {
  await server.stop();
}
