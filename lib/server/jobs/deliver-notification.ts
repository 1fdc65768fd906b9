import "server-only";
import type { JobHelpers } from "graphile-worker";
import { z } from "zod";
import { db } from "@/lib/server/db/client";
import { mailSettings } from "@/lib/server/mail/mail-settings";
import { notificationMail } from "@/lib/server/mail/notification-mail";
import { sendMail } from "@/lib/server/mail/send-mail";

const payloadSchema = z.object({ notification_id: z.int().positive() });

/**
 * The job of one message (docs/PRODUCT-RULES.md §33.5): its e-mail, if its user still wants one and has an address.
 * Marked sent right after the mail server took it, so a retry of a job that failed later sends nothing twice. A
 * message gone meanwhile (its user deleted) or e-mail switched off since is done without sending.
 */
export async function deliverNotification(payload: unknown, { job }: Pick<JobHelpers, "job">): Promise<void> {
  const { notification_id: id } = payloadSchema.parse(payload);
  const settings = mailSettings();
  if (!settings) return;
  const notification = await db.notification.findUnique({
    where: { id },
    select: {
      id: true,
      title: true,
      lines: true,
      link: true,
      emailedAt: true,
      user: { select: { email: true, emailNotifications: true } },
    },
  });
  if (!notification || notification.emailedAt) return;
  const { email, emailNotifications } = notification.user;
  if (!email || !emailNotifications) return;
  try {
    await sendMail(settings, email, notificationMail(notification, settings.appUrl), `notification-${id}`);
  } catch (error) {
    // Earlier tries are tried again after a pause. The last is given up: the admins see it (GET /api/mail-status),
    // and the job ends instead of staying in the queue's table as failed.
    if (job.attempts < job.max_attempts) throw error;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db.notification.update({ where: { id }, data: { emailFailedAt: new Date(), emailError: reason } });
    return;
  }
  await db.notification.update({
    where: { id },
    data: { emailedAt: new Date(), emailFailedAt: null, emailError: null },
  });
}
