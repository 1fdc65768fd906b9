// @ts-check
// P13: how quickly the planner answers an interaction — a week switch and a drag-and-drop move — measured as the
// browser measures INP: Event Timing entries (the time from the input to the next paint after its handlers), in
// Chromium with the CPU slowed down 4×. Prints p75 per interaction; asserts nothing.
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { apiLogin } from "./lib/api.mjs";
import { CHROMIUM, CHROMIUM_ARGS, writeSessionToStorage } from "./lib/browser.mjs";
import { percentile } from "./lib/server.mjs";

const CPU_SLOWDOWN = 4;
/** Event Timing reports nothing shorter than this; an interaction without an entry counts as this long. */
const EVENT_TIMING_FLOOR_MS = 16;

/**
 * Runs in the page before its scripts: collects every Event Timing entry that belongs to an interaction.
 * `window.__interactions` maps interactionId → the longest entry's duration (what INP takes per interaction).
 */
function observeInteractions() {
  /** @type {Map<number, number>} */
  const interactions = new Map();
  Object.assign(window, { __interactions: interactions });
  new PerformanceObserver((list) => {
    // `interactionId` is newer than TypeScript's DOM types.
    for (const entry of /** @type {(PerformanceEntry & { interactionId?: number })[]} */ (list.getEntries())) {
      if (!entry.interactionId) continue;
      interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: "event", buffered: true, durationThreshold: 16 }));
}

/**
 * How long the pointer rests on its target before a press or a release, as a hand aims. Without the pause the press
 * arrives in the same frame as the moves before it and waits for their hover styles and drag steps: an input delay
 * that no person's click has (docs/PERFORMANCE.md, P13).
 */
const AIM_MS = 150;

/**
 * A click as a person makes it: the pointer moves onto the button, rests, then presses and releases. Not Playwright's
 * `click()`, whose checks of the target run in the page inside the interaction (a listener on the press that hit-
 * tests the page) and would be measured as the planner's latency.
 * @param {import("@playwright/test").Page} page
 * @param {import("@playwright/test").Locator} target
 */
async function press(page, target) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("the button is not on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(AIM_MS);
  await page.mouse.down();
  await page.mouse.up();
}

/**
 * The interactions' durations since the last call (an interaction without an entry was shorter than the floor).
 * @param {import("@playwright/test").Page} page
 * @param {number} expected how many interactions the caller made
 */
async function takeDurations(page, expected) {
  // Entries arrive after the next paint; give the observer a moment.
  await page.waitForTimeout(300);
  const durations = await page.evaluate(() => {
    const map = /** @type {Map<number, number>} */ (Reflect.get(window, "__interactions"));
    const values = [...map.values()];
    map.clear();
    return values;
  });
  const floor = Array.from({ length: Math.max(0, expected - durations.length) }, () => EVENT_TIMING_FLOOR_MS);
  return [...durations, ...floor];
}

/**
 * @typedef {{ p75: number, max: number, samples: number }} Latency
 * @param {number[]} values
 * @returns {Latency}
 */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p75: percentile(sorted, 75), max: sorted[sorted.length - 1], samples: sorted.length };
}

/**
 * @param {string} baseUrl
 * @param {import("./lib/api.mjs").Credentials} credentials
 * @param {{ weekStart: string, rounds?: number }} options the seeded week (a Monday) and how often to repeat
 * @returns {Promise<{ weekSwitch: Latency, move: Latency }>}
 */
