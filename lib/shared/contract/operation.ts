/**
 * One API operation (a method on a path) described once: the route handler
 * passes it to `route()`, which validates with its schemas and checks its
 * access, and the OpenAPI document (lib/server/openapi/) is generated from the
 * same object. So what is validated and what is documented cannot diverge.
 */
import type { z } from "zod";
import type { Permission } from "@/lib/shared/roles";
import type { TokenScope } from "@/lib/shared/token-scopes";

/**
 * "terminal": the caller is a paired terminal ("Stempeluhr", docs/PRODUCT-RULES.md §32.4) with `Authorization:
 * Terminal <credential>`; no user token opens these operations, and the credential opens nothing else.
 */
export type Access = "public" | "terminal" | Permission;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Error codes an operation documents beyond the ones its access and schemas imply. */
export type DocumentedError = {
  status: 400 | 401 | 403 | 404 | 409 | 429 | 503;
  /** Codes of lib/server/api/errors.ts, and when they happen. */
  description: string;
};

/**
 * A JSON answer, no content (204), a PDF download, a CSV download (text/csv, UTF-8 with BOM, semicolons), a download
 * in one of several text formats (`download`: its media types), or an iCalendar feed (text/calendar, with ETag and
 * 304).
 */
export type OperationResponse =
  | { status: 200 | 201 | 503; description: string; schema: z.ZodType }
  | { status: 204; description: string }
  | { status: 200; description: string; pdf: true }
  | { status: 200; description: string; csv: true }
  | { status: 200; description: string; download: readonly ("text/csv" | "text/plain")[] }
  | { status: 200; description: string; ics: true };

export type Operation<A extends Access = Access, B = unknown, Q = unknown, P = unknown> = {
  method: HttpMethod;
  /** OpenAPI style: /api/shifts/{id} (the route file lives in app/api/shifts/[id]). */
  path: `/api/${string}`;
  /** Unique, camelCase: the operationId of the document. */
  id: string;
  /** Groups operations into the resources of the reference. */
  tag: string;
  summary: string;
  description?: string;
  access: A;
  /**
   * For `access: "self-service"` (docs/PRODUCT-RULES.md §26): callers with this permission act for any employee
   * and need no linked employee; everyone else needs one, checked before the input is read.
   */
  planners?: Permission;
  /**
   * The scope of an integration's access token (`Bearer swk_…`, docs/PRODUCT-RULES.md §36) that opens this
   * operation; without one, no access token does. The caller's role still has to hold `access`.
   */
  scope?: TokenScope;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  responses: OperationResponse[];
  errors?: DocumentedError[];
};

/**
 * Identity, for inference: keeps the literal access and the schemas' types for route(), and the literal method,
 * path and response schemas for the browser's typed API client (./api-paths.ts).
 */
export function defineOperation<
  A extends Access,
  B = undefined,
  Q = undefined,
  P = undefined,
  M extends HttpMethod = HttpMethod,
  Path extends Operation["path"] = Operation["path"],
  R extends OperationResponse[] = OperationResponse[],
>(
  operation: Operation<A, B, Q, P> & { method: M; path: Path; responses: R },
): Operation<A, B, Q, P> & { method: M; path: Path; responses: R } {
  return operation;
}
