#!/usr/bin/env bash
# `npm test`: every suite, fastest first; stops at the first failure.
# Integration and UI tests start their own throwaway PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

bash scripts/ensure-test-tools.sh
echo "== lint";       npm run --silent lint
echo "== typecheck";  npx next typegen >/dev/null && npx tsc --noEmit
echo "== unit + integration (vitest, embedded PostgreSQL)"
npx vitest run
echo "== build";      node scripts/build.mjs >/dev/null
echo "== end to end (Playwright, Chromium)"
npx playwright test
