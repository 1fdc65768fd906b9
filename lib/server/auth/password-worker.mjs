// @ts-check
// Worker thread for bcrypt (lib/server/auth/password.ts). bcryptjs is pure
// JavaScript: at cost 12 one hash takes ~280 ms of CPU and would stall every
// other request if it ran on the main event loop. Plain ESM so it loads the
// same way under `next start`, vitest and the container.
import bcrypt from "bcryptjs";
import { answerRequests, lowerThisThreadsPriority } from "../background-thread.mjs";

/**
 * A request as lib/server/auth/password.ts sends it.
 * @typedef {{ password: string } & ({ op: "hash", cost: number } | { op: "compare", hash: string })} Job
 */

lowerThisThreadsPriority();

answerRequests(
  /** @type {(job: Job) => Promise<string | boolean>} */
  (job) => (job.op === "hash" ? bcrypt.hash(job.password, job.cost) : bcrypt.compare(job.password, job.hash)),
  // bcryptjs's message ("Invalid salt version" …) is the whole story; its stack would only name bcryptjs.
  { errorText: (error) => error.message },
);
