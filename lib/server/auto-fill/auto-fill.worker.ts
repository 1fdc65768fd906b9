// Worker thread of the automatic filling (docs/PRODUCT-RULES.md §28.2): building and solving the integer program is
// synchronous work of up to the time limit, which must not stall other requests. HiGHS (WebAssembly) is compiled
// when the worker's first proposal arrives and kept while the worker lives; run-fill.ts ends the worker after an idle
// minute, which gives the WebAssembly memory back (docs/ARCHITECTURE.md §15).
// "server-only" is fine here for the reasons given in lib/server/reports/pdf/pdf.worker.ts.
import "server-only";
import loadHighs from "highs";
import { answerRequests, lowerThisThreadsPriority } from "@/lib/server/background-thread.mjs";
import type { FillOptions, FillProblem } from "./problem";
import { proposeFill, type Highs } from "./propose";

// Below the event loop's priority, like the bcrypt workers: a 10 s search must not slow everyone's clicks
// (bench P11: GET /api/health p99 while a large week is solved).
lowerThisThreadsPriority();
let highs: Promise<Highs> | null = null;

answerRequests(async ({ problem, options }: { problem: FillProblem; options: FillOptions }) => {
  try {
    highs ??= loadHighs();
    return proposeFill(problem, await highs, options);
  } catch (error) {
    // A failed solve may leave HiGHS in a bad state: the next proposal loads a fresh instance.
    highs = null;
    throw error;
  }
});
