import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A delivery as the receiver got it, with whether its signature held. */
export type Received = { headers: IncomingHttpHeaders; body: string; json: Record<string, unknown>; valid: boolean };

/**
 * Checks `X-Schichtwerk-Signature: t=<unix>,v1=<hex>` the way the README tells a receiver to: HMAC-SHA256 of
 * `t + "." + body` with the secret, compared in constant time (node:crypto only, not the app's code).
 */
export function signatureHolds(secret: string, header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  if (!/^\d+$/.test(parts.t ?? "") || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}

/**
 * A webhook receiver on 127.0.0.1 and a free port. `answer` decides each status (default 200); a redirect is
 * `{ status: 302, location }`. `secret()` names the hook's secret the signatures are checked with.
 */
export async function startReceiver(
  secret: () => string | undefined,
  answer: (received: Received) => number | { status: number; location: string } = () => 200,
) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const key = secret();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // kept as {}: the test notices
      }
      const entry = {
        headers: req.headers,
        body,
        json,
        valid: key !== undefined && signatureHolds(key, req.headers["x-schichtwerk-signature"] as string, body),
      };
      received.push(entry);
      const reply = answer(entry);
      if (typeof reply === "number") res.writeHead(reply).end("ok");
      else res.writeHead(reply.status, { Location: reply.location }).end();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until the condition holds or the time is up. */
export async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 25));
}
