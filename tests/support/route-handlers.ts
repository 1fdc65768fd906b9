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

/**
 * Every exported method handler of every route file under app/api, found on
 * disk: `route` is the folder path (/api/shifts/[id]), `key` "PUT /api/shifts/[id]".
 * Shared by the access matrix and the OpenAPI coverage test, so a new route
 * file is seen by both.
 */
export async function apiHandlers() {
  const found: { key: string; route: string; method: (typeof METHODS)[number]; handler: Handler }[] = [];
  for (const file of routeFiles(API_DIR)) {
    const route = ("/api/" + path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")).replace(/\/$/, "");
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) {
      if (typeof mod[method] === "function")
        found.push({ key: `${method} ${route}`, route, method, handler: mod[method] as Handler });
    }
  }
  return found;
}

/** /api/shifts/[id] → /api/shifts/{id} (OpenAPI's path template). */
export function openApiPath(route: string): string {
  return route.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
}
