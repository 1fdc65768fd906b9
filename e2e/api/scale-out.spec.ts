import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { portsFromEnvOrFree } from "../../scripts/lib/free-port.mjs";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { startMailSink, type MailSink } from "../../tests/support/mail-sink.mjs";
import { api, startApp, startDatabase, type AppInstance, type Database } from "./support/instances";

// Two app instances on one database (README "Mehrere Instanzen /
// Ausfallsicherheit"): sessions, refresh token families, login throttling and
// used TOTP steps live in PostgreSQL, so it does not matter which instance a
// request reaches. Both run a job runner: each mail goes out once.
const dataDir = path.resolve(".data-e2e-scale-out");
// RESILIENCE_* when set, else free ports (a copy of env: the next spec file picks its own).
const [pgPort, ...ports] = portsFromEnvOrFree({ ...process.env }, [
  "RESILIENCE_PG_PORT",
  "RESILIENCE_PORT_A",
  "RESILIENCE_PORT_B",
]);
const ADMIN = { username: "admin", password: "skalierung-admin-passwort" };
const PASSWORD = "skalierung-passwort-1";

let database: Database;
let a: AppInstance;
let b: AppInstance;
let adminToken: string;
let mailSink: MailSink;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(dataDir, { recursive: true, force: true });
  database = await startDatabase(dataDir, pgPort);
  mailSink = await startMailSink();
  const env = { SMTP_URL: mailSink.url, MAIL_FROM: "Schichtwerk <plan@scale.example>" };
  // Both at once on the empty database, as two replicas of a deployment
  // would: migrations and the first admin must happen exactly once.
  [a, b] = await Promise.all(ports.map((port) => startApp({ port, databaseUrl: database.url, admin: ADMIN, env })));
  const bootstraps = [a, b].filter((instance) => instance.output().includes('Erster Administrator "admin" angelegt'));
  expect(bootstraps).toHaveLength(1);
  const login = await api(a.url, "POST", "/api/auth/login", { body: ADMIN });
  expect(login.status).toBe(200);
  adminToken = login.body.accessToken as string;
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.stop();
  await mailSink?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function createUser(prefix: string): Promise<string> {
  const username = `${prefix}-${Date.now().toString(36)}`;
  const created = await api(a.url, "POST", "/api/users", {
    token: adminToken,
    body: { username, password: PASSWORD, role: "user", must_change_password: false },
  });
  expect(created.status).toBe(201);
  return username;
}

