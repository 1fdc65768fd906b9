import "server-only";
import { Worker } from "node:worker_threads";
import { ApiError } from "@/lib/server/api/errors";
import { WorkerClient } from "@/lib/server/worker-client";
import type { PdfJob } from "./pdf-document";

/**
 * Renders PDFs in one worker thread, one at a time (a queue), so that the
 * event loop keeps answering other requests while a big schedule renders.
 * Under vitest the TypeScript worker cannot be loaded by Node; there the
 * same function runs in-process.
 *
 * A month of 500 employees grows the worker's heap by a few hundred MB, which
 * V8 keeps. The worker therefore ends after a short idle time, and the next
 * PDF starts a fresh one (about 0.1 s): a small server should not hold that
 * memory for a report printed once a week.
 */
const IDLE_MS = 10_000;

/**
 * Time one document may take (docs/PRODUCT-RULES.md §30.1). A month of 500 employees takes 1.5 s
 * (docs/PERFORMANCE.md P4), so the largest the routes allow, a year of them, about 18 s: a third of the limit.
 * A document over it has the worker terminated (the only way to stop synchronous drawing) and is answered 503
 * `pdf_timeout`; the documents queued behind it get a fresh worker.
 */
export const PDF_TIME_LIMIT_MS = 60_000;

/** The answer to a document over the time limit: its own code, so the browser does not send it again (§29.3). */
export function pdfTimeout(): ApiError {
  return new ApiError("pdf_timeout", undefined, { headers: { "Retry-After": "5" } });
}

type PdfWorkerOptions = {
  /** Starts a worker thread that answers requests as `answerRequests` (lib/server/background-thread.mjs) does. */
  spawn?: () => Worker;
  timeLimitMs?: number;
  idleMs?: number;
};

/**
 * The queue and its worker (lib/server/worker-client.ts). Only the document being rendered is in the worker; the
 * others wait in the main thread, so the time limit measures that one document, and a worker terminated for it takes
 * no other job with it.
 */
export class PdfWorker {
  private readonly client: WorkerClient<unknown, Uint8Array>;

  constructor({
    // Turbopack bundles this worker entry (new Worker + new URL + import.meta.url).
    spawn = () => new Worker(new URL("./pdf.worker.ts", import.meta.url)),
    timeLimitMs = PDF_TIME_LIMIT_MS,
    idleMs = IDLE_MS,
  }: PdfWorkerOptions = {}) {
    this.client = new WorkerClient({
      spawn,
      name: "PDF",
      failed: (text) => new Error(`PDF rendering failed: ${text}`),
      timeLimitMs,
      onTimeLimit: pdfTimeout,
      idleMs,
    });
  }

  render(job: unknown): Promise<Uint8Array> {
    return this.client.run(job);
  }
}

const globalForPdf = globalThis as unknown as { schichtwerkPdfWorker?: PdfWorker };

/** A job as routes give it: each kind of PdfJob without `root`, which is added here. */
type WithoutRoot<Job> = Job extends unknown ? Omit<Job, "root"> : never;
type RouteJob = WithoutRoot<PdfJob>;

export async function renderPdf(job: RouteJob): Promise<Uint8Array> {
  const full = { ...job, root: process.cwd() } as PdfJob;
  if (process.env.VITEST) {
    const { renderPdfDocument } = await import("./pdf-document");
    return renderPdfDocument(full);
  }
  return (globalForPdf.schichtwerkPdfWorker ??= new PdfWorker()).render(full);
}

/** Response with the PDF as a download (file names: docs/PRODUCT-RULES.md §12.2). */
export function pdfResponse(pdf: Uint8Array, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
