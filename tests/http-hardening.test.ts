// Issue 27, items 6–9 (docs/PRODUCT-RULES.md §30.4): bad input is a 4xx, never a 500; a path id is a plain decimal;
// every answer under /api with personal data or secrets is no-store. The 405 answers: tests/access-matrix.test.ts;
// what only the built server does (Next's routing, next.config.ts): e2e/api/http.spec.ts.
import { describe, expect, test } from "vitest";
import { GET as openApi } from "@/app/api/openapi.json/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { POST as setupTwoFactor } from "@/app/api/auth/setup-2fa/route";
import { GET as auditLog } from "@/app/api/audit/route";
import { GET as calendarFeed } from "@/app/api/calendar/[file]/route";
import { GET as getEmployee } from "@/app/api/employees/[id]/route";
import { GET as listEmployees } from "@/app/api/employees/route";
import { POST as calendarLink } from "@/app/api/me/calendar-link/route";
import { POST as autoFill } from "@/app/api/schedule/auto-fill/route";
import { POST as applyAutoFill } from "@/app/api/schedule/auto-fill/apply/route";
import { POST as copyWeek } from "@/app/api/shifts/copy-week/route";
import { GET as vacationBalance } from "@/app/api/vacations/balance/[id]/route";
import { GET as listShifts, POST as createShift } from "@/app/api/shifts/route";
import { POST as createVacation, GET as listVacations } from "@/app/api/vacations/route";
import { POST as createUnavailability } from "@/app/api/unavailability/route";
import { POST as createTemplate } from "@/app/api/week-templates/route";
import { MAX_JSON_DEPTH } from "@/lib/server/api/request-body";
import { call, createUser, loginAs, uniqueIp } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";

const admin = () => createUser("admin").then((u) => u.token);

/** A 400 with the API's error body: no 500, nothing of the server's insides. */
function expectRefused(res: Awaited<ReturnType<typeof call>>, what: string, code = "validation_failed") {
  expect(res.status, `${what}: ${res.text}`).toBe(400);
  expect(res.json.code, what).toBe(code);
  expect(typeof res.json.error, what).toBe("string");
}

