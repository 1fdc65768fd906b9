import "server-only";

/**
 * The queue's task names (lib/server/jobs/job-runner.ts runs them). Jobs are added in SQL with
 * `graphile_worker.add_job(...)`, inside the transaction of the event they belong to: the job exists exactly when
 * the event committed, and no request waits for what the job does.
 */
export const TASKS = {
  deliverNotification: "deliver_notification",
  pushNotification: "push_notification",
  tellForgottenClockOuts: "tell_forgotten_clock_outs",
  expireSwaps: "expire_swaps",
  deliverWebhook: "deliver_webhook",
  pruneWebhookDeliveries: "prune_webhook_deliveries",
} as const;

/**
 * The queue's schedule (graphile-worker's crontab format; times in the server's zone). Each slot runs on one
 * instance only; a slot missed while no instance ran is not made up (the next one looks at the same entries).
 * `?max=1`: a failed look is not retried, the next slot five minutes later is the retry.
 */
export const SCHEDULE = [
  `*/5 * * * * ${TASKS.tellForgottenClockOuts} ?max=1`,
  `*/5 * * * * ${TASKS.expireSwaps} ?max=1`,
  `17 3 * * * ${TASKS.pruneWebhookDeliveries} ?max=1`,
].join("\n");

/**
 * How often a job is tried before it counts as failed (shown to admins): the pauses grow as e^attempt seconds, so
 * ten tries span about three and a half hours — a mail server down for an afternoon loses nothing.
 */
export const MAX_ATTEMPTS = 10;