export async function benchPlannerLatency(baseUrl, credentials, { weekStart, rounds = 10 }) {
  const session = await apiLogin(baseUrl, credentials);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.waitForFunction(() => localStorage.getItem("auth-storage") !== null);
    await page.evaluate(writeSessionToStorage, session);
    await page.addInitScript(observeInteractions);
    await page.goto(`${baseUrl}/schedule?week=${weekStart}`);
    // Drag and drop loads after the grid (for planners only): its drag handles show it is there.
    await page
      .getByRole("button", { name: /^Ziehen:/ })
      .first()
      .waitFor({ state: "attached" });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await takeDurations(page, 0);

    /** @type {number[]} */
    const weekSwitch = [];
    for (let round = 0; round < rounds; round++) {
      for (const button of ["Nächste Woche", "Vorherige Woche"]) {
        await press(page, page.getByRole("button", { name: button }));
        await page.waitForLoadState("networkidle");
        weekSwitch.push(...(await takeDurations(page, 1)));
      }
    }

    // One open shift, dragged to the next day and back again: both moves are always allowed (nobody can be
    // double-booked by an open shift).
    const chipId = await page.getByTestId("shift").filter({ hasText: "Offen" }).first().getAttribute("data-shift-id");
    /** @type {number[]} */
    const move = [];
    /** @type {string | null} */
    let home = null;
    for (let round = 0; round < rounds * 2; round++) {
      const dragged = await dragChip(page, String(chipId), home);
      home = home === null ? dragged.from : null;
      move.push(...dragged.durations);
    }
    return { weekSwitch: summary(weekSwitch), move: summary(move) };
  } finally {
    await browser.close();
  }
}

/**
 * Drags a chip with the mouse as a person would — to the cell `to` names, or else to the cell beside it (the next
 * day, or the day before from Sunday) — and waits until the server has answered. Answers the cell it came from and
 * the durations of the drag's interactions (the press and the release).
 * @param {import("@playwright/test").Page} page
 * @param {string} id the shift's id
 * @param {string | null} to the `data-add` key of the target cell
 */
async function dragChip(page, id, to) {
  const chip = page.locator(`[data-testid="shift"][data-shift-id="${id}"]`);
  // A cell is named by the data-add key of its "+", which is where the chip is dropped.
  const cells = await chip.evaluate((element) => {
    const cell = element.closest("td");
    const keyOf = (/** @type {Element | null | undefined} */ other) =>
      other?.querySelector("button[data-add]")?.getAttribute("data-add") ?? null;
    return { from: keyOf(cell), beside: keyOf(cell?.nextElementSibling) ?? keyOf(cell?.previousElementSibling) };
  });
  const target = page.locator(`button[data-add="${to ?? cells.beside}"]`);
  // The pointer reaches only what is on screen.
  await chip.scrollIntoViewIfNeeded();
  await target.scrollIntoViewIfNeeded();
  const from = await chip.boundingBox();
  const box = await target.boundingBox();
  if (!from || !box || !cells.from) throw new Error("chip or target cell not on screen");
  const saved = page.waitForResponse(
    (res) => res.url().includes(`/api/shifts/${id}`) && res.request().method() === "PUT",
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.waitForTimeout(AIM_MS);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await page.waitForTimeout(AIM_MS);
  await page.mouse.up();
  const answer = await saved;
  if (answer.status() !== 200) throw new Error(`the move was refused: ${answer.status()} ${await answer.text()}`);
  await page.waitForLoadState("networkidle");
  return { from: cells.from, durations: await takeDurations(page, 1) };
}

// On its own (`node bench/planner-latency.mjs`, after a build): P13 alone on the browser benchmarks' server, with the
// week of seedPlannerWeek, as `npm run bench` measures it.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { BENCH_ADMIN, startBrowserBenchServer } = await import("./lib/server.mjs");
  const { seedPlannerWeek } = await import("./lighthouse.mjs");
  const server = await startBrowserBenchServer();
  try {
    const week = await seedPlannerWeek(server.baseUrl, BENCH_ADMIN);
    const latency = await benchPlannerLatency(server.baseUrl, BENCH_ADMIN, { weekStart: week.weekStart });
    /** @param {string} what @param {Latency} l */
    const line = (what, l) =>
      `P13 ${what}: p75 ${l.p75.toFixed(1)} ms (max ${l.max.toFixed(1)} ms, ${l.samples} interactions)`;
    console.log(line("week switch", latency.weekSwitch));
    console.log(line("move", latency.move));
  } finally {
    await server.stop();
  }
}
