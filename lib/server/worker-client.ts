import "server-only";
import type { TransferListItem, Worker } from "node:worker_threads";

/** What a worker answers to `{ id, request }`: `answerRequests` in lib/server/background-thread.mjs sends it. */
type Reply<Result> = { id: number; result?: Result; error?: string };
type Request<Req, Result> = {
  id: number;
  request: Req;
  transfer: readonly TransferListItem[];
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
};

export type WorkerClientOptions = {
  /** Starts the worker thread. Called lazily: for the first request, and again after the worker ended. */
  spawn: () => Worker;
  /** Names the worker in the error when it ends under a request: "<name> worker exited with <code>". */
  name: string;
  /** The error for a request the worker answered with an error (its text: the worker's stack or message). */
  failed: (text: string) => Error;
  /**
   * Time one request may take in the worker. Over it, the worker is terminated (the only way to stop synchronous
   * work) and the request is rejected with `onTimeLimit()`; the requests queued behind it get a fresh worker.
   */
  timeLimitMs?: number;
  onTimeLimit?: () => Error;
  /** Ends the worker after this long without a request, to give its memory back; the next request starts one. */
  idleMs?: number;
};

/**
 * One worker thread and the requests for it (docs/ARCHITECTURE.md §11.1). The requests wait here in
 * the main thread and go to the worker one at a time: a time limit then measures that one request, and a worker that
 * crashes or is terminated takes no other request with it. The worker starts with the first request and after an
 * end (crash, time limit, idle time) again with the next one.
 */
export class WorkerClient<Req, Result> {
  private worker: Worker | null = null;
  private seq = 0;
  private current: Request<Req, Result> | null = null;
  private readonly queue: Request<Req, Result>[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  private limitTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: WorkerClientOptions) {}

  /** Sends `request` to the worker (after the ones before it); `transfer` moves buffers instead of copying them. */
  run(request: Req, transfer: readonly TransferListItem[] = []): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, request, transfer, resolve, reject });
      this.next();
    });
  }

  /** Requests sent and not yet answered, the one in the worker included. */
  get waiting(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  /** Whether a worker thread is running (for tests and measurements). */
  get running(): boolean {
    return this.worker !== null;
  }

  private start(): Worker {
    const worker = this.options.spawn();
    // The worker alone must not keep the process alive: a script or test that is done may exit.
    worker.unref();
    worker.on("message", ({ id, result, error }: Reply<Result>) => {
      const request = this.current;
      if (this.worker !== worker || !request || request.id !== id) return;
      this.finishCurrent();
      if (error !== undefined) request.reject(this.options.failed(error));
      else request.resolve(result as Result);
      this.next();
    });
    const fail = (error: Error) => {
      // A worker ended for being idle or over the time limit is no longer ours: its end says nothing about the
      // current one's.
      if (this.worker !== worker) return;
      this.worker = null;
      const request = this.current;
      this.finishCurrent();
      request?.reject(error);
      this.next();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`${this.options.name} worker exited with ${code}`)));
    return worker;
  }

  private finishCurrent() {
    if (this.limitTimer) clearTimeout(this.limitTimer);
    this.limitTimer = null;
    this.current = null;
  }

  /** Hands the next queued request to the worker (starting one if needed), or lets the worker go idle. */
  private next() {
    if (this.current) return;
    const request = this.queue.shift();
    if (!request) return this.stopWhenIdle();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = (this.worker ??= this.start());
    this.current = request;
    const { timeLimitMs } = this.options;
    if (timeLimitMs !== undefined) {
      this.limitTimer = setTimeout(() => this.timeOut(worker, request), timeLimitMs);
      this.limitTimer.unref();
    }
    worker.postMessage({ id: request.id, request: request.request }, request.transfer);
  }

  private timeOut(worker: Worker, request: Request<Req, Result>) {
    if (this.current !== request) return;
    this.worker = null;
    this.finishCurrent();
    void worker.terminate();
    const { onTimeLimit, name } = this.options;
    request.reject(onTimeLimit ? onTimeLimit() : new Error(`${name} worker: time limit exceeded`));
    this.next();
  }

  private stopWhenIdle() {
    const { idleMs } = this.options;
    if (idleMs === undefined) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const worker = this.worker;
      if (!worker || this.current || this.queue.length > 0) return;
      this.worker = null;
      void worker.terminate();
    }, idleMs);
    this.idleTimer.unref();
  }
}
