import "server-only";
import type { HttpMethod } from "@/lib/shared/contract/operation";
import { ApiError } from "./errors";

type AllowedMethods = readonly [HttpMethod, ...HttpMethod[]];

/** A route file's answer to a method it has no operation for; `allow` is its `Allow` header. */
export type MethodNotAllowedHandler = ((request: Request) => Promise<Response>) & { readonly allow: string };

type OtherMethods<M extends HttpMethod> = { [K in Exclude<HttpMethod, M>]: MethodNotAllowedHandler } & ("GET" extends M
  ? unknown
  : { HEAD: MethodNotAllowedHandler }) & { OPTIONS: MethodNotAllowedHandler };

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * The methods a route file does not implement, as handlers of their own: 405 `method_not_allowed` with the JSON
 * error body and `Allow`, before the token or the body is looked at (docs/PRODUCT-RULES.md §2.2, §30.4). Next would
 * answer them 405 with an empty body; OPTIONS answers 204 with the same `Allow` (Next's own OPTIONS would list these
 * handlers too). HEAD is Next's GET without the body where there is a GET, else 405. Handlers in the route file, not
 * a proxy.ts: a proxy runs as code of its own on every request (docs/PERFORMANCE.md, upgrade checklist 2.3); these
 * run only for the methods nobody should send.
 *
 *     export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
 *
 * `tests/access-matrix.test.ts` checks that every route file exports every method, and that `Allow` names exactly
 * the file's operations.
 */
export function otherMethods<const M extends AllowedMethods>(...allowed: M): OtherMethods<M[number]> {
  const implemented = new Set<string>(allowed);
  const allow = [...implemented, "OPTIONS", ...(implemented.has("GET") ? ["HEAD"] : [])].sort().join(", ");
  const refuse = async (request: Request) => {
    const response = new ApiError("method_not_allowed", undefined, { headers: { Allow: allow } }).toResponse();
    // A HEAD answer has no body (RFC 9110 §9.3.2); Next would drop it, but only from the wire.
    return request.method === "HEAD" ? new Response(null, { status: 405, headers: response.headers }) : response;
  };
  const options = async () =>
    new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
  const handlers: Record<string, MethodNotAllowedHandler> = {
    OPTIONS: Object.assign(options, { allow }),
  };
  for (const method of [...METHODS, "HEAD"]) {
    if (method === "HEAD" ? implemented.has("GET") : implemented.has(method)) continue;
    handlers[method] = Object.assign(refuse, { allow });
  }
  return handlers as OtherMethods<M[number]>;
}
