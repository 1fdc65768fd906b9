import "server-only";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { WorkerClient } from "@/lib/server/worker-client";

/** bcrypt cost of docs/PRODUCT-RULES.md §4.4. */
export const BCRYPT_COST = 12;
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads only the first 72 bytes; longer passwords are refused, not cut. */
export const MAX_PASSWORD_BYTES = 72;

/**
 * Hash of a random password nobody knows: unknown usernames are checked
 * against it so that they take as long as a wrong password (docs/PRODUCT-RULES.md §4.4).
 */
export const DUMMY_PASSWORD_HASH = "$2b$12$eNOvOdu1DS11qRZBgz3bIuvx0N.uiMntLEXS42knUySho0vbHgHN.";

type Job = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };

/**
 * A small pool of worker threads running bcryptjs, so ten logins at once do
 * not stall other requests. One worker less than the cores (at least one)
 * leaves the main thread a core of its own. Each is a WorkerClient
 * (lib/server/worker-client.ts), started with its first hash and kept.
 */
class PasswordWorkers {
  private workers: WorkerClient<Job, string | boolean>[] = [];
  private next = 0;

  private pick(): WorkerClient<Job, string | boolean> {
    const size = Math.max(1, Number(process.env.PASSWORD_HASH_WORKERS) || availableParallelism() - 1);
    while (this.workers.length < size)
      this.workers.push(
        new WorkerClient({
          // Resolved from the working directory: the file is plain ESM, loaded by
          // Node itself rather than bundled (npm start and tests run in the root).
          spawn: () => new Worker(path.join(process.cwd(), "lib", "server", "auth", "password-worker.mjs")),
          name: "password",
          failed: (text) => new Error(text),
        }),
      );
    return this.workers[this.next++ % this.workers.length];
  }

  run<T extends string | boolean>(job: Job): Promise<T> {
    return this.pick().run(job) as Promise<T>;
  }
}

const globalForWorkers = globalThis as unknown as { schichtwerkPasswordWorkers?: PasswordWorkers };
const workers = (globalForWorkers.schichtwerkPasswordWorkers ??= new PasswordWorkers());

export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES;
}

export function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
  if (passwordTooLong(password)) throw new Error("password longer than 72 bytes");
  return workers.run<string>({ op: "hash", password, cost });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  // Still spend the time of a real comparison, so length reveals nothing.
  if (passwordTooLong(password))
    return workers.run<boolean>({ op: "compare", password: "", hash: DUMMY_PASSWORD_HASH }).then(() => false);
  return workers.run<boolean>({ op: "compare", password, hash });
}
