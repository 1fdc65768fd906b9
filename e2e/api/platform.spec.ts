import { expect, test } from "@playwright/test";

test("GET /api/health: ok with the database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", db: "ok" });
});

test("a write without a token is a JSON 401, even with a broken body", async ({ request }) => {
  const res = await request.post("/api/employees", { data: "{bad", headers: { "content-type": "application/json" } });
  expect(res.status()).toBe(401);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect(await res.json()).toEqual({ error: "Nicht angemeldet", code: "unauthenticated" });
});

test("an unknown /api path is a JSON 404 for every method", async ({ request }) => {
  // OPTIONS too: Next's automatic 204 would tell a client the path exists (docs/PRODUCT-RULES.md §30.4).
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
    const res = await request.fetch("/api/gibt-es-nicht/42", { method });
    expect(res.status(), method).toBe(404);
    expect(res.headers()["allow"], method).toBeUndefined();
    expect(await res.json(), method).toEqual({ error: "Unbekannter API-Pfad", code: "not_found" });
  }
  // HEAD is Next's GET without the body.
  const head = await request.fetch("/api/gibt-es-nicht/42", { method: "HEAD" });
  expect(head.status()).toBe(404);
  expect(await head.text()).toBe("");
});

test("security headers on pages, API answers and error pages; no X-Powered-By", async ({ request }) => {
  for (const path of ["/login", "/api/health", "/api/employees", "/gibt-es-nicht"]) {
    const headers = (await request.get(path)).headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("base-uri 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain("unsafe-eval");
    // Inline scripts only by hash (docs/PRODUCT-RULES.md §29.2).
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc, path).toMatch(/^\s*script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["x-powered-by"], path).toBeUndefined();
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
});

test("HSTS only when the request came in over HTTPS (reverse proxy)", async ({ request }) => {
  const res = await request.get("/login", { headers: { "x-forwarded-proto": "https" } });
  expect(res.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("the scripts a page runs at start-up carry V8's compile hint", async ({ request }) => {
  // scripts/lib/compile-hints.mjs: without the hint, Chromium compiles
  // react-dom and Next's runtime lazily on the main thread during start-up.
  const startup = new Set<string>();
  for (const page of ["/login", "/", "/schedule"]) {
    const html = await (await request.get(page)).text();
    for (const match of html.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/[^"]+\.js)"[^>]*>/g)) {
      if (!match[0].includes("noModule")) startup.add(match[1]); // legacy polyfills: skipped by modern browsers
    }
  }
  expect(startup.size).toBeGreaterThanOrEqual(5);
  for (const src of startup) {
    const res = await request.get(src);
    expect(res.status(), src).toBe(200);
    expect((await res.text()).startsWith("//# allFunctionsCalledOnLoad\n"), src).toBe(true);
  }
});

test("small JSON answers go out uncompressed, large ones gzipped to clients that accept it", async ({ request }) => {
  // lib/server/api/json-response.ts: a gzip stream per small answer cost more CPU than the route.
  const small = await request.get("/api/health", { headers: { "accept-encoding": "gzip" } });
  expect(small.headers()["content-encoding"]).toBeUndefined();
  expect(small.headers()["cache-control"]).toBe("no-store, no-transform");
  expect(await small.json()).toEqual({ status: "ok", db: "ok" });

  const large = await request.get("/api/openapi.json", { headers: { "accept-encoding": "gzip" } });
  expect(large.status()).toBe(200);
  expect(large.headers()["content-encoding"]).toBe("gzip");
  expect((await large.json()).openapi).toMatch(/^3\.1/);
});
