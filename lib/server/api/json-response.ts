import "server-only";

/**
 * Below this many bytes a JSON answer goes out uncompressed: what gzip saves
 * on it is a few hundred bytes, what it costs is a compression stream per
 * answer (about 2 ms of CPU on our machines, more than a small route itself;
 * docs/PERFORMANCE.md). The same limit as Next's compression for answers
 * whose length it knows, which route handlers' answers never are.
 */
export const UNCOMPRESSED_JSON_BELOW_BYTES = 1024;

type JsonInit = { status?: number; headers?: Record<string, string> };

const utf8 = new TextEncoder();

/** Every JSON answer of the API. */
export function jsonResponse(body: unknown, init: JsonInit = {}): Response {
  return jsonTextResponse(JSON.stringify(body), init);
}

/**
 * The same for a body that already is JSON text (e.g. built by PostgreSQL),
 * as a string or UTF-8 bytes.
 *
 * `Cache-Control: no-store` unless the caller sets its own: the API's answers
 * carry personal data, tokens and secrets, errors included, and no browser or
 * proxy may keep them (docs/PRODUCT-RULES.md §2.1, §30.4).
 *
 * Small answers also carry `no-transform`, which Next's compression (the
 * `compression` package) honours by leaving them as they are; larger ones (a
 * week of shifts, the staff list) are still sent gzipped to clients that
 * accept it.
 */
export function jsonTextResponse(body: string | Uint8Array<ArrayBuffer>, init: JsonInit = {}): Response {
  const bytes = typeof body === "string" ? utf8.encode(body) : body;
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (bytes.byteLength < UNCOMPRESSED_JSON_BELOW_BYTES) {
    headers.set("Cache-Control", [headers.get("Cache-Control"), "no-transform"].filter(Boolean).join(", "));
  }
  return new Response(bytes, { status: init.status ?? 200, headers });
}
