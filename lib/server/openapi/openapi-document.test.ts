import { randomInt } from "node:crypto";
import { validate, compileErrors } from "@readme/openapi-parser";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, test } from "vitest";
import { GET as getOpenApi } from "@/app/api/openapi.json/route";
import { OPERATIONS } from "@/lib/shared/contract";
import * as employeesApi from "@/lib/shared/contract/employees";
import * as shiftsApi from "@/lib/shared/contract/shifts";
import * as usersApi from "@/lib/shared/contract/users";
import * as vacationsApi from "@/lib/shared/contract/vacations";
import { call, createUser, TEST_PASSWORD, uniqueName } from "@/tests/support/api";
import { codeAt } from "@/tests/support/totp";
import * as fx from "@/tests/support/fixtures";
import { businessToday } from "@/lib/server/clock";
import { addDays } from "@/lib/shared/dates";
import { apiHandlers, openApiPath } from "@/tests/support/route-handlers";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi-document";

const document = buildOpenApiDocument();
const handlers = (await apiHandlers()).filter((h) => !h.route.includes("[..."));

// The document's own JSON Schemas, checked with a JSON Schema validator that knows nothing of zod.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(JSON.parse(JSON.stringify(document)) as OpenApiDocument, "openapi.json");
const JSON_TYPE = "application/json";
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
const requestValidator = (path: string, method: string) =>
  ajv.compile({
    $ref: `openapi.json#/${pointer("paths", path, method, "requestBody", "content", JSON_TYPE, "schema")}`,
  });
const responseValidator = (path: string, method: string, status: number) =>
  ajv.compile({
    $ref: `openapi.json#/${pointer("paths", path, method, "responses", `${status}`, "content", JSON_TYPE, "schema")}`,
  });

