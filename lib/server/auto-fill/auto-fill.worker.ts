// Worker thread of the automatic filling (docs/PRODUCT-RULES.md §28.2): building and solving the integer program is
// synchronous work of up to the time limit, which must not stall other requests. HiGHS (WebAssembly) is compiled
// once, when the first proposal arrives, and kept for the life of the process: the compile costs about a second.
// "server-only" is fine here for the reasons given in lib/server/reports/pdf/pdf.worker.ts.
import "server-only";
import { parentPort } from "node:worker_threads";
import loadHighs from "highs";
import { lowerThisThreadsPriority } from "@/lib/server/background-thread.mjs";
import type { FillOptions, FillProblem } from "./problem";
import { proposeFill, type Highs } from "./propose";

// Below the event loop's priority, like the bcrypt workers: a 10 s search must not slow everyone's clicks
// (bench P11: GET /api/health p99 while a large week is solved).
lowerThisThreadsPriority();
let highs: Promise<Highs> | null = null;

parentPort!.on(
  "message",
  async ({ id, problem, options }: { id: number; problem: FillProblem; options: FillOptions }) => {
    try {
      highs ??= loadHighs();
      parentPort!.postMessage({ id, result: proposeFill(problem, await highs, options) });
    } catch (error) {
      highs = null;
      parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  },
);
