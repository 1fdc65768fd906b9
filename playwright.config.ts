import { defineConfig } from "@playwright/test";
import { portsFromEnvOrFree } from "./scripts/lib/free-port.mjs";

// The tests start the app the way a user does (`npm start`'s wrapper), with
// their own data directory and ports, so they never touch the user's data.
// Ports: E2E_PORT, E2E_PG_PORT, E2E_START_PORT and E2E_START_PG_PORT when set,
// else free ones picked here once, in the main process, and written into
// process.env, which the workers inherit (they evaluate this file again).
const [port, pgPort, startPort, startPgPort] = portsFromEnvOrFree(process.env, [
  "E2E_PORT",
  "E2E_PG_PORT",
  "E2E_START_PORT",
  "E2E_START_PG_PORT",
]);
export const baseURL = `http://127.0.0.1:${port}`;
/** The e2e server's embedded PostgreSQL (its password: .data-e2e/secrets/postgres-password). */
export const E2E_DATA_DIR = ".data-e2e";
export const E2E_PG_PORT = pgPort;
/**
 * Ports of the extra instances that the start-up tests (e2e/api/start.spec.ts,
 * runtime.spec.ts) start and stop one after the other.
 */
export const E2E_START_PORT = startPort;
export const E2E_START_PG_PORT = startPgPort;
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-passwort" };

// No service worker (docs/PRODUCT-RULES.md §33.8) but in the spec of the installable app: each new browser context
// would otherwise fetch the whole build to keep it, dozens of times a run, and pages could come from its copy.
const ui = {
  browserName: "chromium" as const,
  viewport: { width: 1280, height: 800 },
  serviceWorkers: "block" as const,
};
// Besides those: swaps (a shift given away is told to everyone who could take it, and to the planners: other specs'
// inboxes), auto-fill, which proposes from the whole staff (another spec's new employee would join the proposal), and
// the drag specs, whose pointer and keyboard drags measure the grid as it is drawn and are kept away from a second
// browser competing for the two cores, and the webhooks' screen, whose hook hears every spec's shifts while it lives.
const GLOBAL_UI_SPECS = [
  "auto-fill.spec.ts",
  "dashboard.spec.ts",
  "layout.spec.ts",
  "one-target.spec.ts",
  "payroll-settings.spec.ts",
  "planner-dnd.spec.ts",
  "planning-rules.spec.ts",
  "publishing.spec.ts",
  "settings.spec.ts",
  "swaps-planner.spec.ts",
  "swaps.spec.ts",
  "webhooks.spec.ts",
].map((file) => `**/e2e/ui/${file}`);

export default defineConfig({
  testDir: "e2e",
  // Two cores: at most two browsers at once, and only where the specs cannot see each other (projects below).
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Waits for what a screen shows, not a timing budget (those are benchmarks): a shared, loaded 2-core machine
  // sometimes needs more than Playwright's default 5 s to render a screen after a navigation.
  expect: { timeout: 10_000 },
  // The longest flows (a user linked to an employee: 24 s alone under load) must not meet the 30 s default.
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    locale: "de-CH",
    timezoneId: "Europe/Zurich",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // The API specs come first, one at a time: some start and stop further app instances on fixed ports, one changes
  // the settings, and the printed plan of all locations expects the few locations of an early database. Then the
  // UI specs, two at a time: each makes its own people, locations, accounts and dated weeks and looks only at those
  // (docs/ARCHITECTURE.md §13 lists what a ui spec must never do). The specs in GLOBAL_UI_SPECS change or count
  // what is one for the whole app (the company settings, the dashboard's figures, 80 extra employees): they run
  // last, one at a time.
  projects: [
    { name: "api", testDir: "e2e/api", workers: 1 },
    // Two at a time (about 14 → 10 min): every spec was checked for a dependence on the whole app's data and on the
    // shared admin account (two CI runs had found the printed plan of all locations and auto-fill's staff; the audit
    // found copy-week's whole weeks, the hours report's totals and the staff's list of open shifts).
    { name: "ui", testDir: "e2e/ui", testIgnore: GLOBAL_UI_SPECS, workers: 2, use: ui, dependencies: ["api"] },
    { name: "ui-global", testDir: "e2e/ui", testMatch: GLOBAL_UI_SPECS, workers: 1, use: ui, dependencies: ["ui"] },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      DATA_DIR: E2E_DATA_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      EMBEDDED_PG_PORT: String(pgPort),
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: "",
      // The webhooks' screen (e2e/ui/webhooks.spec.ts) registers hooks to a receiver on 127.0.0.1; the guard against
      // private addresses is the vitest tests' subject (docs/PRODUCT-RULES.md §37.4).
      WEBHOOK_ALLOW_PRIVATE: "1",
    },
  },
});