describe("coverage: the document and the route files", () => {
  test("every handler in app/api is built from a contract operation with its own method and path", () => {
    const mismatched = handlers
      .filter(({ route, method, handler }) => {
        const operation = OPERATIONS.find((op) => op === handler.options);
        return !operation || operation.method !== method || operation.path !== openApiPath(route);
      })
      .map((h) => h.key);
    expect(mismatched).toEqual([]);
  });

  test("every route file and method is in the document, and the document has nothing else", () => {
    const inDocument = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const onDisk = handlers.map((h) => `${h.method} ${openApiPath(h.route)}`);
    expect(inDocument.sort()).toEqual(onDisk.sort());
  });

  test("operation ids are unique", () => {
    const ids = OPERATIONS.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the document", () => {
  test("is a valid OpenAPI 3.1 document (@readme/openapi-parser)", async () => {
    const result = await validate(JSON.parse(JSON.stringify(document)));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  test("GET /api/openapi.json serves it without a token", async () => {
    const res = await call(getOpenApi);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(document)));
  });

  test("the 405 for a method a path does not list: documented with Allow (docs/PRODUCT-RULES.md §30.4)", () => {
    expect(document.components.responses.MethodNotAllowed).toMatchObject({
      headers: { Allow: { schema: { type: "string" } } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
    expect(document.info.description).toContain("components/responses/MethodNotAllowed");
  });

  test("bearer auth, roles and error answers per operation", () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const createShift = document.paths["/api/shifts"].post;
    // A login's JWT, or an integration's access token with the operation's scope (docs/PRODUCT-RULES.md §36).
    expect(createShift.security).toEqual([{ bearerAuth: [] }, { accessToken: ["schedule:write"] }]);
    expect(createShift["x-token-scope"]).toBe("schedule:write");
    expect(document.components.securitySchemes.accessToken).toMatchObject({ type: "http", scheme: "bearer" });
    for (const path of ["/api/users", "/api/access-tokens", "/api/auth/me", "/api/me"])
      expect(document.paths[path].get.security, path).toEqual([{ bearerAuth: [] }]);
    expect(createShift["x-roles"]).toEqual(["manager", "admin"]);
    expect(Object.keys(createShift.responses)).toEqual(["201", "400", "401", "403", "409", "413", "500", "503"]);
    expect(createShift.responses["503"].headers).toHaveProperty("Retry-After");
    // Health documents its own 503 (monitors read status and db).
    expect(document.paths["/api/health"].get.responses["503"].content?.["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Health",
    });
    expect(createShift.responses["403"].content?.["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    // A token dies with its session (docs/PRODUCT-RULES.md §30.3); a client must know to refresh then too.
    expect(createShift.responses["403"].description).toContain("or its session ended (refresh once and retry)");

    const login = document.paths["/api/auth/login"].post;
    expect(login.security).toEqual([]);
    expect(login.responses["429"].headers).toHaveProperty("Retry-After");
    // The 2FA step and the re-checks inside a session are limited too (docs/PRODUCT-RULES.md §30.2).
    for (const path of ["verify-2fa", "change-password", "disable-2fa", "recovery-codes"]) {
      expect(document.paths[`/api/auth/${path}`].post.responses["429"]?.headers, path).toHaveProperty("Retry-After");
    }
    expect(document.paths["/api/users/{id}"].delete.responses).toHaveProperty("404");
    expect(document.paths["/api/vacations"].post.responses).toHaveProperty("409");
    expect(document.paths["/api/reports/schedule/pdf"].get.responses["200"].content).toHaveProperty("application/pdf");
    // The Arbeitszeitnachweis as CSV (docs/PRODUCT-RULES.md §32.7): its own media type and a file name.
    const recordCsv = document.paths["/api/timesheets/record/csv"].get.responses["200"];
    expect(Object.keys(recordCsv.content ?? {})).toEqual(["text/csv"]);
    expect(recordCsv.headers).toHaveProperty("Content-Disposition");
    expect(Object.keys(document.paths["/api/me/time-record/pdf"].get.responses["200"].content ?? {})).toEqual([
      "application/pdf",
    ]);
    const feed = document.paths["/api/calendar/{file}"].get;
    expect(feed.security).toEqual([]);
    expect(feed.responses["200"].content).toHaveProperty("text/calendar");
    expect(Object.keys(feed.responses)).toEqual(["200", "304", "404", "429", "500", "503"]);
  });

  test("query and path parameters come from the query and params schemas", () => {
    const hours = document.paths["/api/reports/hours"].get.parameters!;
    expect(hours.map((p) => [p.name, p.in, p.required])).toEqual([
      ["start_date", "query", true],
      ["end_date", "query", true],
      ["employee_id", "query", false],
    ]);
    const availability = document.paths["/api/employees/{id}/availability/{date}"].get.parameters!;
    expect(availability.map((p) => [p.name, p.in, p.required, p.schema.type])).toEqual([
      ["id", "path", true, "integer"],
      ["date", "path", true, "string"],
    ]);
    expect(availability[1].description).toContain("yyyy-MM-dd");
  });
});

describe("request schemas: the document refuses and accepts what zod refuses and accepts", () => {
  const shift = { location_id: 1, shift_date: "2026-11-23", start_time: "08:00", end_time: "16:00" };
  const cases = [
    { operation: shiftsApi.createShift, input: shift, valid: true },
    {
      operation: shiftsApi.createShift,
      input: { ...shift, employee_id: null, is_custom: true, custom_name: "Inventur" },
      valid: true,
    },
    { operation: shiftsApi.createShift, input: { ...shift, location_id: undefined }, valid: false },
    { operation: shiftsApi.createShift, input: { ...shift, location_id: "1" }, valid: false },
    { operation: shiftsApi.createShift, input: { ...shift, custom_name: "x".repeat(101) }, valid: false },
    { operation: usersApi.createUser, input: { username: "anna", password: "geheim123" }, valid: true },
    { operation: usersApi.createUser, input: { username: "anna", password: "geheim123", role: "boss" }, valid: false },
    { operation: usersApi.createUser, input: { username: "an", password: "geheim123" }, valid: false },
    { operation: usersApi.createUser, input: { username: "anna", password: "kurz" }, valid: false },
    { operation: employeesApi.createEmployee, input: { first_name: "Anna", last_name: "Ağaoğlu" }, valid: true },
    {
      operation: employeesApi.createEmployee,
      input: { first_name: "Anna", last_name: "Ağaoğlu", weekly_hours: 200 },
      valid: false,
    },
    {
      operation: vacationsApi.createVacation,
      input: { employee_id: 1, start_date: "2026-12-21", end_date: "2026-12-24" },
      valid: true,
    },
    {
      operation: vacationsApi.createVacation,
      input: { employee_id: 0, start_date: "2026-12-21", end_date: "2026-12-24" },
      valid: false,
    },
  ];

  test.each(cases.map((c) => [c.operation.id, JSON.stringify(c.input), c] as const))(
    "%s %s",
    (_id, _text, { operation, input, valid }) => {
      expect(operation.body!.safeParse(input).success, "zod").toBe(valid);
      expect(requestValidator(operation.path, operation.method.toLowerCase())(input), "document").toBe(valid);
    },
  );
});

describe("response schemas: real answers match the document", () => {
  // Strict: a key the handler sends that the document does not name fails here.
  test("auth, employees, locations, shifts, vacations, users, templates, dashboard, reports, settings", async () => {
    const { token, user } = await createUser("admin");
    const loc = await fx.location();
    const emp = await fx.employee({ vacationDaysTotal: 25 });
    await fx.shift({ employeeId: emp.id, locationId: loc.id, date: "2031-03-03" });
    await fx.shift({ employeeId: null, locationId: loc.id, date: "2031-03-04" });
    await fx.vacation({ employeeId: emp.id, start: "2031-03-10", end: "2031-03-11", days: 2 });

    const byPath = new Map(handlers.map((h) => [`${h.method} ${openApiPath(h.route)}`, h.handler]));
    const check = async (method: string, path: string, options: Parameters<typeof call>[1], status = 200) => {
      const res = await call(byPath.get(`${method} ${path}`)! as never, { method, token, ...options });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
      const validator = responseValidator(path, method.toLowerCase(), status);
      expect(validator(res.json), `${method} ${path}: ${JSON.stringify(validator.errors)}`).toBe(true);
      return res.json as unknown;
    };

    const session = (await check("POST", "/api/auth/login", {
      token: undefined,
      body: { username: user.username, password: TEST_PASSWORD },
    })) as { refreshToken: string };
    await check("POST", "/api/auth/refresh", { token: undefined, body: { refreshToken: session.refreshToken } });
    await check("GET", "/api/auth/me", {});
    // 2FA on and new recovery codes (§29.1): two TOTP codes of consecutive time steps.
    const { secret } = (await check("POST", "/api/auth/setup-2fa", {})) as { secret: string };
    await check("POST", "/api/auth/enable-2fa", { body: { token: await codeAt(secret) } });
    await check("POST", "/api/auth/recovery-codes", { body: { token: await codeAt(secret, 30) } });
    await check("GET", "/api/auth/me", {});
    await check("GET", "/api/health", {});
    await check("GET", "/api/users", {});
    await check("GET", "/api/employees", {});
    await check("GET", "/api/employees/{id}", { params: { id: String(emp.id) } });
    await check("GET", "/api/employees/{id}/availability/{date}", {
      params: { id: String(emp.id), date: "2031-03-05" },
    });
    await check("GET", "/api/employees/{id}/deletion-impact", { params: { id: String(emp.id) } });
    await check("GET", "/api/locations/{id}/deletion-impact", { params: { id: String(loc.id) } });
    await check("POST", "/api/employees", { body: { first_name: "Neu", last_name: "Person" } }, 201);
    await check("GET", "/api/locations", {});
    await check("POST", "/api/locations", { body: { name: uniqueName("Standort") } }, 201);
    const preset = { name: "Früh", start_time: "06:00", end_time: "14:00", break_minutes: 30 };
    const presetOf = { params: { id: String(loc.id) } };
    const created = (await check("POST", "/api/locations/{id}/presets", { ...presetOf, body: preset }, 201)) as {
      id: number;
    };
    await check("GET", "/api/locations/{id}/presets", presetOf);
    const copyTarget = await fx.location({ name: uniqueName("Kopie") });
    await check(
      "POST",
      "/api/locations/{id}/presets/copy",
      { ...presetOf, body: { to_location_ids: [copyTarget.id] } },
      201,
    );
    await check("GET", "/api/locations", {});
    const presetParams = { params: { id: String(loc.id), presetId: String(created.id) } };
    await check("PUT", "/api/locations/{id}/presets/{presetId}", {
      ...presetParams,
      body: { ...preset, name: "Spät" },
    });
    await check("DELETE", "/api/locations/{id}/presets/{presetId}", presetParams);
    await check("GET", "/api/shifts", { path: "/api/shifts?start_date=2031-03-02&end_date=2031-03-08" });
    await check(
      "POST",
      "/api/shifts",
      { body: { location_id: loc.id, shift_date: "2031-03-05", start_time: "22:00", end_time: "06:00" } },
      201,
    );
    await check("GET", "/api/vacations", { path: `/api/vacations?employee_id=${emp.id}` });
    await check("GET", "/api/vacations/balance/{id}", {
      path: "/api/vacations/balance/x?year=2031",
      params: { id: String(emp.id) },
    });
    const template = (await check(
      "POST",
      "/api/week-templates",
      {
        body: {
          name: "Vorlage",
          shifts: [{ day_of_week: 1, location_id: loc.id, start_time: "08:00", end_time: "12:00" }],
        },
      },
      201,
    )) as { id: number };
    await check("GET", "/api/week-templates", {});
    await check(
      "POST",
      "/api/week-templates/{id}/apply",
      { params: { id: String(template.id) }, body: { start_date: "2031-03-17" } },
      201,
    );
    await check(
      "POST",
      "/api/week-templates/from-week",
      { body: { name: "Aus KW 10", start_date: "2031-03-03" } },
      201,
    );
    // Into a week of its own, in 2092–2097 of the dates' window (docs/PRODUCT-RULES.md §30.1; 2092-01-07 is a
    // Monday): the copy takes every shift of the source week.
    const target = addDays("2092-01-07", 7 * randomInt(0, 300));
    await check(
      "POST",
      "/api/shifts/copy-week",
      { body: { from_start_date: "2031-03-03", to_start_date: target } },
      201,
    );
    await check("GET", "/api/dashboard", { path: "/api/dashboard?date=2031-03-05" });
    await check("GET", "/api/settings", {});
    await check("GET", "/api/holiday-regions", {});
    await check("GET", "/api/holidays", { path: "/api/holidays?start_date=2031-01-01&end_date=2031-12-31" });
    await check("GET", "/api/reports/hours", {
      path: "/api/reports/hours?start_date=2031-03-01&end_date=2031-03-31",
    });
    await check(
      "POST",
      "/api/unavailability",
      {
        body: {
          employee_id: emp.id,
          start_date: "2031-03-05",
          end_date: "2031-03-06",
          start_time: "14:00",
          end_time: "18:00",
        },
      },
      201,
    );
    await check("GET", "/api/unavailability", {
      path: "/api/unavailability?start_date=2031-03-02&end_date=2031-03-08",
    });
    // A weekly entry without an end, and wishes (docs/PRODUCT-RULES.md §35.8).
    await check(
      "POST",
      "/api/unavailability",
      { body: { employee_id: emp.id, start_date: "2031-03-02", weekday: 1, start_time: "00:00", end_time: "12:00" } },
      201,
    );
    await check("POST", "/api/wishes", { body: { employee_id: emp.id, kind: "day_off", date: "2031-03-07" } }, 201);
    await check("GET", "/api/wishes", { path: "/api/wishes?start_date=2031-03-02&end_date=2031-03-08" });
    await check("GET", "/api/schedule/week", { path: "/api/schedule/week?start_date=2031-03-02&end_date=2031-03-08" });
    await check("GET", "/api/audit", { path: "/api/audit?limit=5" });
    await check("GET", "/api/audit/people", {});
    await check("DELETE", "/api/shifts/{id}", { params: { id: "2147483647" } }, 404);
    await check("POST", "/api/shifts", { body: { location_id: "x" } }, 400);
  });

  test("open shifts and applications (docs/PRODUCT-RULES.md §26.5)", async () => {
    const emp = await fx.employee();
    const { token } = await createUser("user", { employeeId: emp.id });
    const manager = await createUser("manager");
    const loc = await fx.location();
    const day = addDays(businessToday(), 2);
    const open = await fx.shift({ locationId: loc.id, date: day, start: "08:00", end: "18:00" });
    const byPath = new Map(handlers.map((h) => [`${h.method} ${openApiPath(h.route)}`, h.handler]));
    const check = async (method: string, path: string, options: Parameters<typeof call>[1], status = 200) => {
      const res = await call(byPath.get(`${method} ${path}`)! as never, { method, ...options });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
      const validator = responseValidator(path, method.toLowerCase(), status);
      expect(validator(res.json), `${method} ${path}: ${JSON.stringify(validator.errors)}`).toBe(true);
    };
    const params = { id: String(open.id) };
    await check("POST", "/api/shifts/{id}/application", { token, params }, 201);
    await check("GET", "/api/me/open-shifts", { token });
    await check("GET", "/api/schedule/week", {
      token: manager.token,
      path: `/api/schedule/week?start_date=${day}&end_date=${addDays(day, 6)}`,
    });
    const withdraw = document.paths["/api/shifts/{id}/application"].delete.responses["204"];
    expect(withdraw).toEqual({ description: "Withdrawn" });
    const res = await call(byPath.get("DELETE /api/shifts/{id}/application")! as never, { token, params });
    expect(res.status).toBe(204);
  });

  test("time recording: stamps, entries, revisions, corrections (docs/PRODUCT-RULES.md §32.1)", async () => {
    const emp = await fx.employee();
    const loc = await fx.location();
    const { token } = await createUser("user", { employeeId: emp.id });
    const manager = (await createUser("manager")).token;
    const byPath = new Map(handlers.map((h) => [`${h.method} ${openApiPath(h.route)}`, h.handler]));
    const check = async (method: string, path: string, options: Parameters<typeof call>[1], status = 200) => {
      const res = await call(byPath.get(`${method} ${path}`)! as never, { method, ...options });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
      const validator = responseValidator(path, method.toLowerCase(), status);
      expect(validator(res.json), `${method} ${path}: ${JSON.stringify(validator.errors)}`).toBe(true);
      return res.json as unknown as Record<string, unknown>;
    };
    await check("POST", "/api/me/clock", { token, body: { action: "in", location_id: loc.id } });
    await check("POST", "/api/me/clock", { token, body: { action: "break_start" } });
    await check("GET", "/api/me/clock", { token });
    const entry = (await check(
      "POST",
      "/api/time-entries",
      {
        token: manager,
        body: {
          employee_id: emp.id,
          location_id: loc.id,
          start_at: "2025-01-06T07:00:00Z",
          end_at: "2025-01-06T12:00:00Z",
          breaks: [{ start_at: "2025-01-06T09:00:00Z", end_at: "2025-01-06T09:15:00Z" }],
          reason: "Nachtrag",
        },
      },
      201,
    )) as { id: number };
    const params = { id: String(entry.id) };
    const range = "start_date=2025-01-06&end_date=2025-01-06";
    await check("GET", "/api/me/time-entries", { token, path: `/api/me/time-entries?${range}` });
    await check("GET", "/api/time-entries", { token: manager, path: `/api/time-entries?${range}` });
    const correction = (await check(
      "POST",
      "/api/me/time-entries/{id}/correction",
      { token, params, body: { note: "Früher begonnen", start_at: "2025-01-06T06:30:00Z" } },
      201,
    )) as { id: number };
    await check("GET", "/api/time-corrections", { token: manager });
    await check("POST", "/api/time-corrections/{id}/accept", {
      token: manager,
      params: { id: String(correction.id) },
      body: {},
    });
    const second = (await check(
      "POST",
      "/api/me/time-entries/{id}/correction",
      { token, params, body: { note: "x" } },
      201,
    )) as {
      id: number;
    };
    await check("POST", "/api/time-corrections/{id}/reject", {
      token: manager,
      params: { id: String(second.id) },
      body: { note: "Nein" },
    });
    await check("GET", "/api/time-entries/{id}/revisions", { token, params });
    await check("PUT", "/api/time-entries/{id}", {
      token: manager,
      params,
      body: { location_id: loc.id, start_at: "2025-01-06T06:30:00Z", end_at: "2025-01-06T12:30:00Z", reason: "Kasse" },
    });
    await check("POST", "/api/time-entries/{id}/void", { token: manager, params, body: { reason: "doppelt" } });
    await check("POST", "/api/me/clock", { token, body: { action: "in" } }, 409);
  });
});
