import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { conflictCode } from "@/lib/server/db/transaction";
import { describeDatabaseError, isDatabaseUnavailable } from "@/lib/server/db/unavailable";
import { log } from "@/lib/server/log";
import { ApiError } from "./errors";

/** Turns a zod error into `fields` (first message per field) and a readable `error`. */
export function validationError(error: z.ZodError, prefix?: "query" | "params"): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || prefix || "body";
    fields[path] ??= issue.message;
  }
  // The UI shows `error` in a toast (docs/PRODUCT-RULES.md §20.2): the first field message says most.
  const first = Object.values(fields)[0] ?? "Ungültige Eingabe";
  return new ApiError("validation_failed", first, { fields });
}

/** Seconds a client should wait before retrying when PostgreSQL is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Marks a 503 that was answered before the request did any work (the start-up wait): the browser may send any
 * method again. A 503 without it (the database lost in the middle of a request) may have committed part of a
 * write, so only reads are retried (docs/PRODUCT-RULES.md §29.3).
 */
export const UNPROCESSED_HEADER = "X-Request-Unprocessed";

/** 503 for "PostgreSQL is not reachable right now"; `unprocessed` when nothing of the request has run. */
export function databaseUnavailable({ unprocessed = false }: { unprocessed?: boolean } = {}): ApiError {
  const headers: Record<string, string> = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
  if (unprocessed) headers[UNPROCESSED_HEADER] = "1";
  return new ApiError("service_unavailable", undefined, { headers });
}

/** Seconds a client should wait after a transaction lost to deadlocks on every attempt: they clear in moments. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/**
 * 503 for a transaction that still deadlocked or failed to serialize after its retries (lib/server/db/transaction.ts):
 * the database is busy, not broken; nothing of that transaction was written.
 */
export function databaseBusy(): ApiError {
  return new ApiError(
    "service_unavailable",
    "Die Datenbank ist gerade ausgelastet. Bitte versuche es gleich noch einmal.",
    {
      headers: { "Retry-After": String(CONFLICT_RETRY_AFTER_SECONDS) },
    },
  );
}

/**
 * Maps anything thrown by a route to the one error body. Unknown errors are
 * logged with their stack and answered with a generic 500: no stack, no SQL,
 * no Prisma message ever reaches the client. A lost database is not a bug of
 * the request: 503, and one log line with the cause instead of a stack (a
 * restart of PostgreSQL would otherwise flood the log). A deadlock or serialization failure that outlived its
 * retries is the same kind of passing trouble: 503, never 500.
 */
export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof ApiError) return error.toResponse();
  if (error instanceof z.ZodError) return validationError(error).toResponse();
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return new ApiError("conflict").toResponse();
    if (error.code === "P2025") return new ApiError("not_found").toResponse();
  }
  const where = request ? `${request.method} ${new URL(request.url).pathname}` : "request";
  const conflict = conflictCode(error);
  if (conflict) {
    log.error(`Transaktion nach allen Versuchen gescheitert (${conflict}) in ${where}`);
    return databaseBusy().toResponse();
  }
  if (isDatabaseUnavailable(error)) {
    log.error(`Datenbank nicht erreichbar in ${where}: ${describeDatabaseError(error)}`);
    return databaseUnavailable().toResponse();
  }
  log.error(`Unhandled error in ${where}`, error);
  return new ApiError("internal").toResponse();
}
