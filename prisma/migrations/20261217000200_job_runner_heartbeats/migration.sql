-- The job runners' workers that are alive (lib/server/jobs/runner-liveness.ts, docs/ARCHITECTURE.md §16): a job
-- locked by a worker of a killed process is freed for another runner after 30 seconds, not four hours.
CREATE TABLE "job_runner_heartbeats" (
    "worker_id" VARCHAR(64) NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_runner_heartbeats_pkey" PRIMARY KEY ("worker_id")
);