describe("bad input is 400, never 500 (item 6)", () => {
  test("a check of two fields runs only on parsed fields: copy-week with from_start_date 'x'", async () => {
    const res = await call(copyWeek, {
      token: await admin(),
      body: { from_start_date: "x", to_start_date: "2091-01-08" },
    });
    expectRefused(res, "copy-week");
    expect(res.json.fields).toEqual({ from_start_date: "Bitte gib from_start_date als JJJJ-MM-TT an" });
  });

  test("every other check of two fields, with one of them broken", async () => {
    const token = await admin();
    const { id: employee_id } = await fx.employee();
    const { id: location_id } = await fx.location();
    const shift = { location_id, shift_date: "2091-01-03", start_time: "08:00", end_time: "16:00" };
    const cases: [string, Awaited<ReturnType<typeof call>>][] = [
      ["shift start_time", await call(createShift, { token, body: { ...shift, start_time: "x" } })],
      ["shift end_time", await call(createShift, { token, body: { ...shift, end_time: "25:00" } })],
      ["shift break", await call(createShift, { token, body: { ...shift, break_minutes: 7 } })],
      [
        "vacation",
        await call(createVacation, { token, body: { employee_id, start_date: "x", end_date: "2091-01-05" } }),
      ],
      [
        "unavailability",
        await call(createUnavailability, {
          token,
          body: { employee_id, start_date: "2091-01-03", end_date: "x", start_time: "x", end_time: "10:00" },
        }),
      ],
      [
        "week template row",
        await call(createTemplate, {
          token,
          body: { name: "Vorlage", shifts: [{ day_of_week: 1, location_id, start_time: "x", end_time: "10:00" }] },
        }),
      ],
      ["auto-fill", await call(autoFill, { token, body: { start_date: "2091-01-03", end_date: "x" } })],
      ["shifts query", await call(listShifts, { token, path: "/api/shifts?start_date=x&end_date=2091-01-05" })],
      ["audit query", await call(auditLog, { token, path: "/api/audit?from=x&to=2091-01-05" })],
    ];
    for (const [what, res] of cases) expectRefused(res, what);
  });

  test("ids above 2^31−1 in auto-fill apply are refused like any bad id", async () => {
    const token = await admin();
    const assignment = { shift_id: 1, employee_id: 1, shift_updated_at: "2091-01-03T08:00:00.000Z" };
    const shiftTooLarge = await call(applyAutoFill, {
      token,
      body: { assignments: [{ ...assignment, shift_id: 2 ** 31 }] },
    });
    expectRefused(shiftTooLarge, "shift_id");
    expect(shiftTooLarge.json.fields).toEqual({ "assignments.0.shift_id": "Ungültige Schicht" });
    const employeeTooLarge = await call(applyAutoFill, {
      token,
      body: { assignments: [{ ...assignment, employee_id: 2 ** 31 }] },
    });
    expectRefused(employeeTooLarge, "employee_id");
    expect(employeeTooLarge.json.fields).toEqual({ "assignments.0.employee_id": "Ungültiger Mitarbeiter" });
  });

  test("a body nested 100,000 deep: 400 invalid_json, even at the login without a session", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    for (const body of [deep, `{"username":${deep},"password":"x"}`, "{".repeat(100_000)]) {
      const res = await call(login, { body, headers: { "x-forwarded-for": uniqueIp() } });
      expectRefused(res, "deep body", "invalid_json");
      expect(res.json.error).toBe(`Anfragetext ist zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen)`);
    }
  });

  test("the depth limit counts brackets, not brackets inside strings", async () => {
    const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    const atLimit = `{"username":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`;
    const overLimit = `{"username":${nested(MAX_JSON_DEPTH)},"password":"x"}`;
    const headers = { "x-forwarded-for": uniqueIp() };
    // At the limit the body is read, and the schema refuses the username.
    expectRefused(await call(login, { body: atLimit, headers }), "at the limit");
    expectRefused(await call(login, { body: overLimit, headers }), "over the limit", "invalid_json");
    const inString = JSON.stringify({ username: '[{\\"'.repeat(10_000), password: "x" });
    const res = await call(login, { body: inString, headers });
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.json.code).not.toBe("invalid_json");
  });
});

describe("ids that are not ids (item 7)", () => {
  test("a path id is a plain positive decimal without sign, space or leading zero; anything else is 404", async () => {
    const token = await admin();
    const { id } = await fx.employee();
    const read = (raw: string) => call(getEmployee, { token, path: `/api/employees/${raw}`, params: { id: raw } });
    expect((await read(String(id))).status).toBe(200);
    for (const raw of [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `+${id}`,
      `0b${id.toString(2)}`,
      ` ${id}`,
      `${id} `,
      `0${id}`,
      `${id}.0`,
      "0",
      "-1",
      "2147483648",
      "99999999999",
    ]) {
      const res = await read(raw);
      expect(res.status, JSON.stringify(raw)).toBe(404);
      expect(res.json).toEqual({ error: "Nicht gefunden", code: "not_found" });
    }
  });

  test("a query id is as strict, and answers 400", async () => {
    const token = await admin();
    const { id } = await fx.employee();
    expect((await call(listVacations, { token, path: `/api/vacations?employee_id=${id}` })).status).toBe(200);
    for (const raw of [`0x${id.toString(16)}`, `${id}e0`, `%2B${id}`, `%20${id}`, `0${id}`, "2147483648"]) {
      const res = await call(listVacations, { token, path: `/api/vacations?employee_id=${raw}` });
      expectRefused(res, raw);
      expect(res.json.fields).toEqual({ employee_id: "Ungültige ID" });
    }
  });

  test("other numbers of a query are as strict: ?year and ?limit are plain decimals too", async () => {
    const token = await admin();
    const { id } = await fx.employee();
    const balance = (year: string) =>
      call(vacationBalance, { token, path: `/api/vacations/balance/${id}?year=${year}`, params: { id: String(id) } });
    expect((await balance("2026")).status).toBe(200);
    // z.coerce read all of these as a year of the window (0x7D0 and 2e3 are 2000).
    for (const raw of ["0x7D0", "2e3", "%202026", "2026%20", "%2B2026", "02026", "2026.0", ""]) {
      const res = await balance(raw);
      expectRefused(res, raw);
      expect(res.json.fields, raw).toEqual({ year: "Ungültiges Jahr" });
    }
    expect((await balance("1999")).json.fields).toEqual({ year: "Jahr muss zwischen 2000 und 2099 liegen" });

    const audit = (limit: string) => call(auditLog, { token, path: `/api/audit?limit=${limit}` });
    expect((await audit("5")).status).toBe(200);
    for (const raw of ["0x10", "1e1", "%2010", "010", "10.0"]) {
      const res = await audit(raw);
      expectRefused(res, raw);
      expect(res.json.fields, raw).toEqual({ limit: "Bitte gib eine Zahl von 1 bis 100 an" });
    }
  });
});

