// Starts the plain-JavaScript worker of tests/support/test-worker.mjs for the tests of lib/server/worker-client.ts
// and its callers, and keeps the ids of the threads started and ended.
import { Worker } from "node:worker_threads";

/** A request the test worker understands: a "document" that takes `ms`, fails, crashes or never ends. */
export type TestJob = { kind?: "hang" | "fail" | "crash"; name?: string; ms?: number };

const TEST_WORKER = new URL("./test-worker.mjs", import.meta.url);

export function testWorkers() {
  /** The thread ids of the workers started, in order. */
  const spawned: number[] = [];
  const exited: number[] = [];
  const spawn = () => {
    const worker = new Worker(TEST_WORKER);
    // Its id taken now: an ended worker's threadId reads -1.
    const threadId = worker.threadId;
    worker.on("exit", () => exited.push(threadId));
    spawned.push(threadId);
    return worker;
  };
  return { spawn, spawned, exited };
}

/** The thread that gave an answer of the test worker ("name@threadId"). */
export const threadOf = (answer: string) => Number(answer.split("@")[1]);
