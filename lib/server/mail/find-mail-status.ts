import "server-only";
import type { Db } from "@/lib/server/db/client";
import { TASKS } from "@/lib/server/jobs/queue";
import type { MailStatusDto } from "@/lib/shared/schemas/notification";
import { mailSettings } from "./mail-settings";

/** The admins' view of e-mail (docs/PRODUCT-RULES.md §33.5): on or off, mails waiting, mails given up on. */
export async function findMailStatus(db: Db): Promise<MailStatusDto> {
  const settings = mailSettings();
  // The queue's public view: jobs still to be tried (a job given up on ends; its task notes the failure).
  const [{ waiting }] = await db.$queryRaw<[{ waiting: number }]>`
    SELECT count(*)::int AS waiting FROM graphile_worker.jobs
    WHERE task_identifier = ${TASKS.deliverNotification} AND attempts < max_attempts`;
  const failed = await db.$queryRaw<MailStatusDto["failed"]>`
    SELECT n.id AS notification_id, u.username, n.title,
           to_char(n.email_failed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS failed_at,
           n.email_error AS error
    FROM notifications n JOIN users u ON u.id = n.user_id
    WHERE n.email_failed_at IS NOT NULL
    ORDER BY n.email_failed_at DESC, n.id DESC
    LIMIT 50`;
  return { enabled: settings !== null, from: settings?.from ?? null, waiting, failed };
}
