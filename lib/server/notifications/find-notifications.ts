import "server-only";
import type { Db } from "@/lib/server/db/client";
import { NOTIFICATIONS_PAGE, type NotificationsPage } from "@/lib/shared/schemas/notification";

export type FindNotificationsOptions = { userId: number; before?: number };

/**
 * A page of the user's inbox, newest first (by id: the order they were written), and the unread count the bell
 * shows (docs/PRODUCT-RULES.md §33.1). Both from the index on (user_id, id).
 */
export async function findNotifications(
  db: Db,
  { userId, before }: FindNotificationsOptions,
): Promise<NotificationsPage> {
  const [rows, unread] = await Promise.all([
    db.notification.findMany({
      where: { userId, ...(before !== undefined && { id: { lt: before } }) },
      orderBy: { id: "desc" },
      take: NOTIFICATIONS_PAGE + 1,
    }),
    unreadCount(db, userId),
  ]);
  const page = rows.slice(0, NOTIFICATIONS_PAGE);
  return {
    unread_count: unread,
    notifications: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      lines: row.lines,
      link: row.link,
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
    })),
    next_before: rows.length > NOTIFICATIONS_PAGE ? page[page.length - 1].id : null,
  };
}

export function unreadCount(db: Db, userId: number): Promise<number> {
  return db.notification.count({ where: { userId, readAt: null } });
}
