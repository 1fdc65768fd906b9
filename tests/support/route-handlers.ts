import { readdirSync } from "node:fs";
import path from "node:path";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const API_DIR = path.resolve(__dirname, "../../app/api");

export type Handler = ((
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>) & {
  options?: unknown;
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The 405 handlers (and OPTIONS) of lib/server/api/method-not-allowed.ts carry their `Allow` header. */
const isOtherMethod = (handler: unknown) => typeof handler === "function" && "allow" in handler;

async function routeModules() {
  const found: { route: string; mod: Record<string, unknown> }[] = [];
  for (const file of routeFiles(API_DIR)) {
    const route = ("/api/" + path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")).replace(/\/$/, "");
    found.push({ route, mod: (await import(file)) as Record<string, unknown> });
  }
  return found;
}

/**
 * Every exported method handler of every route file under app/api that is an
 * operation, found on disk: `route` is the folder path (/api/shifts/[id]), `key`
 * "PUT /api/shifts/[id]". Shared by the access matrix and the OpenAPI coverage
 * test, so a new route file is seen by both. The 405 answers to the other
 * methods are not operations: otherMethodHandlers().
 */
export async function apiHandlers() {
  const found: { key: string; route: string; method: (typeof METHODS)[number]; handler: Handler }[] = [];
  for (const { route, mod } of await routeModules()) {
    for (const method of METHODS) {
      if (typeof mod[method] === "function" && !isOtherMethod(mod[method]))
        found.push({ key: `${method} ${route}`, route, method, handler: mod[method] as Handler });
    }
  }
  return found;
}

/**
 * Per route file: the methods it has operations for, and what it exports for the others (405, OPTIONS 204;
 * docs/PRODUCT-RULES.md §30.4), HEAD and OPTIONS included, undefined where it exports nothing.
 */
export async function otherMethodHandlers() {
  return (await routeModules()).map(({ route, mod }) => ({
    route,
    operations: METHODS.filter((method) => typeof mod[method] === "function" && !isOtherMethod(mod[method])),
    others: Object.fromEntries(
      [...METHODS, "HEAD", "OPTIONS"]
        .filter((method) => !(typeof mod[method] === "function" && !isOtherMethod(mod[method])))
        .map((method) => [
          method,
          isOtherMethod(mod[method]) ? (mod[method] as Handler & { allow: string }) : undefined,
        ]),
    ),
  }));
}

/** /api/shifts/[id] → /api/shifts/{id} (OpenAPI's path template). */
export function openApiPath(route: string): string {
  return route.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
}
