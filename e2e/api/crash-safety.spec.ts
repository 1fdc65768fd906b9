import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { portsFromEnvOrFree } from "../../scripts/lib/free-port.mjs";
import { api, crashDatabase, startApp, startDatabase, type AppInstance, type Database } from "./support/instances";

// PostgreSQL dies under a write load (`pg_ctl stop -m immediate`, like a
// crash) and comes back: while it is away every answer is a quick 503 with
// the JSON error body, the same app process serves again within 10 s, and
// every shift that was answered 201 is in the database, complete with its
// audit row (README "Mehrere Instanzen / Ausfallsicherheit").
const dataDir = path.resolve(".data-e2e-crash");
// RESILIENCE_* when set, else free ports (a copy of env: the next spec file picks its own).
const [pgPort, port] = portsFromEnvOrFree({ ...process.env }, ["RESILIENCE_PG_PORT", "RESILIENCE_PORT_A"]);
const ADMIN = { username: "admin", password: "ausfall-admin-passwort" };
const WRITERS = 6;
const POOL_SIZE = 4;
const DOWN_MS = 3_000;
const UNAVAILABLE_BODY = {
  error: "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
  code: "service_unavailable",
};

let database: Database;
let app: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  database = await startDatabase(dataDir, pgPort);
  // Fewer connections than writers, so all of them can be caught inside a
  // transaction when PostgreSQL dies (see the lock below).
  app = await startApp({
    port,
    databaseUrl: database.url,
    admin: ADMIN,
    env: { DATABASE_POOL_SIZE: String(POOL_SIZE) },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = {
  sentAt: number;
  at: number;
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
  ms: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("PostgreSQL crashes under writes: 503 meanwhile, recovery in-process, no 201 lost, no stamp twice", async () => {
  test.setTimeout(120_000);
  const login = await api(app.url, "POST", "/api/auth/login", { body: ADMIN });
  expect(login.status).toBe(200);
  const token = login.body.accessToken as string;
  const location = await api(app.url, "POST", "/api/locations", {
    token,
    body: { name: "Ausfalltest", color: "#112233" },
  });
  expect(location.status).toBe(201);
  const locationId = location.body.id as number;
  // A linked employee who stamps while PostgreSQL is away (docs/PRODUCT-RULES.md §32.1).
  const employee = await api(app.url, "POST", "/api/employees", {
    token,
    body: { first_name: "Lea", last_name: "Stempel", weekly_hours: 40, vacation_days_total: 25 },
  });
  expect(employee.status).toBe(201);
  const employeeId = employee.body.id as number;
  const staff = { username: "lea-stempel", password: "stempel-passwort-123" };
  const account = await api(app.url, "POST", "/api/users", {
    token,
    body: { ...staff, role: "user", must_change_password: false, employee_id: employeeId },
  });
  expect(account.status).toBe(201);
  const staffLogin = await api(app.url, "POST", "/api/auth/login", { body: staff });
  expect(staffLogin.status).toBe(200);
  const staffToken = staffLogin.body.accessToken as string;
  const stampIn = () =>
    api(app.url, "POST", "/api/me/clock", {
      token: staffToken,
      timeoutMs: 10_000,
      body: { action: "in", location_id: locationId },
    });
  let stampWhileDown: Awaited<ReturnType<typeof api>> | undefined;

  const answers: Answer[] = [];
  const created: number[] = [];
  const failures: string[] = [];
  let running = true;

  async function writer(n: number) {
    for (let k = 0; running; k++) {
      const day = new Date(Date.UTC(2031, 0, 1 + ((n * 97 + k) % 365))).toISOString().slice(0, 10);
      const sentAt = Date.now();
      try {
        const res = await api(app.url, "POST", "/api/shifts", {
          token,
          // A bound per request: a hanging server shows up as a failure here.
          timeoutMs: 10_000,
          body: {
            location_id: locationId,
            shift_date: day,
            // 06:00–08:30 … 19:00–21:30: never in the hour the clocks skip on 30.03.2031, which is refused (§32.5).
            start_time: `${String(6 + (k % 14)).padStart(2, "0")}:00`,
            end_time: `${String(8 + (k % 14)).padStart(2, "0")}:30`,
            is_custom: true,
            custom_name: `Last ${n}-${k}`,
          },
        });
        answers.push({
          sentAt,
          at: Date.now(),
          status: res.status,
          body: res.body,
          retryAfter: res.headers.get("retry-after"),
          ms: res.ms,
        });
        if (res.status === 201) created.push(res.body.id as number);
        else await sleep(20); // keep two shared cores usable while the database is away
      } catch (error) {
        failures.push(`${new Date(sentAt).toISOString()}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
  let downAt = 0;
  let restartAt = 0;
  let upAt = 0;
  let recoveredAt = 0;
  let health: Awaited<ReturnType<typeof api>>;
  try {
    await expect.poll(() => created.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);

    // Hold the writers inside their transactions when PostgreSQL dies: with
    // audit_log locked, each has inserted its shift and waits to insert the
    // audit row, holding a pooled connection. The crash must roll those shifts
    // back, and the pool must get those connections' slots back.
    const locker = new pg.Client({ connectionString: database.url });
    locker.on("error", () => {}); // its connection dies with the server, on purpose
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE audit_log IN EXCLUSIVE MODE");
    await expect
      .poll(
        async () => {
          // Statistics are a snapshot per transaction otherwise.
          await locker.query("SELECT pg_stat_clear_snapshot()");
          const waiting = await locker.query<{ count: string }>(
            "SELECT count(*) FROM pg_stat_activity " +
              "WHERE wait_event_type = 'Lock' AND state = 'active' AND datname = current_database()",
          );
          return Number(waiting.rows[0].count);
        },
        { timeout: 10_000 },
      )
      .toBe(POOL_SIZE);

    crashDatabase(database);
    downAt = Date.now();
    await sleep(DOWN_MS / 2);
    health = await api(app.url, "GET", "/api/health", { timeoutMs: 5_000 });
    stampWhileDown = await stampIn();
    await sleep(DOWN_MS / 2);

    // PostgreSQL may take connections before startDatabase returns (more so on a busy machine): "down" ends here.
    restartAt = Date.now();
    database = await startDatabase(dataDir, pgPort);
    upAt = Date.now();
    await expect
      .poll(() => answers.some((answer) => answer.status === 201 && answer.sentAt >= upAt), {
        timeout: 10_000,
        intervals: [100],
      })
      .toBe(true);
    recoveredAt = answers.find((answer) => answer.status === 201 && answer.sentAt >= upAt)!.at;
    await sleep(1_000);
  } finally {
    running = false; // also when an expectation above failed
    await Promise.all(writers);
  }

  // No request hung or failed at the HTTP level.
  expect(failures).toEqual([]);
  // Nothing but 201 and 503; every 503 is the JSON error body, never a stack.
  expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 503)).toEqual([]);
  for (const answer of answers.filter((answer) => answer.status === 503)) {
    expect(answer.body).toEqual(UNAVAILABLE_BODY);
    expect(answer.retryAfter).toBe("5");
  }

  // While PostgreSQL was away: only quick 503s (and enough of them to mean something).
  const whileDown = answers.filter((answer) => answer.sentAt >= downAt && answer.at <= restartAt);
  expect(whileDown.length).toBeGreaterThanOrEqual(20);
  expect(whileDown.filter((answer) => answer.status !== 503)).toEqual([]);
  expect(Math.max(...whileDown.map((answer) => answer.ms))).toBeLessThan(5_000);
  // Requests caught inside their transactions by the crash: 503 as well.
  const cutOff = answers.filter((answer) => answer.sentAt < downAt && answer.at > downAt);
  expect(cutOff.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(POOL_SIZE);
  expect(health!.status).toBe(503);
  expect(health!.body).toMatchObject({ status: "error", db: "unreachable", ...UNAVAILABLE_BODY });

  console.log(
    `crash-safety: ${created.length} shifts answered 201, ${whileDown.length} answers while PostgreSQL was down ` +
      `(slowest ${Math.max(...whileDown.map((answer) => answer.ms))} ms), ` +
      `first 201 ${recoveredAt - upAt} ms after it was back`,
  );
  // The same process serves again soon after PostgreSQL is back.
  expect(recoveredAt - upAt).toBeLessThan(10_000);
  expect((await api(app.url, "GET", "/api/health")).status).toBe(200);

  // The stamp while PostgreSQL was away: a 503 like every other answer, and nothing stored. Retried once it is back:
  // one running entry; a second "in" is refused, so a stamp retried after a lost answer is never stored twice.
  expect(stampWhileDown!.status).toBe(503);
  expect(stampWhileDown!.body).toEqual(UNAVAILABLE_BODY);
  const retried = await stampIn();
  expect(retried.status, JSON.stringify(retried.body)).toBe(200);
  expect(retried.body).toMatchObject({
    state: "in",
    running_entry: { employee_id: employeeId, location_id: locationId },
  });
  const again = await stampIn();
  expect(again.status).toBe(409);

  // Every 201 is in the database, and no shift is there without its audit
  // row (creation and audit are one transaction).
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const stored = await client.query<{ id: number }>("SELECT id FROM shifts WHERE id = ANY($1::int[])", [created]);
    expect(stored.rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([...new Set(created)].sort((x, y) => x - y));
    const withoutAudit = await client.query(
      `SELECT s.id FROM shifts s WHERE s.location_id = $1 AND NOT EXISTS (
         SELECT 1 FROM audit_log a WHERE a.action = 'shift.create' AND a.entity_type = 'shift' AND a.entity_id = s.id)`,
      [locationId],
    );
    expect(withoutAudit.rows).toEqual([]);
    // Shifts the server wrote but could not confirm (the answer was a 503) are
    // allowed; an answered 201 without its row is not.
    const all = await client.query<{ count: string }>("SELECT count(*) FROM shifts WHERE location_id = $1", [
      locationId,
    ]);
    expect(Number(all.rows[0].count)).toBeGreaterThanOrEqual(created.length);
    const entries = await client.query<{ count: string }>("SELECT count(*) FROM time_entries WHERE employee_id = $1", [
      employeeId,
    ]);
    expect(Number(entries.rows[0].count)).toBe(1);
  } finally {
    await client.end();
  }
  // The server logged the cause, one line per failed request, and nothing
  // went down the path of unexpected errors (500 with a logged stack).
  expect(app.output()).toContain("Datenbank nicht erreichbar in POST /api/shifts");
  expect(app.output()).not.toContain("Unhandled error");
});
