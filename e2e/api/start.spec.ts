import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { E2E_START_PG_PORT, E2E_START_PORT } from "../../playwright.config";
import { healthy, launch, stop, waitHealthy, type Instance } from "./support/instances";

// `npm start` end to end: further instances with their own data directories,
// started, stopped with SIGTERM and started again; and the configurations
// it must refuse.
const dataDir = path.resolve(".data-e2e-start");
const port = E2E_START_PORT;
const pgPort = E2E_START_PG_PORT;
const secret = "e2e-start-secret-0123456789abcdef0123456789";

function start(env: Record<string, string> = {}): Instance {
  return launch(["scripts/start.mjs"], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(pgPort),
    ...env,
  });
}

async function users() {
  const password = readFileSync(path.join(dataDir, "secrets", "postgres-password"), "utf8").trim();
  const client = new pg.Client({
    host: "127.0.0.1",
    port: pgPort,
    user: "schichtwerk",
    password,
    database: "schichtwerk",
  });
  await client.connect();
  try {
    return (await client.query("SELECT id, username, role, password_hash FROM users ORDER BY id")).rows;
  } finally {
    await client.end();
  }
}

/** PostgreSQL removes its pid file when it has shut down cleanly. */
const postgresRunning = () => existsSync(path.join(dataDir, "postgres", "postmaster.pid"));

test.beforeEach(() => rmSync(dataDir, { recursive: true, force: true }));
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("first start creates an admin with a printed password; SIGTERM stops both; restart keeps data", async () => {
  test.setTimeout(150_000);

  const first = start();
  await waitHealthy(first, port);
  const printed = /Passwort:\s+(\S+)/.exec(first.output());
  expect(printed, first.output()).not.toBeNull();
  const before = await users();
  expect(before).toHaveLength(1);
  expect(before[0]).toMatchObject({ username: "admin", role: "admin" });

  expect(await stop(first)).toBe(0);
  expect(postgresRunning()).toBe(false);
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

  const second = start();
  try {
    await waitHealthy(second, port);
    expect(second.output()).not.toContain("Passwort:");
    const after = await users();
    expect(after).toEqual(before); // same admin, same password hash
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  } finally {
    expect(await stop(second)).toBe(0);
  }
});

test(
  "SIGTERM: requests in flight finish with 200, " +
    "new ones are refused, then the app and PostgreSQL stop with exit 0",
  async () => {
    test.setTimeout(120_000);
    const password = "e2e-shutdown-passwort";
    // One bcrypt worker: eight logins (cost 12) queue up for about two seconds.
    const app = start({ ADMIN_PASSWORD: password, PASSWORD_HASH_WORKERS: "1" });
    await waitHealthy(app, port);

    let exitedAt = 0;
    void app.exited.then(() => (exitedAt = Date.now()));
    const answeredAt: number[] = [];
    const logins = Array.from({ length: 8 }, () =>
      fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password }),
      }).then(async (res) => {
        const body = (await res.json()) as { accessToken?: string };
        answeredAt.push(Date.now());
        return { status: res.status, hasToken: typeof body.accessToken === "string" };
      }),
    );
    // Once the first login is answered, the others are in the server, waiting for the worker.
    await Promise.race(logins);
    const signalledAt = Date.now();
    app.child.kill("SIGTERM");
    await expect.poll(() => app.output()).toContain("SIGTERM empfangen");
    expect(await healthy(port)).toBe(false); // the listener is closed: no new requests

    const results = await Promise.all(logins);
    expect(results).toEqual(Array(8).fill({ status: 200, hasToken: true }));
    // The point of the test: some of them were still being worked on at SIGTERM.
    expect(answeredAt.filter((at) => at > signalledAt).length).toBeGreaterThan(0);

    expect(await app.exited).toBe(0);
    expect(exitedAt).toBeGreaterThanOrEqual(Math.max(...answeredAt));
    expect(app.output()).toContain("Stoppe PostgreSQL");
    expect(postgresRunning()).toBe(false);
  },
);

test.describe("unsafe configuration is refused with a clear message and exit code 1", () => {
  const nowhere = "postgresql://schichtwerk:x@127.0.0.1:1/schichtwerk"; // never reached: the check comes first

  test("npm start with DATABASE_URL but without JWT_SECRET and ENCRYPTION_KEY", async () => {
    const app = start({ DATABASE_URL: nowhere });
    expect(await app.exited).toBe(1);
    const output = app.output();
    expect(output).toContain("Unsichere Konfiguration, Start abgebrochen / unsafe configuration, refusing to start");
    expect(output).toContain("JWT_SECRET fehlt / is not set");
    expect(output).toContain("ENCRYPTION_KEY fehlt / is not set");
    expect(output).toContain("With DATABASE_URL, JWT_SECRET and ENCRYPTION_KEY must be set");
    expect(output).not.toContain("Migrationen"); // stopped before touching the database
    expect(existsSync(dataDir)).toBe(false); // and nothing was generated
  });

  test("npm start with DATABASE_URL and a JWT_SECRET of 31 bytes", async () => {
    const app = start({ DATABASE_URL: nowhere, JWT_SECRET: "x".repeat(31), ENCRYPTION_KEY: secret });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain("JWT_SECRET ist kürzer als 32 Bytes / is shorter than 32 bytes");
    expect(app.output()).not.toMatch(/ENCRYPTION_KEY (fehlt|ist kürzer)/);
  });

  test("npm start on the embedded database with a short ENCRYPTION_KEY: no PostgreSQL is started", async () => {
    const app = start({ ENCRYPTION_KEY: "kurz" });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain("ENCRYPTION_KEY ist kürzer als 32 Bytes");
    expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });

  test("the standalone server started directly (node server.js) without JWT_SECRET", async () => {
    const server = launch([path.resolve(".next/standalone/server.js")], {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATABASE_URL: nowhere,
      ENCRYPTION_KEY: secret,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      "Unsichere Konfiguration, Start abgebrochen / unsafe configuration, refusing to start",
    );
    expect(server.output()).toContain("JWT_SECRET fehlt / is not set");
  });
});
