import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { baseURL, E2E_ADMIN } from "../../playwright.config";

// Issue 27's "one request stops the whole server" against the built server (docs/PRODUCT-RULES.md §30.1): the
// requests that used to block the event loop (a vacation and the hours report in 9999), jam the PDF worker (the
// schedule PDF of December 9999) or answer 500 are answered at once, /api/health keeps answering while they run and
// afterwards, and the next PDF, one at the very end of the window, renders in the worker.

const WINDOW = "Datum muss zwischen 01.01.2000 und 31.12.2099 liegen";
/** Each answer within this time; before the fix the first request never answered. */
const ANSWER_MS = 5_000;

/** Polls /api/health every 100 ms until stopped: every answer must be 200 within a second. */
function pollHealth() {
  const problems: string[] = [];
  let polls = 0;
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1_000) });
        if (res.status !== 200) problems.push(`health ${res.status}`);
      } catch (error) {
        problems.push(`health did not answer within 1 s (${(error as Error).name})`);
      }
      slowest = Math.max(slowest, Date.now() - started);
      polls++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { problems, polls, slowest };
    },
  };
}

test("dates outside 2000–2099 are refused at once; health answers during and after; the next PDF renders", async ({
  request,
}) => {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const location = await (
    await request.post("/api/locations", { headers, data: { name: "Fenster Bahnhof", color: "#10b981" } })
  ).json();
  const employee = await (
    await request.post("/api/employees", {
      headers,
      data: { first_name: "Vera", last_name: "Fenster", weekly_hours: 40 },
    })
  ).json();
  const shift = { location_id: location.id, start_time: "09:00", end_time: "17:00" };

  type Bad = {
    name: string;
    send: () => ReturnType<typeof request.get>;
    status: number;
    field?: string;
    /** The field's message: the window's for a calendar date outside it. */
    message?: string;
  };
  const get = (path: string) => () => request.get(path, { headers, timeout: ANSWER_MS });
  const post = (path: string, data: object) => () => request.post(path, { headers, data, timeout: ANSWER_MS });
  const bad: Bad[] = [];
  for (const day of ["9999-12-31", "+010000-01-01", "1999-12-31", "2100-01-01"]) {
    const month = day === "9999-12-31" ? "9999-12-01" : day;
    const entries: Bad[] = [
      {
        name: `POST /api/vacations ${day}`,
        send: post("/api/vacations", { employee_id: employee.id, start_date: day, end_date: day }),
        status: 400,
        field: "start_date",
      },
      {
        name: `GET /api/reports/hours ${month}..${day}`,
        send: get(`/api/reports/hours?start_date=${encodeURIComponent(month)}&end_date=${encodeURIComponent(day)}`),
        status: 400,
        field: "start_date",
      },
      {
        name: `GET /api/reports/schedule/pdf ${month}..${day}`,
        send: get(
          `/api/reports/schedule/pdf?start_date=${encodeURIComponent(month)}&end_date=${encodeURIComponent(day)}`,
        ),
        status: 400,
        field: "start_date",
      },
      {
        name: `GET /api/reports/hours/pdf ${day}`,
        send: get(`/api/reports/hours/pdf?start_date=${encodeURIComponent(day)}&end_date=${encodeURIComponent(day)}`),
        status: 400,
        field: "start_date",
      },
      {
        name: `GET /api/dashboard ${day}`,
        send: get(`/api/dashboard?date=${encodeURIComponent(day)}`),
        status: 400,
        field: "date",
      },
      {
        name: `GET availability ${day}`,
        send: get(`/api/employees/${employee.id}/availability/${encodeURIComponent(day)}`),
        status: 404,
      },
      {
        name: `POST /api/shifts ${day}`,
        send: post("/api/shifts", { ...shift, shift_date: day }),
        status: 400,
        field: "shift_date",
      },
      {
        name: `POST /api/shifts/check ${day}`,
        send: post("/api/shifts/check", { ...shift, employee_id: employee.id, shift_date: day }),
        status: 400,
        field: "shift_date",
      },
      {
        name: `POST /api/shifts/copy-week ${day}`,
        send: post("/api/shifts/copy-week", { from_start_date: "2050-03-07", to_start_date: day }),
        status: 400,
        field: "to_start_date",
      },
      {
        name: `POST /api/week-templates/from-week ${day}`,
        send: post("/api/week-templates/from-week", { name: `Fenster ${day}`, start_date: day }),
        status: 400,
        field: "start_date",
      },
      {
        name: `POST /api/schedule/auto-fill ${day}`,
        send: post("/api/schedule/auto-fill", { start_date: day, end_date: day }),
        status: 400,
        field: "start_date",
      },
      {
        name: `GET /api/schedule/week ${day}`,
        send: get(`/api/schedule/week?start_date=${encodeURIComponent(day)}&end_date=${encodeURIComponent(day)}`),
        status: 400,
        field: "start_date",
      },
      {
        name: `GET /api/schedule/warnings ${day}`,
        send: get(`/api/schedule/warnings?start_date=${encodeURIComponent(day)}&end_date=${encodeURIComponent(day)}`),
        status: 400,
        field: "start_date",
      },
    ];
    // +010000-01-01 is no date yyyy-MM-dd at all: its field says so in its own words.
    const message = /^\d{4}-/.test(day) ? WINDOW : undefined;
    bad.push(...entries.map((entry) => ({ ...entry, message })));
  }
  bad.push({
    name: "GET /api/vacations/balance/{id}?year=9999",
    send: get(`/api/vacations/balance/${employee.id}?year=9999`),
    status: 400,
    field: "year",
    message: "Jahr muss zwischen 2000 und 2099 liegen",
  });

  const health = pollHealth();
  // All at once, as an attacker would send them; each must be answered quickly.
  const answers = await Promise.all(
    bad.map(async (entry) => {
      const started = Date.now();
      const res = await entry.send().catch((error: Error) => error);
      return { entry, res, ms: Date.now() - started };
    }),
  );
  // Health goes on being polled for a moment after the answers: a jammed worker or loop would show here.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const during = await health.stop();

  for (const { entry, res, ms } of answers) {
    if (res instanceof Error) throw new Error(`${entry.name}: no answer within ${ANSWER_MS} ms (${res.message})`);
    const body = (await res.json()) as { fields?: Record<string, string> };
    expect(res.status(), `${entry.name}: ${JSON.stringify(body)}`).toBe(entry.status);
    expect(ms, entry.name).toBeLessThan(ANSWER_MS);
    if (entry.field) expect(Object.keys(body.fields ?? {}), entry.name).toContain(entry.field);
    if (entry.message && entry.field) expect(body.fields?.[entry.field], entry.name).toBe(entry.message);
  }
  expect(during.problems, `health while the requests ran (${during.polls} polls)`).toEqual([]);
  expect(during.polls).toBeGreaterThan(5);

  // Nothing of 9999 was stored; the window's last day works, and its PDF renders in the worker.
  const last = await request.post("/api/shifts", { headers, data: { ...shift, shift_date: "2099-12-31" } });
  expect(last.status()).toBe(201);
  const pdf = await request.get("/api/reports/schedule/pdf?start_date=2099-12-01&end_date=2099-12-31", {
    headers,
    timeout: 30_000,
  });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // For a look with pdftoppm, only when REVIEW_SHOTS names a folder (as the UI tests' review pictures).
  if (process.env.REVIEW_SHOTS) writeFileSync(`${process.env.REVIEW_SHOTS}/schedule-2099-12.pdf`, await pdf.body());
  const hours = await request.get("/api/reports/hours?start_date=2099-01-01&end_date=2099-12-31", { headers });
  expect(hours.status()).toBe(200);
  const week = await request.get("/api/schedule/week?start_date=2099-12-28&end_date=2100-01-03", { headers });
  expect(week.status()).toBe(400);
  const dashboard = await request.get("/api/dashboard?date=2099-12-31", { headers });
  expect(dashboard.status()).toBe(200);
  expect((await dashboard.json()).week_end).toBe("2100-01-03");

  const after = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
  expect(after.status).toBe(200);
});
