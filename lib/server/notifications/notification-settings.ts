import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import type { Db } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import { mailSettings } from "@/lib/server/mail/mail-settings";
import {
  EMAIL_NEEDED,
  type NotificationSettingsDto,
  type NotificationSettingsUpdate,
} from "@/lib/shared/schemas/notification";

type Choices = { email: string | null; emailNotifications: boolean };

const dto = (choices: Choices): NotificationSettingsDto => ({
  email: choices.email,
  email_notifications: choices.emailNotifications,
  email_available: mailSettings() !== null,
});

/** GET /api/me/notification-settings (docs/PRODUCT-RULES.md §33.5): the caller's own choices. */
export async function findNotificationSettings(db: Db, userId: number): Promise<NotificationSettingsDto> {
  return dto(
    await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailNotifications: true } }),
  );
}

export type UpdateNotificationSettingsOptions = {
  userId: number;
  input: NotificationSettingsUpdate;
  audit: AuditContext;
};

/**
 * PUT /api/me/notification-settings: the keys sent change. Mailing needs an address, so turning it on without one,
 * or removing the address while it is on, is refused. A change is audited like an admin's change of the account.
 */
export async function updateNotificationSettings({
  userId,
  input,
  audit,
}: UpdateNotificationSettingsOptions): Promise<NotificationSettingsDto> {
  return transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { username: true, email: true, emailNotifications: true },
    });
    const after: Choices = {
      email: input.email === undefined ? before.email : input.email,
      emailNotifications: input.email_notifications ?? before.emailNotifications,
    };
    if (after.emailNotifications && !after.email)
      throw new ApiError("validation_failed", EMAIL_NEEDED, { fields: { email: EMAIL_NEEDED } });
    const changed = [
      ...(after.email !== before.email ? ["email"] : []),
      ...(after.emailNotifications !== before.emailNotifications ? ["email_notifications"] : []),
    ];
    if (changed.length === 0) return dto(after);
    await tx.user.update({ where: { id: userId }, data: after });
    await recordAudit(tx, {
      ...audit,
      action: "user.update",
      entityType: "user",
      entityId: userId,
      details: { username: before.username, changed },
    });
    return dto(after);
  });
}
