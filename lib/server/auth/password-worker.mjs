// @ts-check
// Worker thread for bcrypt (lib/server/auth/password.ts). bcryptjs is pure
// JavaScript: at cost 12 one hash takes ~280 ms of CPU and would stall every
// other request if it ran on the main event loop. Plain ESM so it loads the
// same way under `next start`, vitest and the container.
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";
import { lowerThisThreadsPriority } from "../background-thread.mjs";

/**
 * A job as lib/server/auth/password.ts posts it.
 * @typedef {{ id: number, password: string } & ({ op: "hash", cost: number } | { op: "compare", hash: string })} Job
 */

if (!parentPort) throw new Error("password-worker.mjs runs as a worker thread (lib/server/auth/password.ts)");
const port = parentPort;

lowerThisThreadsPriority();

port.on("message", async (/** @type {Job} */ job) => {
  const { id, password } = job;
  try {
    const result = job.op === "hash" ? await bcrypt.hash(password, job.cost) : await bcrypt.compare(password, job.hash);
    port.postMessage({ id, result });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
