import "server-only";
import { Worker } from "node:worker_threads";
import type { PdfJob } from "./pdf-document";

type Pending = { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };

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

class PdfWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;

  private start(): Worker {
    // Turbopack bundles this worker entry (new Worker + new URL + import.meta.url).
    const worker = new Worker(new URL("./pdf.worker.ts", import.meta.url));
    worker.unref();
    worker.on("message", ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
      const job = this.pending.get(id);
      if (!job) return;
      this.pending.delete(id);
      if (error !== undefined) job.reject(new Error(`PDF rendering failed: ${error}`));
      else job.resolve(pdf!);
      if (this.pending.size === 0) this.stopWhenIdle();
    });
    const fail = (error: Error) => {
      // A worker ended for being idle is no longer ours: its exit says nothing about the current one.
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => code !== 0 && fail(new Error(`PDF worker exited with ${code}`)));
    return worker;
  }

  private stopWhenIdle() {
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const worker = this.worker;
      if (!worker || this.pending.size > 0) return;
      this.worker = null;
      void worker.terminate();
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  render(job: PdfJob): Promise<Uint8Array> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker ??= this.start();
    const id = ++this.seq;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
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
