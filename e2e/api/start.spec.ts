import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

// `npm start` end to end: a second instance with its own data directory,
// started, stopped with SIGTERM and started again.
const dataDir = path.resolve(".data-e2e-start");
const port = 3101;
const pgPort = 55434;

type Started = { child: ChildProcess; output: () => string };

async function start(): Promise<Started> {
  let output = "";
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", EMBEDDED_PG_PORT: String(pgPort) };
  for (const name of ["DATABASE_URL", "ADMIN_USERNAME", "ADMIN_PASSWORD", "JWT_SECRET", "ENCRYPTION_KEY"]) delete env[name];
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start.mjs exited early:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`not healthy within 60 s:\n${output}`);
}

async function stop({ child }: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exited;
}

async function users() {
  const password = readFileSync(path.join(dataDir, "secrets", "postgres-password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port: pgPort, user: "schichtwerk", password, database: "schichtwerk" });
  await client.connect();
  try {
    return (await client.query("SELECT id, username, role, password_hash FROM users ORDER BY id")).rows;
  } finally {
    await client.end();
  }
}

test.beforeAll(() => rmSync(dataDir, { recursive: true, force: true }));
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("first start creates an admin with a printed password; SIGTERM stops app and PostgreSQL; restart keeps the data", async () => {
  test.setTimeout(150_000);

  const first = await start();
  const printed = /Passwort:\s+(\S+)/.exec(first.output());
  expect(printed, first.output()).not.toBeNull();
  const before = await users();
  expect(before).toHaveLength(1);
  expect(before[0]).toMatchObject({ username: "admin", role: "admin" });

  expect(await stop(first)).toBe(0);
  // PostgreSQL removes its pid file when it has shut down cleanly.
  expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

  const second = await start();
  try {
    expect(second.output()).not.toContain("Passwort:");
    const after = await users();
    expect(after).toEqual(before); // same admin, same password hash
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  } finally {
    expect(await stop(second)).toBe(0);
  }
});
