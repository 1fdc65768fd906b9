// @ts-check
// A worker thread of plain JavaScript for the tests of lib/server/worker-client.ts and its callers: it answers
// through the real `answerRequests`, with "documents" that take as long as they say, fail, crash or never end.
// Each answer names the thread, so a test sees which worker gave it.
import { threadId } from "node:worker_threads";
import { answerRequests } from "../../lib/server/background-thread.mjs";

/** @typedef {{ kind?: "hang" | "fail" | "crash", name?: string, ms?: number }} TestJob */

answerRequests(
  (/** @type {TestJob} */ job) => {
    if (job.kind === "hang") for (;;);
    if (job.kind === "fail") throw new Error("kaputt");
    if (job.kind === "crash") process.exit(3);
    const until = Date.now() + (job.ms ?? 0);
    while (Date.now() < until);
    return new TextEncoder().encode(`${job.name}@${threadId}`);
  },
  { transfer: (answer) => [answer.buffer], errorText: (error) => error.message },
);
