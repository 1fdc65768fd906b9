import { describe, expect, test } from "vitest";
import { can, type Permission } from "@/lib/shared/roles";
import { TOKEN_SCOPES, type TokenScope } from "@/lib/shared/token-scopes";
import { call, createIntegrationToken, createUser } from "@/tests/support/api";
import { employee } from "@/tests/support/fixtures";
import { pairedTerminal } from "@/tests/support/terminal";
import * as unknownPath from "@/app/api/[...path]/route";
import { apiHandlers, METHODS, otherMethodHandlers } from "@/tests/support/route-handlers";

/**
 * A self-service route (docs/PRODUCT-RULES.md §26): every role, but only with a linked employee. Callers with the
 * `planners` permission act for anyone and need no link (e.g. a manager recording anyone's unavailability).
 */
type Own = { own: true; planners?: Permission };

/**
 * docs/PRODUCT-RULES.md §1 as data: every route handler and method of app/api with the
 * access it must have. A handler missing here fails the test, so no endpoint
 * ships without a declared rule.
 */
const ACCESS: Record<string, "public" | "terminal" | Permission | Own> = {
  "GET /api/health": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/verify-2fa": "public",
  "POST /api/auth/refresh": "public",
  "POST /api/auth/logout": "public",
  "GET /api/auth/me": "profile:manage",
  "POST /api/auth/setup-2fa": "profile:manage",
  "POST /api/auth/enable-2fa": "profile:manage",
  "POST /api/auth/disable-2fa": "profile:manage",
  "POST /api/auth/recovery-codes": "profile:manage",
  "POST /api/auth/change-password": "profile:manage",
  "GET /api/users": "users:manage",
  "POST /api/users": "users:manage",
  "PUT /api/users/[id]": "users:manage",
  "DELETE /api/users/[id]": "users:manage",
  "GET /api/employees": "schedule:read",
  "POST /api/employees": "master-data:write",
  "GET /api/employees/[id]": "schedule:read",
  "PUT /api/employees/[id]": "master-data:write",
  "PUT /api/employees/[id]/personnel-number": "master-data:write",
  "DELETE /api/employees/[id]": "master-data:write",
  "GET /api/employees/[id]/availability/[date]": "schedule:read",
  "GET /api/employees/[id]/deletion-impact": "master-data:write",
  "GET /api/locations": "schedule:read",
  "POST /api/locations": "master-data:write",
  "GET /api/locations/[id]": "schedule:read",
  "PUT /api/locations/[id]": "master-data:write",
  "DELETE /api/locations/[id]": "master-data:write",
  "GET /api/locations/[id]/deletion-impact": "master-data:write",
  "GET /api/locations/[id]/presets": "schedule:read",
  "POST /api/locations/[id]/presets": "master-data:write",
  "PUT /api/locations/[id]/presets/[presetId]": "master-data:write",
  "DELETE /api/locations/[id]/presets/[presetId]": "master-data:write",
  "POST /api/locations/[id]/presets/copy": "master-data:write",
  "GET /api/shifts": "schedule:read",
  "POST /api/shifts": "shifts:write",
  "PUT /api/shifts/[id]": "shifts:write",
  "DELETE /api/shifts/[id]": "shifts:write",
  "POST /api/shifts/check": "shifts:write",
  "POST /api/shifts/copy-week": "shifts:write",
  "POST /api/shifts/bulk": "shifts:write",
  "POST /api/schedule/auto-fill": "shifts:write",
  "POST /api/schedule/auto-fill/apply": "shifts:write",
  "POST /api/schedule/publish": "shifts:write",
  "POST /api/shifts/[id]/application": { own: true },
  "DELETE /api/shifts/[id]/application": { own: true },
  "GET /api/me/open-shifts": { own: true },
  "GET /api/swaps": { own: true, planners: "shifts:write" },
  "POST /api/swaps": { own: true },
  "POST /api/swaps/[id]/accept": { own: true },
  "POST /api/swaps/[id]/withdraw": { own: true },
  "POST /api/swaps/[id]/approve": "shifts:write",
  "POST /api/swaps/[id]/reject": "shifts:write",
  "GET /api/schedule/warnings": "schedule:read",
  "GET /api/schedule/week": "schedule:read",
  "GET /api/vacations": "schedule:read",
  "POST /api/vacations": { own: true, planners: "vacations:write" },
  "PUT /api/vacations/[id]": "vacations:write",
  "DELETE /api/vacations/[id]": { own: true, planners: "vacations:write" },
  "POST /api/vacations/[id]/approve": "vacations:write",
  "POST /api/vacations/[id]/reject": "vacations:write",
  "GET /api/vacations/employee/[id]": "schedule:read",
  "GET /api/vacations/balance/[id]": "schedule:read",
  // Unavailability (docs/PRODUCT-RULES.md §26.4): own entries, or anyone's for planners.
  "GET /api/unavailability": { own: true, planners: "shifts:write" },
  "POST /api/unavailability": { own: true, planners: "shifts:write" },
  "PUT /api/unavailability/[id]": { own: true, planners: "shifts:write" },
  "DELETE /api/unavailability/[id]": { own: true, planners: "shifts:write" },
  // Wishes (docs/PRODUCT-RULES.md §35.8): as unavailability.
  "GET /api/wishes": { own: true, planners: "shifts:write" },
  "POST /api/wishes": { own: true, planners: "shifts:write" },
  "DELETE /api/wishes/[id]": { own: true, planners: "shifts:write" },
  // Absences (docs/PRODUCT-RULES.md §32.2): staff read their own only; planners record and read anyone's.
  "GET /api/absences": { own: true, planners: "vacations:write" },
  "POST /api/absences": "vacations:write",
  "PUT /api/absences/[id]": "vacations:write",
  "DELETE /api/absences/[id]": "vacations:write",
  "POST /api/me/sick": { own: true },
  "GET /api/week-templates": "schedule:read",
  "POST /api/week-templates": "master-data:write",
  "POST /api/week-templates/from-week": "master-data:write",
  "PUT /api/week-templates/[id]": "master-data:write",
  "DELETE /api/week-templates/[id]": "master-data:write",
  "POST /api/week-templates/[id]/apply": "shifts:write",
  "POST /api/changes/[id]/undo": "shifts:write",
  "GET /api/dashboard": "schedule:read",
  "GET /api/settings": "schedule:read",
  "PUT /api/settings": "master-data:write",
  "GET /api/holidays": "schedule:read",
  "GET /api/holiday-regions": "schedule:read",
  "GET /api/reports/hours": "reports:read",
  "GET /api/reports/hours/pdf": "reports:read",
  "GET /api/reports/schedule/pdf": "reports:read",
  // The history (docs/PRODUCT-RULES.md §27.5): what a manager sees of it is filtered in the finder.
  "GET /api/audit": "history:read",
  "GET /api/audit/people": "history:read",
  "GET /api/openapi.json": "public",
  // The calendar feed: the token in the path is the credential (docs/PRODUCT-RULES.md §26.2).
  "GET /api/calendar/[file]": "public",
  // Meine Schichten (docs/PRODUCT-RULES.md §26.6): only for the caller's own linked employee.
  "GET /api/me": { own: true },
  "POST /api/me/calendar-link": { own: true },
  "DELETE /api/me/calendar-link": { own: true },
  // Time recording, entries (docs/PRODUCT-RULES.md §32.1): own stamps and records; everyone's for managers.
  "GET /api/me/clock": { own: true },
  "POST /api/me/clock": { own: true },
  "GET /api/me/time-entries": { own: true },
  "POST /api/me/time-entries/[id]/correction": { own: true },
  "GET /api/time-entries": "time:manage",
  "POST /api/time-entries": "time:manage",
  "PUT /api/time-entries/[id]": "time:manage",
  "POST /api/time-entries/[id]/void": "time:manage",
  "GET /api/time-entries/[id]/revisions": { own: true, planners: "time:manage" },
  "GET /api/time-corrections": "time:manage",
  "POST /api/time-corrections/[id]/accept": "time:manage",
  "POST /api/time-corrections/[id]/reject": "time:manage",
  // Planned vs. worked and the monthly approval (docs/PRODUCT-RULES.md §32.3).
  "GET /api/timesheets": "time:manage",
  "POST /api/timesheets/approve": "time:manage",
  "POST /api/timesheets/reopen": "time:manage",
  // PINs and the terminal (docs/PRODUCT-RULES.md §32.4): the own PIN; terminals and anyone's PIN for admins; the
  // terminal's own operations only with a terminal's credential ("terminal": every user token is 401), pairing
  // with the link's token.
  "PUT /api/me/pin": { own: true },
  "PUT /api/employees/[id]/pin": "terminals:manage",
  "DELETE /api/employees/[id]/pin": "terminals:manage",
  "GET /api/terminals": "terminals:manage",
  "POST /api/terminals": "terminals:manage",
  "POST /api/terminals/[id]/pairing-link": "terminals:manage",
  "POST /api/terminals/[id]/revoke": "terminals:manage",
  "POST /api/terminal/pair": "public",
  "GET /api/terminal": "terminal",
  "POST /api/terminal/clock": "terminal",
  // The Arbeitszeitnachweis (docs/PRODUCT-RULES.md §32.7): the own for linked users; anyone's for managers.
  "GET /api/me/time-record/pdf": { own: true },
  "GET /api/me/time-record/csv": { own: true },
  "GET /api/me/timesheet": { own: true },
  "GET /api/timesheets/record/pdf": "time:manage",
  "GET /api/timesheets/record/csv": "time:manage",
  // The inbox (docs/PRODUCT-RULES.md §33.1): every signed-in user's own messages, linked or not.
  "GET /api/me/notifications": "profile:manage",
  "POST /api/me/notifications/read": "profile:manage",
  "GET /api/me/notification-settings": "profile:manage",
  "PUT /api/me/notification-settings": "profile:manage",
  "GET /api/mail-status": "master-data:write",
  // Web push (§33.7): every signed-in user's own devices.
  "GET /api/me/push-subscriptions": "profile:manage",
  "POST /api/me/push-subscriptions": "profile:manage",
  "DELETE /api/me/push-subscriptions/[id]": "profile:manage",
  // The time account and the payroll (docs/PRODUCT-RULES.md §34): the own account for linked users; accounts,
  // bookings and the payroll settings for managers, the settings changed by admins.
  "GET /api/me/time-account": { own: true },
  "GET /api/time-accounts": "time:manage",
  "POST /api/time-accounts/bookings": "time:manage",
  "PUT /api/time-accounts/opening": "time:manage",
  "GET /api/settings/payroll": "time:manage",
  "PUT /api/settings/payroll": "master-data:write",
  "GET /api/exports/payroll": "time:manage",
  "GET /api/time-accounts/statement/pdf": "time:manage",
  "GET /api/me/time-account/statement/pdf": { own: true },
  // Integrations (docs/PRODUCT-RULES.md §36): access tokens are admins' business.
  "GET /api/access-tokens": "users:manage",
  "POST /api/access-tokens": "users:manage",
  "DELETE /api/access-tokens/[id]": "users:manage",
  // Webhooks (docs/PRODUCT-RULES.md §37): admins only, like user accounts.
  "GET /api/webhooks": "users:manage",
  "POST /api/webhooks": "users:manage",
  "PUT /api/webhooks/[id]": "users:manage",
  "DELETE /api/webhooks/[id]": "users:manage",
  "GET /api/webhooks/[id]/deliveries": "users:manage",
  "POST /api/webhooks/[id]/test": "users:manage",
  // The JSON 404 for unknown API paths; its OPTIONS (no operation, so not a row here) is tested below.
  "GET /api/[...path]": "public",
  "POST /api/[...path]": "public",
  "PUT /api/[...path]": "public",
  "PATCH /api/[...path]": "public",
  "DELETE /api/[...path]": "public",
};

