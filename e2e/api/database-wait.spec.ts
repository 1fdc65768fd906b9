import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readOrCreateSecret } from "../../scripts/lib/database.mjs";
import { portsFromEnvOrFree } from "../../scripts/lib/free-port.mjs";
import { api, launch, SHARED_SECRETS, startDatabase, stop, waitHealthy, type Database } from "./support/instances";

// docs/PRODUCT-RULES.md §29.3: `npm start` with DATABASE_URL before its
// PostgreSQL is up (docker compose starting both): the app serves at once,
// answers 503 with Retry-After on /api/health and on every API route, logs one
// line per retry with growing intervals, and once PostgreSQL is there applies
// the migrations (once), creates the first admin and serves normally.
const dataDir = path.resolve(".data-e2e-database-wait");
const [port, pgPort] = portsFromEnvOrFree({ ...process.env }, ["DBWAIT_PORT", "DBWAIT_PG_PORT"]);
const ADMIN = { username: "admin", password: "warte-admin-passwort" };
const UNAVAILABLE = {
  error: "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
  code: "service_unavailable",
};

let database: Database | undefined;

test.afterAll(async () => {
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("app started before its PostgreSQL: 503 + Retry-After, retries with back-off, then serves", async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  // The password the embedded server will get, so that DATABASE_URL is known before it runs.
  const password = await readOrCreateSecret(dataDir, "postgres-password", 24);
  const databaseUrl = `postgresql://schichtwerk:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/schichtwerk`;
  const app = launch(["scripts/start.mjs"], {
    ...SHARED_SECRETS,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    // Listening although there is no database.
    let health: Awaited<ReturnType<typeof api>> | undefined;
    for (let deadline = Date.now() + 60_000; !health && Date.now() < deadline;) {
      if (app.child.exitCode !== null) throw new Error(`exited (${app.child.exitCode}):\n${app.output()}`);
      health = await api(base, "GET", "/api/health").catch(() => undefined);
      if (!health) await sleep(200);
    }
    expect(health?.status, app.output()).toBe(503);
    expect(health!.headers.get("retry-after")).toBe("5");
    expect(health!.body).toEqual({ status: "error", db: "unreachable", ...UNAVAILABLE });

    const login = await api(base, "POST", "/api/auth/login", { body: ADMIN });
    expect(login.status).toBe(503);
    expect(login.headers.get("retry-after")).toBe("5");
    expect(login.body).toEqual(UNAVAILABLE);
    const employees = await api(base, "GET", "/api/employees", { token: "kein-token" });
    expect(employees.status).toBe(503);
    expect(employees.body).toEqual(UNAVAILABLE);
    // Pages are static: they render while the API waits.
    expect((await fetch(`${base}/login`)).status).toBe(200);

    // Let it wait through three retries (1, 2, 4 s) before PostgreSQL comes up.
    await expect.poll(() => app.output(), { timeout: 30_000 }).toContain("neuer Versuch in 4 s");
    expect(app.child.exitCode).toBeNull();
    database = await startDatabase(dataDir, pgPort);

    await waitHealthy(app, port, 90_000);
    const output = app.output();
    const intervals = [...output.matchAll(/neuer Versuch in (\d+) s \/ database not reachable/g)].map((m) =>
      Number(m[1]),
    );
    expect(intervals.slice(0, 3)).toEqual([1, 2, 4]);
    for (let i = 1; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThanOrEqual(intervals[i - 1]!);
    expect(output.match(/Wende Datenbank-Migrationen an/g)).toHaveLength(1);
    expect(output).toContain("Datenbank erreichbar / database reachable.");
    expect(output).toContain(`Erster Administrator "${ADMIN.username}" angelegt`);
    expect(output).not.toMatch(/Unhandled error|\n\s+at .+:\d+:\d+\)/);

    const loggedIn = await api(base, "POST", "/api/auth/login", { body: ADMIN });
    expect(loggedIn.status).toBe(200);
    const list = await api(base, "GET", "/api/employees", { token: loggedIn.body.accessToken as string });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  } finally {
    await stop(app, { killAfterMs: 10_000 });
  }
});
