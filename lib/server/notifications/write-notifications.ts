import "server-only";
import type { Db, Tx } from "@/lib/server/db/client";
import { MAX_ATTEMPTS, TASKS } from "@/lib/server/jobs/queue";
import { mailSettings } from "@/lib/server/mail/mail-settings";
import { pushSettings } from "@/lib/server/push/push-settings";
import { PERMISSIONS, type Permission } from "@/lib/shared/roles";
import type { NotificationKind } from "@/lib/shared/schemas/notification";

/** A message as the event writes it: its German texts are final (docs/PRODUCT-RULES.md §33.1). */
export type NewNotification = {
  kind: NotificationKind;
  /** One line, what happened: "Ferien genehmigt: 01.12.–05.12.2026". */
  title: string;
  /** Details, one per line. */
  lines?: string[];
  /** Where it leads in the app: "/me". */
  link: string;
};

/**
 * Writes a message into the inbox of the user linked to the employee, in the event's own transaction (a decision
 * rolled back leaves no message behind). An employee without a user has no inbox: nothing is written. Answers the
 * user's id, or null.
 */
export async function notifyEmployee(tx: Tx, employeeId: number, message: NewNotification): Promise<number | null> {
  const { kind, title, lines = [], link } = message;
  const [row] = await tx.$queryRaw<{ id: number; user_id: number }[]>`
    INSERT INTO notifications (user_id, kind, title, lines, link)
    SELECT id, ${kind}::"NotificationKind", ${title}, ${lines}::text[], ${link}
    FROM users WHERE employee_id = ${employeeId}
    RETURNING id, user_id`;
  if (row) await queueDeliveries(tx, [row.id]);
  return row?.user_id ?? null;
}

/**
 * Many messages at once (a publication tells each person their own changes), in one statement. Employees without a
 * user are passed over. Answers the users written to, one entry per message.
 */
export async function notifyEmployees(
  tx: Tx,
  messages: { employeeId: number; message: NewNotification }[],
): Promise<number[]> {
  if (messages.length === 0) return [];
  // Lines travel as one JSON array per message: PostgreSQL has no array of arrays of different lengths.
  const rows = await tx.$queryRaw<{ id: number; user_id: number }[]>`
    INSERT INTO notifications (user_id, kind, title, lines, link)
    SELECT u.id, m.kind::"NotificationKind", m.title, ARRAY(SELECT json_array_elements_text(m.lines)), m.link
    FROM unnest(${messages.map((m) => m.employeeId)}::int[], ${messages.map((m) => m.message.kind)}::text[],
                ${messages.map((m) => m.message.title)}::text[],
                ${messages.map((m) => JSON.stringify(m.message.lines ?? []))}::json[],
                ${messages.map((m) => m.message.link)}::text[]) AS m(employee_id, kind, title, lines, link)
    JOIN users u ON u.employee_id = m.employee_id
    RETURNING id, user_id`;
  const written = rows.map((row) => row.id);
  await queueDeliveries(tx, written);
  return rows.map((row) => row.user_id);
}

/**
 * One message to every user whose role holds `permission` (the role table, lib/shared/roles.ts), in the event's
 * transaction: planners (`shifts:write`) when an accepted swap waits for one of them (docs/PRODUCT-RULES.md §35.4),
 * admins (`users:manage`) when a webhook was switched off after 24 hours of failures (§37). Answers the users
 * written to.
 */
export async function notifyHolders(tx: Tx, permission: Permission, message: NewNotification): Promise<number[]> {
  const { kind, title, lines = [], link } = message;
  const roles = [...PERMISSIONS[permission]];
  const rows = await tx.$queryRaw<{ id: number; user_id: number }[]>`
    INSERT INTO notifications (user_id, kind, title, lines, link)
    SELECT id, ${kind}::"NotificationKind", ${title}, ${lines}::text[], ${link}
    FROM users WHERE role::text = ANY(${roles}::text[])
    RETURNING id, user_id`;
  await queueDeliveries(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => row.user_id);
}

/**
 * The delivery jobs of messages, in the messages' transaction: no message without its jobs, no job for a message
 * rolled back. An e-mail when its user wants one and has an address (docs/PRODUCT-RULES.md §33.5), while e-mail is
 * on; a push to each of the user's devices (§33.7), while push is on. One job per message and device (`job_key`): a
 * message id used again after a restore replaces a job still waiting for the old one instead of sending twice.
 */
async function queueDeliveries(tx: Tx, notificationIds: number[]): Promise<void> {
  if (notificationIds.length === 0) return;
  if (mailSettings())
    await tx.$executeRaw`
      SELECT graphile_worker.add_job(${TASKS.deliverNotification}, json_build_object('notification_id', n.id),
                                     max_attempts => ${MAX_ATTEMPTS}::int, job_key => 'mail:' || n.id)
      FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE n.id = ANY(${notificationIds}::int[]) AND u.email IS NOT NULL AND u.email_notifications`;
  if (pushSettings())
    await tx.$executeRaw`
      SELECT graphile_worker.add_job(${TASKS.pushNotification},
                                     json_build_object('notification_id', n.id, 'subscription_id', p.id),
                                     max_attempts => ${MAX_ATTEMPTS}::int, job_key => 'push:' || n.id || ':' || p.id)
      FROM notifications n JOIN push_subscriptions p ON p.user_id = n.user_id
      WHERE n.id = ANY(${notificationIds}::int[])`;
}

export type MarkReadOptions = { userId: number; ids: number[] | "all" };

/** Marks the user's unread messages read (the named ones, or all); another user's ids are passed over. */
export async function markNotificationsRead(db: Db, { userId, ids }: MarkReadOptions): Promise<number> {
  const { count } = await db.notification.updateMany({
    where: { userId, readAt: null, ...(ids !== "all" && { id: { in: ids } }) },
    data: { readAt: new Date() },
  });
  return count;
}
