import "server-only";
import { Worker } from "node:worker_threads";
import { WorkerClient } from "@/lib/server/worker-client";
import type { FillOptions, FillProblem, FillResult } from "./problem";

/**
 * How long the HiGHS worker stays without a proposal before it ends. Its WebAssembly memory only grows: after a large
 * week the worker holds about 120 MB of RSS, 64 MB of it WebAssembly memory beside its V8 heap (docs/ARCHITECTURE.md
 * §11.1), which a small server should not keep for a button pressed a few times a week. Proposals asked within the
 * minute (a planner trying several ranges) find HiGHS compiled; the first one after it pays the compile again
 * (docs/PERFORMANCE.md P11).
 */
export const FILL_WORKER_IDLE_MS = 60_000;

/**
 * Solves proposals in one worker thread, one at a time (the others wait in the main thread): the search is CPU-bound
 * and a small server has one or two cores to spare. It stops within its own time limit (the solver's, FillOptions),
 * so the worker is not terminated for time. Under vitest the TypeScript worker cannot be loaded by Node; there the
 * same function runs in-process (as the PDF worker does, lib/server/reports/pdf/render-pdf.ts).
 */
export function fillWorker(idleMs = FILL_WORKER_IDLE_MS) {
  return new WorkerClient<{ problem: FillProblem; options: FillOptions }, FillResult>({
    // Turbopack bundles this worker entry (new Worker + new URL + import.meta.url).
    spawn: () => new Worker(new URL("./auto-fill.worker.ts", import.meta.url)),
    name: "Auto-fill",
    failed: (text) => new Error(`Auto-fill failed: ${text}`),
    idleMs,
  });
}

const globalForFill = globalThis as unknown as {
  schichtwerkFillWorker?: ReturnType<typeof fillWorker>;
  schichtwerkHighs?: Promise<import("./propose").Highs>;
};

export async function runFill(problem: FillProblem, options: FillOptions): Promise<FillResult> {
  if (process.env.VITEST) {
    const [{ default: loadHighs }, { proposeFill }] = await Promise.all([import("highs"), import("./propose")]);
    globalForFill.schichtwerkHighs ??= loadHighs();
    return proposeFill(problem, await globalForFill.schichtwerkHighs, options);
  }
  return (globalForFill.schichtwerkFillWorker ??= fillWorker()).run({ problem, options });
}
