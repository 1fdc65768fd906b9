import "server-only";
import type { z } from "zod";
import type { AuditContext } from "@/lib/server/audit/record-audit";
import { authenticate, type AuthUser } from "@/lib/server/auth/authenticate";
import type { Access } from "@/lib/shared/contract/operation";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { can, type Permission } from "@/lib/shared/roles";
import type { TokenScope } from "@/lib/shared/token-scopes";
import { isWaitingForDatabase } from "@/lib/server/db/wait-for-database";
import { authenticateTerminal, type TerminalCaller } from "@/lib/server/terminals/authenticate-terminal";
import { clientIp } from "./client-ip";
import { ApiError } from "./errors";
import { databaseUnavailable, errorResponse, validationError } from "./error-response";
import { jsonResponse, jsonTextResponse } from "./json-response";
import { readJsonBody } from "./request-body";

/**
 * What route() needs of an operation of lib/shared/contract (which carries
 * more: method, path, responses, for the OpenAPI document).
 */
type RouteOptions<A extends Access, B, Q, P> = {
  /** "public", or the permission of the role table the caller needs. */
  access: A;
  /** Self-service operations: the permission that acts for anyone without a linked employee (see Operation). */
  planners?: Permission;
  /** The access token scope that opens the operation (see Operation); none: no access token does. */
  scope?: TokenScope;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
};

export type RouteContext<A extends Access, B, Q, P> = {
  request: Request;
  user: A extends "public" | "terminal" ? null : AuthUser;
  /** The paired terminal of an operation with access "terminal" (docs/PRODUCT-RULES.md §32.4). */
  terminal: A extends "terminal" ? TerminalCaller : null;
  body: B;
  query: Q;
  params: P;
  ip: string;
  /** Who calls and from where, for the audit row of a write (null for public and terminal routes). */
  audit: A extends "public" | "terminal" ? null : AuditContext;
};

/** What a single route may ask of route() beyond its operation. */
export type RouteExtras = {
  /**
   * Read the schedule data's version in the same statement as the user and
   * hand it to the handler as `scheduleVersion`: for answers cached per
   * version (GET /api/shifts and the schedule reads, lib/server/shifts/schedule-version-cache.ts).
   */
  withScheduleVersion?: true;
  /**
   * The handler answers by itself while the server still waits for its
   * database (GET /api/health keeps its own 503 body); every other route
   * answers 503 before it reads or writes anything (docs/PRODUCT-RULES.md §29.3).
   */
  whileWaitingForDatabase?: true;
  /**
   * The route answers a user who must still set a password of their own (docs/PRODUCT-RULES.md §31.5): GET
   * /api/auth/me and POST /api/auth/change-password. Every other authenticated route answers 403
   * `password_change_required` until then (login, refresh and logout are public and not asked).
   */
  beforePasswordChange?: true;
};

type ExtraContext<X extends RouteExtras> = X extends { withScheduleVersion: true }
  ? { scheduleVersion: string | null }
  : unknown;

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A route handler that still knows the options (the operation) it was built from. */
export type RouteHandler<A extends Access = Access, B = unknown, Q = unknown, P = unknown> = ((
  request: Request,
  context?: NextRouteContext,
) => Promise<Response>) & { readonly options: RouteOptions<A, B, Q, P> };

/**
 * The one wrapper every route handler goes through: authenticate the bearer
 * token, check the role table, parse params, query and body with zod, and
 * map every error to the API's error body. Order matters: a request without a
 * token gets 401 before its body is even read.
 */
export function route<
  A extends Access,
  B = undefined,
  Q = undefined,
  P = undefined,
  X extends RouteExtras = Record<never, never>,
>(
  options: RouteOptions<A, B, Q, P>,
  handler: (context: RouteContext<A, B, Q, P> & ExtraContext<X>) => Promise<Response>,
  extras?: X,
): RouteHandler<A, B, Q, P> {
  const withScheduleVersion = extras?.withScheduleVersion === true;
  const gated = extras?.whileWaitingForDatabase !== true;
  async function handle(request: Request, context?: NextRouteContext): Promise<Response> {
    try {
      if (gated && isWaitingForDatabase()) throw databaseUnavailable({ unprocessed: true });
      let user: AuthUser | null = null;
      let scheduleVersion: string | null = null;
      let terminal: TerminalCaller | null = null;
      // A terminal's credential opens its own operations only, and a user's token none of them.
      if (options.access === "terminal") terminal = await authenticateTerminal(request);
      else if (options.access !== "public") {
        ({ user, scheduleVersion } = await authenticate(request, { withScheduleVersion }));
        if (user.mustChangePassword && extras?.beforePasswordChange !== true)
          throw new ApiError("password_change_required");
        if (user.accessToken) assertTokenScope(user.accessToken.scopes, options.scope);
        if (!can(user.role, options.access)) throw new ApiError("forbidden");
        // A self-service caller without a linked employee acts for nobody: 403 before any input is judged
        // (docs/PRODUCT-RULES.md §1.2), unless their role plans for everyone.
        if (options.access === "self-service" && !(options.planners && can(user.role, options.planners)))
          linkedEmployeeId(user);
      }

      const params = options.params
        ? parseWith(options.params, (await context?.params) ?? {}, "params")
        : (undefined as P);
      const query = options.query
        ? parseWith(options.query, Object.fromEntries(new URL(request.url).searchParams), "query")
        : (undefined as Q);
      const body = options.body ? parseWith(options.body, await readJsonBody(request), undefined) : (undefined as B);

      const ip = clientIp(request);
      const routeContext: RouteContext<A, B, Q, P> = {
        request,
        user: user as RouteContext<A, B, Q, P>["user"],
        terminal: terminal as RouteContext<A, B, Q, P>["terminal"],
        body,
        query,
        params,
        ip,
        audit: (user ? { actor: user, ip } : null) as RouteContext<A, B, Q, P>["audit"],
      };
      const extraContext = withScheduleVersion ? { scheduleVersion } : {};
      return await handler({ ...routeContext, ...extraContext } as RouteContext<A, B, Q, P> & ExtraContext<X>);
    } catch (error) {
      return errorResponse(error, request);
    }
  }
  // Kept on the handler so a test can check that every handler in app/api is
  // built from the operation the OpenAPI document describes.
  return Object.assign(handle, { options });
}

/**
 * An integration's access token opens only the operations whose scope it holds (docs/PRODUCT-RULES.md §36); user,
 * token and webhook administration, the own profile and the staff side have no scope and are never open to one.
 */
function assertTokenScope(scopes: readonly TokenScope[], needed: TokenScope | undefined): void {
  if (needed === undefined)
    throw new ApiError("forbidden", "Mit einem Zugriffstoken nicht möglich: dafür braucht es eine Anmeldung");
  if (!scopes.includes(needed))
    throw new ApiError("forbidden", `Diesem Zugriffstoken fehlt der Bereich «${needed}»`, { required_scope: needed });
}

function parseWith<T>(schema: z.ZodType<T>, input: unknown, where: "query" | "params" | undefined): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    // A malformed id in the path names no resource: 404 like an unknown id.
    if (where === "params") throw new ApiError("not_found");
    throw validationError(result.error, where);
  }
  return result.data;
}

export function json(data: unknown, status = 200): Response {
  return jsonResponse(data, { status });
}

/** A JSON answer that is already JSON text (e.g. built by PostgreSQL), as a string or UTF-8 bytes. */
export function jsonText(body: string | Uint8Array<ArrayBuffer>, status = 200): Response {
  return jsonTextResponse(body, { status });
}

/** 204 No Content: a removal with nothing to answer (withdrawing an application). */
export function noContent(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
