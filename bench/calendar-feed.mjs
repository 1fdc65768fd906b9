// @ts-check
// P12: the calendar feed (docs/PRODUCT-RULES.md §26.2). GET /api/calendar/{token}.ics of a full-time employee
// (a shift every weekday of the feed's window, two vacations) against GET /api/auth/me, rounds alternating as in
// P1, and the same feed answered 304 to a calendar app that sends its ETag. Prints; asserts nothing.
import autocannon from "autocannon";
import { authorization, load } from "./api-throughput.mjs";
import { apiLogin } from "./lib/api.mjs";
import { median } from "./lib/server.mjs";

const USER = { username: "bench-feed", password: "bench-feed-passwort" };

/**
 * A full-time employee with a shift on every weekday from 30 days back to 180 days ahead of today (the feed's
 * window, about 150 shifts) and two vacations, linked to a user of its own who then makes the calendar link the way
 * the app does (POST /api/me/calendar-link).
 * @param {import("pg").Client} client
 * @param {string} baseUrl
 * @returns {Promise<{ path: string, shifts: number, locationIds: number[], employeeIds: number[] }>}
 */
export async function seedFeed(client, baseUrl) {
  const {
    rows: [{ employee_id: employeeId, location_id: locationId }],
  } = await client.query(
    `WITH e AS (INSERT INTO employees (first_name, last_name, weekly_hours, vacation_days_total, updated_at)
                VALUES ('Kalender', 'Abo', 40, 25, now()) RETURNING id),
          l AS (INSERT INTO locations (name, color, address, updated_at)
                VALUES ('Kalender-Filiale', '#10B981', 'Bahnhofstrasse 1, 8001 Zürich', now()) RETURNING id)
     SELECT e.id AS employee_id, l.id AS location_id FROM e, l`,
  );
  const { rowCount } = await client.query(
    `INSERT INTO shifts (employee_id, location_id, shift_date, start_time, end_time, break_minutes, updated_at)
     SELECT $1, $2, d::date, time '08:00', time '16:30', 30, now()
     FROM generate_series(current_date - 30, current_date + 180, interval '1 day') d
     WHERE extract(isodow FROM d) <= 5`,
    [employeeId, locationId],
  );
  await client.query(
    `INSERT INTO vacations (employee_id, start_date, end_date, days_count, status, updated_at)
     VALUES ($1, current_date + 40, current_date + 44, 5, 'approved', now()),
            ($1, current_date + 120, current_date + 121, 2, 'approved', now())`,
    [employeeId],
  );
  const admin = await authorization(baseUrl);
  const created = await fetch(`${baseUrl}/api/users`, {
    method: "POST",
    headers: { ...admin, "Content-Type": "application/json" },
    // The bench signs in as this user at once: no first password of its own to set (docs/PRODUCT-RULES.md §31.5).
    body: JSON.stringify({ ...USER, role: "user", employee_id: employeeId, must_change_password: false }),
  });
  if (created.status !== 201) throw new Error(`creating the feed's user: ${created.status} ${await created.text()}`);
  const { accessToken } = await apiLogin(baseUrl, USER);
  const link = await fetch(`${baseUrl}/api/me/calendar-link`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (link.status !== 201) throw new Error(`creating the calendar link: ${link.status} ${await link.text()}`);
  // The ids for `archive` (bench/lib/seed.mjs) once the feed is measured: the person works every weekday around
  // today, so left active they would show in the browser phases' current week.
  return {
    path: (await link.json()).path,
    shifts: rowCount ?? 0,
    locationIds: [locationId],
    employeeIds: [employeeId],
  };
}

/**
 * Like load() of api-throughput.mjs, for answers that must all be 304 (a calendar app polling with its ETag).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} duration seconds
 * @returns {Promise<import("./api-throughput.mjs").Load>}
 */
function loadNotModified(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration }, (error, result) => {
      if (error) return reject(error);
      const notModified = result["3xx"];
      if (result.errors > 0 || result["2xx"] > 0 || notModified === 0 || result.non2xx !== notModified)
        return reject(new Error(`${url}: ${notModified} answered 304, ${result.non2xx - notModified} otherwise`));
      resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
  });
}

/**
 * @param {string} baseUrl
 * @param {string} feedPath
 * @param {{ rounds?: number, duration?: number }} [options]
 */
export async function benchCalendarFeed(baseUrl, feedPath, { rounds = 3, duration = 5 } = {}) {
  const headers = await authorization(baseUrl);
  const feedUrl = `${baseUrl}${feedPath}`;
  const meUrl = `${baseUrl}/api/auth/me`;
  const first = await fetch(feedUrl);
  const body = await first.text();
  const etag = first.headers.get("etag");
  if (first.status !== 200 || !etag) throw new Error(`the feed answered ${first.status} without an ETag`);
  const events = body.split("BEGIN:VEVENT").length - 1;
  await load(feedUrl, {}, 2); // warm-up
  await load(meUrl, headers, 2);
  /** @type {import("./api-throughput.mjs").Load[]} */
  const feed = [];
  /** @type {import("./api-throughput.mjs").Load[]} */
  const cached = [];
  /** @type {import("./api-throughput.mjs").Load[]} */
  const trivial = [];
  for (let round = 0; round < rounds; round++) {
    feed.push(await load(feedUrl, {}, duration));
    cached.push(await loadNotModified(feedUrl, { "If-None-Match": etag }, duration));
    trivial.push(await load(meUrl, headers, duration));
  }
  return {
    events,
    bytes: Buffer.byteLength(body),
    feedRps: median(feed.map((r) => r.rps)),
    notModifiedRps: median(cached.map((r) => r.rps)),
    trivialRps: median(trivial.map((r) => r.rps)),
    feedP50: median(feed.map((r) => r.p50)),
    notModifiedP50: median(cached.map((r) => r.p50)),
    ratio: median(feed.map((r, i) => r.rps / trivial[i].rps)),
    notModifiedRatio: median(cached.map((r, i) => r.rps / trivial[i].rps)),
  };
}
