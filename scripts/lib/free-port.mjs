// @ts-check
// Free TCP ports for tests that start servers and databases of their own, so
// that parallel runs (other worktrees, other people) never collide on a fixed
// port. Plain ESM: imported by vitest set-ups, Playwright's config and specs.
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";

/**
 * A port that is free on 127.0.0.1 right now (the OS picks it).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `count` distinct free ports, synchronously: for Playwright's config, which
 * is evaluated synchronously. A short child process asks the OS for them
 * (all held open at once, so they differ).
 * @param {number} count
 * @returns {number[]}
 */
export function freePortsSync(count) {
  const script = `
    const net = require("node:net");
    const servers = Array.from({ length: ${Number(count)} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", r)))).then(() => {
      process.stdout.write(JSON.stringify(servers.map((s) => s.address().port)));
      servers.forEach((s) => s.close());
    });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

/**
 * The port in `env[name]` when set; otherwise a free one, written into
 * `env[name]` so that child processes (Playwright's workers) see the same.
 * @param {Record<string, string | undefined>} env
 * @param {string[]} names
 * @returns {number[]}
 */
export function portsFromEnvOrFree(env, names) {
  const missing = names.filter((name) => !env[name]);
  const picked = missing.length > 0 ? freePortsSync(missing.length) : [];
  missing.forEach((name, i) => (env[name] = String(picked[i])));
  return names.map((name) => Number(env[name]));
}
