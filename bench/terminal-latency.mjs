// @ts-check
// P18: how quickly the Stempeluhr confirms a stamp. A terminal is paired through the API and opened in Chromium; a
// person's tile is tapped, the PIN typed on the pad and the action tapped (in and out by turns); measured in the page
// from the tap that sends the stamp — the PIN pad's last tap: the digits only fill the field, the action button
// sends them — to the confirmation text on screen. Prints p50; asserts nothing.
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { apiLogin } from "./lib/api.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/browser.mjs";
import { percentile } from "./lib/server.mjs";

const PIN = "4711";
/** How long the pointer rests on a key before tapping it, as a finger aims (see planner-latency.mjs). */
const AIM_MS = 100;
/** The confirmation's words (lib/server/terminals/confirmation.ts). */
const CONFIRMED = /— (eingestempelt|ausgestempelt) \d\d:\d\d$/;

/**
 * Runs in the page before its scripts: the instant of every press of a stamping button, and the instant the
 * confirmation's text first is in the page (`window.__stamps`: [pressedAt, confirmedAt] per stamp).
 */
function observeStamps() {
  /** @type {[number, number | null][]} */
  const stamps = [];
  Object.assign(window, { __stamps: stamps });
  document.addEventListener(
    "pointerdown",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (button && /^(Einstempeln|Ausstempeln)$/.test(button.textContent?.trim() ?? ""))
        stamps.push([performance.now(), null]);
    },
    true,
  );
  new MutationObserver(() => {
    const last = stamps[stamps.length - 1];
    if (!last || last[1] !== null) return;
    const status = [...document.querySelectorAll('[role="status"]')].some((element) =>
      /— (eingestempelt|ausgestempelt) \d\d:\d\d$/.test(element.textContent?.trim() ?? ""),
    );
    if (status) last[1] = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * A tap as a finger makes it: onto the target, a rest, down and up.
 * @param {import("@playwright/test").Page} page
 * @param {import("@playwright/test").Locator} target
 */
async function tap(page, target) {
  const box = await target.boundingBox();
  if (!box) throw new Error("the button is not on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(AIM_MS);
  await page.mouse.down();
  await page.mouse.up();
}

/**
 * A location, one employee working there with a PIN, a terminal registered there: its pairing path.
 * @param {string} baseUrl
 * @param {import("./lib/api.mjs").Credentials} credentials an admin
 */
export async function seedTerminal(baseUrl, credentials) {
  const session = await apiLogin(baseUrl, credentials);
  const tag = Date.now().toString(36);
  /** @param {string} path @param {string} method @param {unknown} body */
  const send = async (path, method, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${session.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return /** @type {Record<string, unknown>} */ (await res.json());
  };
  const location = await send("/api/locations", "POST", { name: `Stempeluhr ${tag}`, color: "#10B981" });
  const lastName = `Tür ${tag}`;
  const employee = await send("/api/employees", "POST", {
    first_name: "Lea",
    last_name: lastName,
    location_ids: [location.id],
  });
  await send(`/api/employees/${employee.id}/pin`, "PUT", { pin: PIN });
  const terminal = await send("/api/terminals", "POST", { location_id: location.id, name: "Eingang" });
  return {
    pairingPath: /** @type {string} */ (terminal.pairing_path),
    tileName: `Lea ${lastName.slice(0, 1)}.`,
    locationId: /** @type {number} */ (location.id),
    employeeId: /** @type {number} */ (employee.id),
  };
}

/**
 * @param {string} baseUrl
 * @param {Awaited<ReturnType<typeof seedTerminal>>} terminal
 * @param {{ rounds?: number }} [options]
 * @returns {Promise<{ p50: number, max: number, samples: number }>}
 */
export async function benchTerminalLatency(baseUrl, terminal, { rounds = 20 } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // A tablet at the door, in portrait.
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: false });
    const page = await context.newPage();
    await page.addInitScript(observeStamps);
    await page.goto(`${baseUrl}${terminal.pairingPath}`);
    await page.waitForURL(/\/terminal$/);
    const tile = page.getByRole("button", { name: new RegExp(`^${terminal.tileName}`) });
    /** @type {number[]} */
    const durations = [];
    for (let round = 0; round < rounds; round++) {
      await tile.waitFor({ state: "visible" });
      await tap(page, tile);
      for (const digit of PIN) await tap(page, page.getByRole("button", { name: digit, exact: true }));
      const action = page.getByRole("button", { name: round % 2 === 0 ? "Einstempeln" : "Ausstempeln" });
      await tap(page, action);
      const confirmation = page.getByRole("status").filter({ hasText: CONFIRMED });
      await confirmation.waitFor({ state: "visible", timeout: 10_000 });
      const [pressedAt, confirmedAt] = await page.evaluate(() => {
        const stamps = /** @type {[number, number | null][]} */ (Reflect.get(window, "__stamps"));
        return stamps[stamps.length - 1];
      });
      if (confirmedAt === null) throw new Error("confirmation seen by Playwright but not by the page");
      durations.push(confirmedAt - pressedAt);
      // The confirmation is a button back to the tiles (otherwise after 5 s by itself).
      await tap(page, confirmation);
    }
    durations.sort((a, b) => a - b);
    return { p50: percentile(durations, 50), max: durations[durations.length - 1], samples: durations.length };
  } finally {
    await browser.close();
  }
}

// On its own (`node bench/terminal-latency.mjs`, after a build): P18's latency on the browser benchmarks' server.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { BENCH_ADMIN, startBrowserBenchServer } = await import("./lib/server.mjs");
  const server = await startBrowserBenchServer();
  try {
    const terminal = await seedTerminal(server.baseUrl, BENCH_ADMIN);
    const latency = await benchTerminalLatency(server.baseUrl, terminal);
    console.log(
      `P18 PIN to confirmation: p50 ${latency.p50.toFixed(1)} ms (max ${latency.max.toFixed(1)} ms, ` +
        `${latency.samples} stamps)`,
    );
  } finally {
    await server.stop();
  }
}
