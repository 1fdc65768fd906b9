import { expect, test } from "@playwright/test";

test("GET /api/openapi.json: the OpenAPI 3.1 document of the production build, without a token", async ({
  request,
}) => {
  const res = await request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/json");
  const document = await res.json();
  expect(document.openapi).toBe("3.1.0");
  expect(document.paths["/api/shifts"].post["x-roles"]).toEqual(["manager", "admin"]);
  expect(document.paths["/api/openapi.json"].get.security).toEqual([]);
  expect(document.components.securitySchemes.bearerAuth.scheme).toBe("bearer");
});
