import "server-only";
import { Logger, run, runMigrations, type Runner, type TaskList } from "graphile-worker";
import { advisoryLock } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { log } from "@/lib/server/log";
import { db } from "@/lib/server/db/client";
import { expireSwaps } from "@/lib/server/swaps/end-swaps";
import { tellForgottenClockOuts } from "@/lib/server/time/tell-forgotten";
import { deliverWebhook, pruneWebhookDeliveries } from "@/lib/server/webhooks/deliver-webhook";
import { deliverNotification } from "./deliver-notification";
import { pushNotification } from "./push-notification";
import { SCHEDULE, TASKS } from "./queue";
import { newWorkerEvents, watchLiveness, workerIdsOf } from "./runner-liveness";

// The work done after a request has answered, in PostgreSQL's own queue (graphile-worker, schema `graphile_worker`;
// docs/ARCHITECTURE.md §16). Every app instance runs a runner, and each job is taken by one of them (row locks). A
// failed job is tried again with a growing pause (e^attempt seconds), up to its `max_attempts` (./queue.ts). The
// runners also keep the schedule of ./queue.ts: each slot's job is added once, whichever instance is first.

const taskList: TaskList = {
  [TASKS.deliverNotification]: async (payload, helpers) => deliverNotification(payload, helpers),
  [TASKS.pushNotification]: async (payload, helpers) => pushNotification(payload, helpers),
  [TASKS.tellForgottenClockOuts]: async () => {
    await tellForgottenClockOuts(db);
  },
  [TASKS.expireSwaps]: async () => {
    await expireSwaps();
  },
  [TASKS.deliverWebhook]: async (payload) => deliverWebhook(payload),
  [TASKS.pruneWebhookDeliveries]: async () => {
    await pruneWebhookDeliveries();
  },
};

/** The library's log lines: warnings and errors into ours, the rest left out. */
const logger = new Logger(() => (level, message) => {
  if (level === "error" || level === "warning") log.error(`[jobs] ${message}`);
});

export type JobRunnerOptions = { pollInterval?: number };

/**
 * A runner: installs or updates the queue's schema, then takes jobs as they come (LISTEN/NOTIFY) and looks again
 * every few seconds for ones due after a pause. One per process (`startJobRunner`); tests start two on one database
 * to be two app instances.
 */
export async function createJobRunner(connectionString: string, { pollInterval = 2000 }: JobRunnerOptions = {}) {
  const events = newWorkerEvents();
  const workerIds = workerIdsOf(events);
  const started = await run({
    connectionString,
    // 8 jobs at once per instance (was 2). Webhook throughput did not need it: two runners in one process delivered
    // 150–207 a second to a local receiver at 2, 4 and 8 alike (that process's CPU is the limit; P21 in
    // docs/PERFORMANCE.md, bench/integrations.mjs). But a webhook job waits on someone else's server for up to 10 s:
    // with 2, two slow receivers would hold up every mail and push of the instance. The jobs wait on the network,
    // not on PostgreSQL (a delivery holds no connection while it waits), so the pool stays one above them.
    concurrency: 8,
    maxPoolSize: 9,
    pollInterval,
    // The server's own shutdown ends the process; a job cut off is taken up again by another runner once this one's
    // heartbeats have stopped (./runner-liveness.ts).
    noHandleSignals: true,
    logger,
    taskList,
    crontab: SCHEDULE,
    events,
  });
  watchLiveness(workerIds, started.promise);
  return started;
}

let runner: Runner | null = null;

/**
 * Starts this process's runner, once. The queue's schema is installed or updated first under an advisory lock, so
 * instances started together take turns (graphile-worker's own install is not safe against a second one at once);
 * the runner then finds it ready.
 */
export async function startJobRunner(connectionString: string, options: JobRunnerOptions = {}): Promise<Runner> {
  if (runner) return runner;
  await transaction(
    async (tx) => {
      await advisoryLock(tx, { kind: "job-queue-schema" });
      await runMigrations({ connectionString, logger });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  runner ??= await createJobRunner(connectionString, options);
  return runner;
}
