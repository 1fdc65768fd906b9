import "server-only";
import { Worker } from "node:worker_threads";
import { ApiError } from "@/lib/server/api/errors";
import type { PdfJob } from "./pdf-document";

type Job = { id: number; job: unknown; resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };
type Reply = { id: number; pdf?: Uint8Array; error?: string };

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
  /** Starts a worker thread that answers `{ id, job }` with `{ id, pdf }` or `{ id, error }`. */
  spawn?: () => Worker;
  timeLimitMs?: number;
  idleMs?: number;
};

/**
 * The queue and its worker. Only the document being rendered is in the worker; the others wait here, so the time
 * limit measures that one document, and a worker terminated for it takes no other job with it.
 */
export class PdfWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private current: Job | null = null;
  private queue: Job[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  private limitTimer: NodeJS.Timeout | null = null;
  private readonly spawn: () => Worker;
  private readonly timeLimitMs: number;
  private readonly idleMs: number;

  constructor({
    // Turbopack bundles this worker entry (new Worker + new URL + import.meta.url).
    spawn = () => new Worker(new URL("./pdf.worker.ts", import.meta.url)),
    timeLimitMs = PDF_TIME_LIMIT_MS,
    idleMs = IDLE_MS,
  }: PdfWorkerOptions = {}) {
    this.spawn = spawn;
    this.timeLimitMs = timeLimitMs;
    this.idleMs = idleMs;
  }

  private start(): Worker {
    const worker = this.spawn();
    worker.unref();
    worker.on("message", ({ id, pdf, error }: Reply) => {
      const job = this.current;
      if (this.worker !== worker || !job || job.id !== id) return;
      this.finishCurrent();
      if (error !== undefined) job.reject(new Error(`PDF rendering failed: ${error}`));
      else job.resolve(pdf!);
      this.next();
    });
    const fail = (error: Error) => {
      // A worker ended for being idle or for the time limit is no longer ours: its end says nothing about the
      // current one.
      if (this.worker !== worker) return;
      this.worker = null;
      const job = this.current;
      this.finishCurrent();
      job?.reject(error);
      this.next();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => code !== 0 && fail(new Error(`PDF worker exited with ${code}`)));
    return worker;
  }

  private finishCurrent() {
    if (this.limitTimer) clearTimeout(this.limitTimer);
    this.limitTimer = null;
    this.current = null;
  }

  /** Hands the next queued document to the worker (starting one if needed), or lets the worker go idle. */
  private next() {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) return this.stopWhenIdle();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = (this.worker ??= this.start());
    this.current = job;
    this.limitTimer = setTimeout(() => this.timeOut(worker, job), this.timeLimitMs);
    this.limitTimer.unref();
    worker.postMessage({ id: job.id, job: job.job });
  }

  private timeOut(worker: Worker, job: Job) {
    if (this.current !== job) return;
    this.worker = null;
    this.finishCurrent();
    void worker.terminate();
    job.reject(pdfTimeout());
    this.next();
  }

  private stopWhenIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const worker = this.worker;
      if (!worker || this.current || this.queue.length > 0) return;
      this.worker = null;
      void worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  render(job: unknown): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.seq, job, resolve, reject });
      this.next();
    });
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