test(
  "a session started on A is refreshed on B; the new access token works on A; " +
    "replaying the old refresh token on A ends the session everywhere",
  async () => {
    const login = await api(a.url, "POST", "/api/auth/login", { body: ADMIN });
    expect(login.status).toBe(200);
    const first = login.body as { accessToken: string; refreshToken: string };

    const refreshed = await api(b.url, "POST", "/api/auth/refresh", { body: { refreshToken: first.refreshToken } });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body as { accessToken: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const me = await api(a.url, "GET", "/api/auth/me", { token: second.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: ADMIN.username });

    // The rotated token again, on the other instance: reuse detected...
    const replay = await api(a.url, "POST", "/api/auth/refresh", { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("invalid_refresh_token");
    // ...and the family is revoked, so B's fresh refresh token is dead too, on both.
    for (const instance of [a, b]) {
      const revoked = await api(instance.url, "POST", "/api/auth/refresh", {
        body: { refreshToken: second.refreshToken },
      });
      expect(revoked.status).toBe(401);
    }
  },
);

/** Wrong passwords, sent round-robin to `instances`, until the first 429: how many 401s came before. */
async function failuresUntilLimited(
  username: string,
  instances: AppInstance[],
): Promise<{ failures: number; limited: Awaited<ReturnType<typeof api>> }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const instance = instances[attempt % instances.length];
    const res = await api(instance.url, "POST", "/api/auth/login", {
      body: { username, password: "falsches-passwort" },
    });
    if (res.status === 429) return { failures: attempt, limited: res };
    expect(res.status).toBe(401);
  }
  throw new Error("no 429 after 20 failed logins");
}

test("failed logins spread over A and B hit the limit at the same count as on one instance", async () => {
  const alone = await failuresUntilLimited(await createUser("allein"), [a]);
  const spreadUser = await createUser("verteilt");
  const spread = await failuresUntilLimited(spreadUser, [a, b]);

  expect(alone.failures).toBe(10); // docs/PRODUCT-RULES.md §4.5: 10 failures per username in 15 minutes
  expect(spread.failures).toBe(alone.failures);
  expect(spread.limited.body).toMatchObject({ code: "rate_limited" });
  expect(Number(spread.limited.headers.get("retry-after"))).toBeGreaterThan(0);
  // The 11th attempt went to B (round-robin); A refuses as well, even the right password.
  const right = await api(a.url, "POST", "/api/auth/login", { body: { username: spreadUser, password: PASSWORD } });
  expect(right.status).toBe(429);
});

test("a TOTP code used on A is rejected on B, and one used on B is rejected on A", async () => {
  const username = await createUser("zweifaktor");
  const login = await api(a.url, "POST", "/api/auth/login", { body: { username, password: PASSWORD } });
  const token = login.body.accessToken as string;
  const setup = await api(a.url, "POST", "/api/auth/setup-2fa", { token });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;

  const step = Math.floor(Date.now() / 1000 / 30);
  const code = await generate({ secret, period: 30, epoch: step * 30 });
  const enabled = await api(a.url, "POST", "/api/auth/enable-2fa", { token, body: { token: code } });
  expect(enabled.status).toBe(200);

  // Login on B with the code A just consumed.
  const challenge = await api(b.url, "POST", "/api/auth/login", { body: { username, password: PASSWORD } });
  expect(challenge.body).toMatchObject({ requires2FA: true });
  const tempToken = challenge.body.tempToken as string;
  const replayed = await api(b.url, "POST", "/api/auth/verify-2fa", { body: { tempToken, token: code } });
  expect(replayed.status).toBe(401);
  expect(replayed.body.code).toBe("invalid_two_factor_code");

  // Control: the next step's code (one step of tolerance) is accepted on B...
  const nextCode = await generate({ secret, period: 30, epoch: (step + 1) * 30 });
  const verified = await api(b.url, "POST", "/api/auth/verify-2fa", { body: { tempToken, token: nextCode } });
  expect(verified.status).toBe(200);

  // ...and, used there, it no longer turns 2FA off on A.
  const disable = await api(a.url, "POST", "/api/auth/disable-2fa", {
    token: verified.body.accessToken as string,
    body: { token: nextCode },
  });
  expect(disable.status).toBe(400);
  expect(disable.body.code).toBe("invalid_two_factor_token");
});

test(
  "the week view shows every change on both instances, " +
    "whichever instance made it (per-process answers are checked against PostgreSQL)",
  async () => {
    const location = await api(a.url, "POST", "/api/locations", {
      token: adminToken,
      body: { name: "Skalierung", color: "#445566" },
    });
    expect(location.status).toBe(201);
    const week = "/api/shifts?start_date=2032-03-01&end_date=2032-03-07";
    // Both instances answer the week (and may keep that answer) before and after each change.
    const bothShow = async (expected: string[]) => {
      for (const instance of [a, b, a, b]) {
        const res = await api(instance.url, "GET", week, { token: adminToken });
        expect(res.status).toBe(200);
        const shifts = res.body as unknown as { custom_name: string; location_name: string; start_time: string }[];
        expect(shifts.map((shift) => `${shift.custom_name} ${shift.start_time} @ ${shift.location_name}`)).toEqual(
          expected,
        );
      }
    };
    const shift = (name: string, start: string) => ({
      location_id: location.body.id,
      shift_date: "2032-03-03",
      start_time: start,
      end_time: "23:00",
      is_custom: true,
      custom_name: name,
    });

    await bothShow([]);
    const created = await api(a.url, "POST", "/api/shifts", { token: adminToken, body: shift("Früh", "06:00") });
    expect(created.status).toBe(201);
    await bothShow(["Früh 06:00 @ Skalierung"]);

    expect(
      (await api(b.url, "PUT", `/api/shifts/${created.body.id}`, { token: adminToken, body: shift("Spät", "14:00") }))
        .status,
    ).toBe(200);
    await bothShow(["Spät 14:00 @ Skalierung"]);

    expect(
      (
        await api(b.url, "PUT", `/api/locations/${location.body.id}`, {
          token: adminToken,
          body: { name: "Skalierung Nord" },
        })
      ).status,
    ).toBe(200);
    await bothShow(["Spät 14:00 @ Skalierung Nord"]);

    expect((await api(a.url, "DELETE", `/api/shifts/${created.body.id}`, { token: adminToken })).status).toBe(200);
    await bothShow([]);
  },
);

test("a publication's e-mails go out once each, whichever instance's job runner takes them", async () => {
  test.setTimeout(120_000);
  const token = adminToken;
  const location = await api(a.url, "POST", "/api/locations", { token, body: { name: "Skalierung Post" } });
  expect(location.status).toBe(201);
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 7);
  const addresses: string[] = [];
  for (let i = 0; i < 8; i++) {
    const employee = await api(a.url, "POST", "/api/employees", {
      token,
      body: { first_name: "Post", last_name: `Person ${i}` },
    });
    const username = `post-${i}-${Date.now().toString(36)}`;
    const email = `${username}@scale.example`;
    const user = await api(a.url, "POST", "/api/users", {
      token,
      body: {
        username,
        password: PASSWORD,
        role: "user",
        email,
        employee_id: employee.body.id,
        must_change_password: false,
      },
    });
    expect(user.status).toBe(201);
    // Each person asks for e-mail themselves, on the other instance.
    const login = await api(b.url, "POST", "/api/auth/login", { body: { username, password: PASSWORD } });
    const setting = await api(b.url, "PUT", "/api/me/notification-settings", {
      token: login.body.accessToken as string,
      body: { email_notifications: true },
    });
    expect(setting.status).toBe(200);
    const shift = await api(a.url, "POST", "/api/shifts", {
      token,
      body: {
        employee_id: employee.body.id,
        location_id: location.body.id,
        shift_date: addDays(monday, i % 7),
        start_time: "08:00",
        end_time: "12:00",
        break_minutes: 0,
      },
    });
    expect(shift.status).toBe(201);
    addresses.push(email);
  }

  const published = await api(b.url, "POST", "/api/schedule/publish", {
    token,
    body: { start_date: monday, end_date: addDays(monday, 6), location_ids: [location.body.id] },
  });
  expect(published.status).toBe(200);
  expect(published.body.notified).toBe(8);
  const arrived = () => addresses.filter((address) => mailSink.arrivals.has(address)).length;
  await expect.poll(arrived, { timeout: 30_000 }).toBe(8);
  // Time for a second copy to arrive, if a job ran twice.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(addresses.map((address) => mailSink.arrivals.get(address)?.length)).toEqual(addresses.map(() => 1));
});