// Path parameters that name nothing: the handler must still authorize first.
function paramsFor(route: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [, name] of route.matchAll(/\[(?:\.\.\.)?(\w+)\]/g))
    params[name] = name === "date" ? "2030-01-07" : name === "path" ? ["nirgends"] : "999999999";
  return params;
}

describe("access matrix (docs/PRODUCT-RULES.md §1)", async () => {
  const all = await apiHandlers();

  test("every handler in app/api has a declared access rule, and every rule a handler", () => {
    const keys = all.map((h) => h.key).sort();
    expect(keys).toEqual(Object.keys(ACCESS).sort());
  });

  const roles = ["user", "manager", "admin"] as const;

  test.each(all.map((h) => [h.key, h] as const))("%s", async (_key, { key, route, method, handler }) => {
    const rule = ACCESS[key];
    const tokens = Object.fromEntries(
      await Promise.all(roles.map(async (role) => [role, (await createUser(role)).token] as const)),
    );
    const send = (token?: string) =>
      call(handler as never, {
        method,
        path: route.replace(/\[(?:\.\.\.)?\w+\]/g, "x"),
        token,
        ...(method === "GET" ? {} : { body: {} }),
        params: paramsFor(route) as Record<string, string>,
      });
    const expectForbidden = (res: Awaited<ReturnType<typeof send>>, who: string) => {
      expect(res.status, `${key} as ${who}`).toBe(403);
      expect(res.json.code, `${key} as ${who}`).toBe("forbidden");
    };

    const anonymous = await send();
    if (rule === "public") expect([401, 403], `${key} anonymous`).not.toContain(anonymous.status);
    else expect(anonymous.status, `${key} anonymous`).toBe(401);

    for (const role of roles) {
      const res = await send(tokens[role]);
      if (rule === "terminal") {
        // A user's token opens no terminal operation, whatever the role or link.
        expect(res.status, `${key} as ${role}`).toBe(401);
        const linked = await createUser(role, { employeeId: (await employee()).id });
        expect((await send(linked.token)).status, `${key} as ${role} with a link`).toBe(401);
      } else if (rule === "public") {
        expect([401, 403], `${key} as ${role}: ${res.text}`).not.toContain(res.status);
      } else if (typeof rule === "object") {
        // Without a linked employee only planners get past the door; with one, every role does.
        if (rule.planners && can(role, rule.planners))
          expect([401, 403], `${key} as ${role}: ${res.text}`).not.toContain(res.status);
        else expectForbidden(res, `${role} without a linked employee`);
        const linked = await createUser(role, { employeeId: (await employee()).id });
        const own = await send(linked.token);
        expect([401, 403], `${key} as ${role} with a link: ${own.text}`).not.toContain(own.status);
      } else if (can(role, rule)) {
        expect([401, 403], `${key} as ${role}: ${res.text}`).not.toContain(res.status);
      } else {
        expect(res.status, `${key} as ${role}`).toBe(403);
        expect(res.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
      }
    }
  });
});

/**
 * docs/PRODUCT-RULES.md §36 as data: the routes an integration's access token may call, with the one scope that
 * opens each. Every other authenticated route answers every token 403 `forbidden` (user, token and webhook
 * administration, the own profile and the staff side among them).
 */
const TOKEN_SCOPE: Record<string, TokenScope> = {
  "GET /api/locations": "schedule:read",
  "GET /api/locations/[id]": "schedule:read",
  "GET /api/locations/[id]/presets": "schedule:read",
  "GET /api/shifts": "schedule:read",
  "GET /api/schedule/week": "schedule:read",
  "GET /api/schedule/warnings": "schedule:read",
  "GET /api/week-templates": "schedule:read",
  "GET /api/holidays": "schedule:read",
  "GET /api/holiday-regions": "schedule:read",
  "GET /api/settings": "schedule:read",
  "GET /api/swaps": "schedule:read",
  "POST /api/shifts": "schedule:write",
  "PUT /api/shifts/[id]": "schedule:write",
  "DELETE /api/shifts/[id]": "schedule:write",
  "POST /api/shifts/bulk": "schedule:write",
  "POST /api/shifts/check": "schedule:write",
  "POST /api/shifts/copy-week": "schedule:write",
  "POST /api/schedule/publish": "schedule:write",
  "POST /api/schedule/auto-fill": "schedule:write",
  "POST /api/schedule/auto-fill/apply": "schedule:write",
  "POST /api/week-templates/[id]/apply": "schedule:write",
  "POST /api/changes/[id]/undo": "schedule:write",
  "GET /api/employees": "employees:read",
  "GET /api/employees/[id]": "employees:read",
  "GET /api/employees/[id]/availability/[date]": "employees:read",
  "GET /api/unavailability": "employees:read",
  "GET /api/wishes": "employees:read",
  "GET /api/vacations": "vacations:read",
  "GET /api/vacations/employee/[id]": "vacations:read",
  "GET /api/vacations/balance/[id]": "vacations:read",
  "GET /api/absences": "vacations:read",
  "POST /api/vacations": "vacations:write",
  "PUT /api/vacations/[id]": "vacations:write",
  "DELETE /api/vacations/[id]": "vacations:write",
  "POST /api/vacations/[id]/approve": "vacations:write",
  "POST /api/vacations/[id]/reject": "vacations:write",
  "POST /api/absences": "vacations:write",
  "PUT /api/absences/[id]": "vacations:write",
  "DELETE /api/absences/[id]": "vacations:write",
  "GET /api/time-entries": "time:read",
  "GET /api/time-entries/[id]/revisions": "time:read",
  "GET /api/time-corrections": "time:read",
  "GET /api/timesheets": "time:read",
  "GET /api/time-accounts": "time:read",
  "GET /api/exports/payroll": "time:read",
  "GET /api/timesheets/record/csv": "time:read",
  "POST /api/time-entries": "time:write",
  "PUT /api/time-entries/[id]": "time:write",
  "POST /api/time-entries/[id]/void": "time:write",
  "POST /api/time-corrections/[id]/accept": "time:write",
  "POST /api/time-corrections/[id]/reject": "time:write",
  "POST /api/timesheets/approve": "time:write",
  "POST /api/timesheets/reopen": "time:write",
  "POST /api/time-accounts/bookings": "time:write",
  "PUT /api/time-accounts/opening": "time:write",
  "GET /api/reports/hours": "reports:read",
  "GET /api/reports/hours/pdf": "reports:read",
  "GET /api/reports/schedule/pdf": "reports:read",
  "GET /api/time-accounts/statement/pdf": "reports:read",
  "GET /api/timesheets/record/pdf": "reports:read",
};

describe("integrations' access tokens: a caller per scope (docs/PRODUCT-RULES.md §36)", async () => {
  const all = (await apiHandlers()).filter((h) => ACCESS[h.key] !== "public" && ACCESS[h.key] !== "terminal");
  const tokens = Object.fromEntries(
    await Promise.all(TOKEN_SCOPES.map(async (scope) => [scope, (await createIntegrationToken([scope])).token])),
  ) as Record<TokenScope, string>;

  test("every scoped route is a handler, and a manager may call it (a token acts with a manager's rights)", () => {
    const keys = new Set(all.map((h) => h.key));
    for (const [key, scope] of Object.entries(TOKEN_SCOPE)) {
      expect(keys.has(key), key).toBe(true);
      const rule = ACCESS[key]!;
      const manager = typeof rule === "object" ? rule.planners !== undefined && can("manager", rule.planners) : true;
      expect(manager && (typeof rule === "object" || can("manager", rule as Permission)), `${key} ${scope}`).toBe(true);
    }
  });

  test.each(all.map((h) => [h.key, h] as const))("%s", async (key, { route, method, handler }) => {
    for (const scope of TOKEN_SCOPES) {
      const res = await call(handler as never, {
        method,
        path: route.replace(/\[(?:\.\.\.)?\w+\]/g, "x"),
        token: tokens[scope],
        ...(method === "GET" ? {} : { body: {} }),
        params: paramsFor(route) as Record<string, string>,
      });
      if (TOKEN_SCOPE[key] === scope) {
        expect([401, 403], `${key} with ${scope}: ${res.text}`).not.toContain(res.status);
      } else {
        expect(res.status, `${key} with ${scope}`).toBe(403);
        expect(res.json.code, `${key} with ${scope}`).toBe("forbidden");
      }
    }
  });
});

/**
 * A password change that is due (docs/PRODUCT-RULES.md §31.5): an account an admin created or reset gets nothing
 * but its own user and the password change until it has set a password of its own, whatever its role and link.
 */
const BEFORE_PASSWORD_CHANGE = new Set(["GET /api/auth/me", "POST /api/auth/change-password"]);

describe("a password change that is due: 403 password_change_required but for me and change-password", async () => {
  const all = (await apiHandlers()).filter((h) => ACCESS[h.key] !== "public" && ACCESS[h.key] !== "terminal");
  const { db } = await import("@/lib/server/db/client");
  const { user, token } = await createUser("admin", { employeeId: (await employee()).id });
  await db.user.update({ where: { id: user.id }, data: { mustChangePassword: true } });

  test.each(all.map((h) => [h.key, h] as const))("%s", async (key, { route, method, handler }) => {
    const res = await call(handler as never, {
      method,
      path: route.replace(/\[(?:\.\.\.)?\w+\]/g, "x"),
      token,
      ...(method === "GET" ? {} : { body: {} }),
      params: paramsFor(route) as Record<string, string>,
    });
    if (BEFORE_PASSWORD_CHANGE.has(key)) {
      expect([401, 403], `${key}: ${res.text}`).not.toContain(res.status);
    } else {
      expect(res.status, `${key}: ${res.text}`).toBe(403);
      expect(res.json).toEqual({
        error: "Bitte lege zuerst ein eigenes Passwort fest.",
        code: "password_change_required",
      });
    }
  });
});

/**
 * The methods a route file has no operation for (docs/PRODUCT-RULES.md §30.4): not in the table above, because they
 * are nobody's: 405 `method_not_allowed` for everyone, with or without a token, and `Allow` naming the file's
 * operations. Next would answer them 405 with an empty body, so every file must export every method.
 */
describe("methods without an operation: 405 with Allow", async () => {
  const files = (await otherMethodHandlers()).filter(({ route }) => !route.includes("[..."));
  const { token } = await createUser("admin");

  test.each(files.map((file) => [file.route, file] as const))("%s", async (route, { operations, others }) => {
    const allow = [...operations, "OPTIONS", ...(operations.includes("GET") ? ["HEAD"] : [])].sort().join(", ");
    for (const [method, handler] of Object.entries(others)) {
      if (method === "HEAD" && operations.includes("GET")) {
        expect(handler, `${method} ${route}: Next answers HEAD with GET`).toBeUndefined();
        continue;
      }
      expect(handler, `${method} ${route} is exported`).toBeDefined();
      for (const who of [undefined, token]) {
        const res = await call(handler as never, {
          method,
          path: route,
          token: who,
          ...(method === "GET" || method === "HEAD" || method === "OPTIONS" ? {} : { body: "{bad" }),
        });
        expect(res.headers.get("allow"), `${method} ${route}`).toBe(allow);
        expect(res.headers.get("cache-control"), `${method} ${route}`).toContain("no-store");
        if (method === "OPTIONS") {
          expect(res.status, `${method} ${route}`).toBe(204);
        } else if (method === "HEAD") {
          expect([res.status, res.text], `${method} ${route}`).toEqual([405, ""]);
        } else {
          expect(res.status, `${method} ${route}`).toBe(405);
          expect(res.json).toEqual({ error: "Methode nicht erlaubt", code: "method_not_allowed" });
        }
      }
    }
  });
});

/**
 * An unknown /api path names nothing, whatever the method (docs/PRODUCT-RULES.md §30.4): the catch-all route
 * answers 404 for the methods above and for OPTIONS, which Next would otherwise answer 204 with `Allow`; HEAD is
 * Next's GET without the body.
 */
describe("unknown /api paths: 404 for every method", async () => {
  const { token } = await createUser("admin");
  const handlers = unknownPath as Record<string, unknown>;

  test("HEAD is left to Next, which answers it with GET", () => {
    expect(handlers.HEAD).toBeUndefined();
    expect(handlers.GET).toBeTypeOf("function");
  });

  test.each([...METHODS, "OPTIONS"])("%s", async (method) => {
    expect(handlers[method], `${method} is exported`).toBeTypeOf("function");
    for (const who of [undefined, token]) {
      const res = await call(handlers[method] as never, {
        method,
        path: "/api/gibt-es-nicht/42",
        token: who,
        params: { path: ["gibt-es-nicht", "42"] } as never,
      });
      expect(res.status, method).toBe(404);
      expect(res.json, method).toEqual({ error: "Unbekannter API-Pfad", code: "not_found" });
      expect(res.headers.get("allow"), method).toBeNull();
      expect(res.headers.get("cache-control"), method).toContain("no-store");
    }
  });
});

/**
 * The terminal as a caller of its own (docs/PRODUCT-RULES.md §32.4): its credential opens its own operations and
 * nothing else — every route that needs a user answers it 401, as if it sent no token at all.
 */
describe("a terminal's credential opens only the terminal's operations", async () => {
  const all = (await apiHandlers()).filter((h) => ACCESS[h.key] !== "public");
  const { headers } = await pairedTerminal();

  test.each(all.map((h) => [h.key, h] as const))("%s", async (key, { route, method, handler }) => {
    const res = await call(handler as never, {
      method,
      path: route.replace(/\[(?:\.\.\.)?\w+\]/g, "x"),
      headers,
      ...(method === "GET" ? {} : { body: {} }),
      params: paramsFor(route) as Record<string, string>,
    });
    if (ACCESS[key] === "terminal") expect([401, 403], `${key}: ${res.text}`).not.toContain(res.status);
    else expect([res.status, res.json?.code], key).toEqual([401, "unauthenticated"]);
  });
});
