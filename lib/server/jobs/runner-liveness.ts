import "server-only";
import { EventEmitter } from "node:events";
import type { WorkerEvents } from "graphile-worker";
import { Prisma } from "@/generated/prisma/client";
import { db, type Db } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";

// graphile-worker 0.16 leaves a job locked for four hours when the process that took it dies without a shutdown
// (SIGKILL, out of memory, a pulled plug): no other instance would take it up before then. So every runner says,
// every few seconds, which of its workers are alive (the table `job_runner_heartbeats`), and frees the jobs held by
// workers nobody has heard of for DEAD_AFTER_SECONDS with graphile-worker's own `force_unlock_workers`: another
// runner then takes them within seconds (docs/ARCHITECTURE.md §16). A job may so run twice — the tasks are written
// to be idempotent where they can be, and a webhook's receiver sees the same delivery id again.

const HEARTBEAT_MS = 5_000;
/** Six missed heartbeats. A runner's event loop is never blocked that long (PDFs and the solver run in workers). */
export const DEAD_AFTER_SECONDS = 30;

/** Keeps the ids of one runner's live workers, from graphile-worker's events. */
export function workerIdsOf(events: WorkerEvents): Set<string> {
  const ids = new Set<string>();
  events.on("worker:create", ({ worker }) => ids.add(worker.workerId));
  events.on("worker:stop", ({ worker }) => ids.delete(worker.workerId));
  return ids;
}

export function newWorkerEvents(): WorkerEvents {
  return new EventEmitter() as WorkerEvents;
}

/** One beat: this runner's workers are alive now. */
export async function beat(database: Db, workerIds: readonly string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await database.$executeRaw`
    INSERT INTO job_runner_heartbeats (worker_id, seen_at)
    SELECT id, now() FROM unnest(${[...workerIds]}::text[]) AS id
    ON CONFLICT (worker_id) DO UPDATE SET seen_at = excluded.seen_at`;
}

/**
 * Frees the jobs of workers without a heartbeat for DEAD_AFTER_SECONDS (locked at least that long, so a worker of
 * a runner that has just started and not beaten yet keeps its job), and forgets heartbeats older than a day. Answers
 * the worker ids it freed jobs of.
 */
export async function freeJobsOfDeadWorkers(database: Db): Promise<string[]> {
  const silence = Prisma.sql`now() - make_interval(secs => ${DEAD_AFTER_SECONDS})`;
  const rows = await database.$queryRaw<{ locked_by: string }[]>`
    SELECT DISTINCT j.locked_by FROM graphile_worker._private_jobs j
    WHERE j.locked_by IS NOT NULL AND j.locked_at < ${silence}
      AND NOT EXISTS (SELECT 1 FROM job_runner_heartbeats h
                      WHERE h.worker_id = j.locked_by AND h.seen_at > ${silence})`;
  const dead = rows.map((row) => row.locked_by);
  if (dead.length > 0) {
    await database.$executeRaw`SELECT graphile_worker.force_unlock_workers(${dead}::text[])`;
    log.info(`[jobs] Jobs nicht mehr laufender Worker freigegeben: ${dead.join(", ")}`);
  }
  await database.$executeRaw`DELETE FROM job_runner_heartbeats WHERE seen_at < now() - interval '1 day'`;
  return dead;
}

/** Beats and looks for dead workers every HEARTBEAT_MS until `stopped` settles (the runner's own promise). */
export function watchLiveness(workerIds: Set<string>, stopped: Promise<unknown>): void {
  let running = false;
  let failing = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    beat(db, [...workerIds])
      .then(() => freeJobsOfDeadWorkers(db))
      .then(() => (failing = false))
      .catch((error: unknown) => {
        // Once per outage: the database being away is logged by the requests and the runner already.
        if (!failing) log.error("[jobs] Lebenszeichen fehlgeschlagen", error);
        failing = true;
      })
      .finally(() => (running = false));
  }, HEARTBEAT_MS);
  timer.unref();
  void stopped.finally(() => clearInterval(timer));
}
