/**
 * The API's paths and answers as types, derived from the operations of this
 * folder, for the browser's client (lib/client/api.ts): it takes a path as
 * "/employees" or `/shifts?start_date=${start}&end_date=${end}` and knows the
 * answer is EmployeeDto[] or ShiftDto[]. Types only: importing them brings no
 * contract and no zod code into the browser.
 *
 * An operation's path "/api/employees/{id}" becomes `/employees/${string}`;
 * a GET may add a query ("?..."). When several paths fit (/employees/5 and
 * /employees/5/availability/2026-03-02 both fit `/employees/${string}`), the
 * narrowest one answers.
 */
import type { z } from "zod";
import type { ContractModule } from "./index";
import type { HttpMethod } from "./operation";

/** The exports of every contract module (distributed, so no module's exports are lost). */
type ContractExport = ContractModule extends infer Module
  ? Module extends unknown
    ? Module[keyof Module]
    : never
  : never;

type ContractOperation = Extract<ContractExport, { method: HttpMethod; path: string; responses: unknown[] }>;

/** "/api/employees/{id}" → `/employees/${string}`. */
type PathPattern<Path extends string> = Path extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${PathPattern<Tail>}`
  : Path;

/** The JSON of an operation's success answer (200 or 201), undefined for 204 (no content), never for a PDF. */
type SuccessAnswer<Response> = Response extends { status: 200 | 201; schema: infer Schema extends z.ZodType }
  ? z.output<Schema>
  : Response extends { status: 204 }
    ? undefined
    : never;

type Route<Operation> = Operation extends {
  method: infer Method;
  path: `/api${infer Path}`;
  responses: (infer Response)[];
}
  ? { method: Method; pattern: PathPattern<Path>; answer: SuccessAnswer<Response> }
  : never;

/** The JSON routes (PDF downloads go through `download()`, not through the JSON client). */
type JsonRoute =
  Route<ContractOperation> extends infer Each
    ? Each extends { answer: infer Answer }
      ? [Answer] extends [never]
        ? never
        : Each
      : never
    : never;

type RoutesOf<Method extends HttpMethod> = Extract<JsonRoute, { method: Method }>;

/** A path as the client writes it for this route: GETs may carry a query. */
type Written<R extends JsonRoute> = R["method"] extends "GET"
  ? R["pattern"] | `${R["pattern"]}?${string}`
  : R["pattern"];

/** Every path (relative to /api) the client may send a `method` to. */
export type ApiPath<Method extends HttpMethod> =
  RoutesOf<Method> extends infer R extends JsonRoute ? (R extends unknown ? Written<R> : never) : never;

type Fitting<Method extends HttpMethod, Path extends string> =
  RoutesOf<Method> extends infer R extends JsonRoute
    ? R extends unknown
      ? Path extends Written<R>
        ? R
        : never
      : never
    : never;

/** The routes of `All` whose pattern is strictly narrower than R's. */
type Narrower<R extends JsonRoute, All extends JsonRoute> = All extends unknown
  ? All["pattern"] extends R["pattern"]
    ? R["pattern"] extends All["pattern"]
      ? never
      : All
    : never
  : never;

type Narrowest<Fit extends JsonRoute, All extends JsonRoute = Fit> = Fit extends unknown
  ? [Narrower<Fit, All>] extends [never]
    ? Fit
    : never
  : never;

/** The JSON the API answers a `method` on `path` with. */
export type ApiAnswer<Method extends HttpMethod, Path extends string> = Path extends unknown
  ? Narrowest<Fitting<Method, Path>>["answer"]
  : never;
