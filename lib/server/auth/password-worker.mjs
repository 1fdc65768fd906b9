// Worker thread for bcrypt (lib/server/auth/password.ts). bcryptjs is pure
// JavaScript: at cost 12 one hash takes ~280 ms of CPU and would stall every
// other request if it ran on the main event loop. Plain ESM so it loads the
// same way under `next start`, vitest and the container.
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";
import { lowerThisThreadsPriority } from "../background-thread.mjs";

lowerThisThreadsPriority();

parentPort.on("message", async ({ id, op, password, hash, cost }) => {
  try {
    const result = op === "hash" ? await bcrypt.hash(password, cost) : await bcrypt.compare(password, hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
