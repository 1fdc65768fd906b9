import "server-only";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

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

type Job = { id: number; op: "hash" | "compare"; password: string; hash?: string; cost?: number };
type Pending = { worker: Worker; resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/**
 * A small pool of worker threads running bcryptjs, so ten logins at once do
 * not stall other requests. One worker less than the cores (at least one)
 * leaves the main thread a core of its own.
 */
class PasswordWorkers {
  private workers: Worker[] = [];
  private next = 0;
  private seq = 0;
  private pending = new Map<number, Pending>();

  private spawn(): Worker {
    // Resolved from the working directory: the file is plain ESM, loaded by
    // Node itself rather than bundled (npm start and tests run in the root).
    const file = path.join(process.cwd(), "lib", "server", "auth", "password-worker.mjs");
    const worker = new Worker(file);
    worker.unref();
    worker.on("message", ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
      const job = this.pending.get(id);
      if (!job) return;
      this.pending.delete(id);
      if (error !== undefined) job.reject(new Error(error));
      else job.resolve(result!);
    });
    worker.on("error", (error) => this.fail(worker, error));
    worker.on("exit", (code) => code !== 0 && this.fail(worker, new Error(`password worker exited with ${code}`)));
    return worker;
  }

  private fail(worker: Worker, error: Error) {
    this.workers = this.workers.filter((w) => w !== worker);
    for (const [id, job] of this.pending) {
      if (job.worker === worker) {
        this.pending.delete(id);
        job.reject(error);
      }
    }
  }

  private pick(): Worker {
    const size = Math.max(1, Number(process.env.PASSWORD_HASH_WORKERS) || availableParallelism() - 1);
    while (this.workers.length < size) this.workers.push(this.spawn());
    return this.workers[this.next++ % this.workers.length];
  }

  run<T extends string | boolean>(job: Omit<Job, "id">): Promise<T> {
    const worker = this.pick();
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { worker, resolve: resolve as Pending["resolve"], reject });
      worker.postMessage({ id, ...job });
    });
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
