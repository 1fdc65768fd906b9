import "server-only";

/**
 * The client's address for throttling and the audit log. `next start` puts the
 * socket address into X-Forwarded-For unless the request already carries one;
 * behind a reverse proxy (TRUST_PROXY=1) the proxy's entry is the one to use.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (!forwarded) return "unknown";
  const entries = forwarded
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ip = (process.env.TRUST_PROXY ? entries.at(-1) : entries[0]) ?? "unknown";
  return ip.slice(0, 64);
}
