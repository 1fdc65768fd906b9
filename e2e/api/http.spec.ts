// Issue 27, items 6–9 (docs/PRODUCT-RULES.md §30.4) against the built server: what Next's routing and
// next.config.ts add to the route handlers (tests/http-hardening.test.ts, tests/access-matrix.test.ts test those).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  expect(login.headers()["cache-control"]).toBe("no-store, no-transform");
  return (await login.json()).accessToken as string;
}

test("a method a path does not have: 405 JSON with Allow, the security headers, no-store", async ({ request }) => {
  const cases = [
    { path: "/api/employees/1", method: "PATCH", allow: "DELETE, GET, HEAD, OPTIONS, PUT" },
    { path: "/api/employees", method: "DELETE", allow: "GET, HEAD, OPTIONS, POST" },
    { path: "/api/auth/login", method: "GET", allow: "OPTIONS, POST" },
    { path: "/api/openapi.json", method: "POST", allow: "GET, HEAD, OPTIONS" },
  ];
  for (const { path, method, allow } of cases) {
    const res = await request.fetch(path, { method, data: method === "GET" ? undefined : "{bad" });
    const what = `${method} ${path}`;
    expect(res.status(), what).toBe(405);
    expect(res.headers()["allow"], what).toBe(allow);
    expect(res.headers()["content-type"], what).toContain("application/json");
    expect(res.headers()["cache-control"], what).toBe("no-store, no-transform");
    expect(res.headers()["content-security-policy"], what).toContain("object-src 'none'");
    expect(await res.json(), what).toEqual({ error: "Methode nicht erlaubt", code: "method_not_allowed" });
  }

  const options = await request.fetch("/api/employees/1", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("DELETE, GET, HEAD, OPTIONS, PUT");

  const head = await request.fetch("/api/auth/login", { method: "HEAD" });
  expect(head.status()).toBe(405);
  expect(head.headers()["allow"]).toBe("OPTIONS, POST");
  // HEAD where there is a GET is Next's GET without the body: 401 here, as the GET.
  expect((await request.fetch("/api/employees", { method: "HEAD" })).status()).toBe(401);
});

test("Cache-Control: no-store under /api; the OpenAPI document may be cached", async ({ request }) => {
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  for (const [what, res] of [
    ["GET /api/auth/me", await request.get("/api/auth/me", { headers: auth })],
    ["GET /api/employees without a token", await request.get("/api/employees")],
    ["GET /api/gibt-es-nicht", await request.get("/api/gibt-es-nicht", { headers: auth })],
  ] as const) {
    expect(res.status(), what).toBeLessThan(500);
    expect(res.headers()["cache-control"], what).toBe("no-store, no-transform");
  }
  const employees = await request.get("/api/employees", { headers: { ...auth, "accept-encoding": "gzip" } });
  expect(employees.headers()["cache-control"]).toMatch(/^no-store/);
  expect(employees.headers()["etag"]).toBeUndefined();

  const document = await request.get("/api/openapi.json");
  expect(document.headers()["cache-control"]).toBe("public, max-age=300");
});

test("ids that are not plain decimals name nothing: 404", async ({ request }) => {
  const auth = { Authorization: `Bearer ${await adminToken(request)}` };
  for (const id of ["0x1", "1e0", "+1", "0b1", "%201", "01", "2147483648"]) {
    const res = await request.get(`/api/employees/${id}`, { headers: auth });
    expect(res.status(), id).toBe(404);
    expect(await res.json(), id).toEqual({ error: "Nicht gefunden", code: "not_found" });
  }
});

test("a body nested 100,000 deep at the login: 400 invalid_json, not 500", async ({ request }) => {
  const res = await request.post("/api/auth/login", {
    data: "[".repeat(100_000) + "]".repeat(100_000),
    headers: { "content-type": "application/json" },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({
    error: "Anfragetext ist zu tief verschachtelt (höchstens 64 Ebenen)",
    code: "invalid_json",
  });
});
