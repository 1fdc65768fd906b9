import "server-only";
import { Worker } from "node:worker_threads";
import type { FillOptions, FillProblem, FillResult } from "./problem";

type Pending = { resolve: (result: FillResult) => void; reject: (error: Error) => void };

/**
 * Solves proposals in one worker thread, one at a time (the worker takes its messages in turn): the search is
 * CPU-bound and a small server has one or two cores to spare. The worker stays for the life of the process, so
 * HiGHS is compiled once. Under vitest the TypeScript worker cannot be loaded by Node; there the same function
 * runs in-process (as the PDF worker does, lib/server/reports/pdf/render-pdf.ts).
 */
class FillWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    // Turbopack bundles this worker entry (new Worker + new URL + import.meta.url).
    const worker = new Worker(new URL("./auto-fill.worker.ts", import.meta.url));
    worker.unref();
    worker.on("message", ({ id, result, error }: { id: number; result?: FillResult; error?: string }) => {
      const job = this.pending.get(id);
      if (!job) return;
      this.pending.delete(id);
      if (error !== undefined) job.reject(new Error(`Auto-fill failed: ${error}`));
      else job.resolve(result!);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`Auto-fill worker exited with ${code}`)));
    return worker;
  }

  solve(problem: FillProblem, options: FillOptions): Promise<FillResult> {
    this.worker ??= this.start();
    const id = ++this.seq;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, problem, options });
    });
  }
}

const globalForFill = globalThis as unknown as {
  schichtwerkFillWorker?: FillWorker;
  schichtwerkHighs?: Promise<import("./propose").Highs>;
};

export async function runFill(problem: FillProblem, options: FillOptions): Promise<FillResult> {
  if (process.env.VITEST) {
    const [{ default: loadHighs }, { proposeFill }] = await Promise.all([import("highs"), import("./propose")]);
    globalForFill.schichtwerkHighs ??= loadHighs();
    return proposeFill(problem, await globalForFill.schichtwerkHighs, options);
  }
  return (globalForFill.schichtwerkFillWorker ??= new FillWorker()).solve(problem, options);
}
