// @ts-check
// P15: how many clicks and keystrokes it takes to plan the reference week of a small company in the planner, along
// the fastest path the UI offers (docs/PRODUCT-RULES.md §27): 3 locations with presets, 30 shifts, of which 20 repeat
// last week. A scripted Chromium run that counts every input it makes; it checks the planned week at the end, so
// the count belongs to a week that really got planned. Prints; asserts nothing about the count.
import { chromium } from "@playwright/test";
import { apiLogin } from "./lib/api.mjs";
import { CHROMIUM, CHROMIUM_ARGS, writeSessionToStorage } from "./lib/browser.mjs";

/** The week copied from and the week planned (far ahead: no other bench data there). */
const LAST_WEEK = "2032-03-01";
const NEXT_WEEK = "2032-03-08";

const addDays = (/** @type {string} */ iso, /** @type {number} */ days) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The reference company through the API: 3 locations with presets Früh / Spät, 10 employees, and last week's 20
 * shifts (each person two days, Monday to Friday).
 * @param {string} baseUrl
 * @param {string} token
 */
async function seedReferenceWeek(baseUrl, token) {
  /** @param {string} path @param {object} body */
  const post = async (path, body) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return /** @type {{ id: number }} */ (await res.json());
  };
  const suffix = Date.now().toString(36);
  const locations = [];
  for (const name of ["Café Bahnhof", "Bäckerei Altstadt", "Filiale Seefeld"]) {
    const location = await post("/locations", { name: `${name} ${suffix}` });
    for (const [name, start_time, end_time] of [
      ["Früh", "06:00", "14:00"],
      ["Spät", "14:00", "22:00"],
    ]) {
      await post(`/locations/${location.id}/presets`, { name, start_time, end_time, break_minutes: 30 });
    }
    locations.push(location);
  }
  const employees = [];
  for (let i = 0; i < 10; i++) {
    employees.push(await post("/employees", { first_name: `Person${i}`, last_name: `Referenz ${suffix}` }));
  }
  for (const [i, employee] of employees.entries()) {
    for (const day of [i % 5, (i + 2) % 5]) {
      await post("/shifts", {
        employee_id: employee.id,
        location_id: locations[i % 3].id,
        shift_date: addDays(LAST_WEEK, day),
        start_time: i % 2 === 0 ? "06:00" : "14:00",
        end_time: i % 2 === 0 ? "14:00" : "22:00",
        break_minutes: 30,
      });
    }
  }
  return { locations, employees };
}

/**
 * @param {string} baseUrl
 * @param {import("./lib/api.mjs").Credentials} credentials
 * @returns {Promise<{ clicks: number, keys: number, total: number, planned: number }>}
 */
export async function benchPlanningClicks(baseUrl, credentials) {
  const session = await apiLogin(baseUrl, credentials);
  const { locations, employees } = await seedReferenceWeek(baseUrl, session.accessToken);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  let clicks = 0;
  let keys = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    await page.waitForFunction(() => localStorage.getItem("auth-storage") !== null);
    await page.evaluate(writeSessionToStorage, session);
    // The manager starts in the planner, looking at last week.
    await page.goto(`${baseUrl}/schedule?week=${LAST_WEEK}`);
    await page.getByTestId("shift").first().waitFor();

    /** @param {import("@playwright/test").Locator} target */
    const click = async (target) => {
      clicks += 1;
      await target.click();
    };

    // 1. Last week into next week, with the people: "Woche kopieren", then "Kopieren" (the target is next week).
    await click(page.getByRole("button", { name: "Woche kopieren" }));
    await click(page.getByRole("dialog").getByRole("button", { name: "Kopieren" }));
    await page.waitForURL(`**/schedule?week=${NEXT_WEEK}`);
    await page.getByTestId("shift").nth(19).waitFor();

    // 2. The ten new shifts: Saturday and Sunday at each location, plus four more, each by "+", a preset, the
    // person (opening the list and choosing: two), "Speichern".
    const extra = [
      ...[5, 6].flatMap((day) => locations.map((location) => ({ day, location }))),
      ...[0, 1, 2, 3].map((day) => ({ day, location: locations[day % 3] })),
    ];
    /** Who works which day of the planned week: the copies' people, then each new shift's. */
    const busy = new Set(employees.flatMap((_, i) => [`${i}|${i % 5}`, `${i}|${(i + 2) % 5}`]));
    for (const [i, { day, location }] of extra.entries()) {
      await click(page.locator(`button[data-add="loc-${location.id}|${addDays(NEXT_WEEK, day)}"]`));
      const dialog = page.getByRole("dialog", { name: "Neue Schicht" });
      await click(dialog.getByRole("button", { name: i % 2 === 0 ? "Früh 06:00–14:00" : "Spät 14:00–22:00" }));
      // Somebody free that day, so no shift is refused as a double booking.
      const free = employees.findIndex((_, j) => !busy.has(`${j}|${day}`));
      busy.add(`${free}|${day}`);
      const person = employees[free];
      // Choosing in the list: opening it and picking the person.
      clicks += 2;
      await dialog.getByLabel("Mitarbeiter").selectOption(String(person.id));
      await click(dialog.getByRole("button", { name: "Speichern" }));
      await dialog.waitFor({ state: "detached" });
    }

    // The week is planned: 30 shifts, every one with a person.
    const res = await fetch(`${baseUrl}/api/shifts?start_date=${NEXT_WEEK}&end_date=${addDays(NEXT_WEEK, 6)}`, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
    });
    const ours = new Set(locations.map((location) => location.id));
    /** @type {{ location_id: number, employee_id: number | null }[]} */
    const planned = (await res.json()).filter((/** @type {{ location_id: number }} */ s) => ours.has(s.location_id));
    const assigned = planned.filter((shift) => shift.employee_id !== null).length;
    if (planned.length !== 30 || assigned !== 30) {
      throw new Error(`the week was not planned: ${planned.length} shifts, ${assigned} with a person`);
    }
    return { clicks, keys, total: clicks + keys, planned: planned.length };
  } finally {
    await browser.close();
  }
}
