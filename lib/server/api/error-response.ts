import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { log } from "@/lib/server/log";
import { ApiError } from "./errors";

/** Turns a zod error into `fields` (first message per field) and a readable `error`. */
export function validationError(error: z.ZodError, prefix?: "query" | "params"): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || prefix || "body";
    fields[path] ??= issue.message;
  }
  // The UI shows `error` in a toast (SPEC §8): the first field message says most.
  const first = Object.values(fields)[0] ?? "Ungültige Eingabe";
  return new ApiError("validation_failed", first, { fields });
}

/**
 * Maps anything thrown by a route to the one error body. Unknown errors are
 * logged with their stack and answered with a generic 500: no stack, no SQL,
 * no Prisma message ever reaches the client.
 */
export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof ApiError) return error.toResponse();
  if (error instanceof z.ZodError) return validationError(error).toResponse();
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return new ApiError("conflict").toResponse();
    if (error.code === "P2025") return new ApiError("not_found").toResponse();
  }
  log.error(`Unhandled error in ${request ? `${request.method} ${new URL(request.url).pathname}` : "request"}`, error);
  return new ApiError("internal").toResponse();
}
