// @ts-check
// The worker threads' side of lib/server/worker-client.ts (docs/ARCHITECTURE.md §11.1): the
// HiGHS worker, the PDF worker and the bcrypt workers answer their requests with `answerRequests`.
//
// The bcrypt worker threads (lib/server/auth/password-worker.mjs) run at a
// lower OS priority than the event loop. On a small server they share the
// cores with it; at equal priority the scheduler gives a 300 ms hash the
// same share of a core as the thread answering everyone else's clicks, and
// those answers wait (bench P3: GET /api/health p99 rose by 8–25 ms during
// ten logins; at nice 10 by at most 4 ms). A login is a wait of a third of
// a second anyway; a few milliseconds more there cost nobody anything.
// The PDF worker keeps normal priority: against a busy event loop a month's
// schedule at nice 10 took 2.5 times as long (bench P4).
// Plain ESM: the password worker is loaded by Node itself, unbundled.
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

export const BACKGROUND_NICE = 10;

/**
 * Lowers the priority of the calling thread (only this thread: on Linux,
 * setpriority with a thread id applies to that thread). Returns the thread
 * id, or null where threads cannot be told apart this way (not Linux, no
 * /proc): there the worker keeps the process's priority, as before.
 * @param {number} [nice]
 * @returns {number | null}
 */
export function lowerThisThreadsPriority(nice = BACKGROUND_NICE) {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    if (getPriority(tid) < nice) setPriority(tid, nice);
    return tid;
  } catch {
    return null;
  }
}

/**
 * Answers each `{ id, request }` the main thread sends (WorkerClient) with `{ id, result }`, or `{ id, error }`
 * carrying the error's text when `handle` throws. The client sends one request at a time.
 * @template Req, Result
 * @param {(request: Req) => Result | Promise<Result>} handle
 * @param {{ transfer?: (result: Result) => import("node:worker_threads").TransferListItem[],
 *   errorText?: (error: Error) => string }} [options] `transfer`: buffers of the result to move, not copy;
 *   `errorText`: the text sent for an error (default: its stack)
 */
export function answerRequests(handle, options = {}) {
  if (!parentPort) throw new Error("answerRequests runs in a worker thread (lib/server/worker-client.ts)");
  const port = parentPort;
  const errorText = options.errorText ?? ((error) => error.stack ?? error.message);
  port.on("message", async (/** @type {{ id: number, request: Req }} */ { id, request }) => {
    try {
      const result = await handle(request);
      port.postMessage({ id, result }, options.transfer?.(result) ?? []);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? errorText(error) : String(error) });
    }
  });
}
