#!/usr/bin/env node
// `npm run bench`: builds the production app if needed, starts it on its own
// embedded PostgreSQL and prints figures. Benchmarks print; they never fail a build.
import { benchLoginVsHealth } from "./login-vs-health.mjs";
import { startBenchServer } from "./lib/server.mjs";

const server = await startBenchServer();
try {
  const r = await benchLoginVsHealth(server.baseUrl);
  const ms = (value) => `${value.toFixed(1)} ms`;
  const rise = r.busyP99 - r.idleP99;
  console.log("\nGET /api/health while ten logins (bcrypt cost 12) run in parallel — median of 5 rounds");
  console.log(`  health alone:        p50 ${ms(r.idleP50)}  p99 ${ms(r.idleP99)}`);
  console.log(`  during 10 logins:    p50 ${ms(r.busyP50)}  p99 ${ms(r.busyP99)}  (${r.samplesDuringLogins} health requests answered meanwhile)`);
  console.log(`  p99 rise:            ${ms(rise)}  (budget ≤ 20 ms: ${rise <= 20 ? "PASS" : "MISS"})`);
  console.log(`  10 parallel logins:  ${ms(r.tenLoginsMs)} until the last answer`);
} finally {
  await server.stop();
}
