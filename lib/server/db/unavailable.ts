import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * Recognises "PostgreSQL is not there right now" in whatever form Prisma 6
 * with @prisma/adapter-pg throws it, so that the API can answer 503 instead
 * of 500 (README "Mehrere Instanzen / Ausfallsicherheit"). Observed with
 * `pg_ctl stop -m immediate` and `pg_terminate_backend` (see
 * unavailable.test.ts and e2e/api/crash-safety.spec.ts):
 *  - model queries and transactions on a refused connection:
 *    PrismaClientKnownRequestError P1001, `meta.driverAdapterError.cause.kind`
 *    "DatabaseNotReachable"; `$queryRaw` wraps the same cause as P2010;
 *  - a query in flight when the server dies, or the next one on a pooled
 *    connection that died meanwhile: a plain Error from `pg`,
 *    "Connection terminated unexpectedly" (the adapter passes errors it cannot
 *    classify through unchanged);
 *  - a backend killed by the server (shutdown, crash, terminate): a pg error
 *    with SQLSTATE 57P01/57P02/57P03 or class 08, as P2010 / kind "postgres";
 *  - no pooled connection within a transaction's maxWait: P2028.
 */

// Prisma's codes for "cannot reach / lost the server / no connection in time".
// P1001 not reachable, P1002 timed out, P1008 socket timeout, P1017 server
// closed the connection, P2024 pool timeout (Rust engine).
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

// The adapter's classification of socket errors (DriverAdapterError causes).
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

// Node socket errors, when a `pg` error reaches us unwrapped.
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

// `pg` and `pg-pool` throw these as plain Errors without a code.
const UNAVAILABLE_DRIVER_MESSAGES = [
  "Connection terminated", // "... unexpectedly", "... due to connection timeout"
  "timeout exceeded when trying to connect", // pg-pool's connectionTimeoutMillis
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

/**
 * SQLSTATEs meaning the server (not the statement) failed: class 08
 * connection exception, 57P01 admin shutdown, 57P02 crash shutdown, 57P03
 * cannot connect now (starting up, in recovery), 53300 too many connections.
 */
function isUnavailableSqlState(code: unknown): boolean {
  return typeof code === "string" && (code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code));
}

type AdapterCause = { kind?: unknown; code?: unknown; originalCode?: unknown };

function adapterCause(error: Prisma.PrismaClientKnownRequestError): AdapterCause | undefined {
  const driverError = (error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined)?.driverAdapterError;
  return driverError?.cause;
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== "object") return false;
  if (error instanceof Prisma.PrismaClientInitializationError)
    return UNAVAILABLE_PRISMA_CODES.has(error.errorCode ?? "");
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (UNAVAILABLE_PRISMA_CODES.has(error.code)) return true;
    // No connection within the transaction's maxWait (all busy, or PostgreSQL
    // slow to accept): nothing was done, a retry is the right answer.
    if (error.code === "P2028" && error.message.includes("Unable to start a transaction in the given time"))
      return true;
    const cause = adapterCause(error);
    if (cause) {
      if (typeof cause.kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(cause.kind)) return true;
      if (cause.kind === "postgres" && isUnavailableSqlState(cause.code)) return true;
      if (isUnavailableSqlState(cause.originalCode)) return true;
    }
    return false;
  }
  const { code, message, cause, severity } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    severity?: unknown;
  };
  if (typeof code === "string" && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  // A PostgreSQL error as `pg` reports it (it carries a severity).
  if (typeof severity === "string" && isUnavailableSqlState(code)) return true;
  if (error instanceof Error && typeof message === "string" && code === undefined) {
    if (UNAVAILABLE_DRIVER_MESSAGES.some((text) => message.startsWith(text))) return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/** One line for the server log: what failed, without a stack. */
export function describeDatabaseError(error: unknown): string {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const cause = adapterCause(error);
    return `${error.code}${cause ? ` ${JSON.stringify(cause)}` : ""}`;
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const lastLine = error.message.split("\n").filter(Boolean).at(-1) ?? error.name;
    return `${typeof code === "string" ? `${code} ` : ""}${lastLine}`;
  }
  return String(error);
}
