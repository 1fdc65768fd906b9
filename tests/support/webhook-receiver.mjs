// @ts-check
// A webhook receiver as an integrator would write one (docs/PRODUCT-RULES.md §37), for the tests, the end-to-end
// tests and the benchmark: a plain node:http server on 127.0.0.1 and a free port that checks every delivery's
// signature with node:crypto (the README's way, not the app's code) and keeps what arrived, in order.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

/**
 * A delivery as the receiver got it, with whether its signature held; `at` is when it arrived (performance.now()).
 * @typedef {{ headers: import("node:http").IncomingHttpHeaders, body: string, json: any, valid: boolean,
 *   at: number }} Received
 * @typedef {number | { status: number, location: string }} Answer
 */

/**
 * Checks `X-Schichtwerk-Signature: t=<unix>,v1=<hex>`: HMAC-SHA256 of `t + "." + body` with the secret, compared in
 * constant time.
 * @param {string} secret
 * @param {string | undefined} header
 * @param {string} body
 */
export function signatureHolds(secret, header, body) {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=", 2)));
  if (!/^\d+$/.test(parts.t ?? "") || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}

/**
 * A receiver. `secret()` names the hook's secret the signatures are checked with (known once the hook is
 * registered); `answer` decides each status (default 200), a redirect is `{ status: 302, location }`; `delayMs` makes
 * every answer wait, as a receiver that does some work would.
 * @param {() => string | undefined} secret
 * @param {(received: Received) => Answer} [answer]
 * @param {{ delayMs?: number }} [options]
 */
export async function startReceiver(secret, answer = () => 200, { delayMs = 0 } = {}) {
  /** @type {Received[]} */
  const received = [];
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const key = secret();
      let json = {};
      try {
        json = JSON.parse(body);
      } catch {
        // kept as {}: the test notices
      }
      const signature = /** @type {string | undefined} */ (req.headers["x-schichtwerk-signature"]);
      /** @type {Received} */
      const entry = {
        headers: req.headers,
        body,
        json,
        valid: key !== undefined && signatureHolds(key, signature, body),
        at: performance.now(),
      };
      received.push(entry);
      const reply = answer(entry);
      setTimeout(() => {
        if (typeof reply === "number") res.writeHead(reply).end("ok");
        else res.writeHead(reply.status, { Location: reply.location }).end();
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const port = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** @returns {Promise<void>} */
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Waits until the condition holds or the time is up.
 * @param {() => boolean | Promise<boolean>} condition
 * @param {number} ms
 */
export async function until(condition, ms) {
  const end = Date.now() + ms;
  while (!(await condition()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 25));
}
