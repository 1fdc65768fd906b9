import { afterAll, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// A job held by a worker whose process died is freed for another runner (docs/ARCHITECTURE.md §16). The jobs here
// name a task no runner knows, so nothing but this test touches them. A database of its own: it counts the queue.
const databaseUrl = await ownDatabase("schichtwerk_liveness");
process.env.DATABASE_URL = databaseUrl;
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { beat, DEAD_AFTER_SECONDS, freeJobsOfDeadWorkers } = await import("./runner-liveness");
const { createJobRunner } = await import("./job-runner");

afterAll(async () => {
  await db.$disconnect();
});

/** A job locked by `workerId` since `secondsAgo`, as a runner that took it leaves it. */
async function lockedJob(workerId: string, secondsAgo: number): Promise<string> {
  const [job] = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM graphile_worker.add_job('liveness_test_task', '{}'::json)`;
  await db.$executeRaw`
    UPDATE graphile_worker._private_jobs
    SET locked_by = ${workerId}, locked_at = now() - make_interval(secs => ${secondsAgo})
    WHERE id = ${job!.id}::bigint`;
  return job!.id;
}

async function lockOf(id: string): Promise<string | null> {
  const [row] = await db.$queryRaw<{ locked_by: string | null }[]>`
    SELECT locked_by FROM graphile_worker._private_jobs WHERE id = ${id}::bigint`;
  return row!.locked_by;
}

test("jobs of a silent worker are freed; a live worker's, and a fresh lock of an unknown one, are kept", async () => {
  const dead = await lockedJob("worker-killed", DEAD_AFTER_SECONDS + 30);
  const alive = await lockedJob("worker-alive", DEAD_AFTER_SECONDS + 30);
  const justTaken = await lockedJob("worker-new", 1);
  await beat(db, ["worker-alive"]);
  // A heartbeat long past counts as none.
  await db.$executeRaw`
    INSERT INTO job_runner_heartbeats (worker_id, seen_at) VALUES ('worker-killed', now() - interval '5 minutes')`;

  expect(await freeJobsOfDeadWorkers(db)).toEqual(["worker-killed"]);
  expect(await lockOf(dead)).toBeNull();
  expect(await lockOf(alive)).toBe("worker-alive");
  expect(await lockOf(justTaken)).toBe("worker-new");
  expect(await freeJobsOfDeadWorkers(db)).toEqual([]);
});

test("a running runner beats for each of its workers", async () => {
  const runner = await createJobRunner(databaseUrl, { pollInterval: 200 });
  try {
    await expect
      .poll(
        async () =>
          (
            await db.$queryRaw<{ n: number }[]>`
              SELECT count(*)::int AS n FROM job_runner_heartbeats
              WHERE seen_at > now() - interval '10 seconds' AND worker_id LIKE 'worker-%'
                AND worker_id NOT IN ('worker-alive', 'worker-killed', 'worker-new')`
          )[0]!.n,
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(2); // one per worker: the runner's concurrency
  } finally {
    await runner.stop();
  }
});