describe("Cache-Control (item 9)", () => {
  test("answers with personal data or secrets are no-store, errors included", async () => {
    const { user, token } = await createUser("admin");
    const tokens = await loginAs(user.username);
    const answers = {
      "GET /api/auth/me": await call(me, { token }),
      "GET /api/employees": await call(listEmployees, { token }),
      "GET /api/employees without a token (401)": await call(listEmployees),
      "GET /api/employees/{id} unknown (404)": await call(getEmployee, { token, params: { id: "2147483647" } }),
      "POST /api/auth/login": await call(login, {
        body: { username: user.username, password: "test-password" },
        headers: { "x-forwarded-for": uniqueIp() },
      }),
      "POST /api/auth/login refused (401)": await call(login, {
        body: { username: user.username, password: "falsch" },
        headers: { "x-forwarded-for": uniqueIp() },
      }),
      "POST /api/auth/refresh": await call(refresh, { body: { refreshToken: tokens.refreshToken } }),
      "POST /api/auth/setup-2fa": await call(setupTwoFactor, { token: tokens.accessToken, body: {} }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.status, `${what}: ${res.text}`).toBeLessThan(500);
      expect(res.headers.get("cache-control")?.split(", ")[0], what).toBe("no-store");
    }
    expect(answers["POST /api/auth/login"].status).toBe(200);
    expect(answers["POST /api/auth/refresh"].status).toBe(200);
    expect(answers["POST /api/auth/setup-2fa"].status).toBe(200);
    // Small answers keep the no-transform that spares them Next's gzip stream (docs/ARCHITECTURE.md §11).
    expect(answers["GET /api/auth/me"].headers.get("cache-control")).toBe("no-store, no-transform");
  });

  test("the calendar feed keeps its ETag and private, max-age=0; the OpenAPI document may be cached", async () => {
    const { id: employeeId } = await fx.employee();
    const { token } = await createUser("user", { employeeId });
    const link = await call(calendarLink, { token, method: "POST" });
    expect(link.status, link.text).toBe(201);
    expect(link.headers.get("cache-control")?.split(", ")[0]).toBe("no-store");
    const file = `${link.json.token as string}.ics`;
    const feed = await call(calendarFeed, { path: link.json.path as string, params: { file } });
    expect(feed.status).toBe(200);
    expect(feed.headers.get("etag")).toMatch(/^".+"$/);
    expect(feed.headers.get("cache-control")).toBe("private, max-age=0");

    const document = await call(openApi);
    expect(document.status).toBe(200);
    expect(document.headers.get("cache-control")).toBe("public, max-age=300");
  });
});
